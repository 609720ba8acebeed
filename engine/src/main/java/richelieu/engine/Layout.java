package richelieu.engine;

import java.util.Arrays;

/**
 * The public part of a deal (R5): which card lies at each table position, with every mask the
 * engine scores and generates moves from. Immutable and shared by all states of a game.
 *
 * <p>A <em>position</em> is {@code row * 12 + column} (rows 0–3, columns 0–11), so a row is a
 * contiguous 12-bit range of a {@code long} and its two ends are its lowest and highest set bit.
 * Cards keep their position for the whole game, so holdings are position masks too, and a
 * region's shields in a hand are {@code bitCount(hand & regionMask) + bitCount(hand &
 * regionDoubleMask)}.
 */
public final class Layout {
    /** Rows on the table (R5). */
    public static final int ROWS = 4;
    /** Cards per row at the deal (R5). */
    public static final int COLS = 12;
    /** Table positions, {@code row * 12 + column}: 48. */
    public static final int POSITIONS = ROWS * COLS;
    /** The mask of every position. */
    public static final long ALL = (1L << POSITIONS) - 1;
    private static final long ROW0 = (1L << COLS) - 1;

    /** R6: the eight token places, in place order (row 0 col 4, row 0 col 7, row 1 col 3, …). */
    private static final int[] TOKEN_PLACE_POSITIONS = {4, 7, 12 + 3, 12 + 8, 24 + 2, 24 + 9, 36 + 1, 36 + 10};
    /** Token places on the table (R6): 8. */
    public static final int TOKEN_PLACES = TOKEN_PLACE_POSITIONS.length;
    /** Mask of the eight token places. */
    public static final long TOKEN_PLACE_MASK;
    private static final byte[] PLACE_OF_POSITION = new byte[POSITIONS];

    static {
        Arrays.fill(PLACE_OF_POSITION, (byte) -1);
        long m = 0;
        for (int i = 0; i < TOKEN_PLACES; i++) {
            m |= 1L << TOKEN_PLACE_POSITIONS[i];
            PLACE_OF_POSITION[TOKEN_PLACE_POSITIONS[i]] = (byte) i;
        }
        TOKEN_PLACE_MASK = m;
    }

    private final Deck deck;
    private final int[] cardAt;
    private final int[] positionOf;
    private final byte[] regionAt;
    private final byte[] symbolAt;
    final long doubleMask;
    final long[] regionMask = new long[Region.COUNT];
    final long[] regionDoubleMask = new long[Region.COUNT];
    final long[] regionSingleMask = new long[Region.COUNT];
    final long[] symbolMask = new long[Symbol.COUNT];
    /**
     * Scoring lanes (see {@link Scoring}): {@code lanes[4 * nibble + ... ]}: for each of the 12
     * nibbles of a hand (positions 4i..4i+3) and each of its 16 values, the packed counts the
     * selected cards add: 5-bit lane r (0-8) the shields of region r, lane 9 + s the cards showing
     * symbol s. Null when a count plus its token could exceed 15 (a custom deck), so the 4-bit
     * value and the guard bit of each lane never overflow.
     */
    final long[] lanes;
    /** R9, per position p: the one-shield cards of p's region if p is one-shield, else 0 (no second card after a double). */
    final long[] secondMask = new long[POSITIONS];

    /**
     * @param cardAt the deck index of the card at each of the 48 positions (a permutation)
     */
    public Layout(Deck deck, int[] cardAt) {
        if (cardAt.length != POSITIONS) {
            throw new IllegalArgumentException("a layout has " + POSITIONS + " positions, not " + cardAt.length);
        }
        this.deck = deck;
        this.cardAt = cardAt.clone();
        this.positionOf = new int[POSITIONS];
        Arrays.fill(positionOf, -1);
        this.regionAt = new byte[POSITIONS];
        this.symbolAt = new byte[POSITIONS];
        long doubles = 0;
        for (int p = 0; p < POSITIONS; p++) {
            int c = cardAt[p];
            if (c < 0 || c >= POSITIONS || positionOf[c] >= 0) {
                throw new IllegalArgumentException("layout is not a permutation of the 48 cards (card " + c
                        + " at position " + p + ")");
            }
            positionOf[c] = p;
            Card card = deck.card(c);
            long bit = 1L << p;
            int r = card.region().ordinal();
            regionAt[p] = (byte) r;
            regionMask[r] |= bit;
            if (card.isDouble()) {
                doubles |= bit;
                regionDoubleMask[r] |= bit;
            } else {
                regionSingleMask[r] |= bit;
            }
            symbolAt[p] = (byte) (card.symbol() == null ? -1 : card.symbol().ordinal());
            if (card.symbol() != null) {
                symbolMask[card.symbol().ordinal()] |= bit;
            }
        }
        this.doubleMask = doubles;
        for (int p = 0; p < POSITIONS; p++) {
            secondMask[p] = (doubles >>> p & 1) != 0 ? 0 : regionSingleMask[regionAt[p]];
        }
        this.lanes = buildLanes();
    }

    /** 5 bits per lane, 12 lanes: 9 regions then 3 symbols (the token id order, R3). */
    public static final int LANE_BITS = 5;

