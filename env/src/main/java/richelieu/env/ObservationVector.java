package richelieu.env;

import richelieu.engine.Layout;
import richelieu.engine.Observation;
import richelieu.engine.Phase;
import richelieu.engine.Region;
import richelieu.engine.Symbol;
import richelieu.engine.Token;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Locale;

/**
 * What one seat may know, as a fixed-size vector of numbers for learners. It is written from the
 * engine's {@link Observation} only (R25, R26), never from a full state, so it cannot hold more
 * than the seat may know. Seats are <em>relative</em>: block 0 is the observing seat, block k the
 * seat k places after it in turn order, so one policy can play any seat.
 *
 * <p>Layout for P players (every value is a count or a 0/1 flag):
 * <pre>
 * planes, 48 values each (index = plane * 48 + position, position = row * 12 + column):
 *   0–8      the card's region (R2 order: Bourgogne … Auvergne)
 *   9        the card has two shields
 *   10–12    the card shows a sword, a cross, a tower
 *   13       the card is on the table
 *   14       the card is an end of its row (takeable if the markers allow, R9)
 *   15       the card carries a face-down token
 *   16       the card was taken first this turn
 *   17+k     the card carries the marker of relative seat k            (k = 0 … P−1)
 *   17+P+k   the card was taken by relative seat k
 * then, per relative seat k, 20 values:
 *   to move, cards taken, markers in reserve, markers on the table, markers boxed, tokens held,
 *   return tokens used, tokens known not to be return tokens (R14), shields per region (9),
 *   cards per symbol (3) — counted over the cards taken (tokens are private)
 * then 13 values: this seat's own tokens (R13): a flag per region shield token (9), sword, cross
 *   and tower, then how many return tokens it holds (0–2; the two are interchangeable, R8)
 * then P flags: this seat's absolute seat number (seat 0 moves first)
 * then 7 flags: the phase as this seat sees it (returns, take-first, pay, take-second,
 *   late-returns, marker, game-over; another seat's private return step shows as the step after it)
 * then 4 values: cards taken this turn, own markers freed this turn (R10), return tokens used this
 *   turn, completed turns
 * </pre>
 * The card planes 0–12 depend only on the layout and are written once per deal
 * ({@link #writeLayout}); {@link #write} writes the rest.
 *
 * <h2>Written where the learner reads it</h2>
 * The vector is written straight into a (direct) buffer that Python reads as a numpy array, as
 * float32 or, since every value is a count from 0 to 196 or a flag, as uint8 (a quarter of the
 * bytes). A plane is written eight positions at a time: the byte of the mask that covers them
 * picks a precomputed run of eight values (one long for uint8, four for float32), so a plane is
 * 6 or 24 stores instead of 48. A plane whose mask is the one already in that memory is not
 * written again: the caller keeps, per vector in memory, the masks last written there
 * ({@link #CACHED} longs, reset by {@link #writeLayout}); table, token and marker planes change
 * only when cards are taken or markers placed, and a seat's planes stay while it moves again;
 * the counts of a seat's cards (shields per region, symbols) are written with its hand's plane.
 * (Python must not write into that memory: the views it hands out are read-only.)
 */
public final class ObservationVector {
    public static final int PLANE_REGION = 0;
    public static final int PLANE_DOUBLE = PLANE_REGION + Region.COUNT;
    public static final int PLANE_SYMBOL = PLANE_DOUBLE + 1;
    public static final int PLANE_TABLE = PLANE_SYMBOL + Symbol.COUNT;
    public static final int PLANE_END = PLANE_TABLE + 1;
    public static final int PLANE_TOKEN = PLANE_END + 1;
    public static final int PLANE_FIRST = PLANE_TOKEN + 1;
    public static final int PLANE_MARKER = PLANE_FIRST + 1;
    /** Values per relative seat. */
    public static final int SEAT_VALUES = 8 + Region.COUNT + Symbol.COUNT;
    public static final int PHASES = Phase.values().length;
    public static final int TURN_VALUES = 4;
    /** Own-token values: one flag per non-return token id, then the number of return tokens. */
    public static final int OWN_TOKEN_VALUES = Token.RETURN_A + 1;

    private static final int N = Layout.POSITIONS;
    /** Longs of the written-planes cache of one vector in memory: the planes after the layout's (at most 4 players). */
    public static final int CACHED = PLANE_MARKER + 2 * 4 - PLANE_TABLE;

    /** How each value is stored. */
    public enum Dtype {
        /** 4-byte floats, the default of learners. */
        FLOAT32(4),
        /** One unsigned byte per value: every value is at most 196 (completed turns with 4 players). */
        UINT8(1);

        private final int bytes;

        Dtype(int bytes) {
            this.bytes = bytes;
        }

        /** Bytes per value. */
        public int bytes() {
            return bytes;
        }

