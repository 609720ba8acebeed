package richelieu.engine.solver;

import richelieu.engine.Layout;
import richelieu.engine.Region;
import richelieu.engine.Rules;
import richelieu.engine.Scoring;
import richelieu.engine.SplitMix;

import static richelieu.engine.solver.OpenWords.BOX;
import static richelieu.engine.solver.OpenWords.HAND0;
import static richelieu.engine.solver.OpenWords.LATE_RETURNS;
import static richelieu.engine.solver.OpenWords.LANES0;
import static richelieu.engine.solver.OpenWords.MARKER;
import static richelieu.engine.solver.OpenWords.MISC;
import static richelieu.engine.solver.OpenWords.PAY;
import static richelieu.engine.solver.OpenWords.RETURNS;
import static richelieu.engine.solver.OpenWords.TABLE;
import static richelieu.engine.solver.OpenWords.TAKE_FIRST;
import static richelieu.engine.solver.OpenWords.categoriesHeld;
import static richelieu.engine.solver.OpenWords.field;
import static richelieu.engine.solver.OpenWords.phase;
import static richelieu.engine.solver.OpenWords.toMove;

/**
 * What an {@link OpenGame} position is worth: the scores as they stand (one SWAR compare of the
 * seats' category lanes, {@link Scoring#laneTotals}), the value the search maximises, and the
 * bounds on every continuation that cut whole subtrees. Reads the words of the ply stack; the
 * one per-deal figure it keeps is the lanes of all cards in play ({@link #deal}).
 */
final class OpenScore {
    private final Rules rules;
    private final Layout layout;
    private final long[] st;
    /** Both seats' lanes plus the table's: constant over a search, set when a position is loaded. */
    private long totalLanes;
    /** Whether {@link #bounds} also counts the cards each seat must still take ({@link #quickBounds}). */
    private final boolean quick;
    /**
     * Whether the quick bounds also know the turns' shape ({@link #turnTakes}): a seat takes two
     * cards in a turn only with a pair of one-shield cards of one region, and the marker step
     * (or a late return step) takes nothing more.
     */
    private final boolean pairs;
    /** Per region: the table positions of its one-shield cards (only these can be taken two at a time, R9). */
    private final long[] singles = new long[Region.COUNT];
    /**
     * Per deal, for {@link #quickBounds}: {@code unitMasks[u]} holds the positions whose card, with
     * the token on it, adds {@code u} to the category counts (a card adds 1–2 shields, maybe a
     * symbol, maybe a token: 1–4).
     */
    private final long[] unitMasks = new long[8];
    /**
     * The fewest cards a seat can end up taking of the {@code r} left, if it never passes, at
     * {@code 4r + 2 * (its turn) + (mid-turn)}: each of its turns takes 1 or 2 (0 more mid-turn,
     * where the take may be over), each of the other's 0 to 2 (the other may pass).
     */
    private static final byte[] MIN_TAKES = minTakes();

    /**
     * The scores of positions kept in {@code st} (the game's ply stack).
     *
     * @param quick also bound by the cards each seat must still take ({@link #quickBounds}); only
     *              in the base game, where every card is taken
     */
    OpenScore(Rules rules, Layout layout, long[] st, boolean quick) {
        this(rules, layout, st, quick, false);
    }

    /**
     * @param pairs with {@code quick}: the fewest cards also count the pairs of one-shield cards
     *              left on the table and the end of a turn's takes ({@link #turnTakes})
     */
    OpenScore(Rules rules, Layout layout, long[] st, boolean quick, boolean pairs) {
        this.rules = rules;
        this.layout = layout;
        this.st = st;
        this.quick = quick && rules.variant() == Rules.Variant.BASE;
        this.pairs = this.quick && pairs;
        for (int r = 0; r < Region.COUNT; r++) {
            singles[r] = layout.regionSingleMask(r);
        }
    }

    /**
     * A new deal is loaded: {@code totalLanes} is what its cards in play add up to, tokens
     * included; {@code lanesOf} what each table card adds, its token included.
     */
    void deal(long totalLanes, long[] lanesOf) {
        this.totalLanes = totalLanes;
        java.util.Arrays.fill(unitMasks, 0);
        for (int p = 0; p < lanesOf.length; p++) {
            long units = 0;
            for (long l = lanesOf[p]; l != 0; l >>>= Layout.LANE_BITS) {
                units += l & ((1 << Layout.LANE_BITS) - 1);
            }
            unitMasks[(int) Math.min(units, unitMasks.length - 1)] |= 1L << p;
        }
    }

    /** Both seats' scores at word {@code b}: seat 0's in the high 32 bits, seat 1's in the low. */
    long scores(int b) {
        long misc = st[b + MISC];
        return Scoring.laneTotals(rules, st[b + LANES0], st[b + LANES0 + 1], has(misc, 0), has(misc, 1));
    }

    /** {@link OpenGame#value} of the position at word {@code b}. */
    int value(int b) {
        long totals = scores(b);
        int cards0 = Long.bitCount(st[b + HAND0]);
        int cards1 = Layout.POSITIONS - Long.bitCount(st[b + TABLE]) - cards0;
        return OpenGame.SCALE * ((int) (totals >> 32) - (int) totals) + cards1 - cards0;
    }