    private long[] buildLanes() {
        for (int r = 0; r < Region.COUNT; r++) {
            if (Long.bitCount(regionMask[r]) + Long.bitCount(regionDoubleMask[r]) + 1 > 15) {
                return null;
            }
        }
        for (int s = 0; s < Symbol.COUNT; s++) {
            if (Long.bitCount(symbolMask[s]) + 1 > 15) {
                return null;
            }
        }
        long[] t = new long[POSITIONS / 4 * 16];
        for (int nib = 0; nib < POSITIONS / 4; nib++) {
            for (int v = 0; v < 16; v++) {
                long sum = 0;
                for (int b = 0; b < 4; b++) {
                    if ((v >>> b & 1) == 0) {
                        continue;
                    }
                    sum += cardLanes(4 * nib + b);
                }
                t[nib * 16 + v] = sum;
            }
        }
        return t;
    }

    /**
     * What the card at a position adds to its holder's scoring lanes (see {@link Scoring}): its
     * shields in its region's lane, 1 in its symbol's lane.
     */
    public long cardLanes(int position) {
        long sum = (long) ((doubleMask >>> position & 1) != 0 ? 2 : 1) << (LANE_BITS * regionAt[position]);
        if (symbolAt[position] >= 0) {
            sum += 1L << (LANE_BITS * (Region.COUNT + symbolAt[position]));
        }
        return sum;
    }

    /** True if every count plus its token fits a 4-bit lane (always with the standard deck). */
    public boolean hasScoringLanes() {
        return lanes != null;
    }

    /**
     * R9: where the second card of a turn may come from after taking the card at {@code position}:
     * the one-shield cards of its region, or none after a double-shield card.
     */
    public long secondMask(int position) {
        return secondMask[position];
    }

    /** The deck the cards come from. */
    public Deck deck() {
        return deck;
    }

    /** The deck index of the card at a position. */
    public int cardAt(int position) {
        return cardAt[position];
    }

    /** The position of a card (by deck index). */
    public int positionOf(int card) {
        return positionOf[card];
    }

    /** The card at a position. */
    public Card card(int position) {
        return deck.card(cardAt[position]);
    }

    /** The region id (R2 order, {@link Region#ordinal()}) of the card at a position. */
    public int regionAt(int position) {
        return regionAt[position];
    }

    /** The symbol id at a position, or -1. */
    public int symbolAt(int position) {
        return symbolAt[position];
    }

    /** True if the card at a position has two shields. */
    public boolean isDouble(int position) {
        return (doubleMask >>> position & 1) != 0;
    }

    /** Positions of the cards of a region. */
    public long regionMask(int region) {
        return regionMask[region];
    }

    /** Positions of the double-shield cards of a region. */
    public long regionDoubleMask(int region) {
        return regionDoubleMask[region];
    }

    /** Positions of the one-shield cards of a region. */
    public long regionSingleMask(int region) {
        return regionSingleMask[region];
    }

    /** Positions of the cards showing a symbol. */
    public long symbolMask(int symbol) {
        return symbolMask[symbol];
    }

    /** Positions of double-shield cards. */
    public long doubleMask() {
        return doubleMask;
    }

    /** Shields of a region among the cards in {@code hand}. */
    public int shields(long hand, int region) {
        return Long.bitCount(hand & regionMask[region]) + Long.bitCount(hand & regionDoubleMask[region]);
    }

    // ---------------------------------------------------------------- position geometry

    /** The row (0–3) of a position. */
    public static int row(int position) {
        return position / COLS;
    }

    /** The column (0–11) of a position. */
    public static int column(int position) {
        return position % COLS;
    }

    /** The position {@code row * 12 + column}. */
    public static int position(int row, int column) {
        return row * COLS + column;
    }

    /** The 12 positions of a row. */
    public static long rowMask(int row) {
        return ROW0 << (row * COLS);
    }

    private static final long[] ROW_MASK_OF = new long[POSITIONS];

    static {
        for (int p = 0; p < POSITIONS; p++) {
            ROW_MASK_OF[p] = ROW0 << (p / COLS * COLS);
        }
    }

    /** The 12 positions of the row of {@code position}. */
    static long rowMaskOf(int position) {
        return ROW_MASK_OF[position];
    }

    /** The token place index (0–7) at a position, or -1 (R6). */
    public static int placeOf(int position) {
        return PLACE_OF_POSITION[position];
    }

    /** The position of token place {@code place} (0–7). */
    public static int placePosition(int place) {
        return TOKEN_PLACE_POSITIONS[place];
    }

    /**
     * R9: the cards that may be taken from a table: the left and right end of every non-empty
     * row (one card when a row has only one left).
     */
    public static long ends(long table) {
        // Unrolled and branch-free: an empty row gives 0 | highestOneBit(0) = 0.
        long r0 = table & ROW0;
        long r1 = table & ROW0 << COLS;
        long r2 = table & ROW0 << 2 * COLS;
        long r3 = table & ROW0 << 3 * COLS;
        return (r0 & -r0) | Long.highestOneBit(r0)
                | (r1 & -r1) | Long.highestOneBit(r1)
                | (r2 & -r2) | Long.highestOneBit(r2)
                | (r3 & -r3) | Long.highestOneBit(r3);
    }

    /** Number of rows with no card left. */
    public static int emptyRows(long table) {
        return ((table & ROW0) == 0 ? 1 : 0) + ((table & ROW0 << COLS) == 0 ? 1 : 0)
                + ((table & ROW0 << 2 * COLS) == 0 ? 1 : 0) + ((table & ROW0 << 3 * COLS) == 0 ? 1 : 0);
    }

    /** "r2c11" style name of a position, as used in messages and text renders. */
    public static String positionName(int position) {
        return "r" + row(position) + "c" + column(position);
    }
}