        /** The name numpy gives it: "float32" or "uint8". */
        public String numpyName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The dtype named {@code name} ("float32" or "uint8"), or an IllegalArgumentException naming it. */
        public static Dtype parse(String name) {
            for (Dtype d : values()) {
                if (d.numpyName().equals(name)) {
                    return d;
                }
            }
            throw new IllegalArgumentException("observation dtype must be \"float32\" or \"uint8\", not \"" + name + "\"");
        }
    }

    /** Eight positions' flags as eight values in memory order: one long per byte of a mask for uint8, four for float32. */
    private static final long[] EXPAND_UINT8 = expand(Dtype.UINT8);
    private static final long[] EXPAND_FLOAT32 = expand(Dtype.FLOAT32);

    private final int players;
    private final Dtype dtype;
    private final int planes;
    private final int seatsAt;
    private final int ownTokensAt;
    private final int seatAt;
    private final int phaseAt;
    private final int turnAt;
    private final int size;

    /** The vector of a {@code players}-player game, stored as {@code dtype}. */
    public ObservationVector(int players, Dtype dtype) {
        if (players < 2 || players > 4) {
            throw new IllegalArgumentException("2 to 4 players, not " + players);
        }
        this.players = players;
        this.dtype = dtype;
        this.planes = PLANE_MARKER + 2 * players;
        this.seatsAt = planes * N;
        this.ownTokensAt = seatsAt + players * SEAT_VALUES;
        this.seatAt = ownTokensAt + OWN_TOKEN_VALUES;
        this.phaseAt = seatAt + players;
        this.turnAt = phaseAt + PHASES;
        this.size = turnAt + TURN_VALUES;
    }

    /** The vector's length for P players: 48 × (17 + 2P) + 20P + 13 + P + 7 + 4. */
    public static int size(int players) {
        return new ObservationVector(players, Dtype.FLOAT32).size;
    }

    /** Values in the vector. */
    public int size() {
        return size;
    }

    /** Bytes of one vector. */
    public int bytes() {
        return size * dtype.bytes;
    }

    public Dtype dtype() {
        return dtype;
    }

    /** The largest value each entry of a {@code players}-player vector can take (the smallest is 0 everywhere). */
    public static float[] high(int players) {
        return new ObservationVector(players, Dtype.FLOAT32).high();
    }

    /** The largest value each entry can take (the smallest is 0 everywhere). */
    public float[] high() {
        float[] h = new float[size];
        Arrays.fill(h, 0, seatsAt, 1f);
        float[] seat = new float[SEAT_VALUES];
        seat[0] = 1;                                       // to move
        seat[1] = N;                                       // cards
        seat[2] = seat[3] = seat[4] = 3;                   // markers (R4)
        seat[5] = Token.COUNT;                             // tokens held
        seat[6] = 2;                                       // return tokens used
        seat[7] = Token.COUNT;                             // known non-return tokens
        Arrays.fill(seat, 8, 8 + Region.COUNT, 2 * N);     // shields per region
        Arrays.fill(seat, 8 + Region.COUNT, SEAT_VALUES, N); // cards per symbol
        for (int k = 0; k < players; k++) {
            System.arraycopy(seat, 0, h, seatsAt + k * SEAT_VALUES, SEAT_VALUES);
        }
        Arrays.fill(h, ownTokensAt, turnAt, 1f);
        h[ownTokensAt + Token.RETURN_A] = 2;
        h[turnAt] = 2;
        h[turnAt + 1] = 2;
        h[turnAt + 2] = 2;
        // Completed turns: at most 48 turns take cards, and at most P − 1 passes come between two of them.
        h[turnAt + 3] = (N + 1) * players;
        return h;
    }

    /**
     * Writes the planes that depend only on the deal (region, two shields, symbols) at byte
     * {@code at} of {@code out}: once per deal, before {@link #write}; and marks the vector's
     * other planes as unknown in {@code cache} (its {@link #CACHED} longs from {@code cacheAt}).
     */
    public void writeLayout(Layout layout, ByteBuffer out, int at, long[] cache, int cacheAt) {
        Arrays.fill(cache, cacheAt, cacheAt + CACHED, -1L); // no mask of 48 positions: every plane is written
        for (int r = 0; r < Region.COUNT; r++) {
            plane(out, at, PLANE_REGION + r, layout.regionMask(r));
        }
        plane(out, at, PLANE_DOUBLE, layout.doubleMask());
        for (int s = 0; s < Symbol.COUNT; s++) {
            plane(out, at, PLANE_SYMBOL + s, layout.symbolMask(s));
        }
    }

