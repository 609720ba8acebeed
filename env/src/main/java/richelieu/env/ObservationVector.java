package richelieu.env;

import richelieu.engine.Layout;
import richelieu.engine.Observation;
import richelieu.engine.Phase;
import richelieu.engine.Region;
import richelieu.engine.Symbol;
import richelieu.engine.Token;

import java.util.Arrays;

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
 * The card planes 0–12 depend only on the layout and are written once per game.
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

    private final int players;
    private final int planes;
    private final int seatsAt;
    private final int ownTokensAt;
    private final int seatAt;
    private final int phaseAt;
    private final int turnAt;
    private final int size;
    private final float[] values;
    private Layout written; // the layout whose static planes are in values

    public ObservationVector(int players) {
        if (players < 2 || players > 4) {
            throw new IllegalArgumentException("2 to 4 players, not " + players);
        }
        this.players = players;
        this.planes = PLANE_MARKER + 2 * players;
        this.seatsAt = planes * N;
        this.ownTokensAt = seatsAt + players * SEAT_VALUES;
        this.seatAt = ownTokensAt + OWN_TOKEN_VALUES;
        this.phaseAt = seatAt + players;
        this.turnAt = phaseAt + PHASES;
        this.size = turnAt + TURN_VALUES;
        this.values = new float[size];
    }

    /** The vector's length for P players: 48 × (17 + 2P) + 20P + 13 + P + 7 + 4. */
    public static int size(int players) {
        return new ObservationVector(players).size;
    }

    public int size() {
        return size;
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
     * Writes what {@code o}'s seat may know into the vector and returns it (owned by this object,
     * overwritten by the next call). Allocates nothing.
     */
    public float[] write(Observation o) {
        float[] v = values;
        Layout layout = o.layout();
        if (layout != written) {
            writeLayout(layout);
        }
        int me = o.seat();
        long table = o.table();
        plane(PLANE_TABLE, table);
        plane(PLANE_END, Layout.ends(table));
        plane(PLANE_TOKEN, o.tokenPlaces());
        int first = o.firstTaken();
        plane(PLANE_FIRST, first >= 0 ? 1L << first : 0);
        for (int k = 0; k < players; k++) {
            int p = (me + k) % players;
            long hand = o.hand(p);
            plane(PLANE_MARKER + k, o.markers(p));
            plane(PLANE_MARKER + players + k, hand);
            int at = seatsAt + k * SEAT_VALUES;
            v[at] = o.toMove() == p && !o.isOver() ? 1 : 0;
            v[at + 1] = Long.bitCount(hand);
            v[at + 2] = o.reserve(p);
            v[at + 3] = Long.bitCount(o.markers(p));
            v[at + 4] = o.boxed(p);
            v[at + 5] = o.tokenCount(p);
            v[at + 6] = o.usedReturns(p);
            v[at + 7] = Math.min(o.nonReturnAtLeast(p), o.tokenCount(p));
            for (int r = 0; r < Region.COUNT; r++) {
                v[at + 8 + r] = layout.shields(hand, r);
            }
            for (int s = 0; s < Symbol.COUNT; s++) {
                v[at + 8 + Region.COUNT + s] = Long.bitCount(hand & layout.symbolMask(s));
            }
        }
        int own = o.ownTokens();
        for (int t = 0; t < Token.RETURN_A; t++) {
            v[ownTokensAt + t] = own >>> t & 1;
        }
        v[ownTokensAt + Token.RETURN_A] = Integer.bitCount(own & Token.RETURN_MASK);
        for (int p = 0; p < players; p++) {
            v[seatAt + p] = p == me ? 1 : 0;
        }
        int phase = o.phase().ordinal();
        for (int i = 0; i < PHASES; i++) {
            v[phaseAt + i] = i == phase ? 1 : 0;
        }
        v[turnAt] = o.takenThisTurn();
        v[turnAt + 1] = o.freedThisTurn();
        v[turnAt + 2] = o.returnsThisTurn();
        v[turnAt + 3] = o.turn();
        return v;
    }

    private void writeLayout(Layout layout) {
        for (int r = 0; r < Region.COUNT; r++) {
            plane(PLANE_REGION + r, layout.regionMask(r));
        }
        plane(PLANE_DOUBLE, layout.doubleMask());
        for (int s = 0; s < Symbol.COUNT; s++) {
            plane(PLANE_SYMBOL + s, layout.symbolMask(s));
        }
        written = layout;
    }

    private void plane(int plane, long mask) {
        float[] v = values;
        int at = plane * N;
        for (int p = 0; p < N; p++) {
            v[at + p] = mask >>> p & 1;
        }
    }
}