    /** {@link OpenGame#bounds} of the position at word {@code b}. */
    long bounds(int b) {
        long misc = st[b + MISC];
        long table = st[b + TABLE];
        long v0 = st[b + LANES0];
        long v1 = st[b + LANES0 + 1];
        long left = totalLanes - v0 - v1;
        long has0 = has(misc, 0);
        long has1 = has(misc, 1);
        long tableHas = Scoring.nonZeroLanes(Scoring.cardLanes(layout, table));
        long all0 = Scoring.laneTotals(rules, v0 + left, v1, has0 | tableHas, has1);
        long all1 = Scoring.laneTotals(rules, v0, v1 + left, has0, has1 | tableHas);
        int cards0 = Long.bitCount(st[b + HAND0]);
        int onTable = Long.bitCount(table);
        int cards1 = Layout.POSITIONS - onTable - cards0;
        int upper = OpenGame.SCALE * ((int) (all0 >> 32) - (int) all0) + cards1 + onTable - cards0;
        int lower = OpenGame.SCALE * ((int) (all1 >> 32) - (int) all1) + cards1 - onTable - cards0;
        if (pairs) {
            int p = pairs(table);
            int takes0 = turnTakes(misc, onTable, p, 0);
            int takes1 = turnTakes(misc, onTable, p, 1);
            // the tie-break too (R20): every card is taken, so each card a seat must take is
            // one card fewer for the other
            upper -= OpenGame.SCALE * cheapest(table, takes1) + 2 * takes0;
            lower += OpenGame.SCALE * cheapest(table, takes0) + 2 * takes1;
        } else if (quick) {
            upper -= OpenGame.SCALE * cheapest(table, quickBounds(misc, onTable, 1));
            lower += OpenGame.SCALE * cheapest(table, quickBounds(misc, onTable, 0));
        }
        return (long) upper << 32 | (lower & 0xFFFFFFFFL);
    }

    /**
     * The fewest of the {@code onTable} cards left that {@code seat} takes in every continuation
     * of the base game — so the bound that gives every card to the other seat is that much too
     * generous. Each card moved from one seat to the other lowers the first seat's margin by at
     * least the counts the card adds (one unit of a category moved lowers its margin by at least
     * 1 point under either majority rule, R18/R22, and presence can only be lost), so the bound
     * tightens by the sum of the cheapest such cards ({@link #cheapest}).
     *
     * <p>A seat takes at least one card each turn it does not pass; the other takes at most two.
     * A seat passes only with its three markers boxed (R14), and it boxes a marker only by paying
     * for a card it takes (R11): so before any pass it takes at least one card per marker it has
     * yet to box. The fewer of the two counts holds either way.
     */
    private static int quickBounds(long misc, int onTable, int seat) {
        int phase = phase(misc);
        boolean mine = toMove(misc) == seat;
        boolean mid = phase != RETURNS && phase != TAKE_FIRST;
        int noPass = MIN_TAKES[4 * onTable + (mine ? 2 : 0) + (mid ? 1 : 0)];
        int boxed = field(misc, 8 * seat + BOX) + (mine && phase == PAY ? 1 : 0);
        return Math.min(noPass, Math.max(0, Rules.MARKERS - boxed));
    }

    /**
     * How many two-card turns the rest of the game can hold at most: each takes two one-shield
     * cards of one region from the table (R9), so at most the pairs of such cards per region on
     * the table now (taking cards only removes pairs).
     */
    private int pairs(long table) {
        int p = 0;
        for (long m : singles) {
            p += Long.bitCount(table & m) >> 1;
        }
        return Math.min(p, MAX_PAIRS);
    }

    /**
     * {@link #quickBounds} with the turns' shape: of the {@code onTable} cards left, at most
     * {@code pairs} turns take two ({@link #pairs}), every other turn that does not pass one; a
     * turn that has taken its first card takes at most one more, and one in its marker step (or
     * late return step) none (the other seat's turn comes next).
     */
    private static int turnTakes(long misc, int onTable, int pairs, int seat) {
        int phase = phase(misc);
        boolean mine = toMove(misc) == seat;
        int state;
        if (phase == RETURNS || phase == TAKE_FIRST) {
            state = mine ? SEAT_START : OTHER_START;
        } else if (phase == MARKER || phase == LATE_RETURNS) {
            state = mine ? OTHER_START : SEAT_START;
        } else {
            state = mine ? SEAT_MID : OTHER_MID;
        }
        int noPass = TURN_TAKES[((onTable * (MAX_PAIRS + 1)) + pairs) * 4 + state];
        int boxed = field(misc, 8 * seat + BOX) + (mine && phase == PAY ? 1 : 0);
        return Math.min(noPass, Math.max(0, Rules.MARKERS - boxed));
    }