    /**
     * Writes what {@code o}'s seat may know at byte {@code at} of {@code out} (in the buffer's
     * native order): everything but the layout's planes, which {@link #writeLayout} wrote there
     * for this deal; {@code cache} holds the masks of the planes in that memory. Allocates nothing.
     */
    public void write(Observation o, ByteBuffer out, int at, long[] cache, int cacheAt) {
        Layout layout = o.layout();
        int me = o.seat();
        long table = o.table();
        int c = cacheAt - PLANE_TABLE;
        plane(out, at, PLANE_TABLE, table, cache, c);
        plane(out, at, PLANE_END, Layout.ends(table), cache, c);
        plane(out, at, PLANE_TOKEN, o.tokenPlaces(), cache, c);
        int first = o.firstTaken();
        plane(out, at, PLANE_FIRST, first >= 0 ? 1L << first : 0, cache, c);
        for (int k = 0; k < players; k++) {
            int p = (me + k) % players;
            long hand = o.hand(p);
            plane(out, at, PLANE_MARKER + k, o.markers(p), cache, c);
            int v = seatsAt + k * SEAT_VALUES;
            value(out, at, v, o.toMove() == p && !o.isOver() ? 1 : 0);
            value(out, at, v + 2, o.reserve(p));
            value(out, at, v + 3, Long.bitCount(o.markers(p)));
            value(out, at, v + 4, o.boxed(p));
            value(out, at, v + 5, o.tokenCount(p));
            value(out, at, v + 6, o.usedReturns(p));
            value(out, at, v + 7, Math.min(o.nonReturnAtLeast(p), o.tokenCount(p)));
            if (plane(out, at, PLANE_MARKER + players + k, hand, cache, c)) {
                // what the cards taken count for changes only with the hand
                value(out, at, v + 1, Long.bitCount(hand));
                for (int r = 0; r < Region.COUNT; r++) {
                    value(out, at, v + 8 + r, layout.shields(hand, r));
                }
                for (int s = 0; s < Symbol.COUNT; s++) {
                    value(out, at, v + 8 + Region.COUNT + s, Long.bitCount(hand & layout.symbolMask(s)));
                }
            }
        }
        int own = o.ownTokens();
        for (int t = 0; t < Token.RETURN_A; t++) {
            value(out, at, ownTokensAt + t, own >>> t & 1);
        }
        value(out, at, ownTokensAt + Token.RETURN_A, Integer.bitCount(own & Token.RETURN_MASK));
        for (int p = 0; p < players; p++) {
            value(out, at, seatAt + p, p == me ? 1 : 0);
        }
        int phase = o.phase().ordinal();
        for (int i = 0; i < PHASES; i++) {
            value(out, at, phaseAt + i, i == phase ? 1 : 0);
        }
        value(out, at, turnAt, o.takenThisTurn());
        value(out, at, turnAt + 1, o.freedThisTurn());
        value(out, at, turnAt + 2, o.returnsThisTurn());
        value(out, at, turnAt + 3, o.turn());
    }

    private void value(ByteBuffer out, int at, int index, int v) {
        if (dtype == Dtype.UINT8) {
            out.put(at + index, (byte) v);
        } else {
            out.putFloat(at + 4 * index, v);
        }
    }

    /** A plane of {@link #write}, unless {@code cache[c + plane]} says it is in memory already; true if written. */
    private boolean plane(ByteBuffer out, int at, int plane, long mask, long[] cache, int c) {
        if (cache[c + plane] == mask) {
            return false;
        }
        cache[c + plane] = mask;
        plane(out, at, plane, mask);
        return true;
    }

    private void plane(ByteBuffer out, int at, int plane, long mask) {
        if (dtype == Dtype.UINT8) {
            int to = at + plane * N;
            for (int k = 0; k < N / 8; k++) {
                out.putLong(to + 8 * k, EXPAND_UINT8[(int) (mask >>> 8 * k) & 0xFF]);
            }
        } else {
            int to = at + 4 * plane * N;
            for (int k = 0; k < N / 8; k++) {
                int e = 4 * ((int) (mask >>> 8 * k) & 0xFF);
                int b = to + 32 * k;
                out.putLong(b, EXPAND_FLOAT32[e]);
                out.putLong(b + 8, EXPAND_FLOAT32[e + 1]);
                out.putLong(b + 16, EXPAND_FLOAT32[e + 2]);
                out.putLong(b + 24, EXPAND_FLOAT32[e + 3]);
            }
        }
    }

    /** For every byte value b, bit i of b as value i of eight, laid out as longs in native order. */
    private static long[] expand(Dtype dtype) {
        int longs = dtype.bytes; // 8 values of `bytes` bytes each = `bytes` longs
        long[] table = new long[256 * longs];
        ByteBuffer eight = ByteBuffer.allocate(8 * dtype.bytes).order(ByteOrder.nativeOrder());
        for (int b = 0; b < 256; b++) {
            for (int i = 0; i < 8; i++) {
                int bit = b >>> i & 1;
                if (dtype == Dtype.UINT8) {
                    eight.put(i, (byte) bit);
                } else {
                    eight.putFloat(4 * i, bit);
                }
            }
            for (int j = 0; j < longs; j++) {
                table[b * longs + j] = eight.getLong(8 * j);
            }
        }
        return table;
    }
}