    /** More pairs than this are counted as this many (the table is then about full: the bound barely matters). */
    private static final int MAX_PAIRS = 15;
    private static final int SEAT_START = 0;
    private static final int OTHER_START = 1;
    private static final int SEAT_MID = 2;
    private static final int OTHER_MID = 3;
    /**
     * The fewest cards a seat takes of the {@code r} left when at most {@code p} turns can take
     * two and it never passes, at {@code (r * (MAX_PAIRS + 1) + p) * 4 + state}: at its turn's
     * start it takes 1, or 2 using a pair; at the other's, the other takes 0 to 2 (2 using a
     * pair); mid-turn ({@code SEAT_MID}, {@code OTHER_MID}) the turn takes 0 or 1 more, which
     * needs no pair of the table (its first card is taken).
     */
    private static final byte[] TURN_TAKES = turnTakes();

    private static byte[] turnTakes() {
        int n = Layout.POSITIONS + 1;
        int w = MAX_PAIRS + 1;
        int[][][] f = new int[n][w][4];
        for (int r = 1; r < n; r++) {
            for (int p = 0; p < w; p++) {
                int seat = 1 + f[r - 1][p][OTHER_START];
                if (r >= 2 && p >= 1) {
                    seat = Math.min(seat, 2 + f[r - 2][p - 1][OTHER_START]);
                }
                // (the other taking none, a pass, never lowers the seat's count: kept for safety)
                int other = Math.min(seat, f[r - 1][p][SEAT_START]);
                if (r >= 2 && p >= 1) {
                    other = Math.min(other, f[r - 2][p - 1][SEAT_START]);
                }
                f[r][p][SEAT_START] = seat;
                f[r][p][OTHER_START] = other;
            }
        }
        byte[] out = new byte[n * w * 4];
        for (int r = 0; r < n; r++) {
            for (int p = 0; p < w; p++) {
                int at = (r * w + p) * 4;
                out[at + SEAT_START] = (byte) f[r][p][SEAT_START];
                out[at + OTHER_START] = (byte) f[r][p][OTHER_START];
                out[at + SEAT_MID] = (byte) Math.min(f[r][p][OTHER_START], r > 0 ? 1 + f[r - 1][p][OTHER_START] : 0);
                out[at + OTHER_MID] = (byte) Math.min(f[r][p][SEAT_START], r > 0 ? f[r - 1][p][SEAT_START] : 0);
            }
        }
        return out;
    }

    /** The fewest counts that {@code m} cards on {@code table} add together. */
    private int cheapest(long table, int m) {
        int sum = 0;
        for (int u = 1; m > 0 && u < unitMasks.length; u++) {
            int c = Math.min(m, Long.bitCount(table & unitMasks[u]));
            sum += c * u;
            m -= c;
        }
        return sum;
    }

    private static byte[] minTakes() {
        int n = Layout.POSITIONS + 1;
        int[] mineStart = new int[n];   // the seat's turn starts
        int[] otherStart = new int[n];  // the other's turn (mid-turn or not: it may take 0 to 2)
        byte[] out = new byte[4 * n];
        for (int r = 1; r < n; r++) {
            mineStart[r] = 1 + otherStart[r - 1];
            if (r >= 2) {
                mineStart[r] = Math.min(mineStart[r], 2 + otherStart[r - 2]);
            }
            otherStart[r] = Math.min(mineStart[r], mineStart[r - 1]);
            if (r >= 2) {
                otherStart[r] = Math.min(otherStart[r], mineStart[r - 2]);
            }
            out[4 * r] = (byte) otherStart[r];
            out[4 * r + 1] = (byte) otherStart[r];
            out[4 * r + 2] = (byte) mineStart[r];
            out[4 * r + 3] = (byte) Math.min(mineStart[r], otherStart[r]);
        }
        return out;
    }

    /**
     * What of the seats' category counts still matters for the rest of the game, hashed: the
     * future change of the value depends on the counts only through this, so positions that agree
     * on it (and on the table, markers and small fields) differ by a constant — their value as
     * it stands — all the way to the end (a partition of positions, as bridge solvers'
     * partition search). A category with nothing left in play is settled and drops out; one
     * whose majority no longer depends on who takes what is left keeps only who holds it (its
     * holder gains what it takes, the other nothing); presence counts only while cards of the
     * category are in play. Only undecided categories keep both counts.
     */
    long partitionHash(int b) {
        long misc = st[b + MISC];
        long v0 = st[b + LANES0];
        long v1 = st[b + LANES0 + 1];
        long left = totalLanes - v0 - v1;
        long live = Scoring.nonZeroLanes(left);
        long won0 = Scoring.majorityDecided(v0, v1, left) & live;
        long won1 = Scoring.majorityDecided(v1, v0, left) & live;
        long open = Scoring.laneValueMask(live & ~won0 & ~won1);
        long seat0 = v0 & open | won0;
        long seat1 = v1 & open | won1;
        long present = has(misc, 0) & live | (has(misc, 1) & live) >>> 4;
        return SplitMix.mix64(seat0 ^ SplitMix.mix64(seat1 ^ SplitMix.mix64(present)));
    }

    /** A seat's presence bonuses' lanes: the categories it holds a card of. */
    private static long has(long misc, int seat) {
        return Scoring.tokenLanes(categoriesHeld(misc, seat)) << 4;
    }
}
