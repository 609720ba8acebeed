package richelieu.engine;

import java.util.SplittableRandom;

import static richelieu.engine.Action.T_END_RETURNS;
import static richelieu.engine.Action.T_MOVE;
import static richelieu.engine.Action.T_PASS;
import static richelieu.engine.Action.T_PAY_MARKER;
import static richelieu.engine.Action.T_PAY_RESERVE;
import static richelieu.engine.Action.T_PLACE;
import static richelieu.engine.Action.T_SKIP;
import static richelieu.engine.Action.T_STOP;
import static richelieu.engine.Action.T_TAKE;
import static richelieu.engine.Action.T_USE_RETURN;

/**
 * The one legal-set generator. Every decision point's legal set has the same form, in ascending
 * action order: an optional <em>lead</em> action, a <em>block</em> of one action type over a
 * position mask (the targets; for MOVE, every own marker f times every target t, f-major), and
 * an optional <em>tail</em> action. A <em>shape</em> packs the three action types (lead bits
 * 0–3, block bits 4–7, tail bits 8–11; 0 = none). The per-phase shape functions below say once
 * what each set is; {@link #write}, {@link #count}, {@link #kth} and {@link #contains} read any
 * shape, so the legal actions ({@link GameState#legalActions}), the random step
 * ({@link GameState#playUniform}), the fused playout ({@link FusedPlayout}) and the legality
 * check ({@link GameState#whyIllegal}) all derive from the same definition. The targets come
 * from {@link RuleFacts}.
 *
 * <p>Where the shape is a constant (the fused playout's branches), C2 folds the lead, block and
 * tail tests away after inlining.
 */
final class LegalSets {
    private LegalSets() {
    }

    /** Game over: the empty set. */
    static final int NONE = 0;

    /**
     * R8 (RETURNS): USE_RETURN (the step is open only while a return token is usable), then
     * END_RETURNS if a card can be taken without one (else using one is compulsory: R9, R14).
     */
    static int returns(long takes) {
        return T_USE_RETURN | (takes != 0 ? T_END_RETURNS << 8 : 0);
    }

    /** R9, R14 (TAKE_FIRST): TAKE(p) for every takeable end card p; PASS alone when there is none. */
    static int takeFirst(long takes) {
        return takes != 0 ? T_TAKE << 4 : T_PASS << 8;
    }

    /**
     * R11 (PAY): PAY_RESERVE if a reserve marker may pay, then PAY_MARKER(p) for every own marker
     * on the table (targets: the own markers).
     */
    static int pay(int payableReserve) {
        return (payableReserve > 0 ? T_PAY_RESERVE : 0) | T_PAY_MARKER << 4;
    }

    /** R9 (TAKE_SECOND): TAKE(p) for every takeable second card p, then STOP. */
    static final int TAKE_SECOND = T_TAKE << 4 | T_STOP << 8;

    /** R8 [choice: timing] (LATE_RETURNS): USE_RETURN, END_RETURNS. */
    static final int LATE_RETURNS = T_USE_RETURN | T_END_RETURNS << 8;

    /**
     * R15 (MARKER): with a reserve marker, PLACE(t) for every unmarked card t; with an empty
     * reserve, MOVE(f, t) for every own marker f and unmarked t; then SKIP (targets: the
     * unmarked cards; sources: the own markers).
     */
    static int marker(int reserve) {
        return (reserve > 0 ? T_PLACE : T_MOVE) << 4 | T_SKIP << 8;
    }

    // ------------------------------------------------------------ the consumers

    /** {@link #consume} ops: count the set, its k-th action, draw one uniformly, look one up. */
    static final int COUNT = 0;
    static final int KTH = 1;
    static final int DRAW = 2;
    static final int CONTAINS = 3;

    /**
     * Hands a set to one consumer: {@link #COUNT}, {@link #KTH} (k = {@code action}), {@link #DRAW} the action at index {@code rng.nextInt(count)} (no draw when
     * the set has one action), {@link #CONTAINS} {@code action} (1 or 0).
     */
    static int consume(int op, int shape, long targets, long froms, int action,
                       SplittableRandom rng) {
        switch (op) {
            case COUNT:
                return count(shape, targets, froms);
            case KTH:
                return kth(shape, targets, froms, action);
            case DRAW:
                return kth(shape, targets, froms, FusedPlayout.draw(rng, count(shape, targets, froms)));
            default:
                return contains(shape, targets, froms, action) ? 1 : 0;
        }
    }

    // ------------------------------------------------------------ reading any shape

    /** Number of actions in the set. */
    static int count(int shape, long targets, long froms) {
        int block = shape >>> 4 & 15;
        int size = block == 0 ? 0 : Long.bitCount(targets) * (block == T_MOVE ? Long.bitCount(froms) : 1);
        return ((shape & 15) != 0 ? 1 : 0) + size + (shape >>> 8 != 0 ? 1 : 0);
    }

    /** The k-th action (0-based) of the set in ascending order; 0 &lt;= k &lt; {@link #count}. */
    static int kth(int shape, long targets, long froms, int k) {
        int lead = shape & 15;
        if (lead != 0) {
            if (k == 0) {
                return lead << 12;
            }
            k--;
        }
        int block = shape >>> 4 & 15;
        if (block == T_MOVE) {
            int f = Long.bitCount(targets);
            if (k < f * Long.bitCount(froms)) {
                int fromIndex = moveFromIndex(k, f);
                return Action.move(selectFew(froms, fromIndex), select(targets, k - fromIndex * f));
            }
            k -= f * Long.bitCount(froms);
        } else if (block != 0) {
            int f = Long.bitCount(targets);
            if (k < f) {
                // PLACE ranges over up to 48 unmarked cards; TAKE and PAY_MARKER over at most 8
                return block << 12 | (block == T_PLACE ? select(targets, k) : selectFew(targets, k));
            }
            k -= f;
        }
        assert k == 0 && shape >>> 8 != 0 : "index beyond the legal set";
        return (shape >>> 8) << 12;
    }

    // ------------------------------------------------------------ the best action by value

    /**
     * An action's entry in a seat's 1,024 action values ({@link Playouts#valueIndex}): its type
     * and its (target) position, {@code type << 6 | position}. MOVE(f, t) is keyed by t alone.
     */
    static int valueKey(int action) {
        return (action >>> 12) << 6 | (action & 63);
    }

    /**
     * The action of the set with the highest value, {@code keys[base | valueKey(action)]}, the
     * first such in the cyclic order that starts at index {@code start} (0 &lt;= start &lt;
     * {@link #count}): exactly the scan of the written-out set from {@code start} that keeps a
     * strictly greater value ({@link FusedPlayout#epsilonGreedyStep}), read off the shape. The
     * values come as ordered longs ({@link #order}, made once when a value changes rather than
     * at every read: MAST reads each several times a rollout), so the two passes over the block (its
     * best value, then the positions that have it) are branch-free (data-dependent branches cost
     * about 80 ns a decision: PlayCpu, thread CPU time); then the first of the best in the cyclic
     * order is a few mask tests: the lead if start is 0, the start row at or after start, the next
     * row (MOVE: every source's row holds the same targets, and their values depend only on the
     * target), the tail, the lead, the first row, the start row before start.
     */
    static int firstBest(int shape, long targets, long froms, int start, long[] keys, int base) {
        int lead = shape & 15;
        int block = shape >>> 4 & 15;
        int tail = shape >>> 8;
        int leadCount = lead != 0 ? 1 : 0;
        int k = start - leadCount; // start within the block (negative: the block is all after it)
        int t = Long.bitCount(targets);
        int rows = block == 0 ? 0 : block == T_MOVE ? Long.bitCount(froms) : 1;
        // the block as rows of the targets; the row and the target index where start falls
        int startRow = k <= 0 ? 0 : k >= rows * t ? rows : block == T_MOVE ? moveFromIndex(k, t) : 0;
        int startT = startRow >= rows ? 0 : Math.max(k, 0) - startRow * t;
        long after = startRow >= rows ? 0 : startT == 0 ? targets : targets & -(1L << select(targets, startT));
        int vb = base | block << 6;
        long leadKey = lead != 0 ? keys[base | lead << 6] : Long.MIN_VALUE;
        long tailKey = tail != 0 ? keys[base | tail << 6] : Long.MIN_VALUE;
        long blockKey = Long.MIN_VALUE;
        for (long m = rows != 0 ? targets : 0; m != 0; m &= m - 1) {
            blockKey = Math.max(blockKey, keys[vb | Long.numberOfTrailingZeros(m)]);
        }
        long best = Math.max(blockKey, Math.max(leadKey, tailKey));
        long ties = 0; // the block's positions with the best value
        if (blockKey == best) {
            for (long m = targets; m != 0; m &= m - 1) {
                long bit = m & -m;
                ties |= keys[vb | Long.numberOfTrailingZeros(m)] == best ? bit : 0;
            }
        }
        if (start == 0 && leadKey == best) {
            return lead << 12;
        }
        if ((ties & after) != 0) {
            return blockAt(block, froms, startRow, Long.numberOfTrailingZeros(ties & after));
        }
        if (ties != 0 && startRow + 1 < rows) {
            return blockAt(block, froms, startRow + 1, Long.numberOfTrailingZeros(ties));
        }
        if (tailKey == best) {
            return tail << 12;
        }
        if (leadKey == best) {
            return lead << 12;
        }
        assert ties != 0 : "the best value is the lead's, the tail's or in the block";
        return blockAt(block, froms, 0, Long.numberOfTrailingZeros(startRow > 0 ? ties : ties & ~after));
    }

    /** The block's action in row {@code row} (MOVE: that source) at target p. */
    private static int blockAt(int block, long froms, int row, int p) {
        return block == T_MOVE ? Action.move(selectFew(froms, row), p) : block << 12 | p;
    }

    /**
     * A long that orders as the double does, for any but NaN ({@code v + 0.0} makes −0.0 equal
     * to 0.0, as {@code <} and {@code ==} treat them): negative values' magnitude bits flipped.
     * {@link Long#MIN_VALUE} is no value's (it would be a NaN).
     */
    static long order(double v) {
        long b = Double.doubleToRawLongBits(v + 0.0);
        return b ^ (b >> 63 & Long.MAX_VALUE);
    }

    /**
     * MOVE(f, t) is f-major: index k = fromIndex * targets + toIndex. The source's index, without
     * a loop or a division (R4: at most three own markers on the table, so fromIndex &lt; 3).
     */
    static int moveFromIndex(int k, int targets) {
        assert k < 3 * targets;
        return (k >= targets ? 1 : 0) + (k >= 2 * targets ? 1 : 0);
    }

    /** True if the well-formed {@code action} is in the set. */
    static boolean contains(int shape, long targets, long froms, int action) {
        assert Action.isWellFormed(action);
        int type = action >>> 12;
        if (type == (shape & 15) || type == shape >>> 8) {
            return true; // lead and tail take no operand
        }
        if (type != (shape >>> 4 & 15) || (targets >>> (action & 63) & 1) == 0) {
            return false;
        }
        return type != T_MOVE || (froms >>> (action >>> 6 & 63) & 1) != 0;
    }

    // ------------------------------------------------------------ writers, one per set

    /*
     * Each writer is its set's shape function spelled as stores, in the same order. Written out
     * per set because one generic writer over a shape costs about 5 ns more per call
     * (LegalActionsBench, thread-CPU-time A/B, e.g. RETURNS 11 -> 17 ns: C2 cannot fold a shape
     * that depends on data and inlines every block writer into every case). Invariants checks at
     * every position of thousands of games, in every rule set, that each writer writes exactly
     * its shape's set ({@link #kth} for every index), so a writer left behind by a rule change
     * fails there.
     */

    /** {@link #returns}. */
    static int writeReturns(int[] buf, long takes) {
        buf[0] = Action.USE_RETURN;
        if (takes != 0) {
            buf[1] = Action.END_RETURNS;
            return 2;
        }
        return 1;
    }

    /** {@link #takeFirst}. */
    static int writeTakeFirst(int[] buf, long takes) {
        if (takes == 0) {
            buf[0] = Action.PASS;
            return 1;
        }
        return writeAll(buf, 0, T_TAKE << 12, takes);
    }

    /** {@link #pay}. */
    static int writePay(int[] buf, int payableReserve, long own) {
        int n = 0;
        if (payableReserve > 0) {
            buf[n++] = Action.PAY_RESERVE;
        }
        return writeAll(buf, n, T_PAY_MARKER << 12, own);
    }

    /** {@link #TAKE_SECOND}. */
    static int writeTakeSecond(int[] buf, long takes) {
        int n = writeAll(buf, 0, T_TAKE << 12, takes);
        buf[n++] = Action.STOP;
        return n;
    }

    /** {@link #LATE_RETURNS}. */
    static int writeLateReturns(int[] buf) {
        buf[0] = Action.USE_RETURN;
        buf[1] = Action.END_RETURNS;
        return 2;
    }

    /** {@link #marker}. */
    static int writeMarker(int[] buf, int reserve, long free, long own) {
        int n;
        if (reserve > 0) {
            n = writeAll(buf, 0, T_PLACE << 12, free);
        } else if (own == 0) {
            n = 0;
        } else {
            // MOVE(f, t), f-major: the targets once for the first own marker, then each
            // further marker's block as that block plus the difference of the from fields.
            int f0 = Long.numberOfTrailingZeros(own);
            int f = writeAll(buf, 0, T_MOVE << 12 | f0 << 6, free);
            n = f;
            for (long from = own & own - 1; from != 0; from &= from - 1) {
                int delta = (Long.numberOfTrailingZeros(from) - f0) << 6;
                for (int j = 0; j < f; j++) {
                    buf[n + j] = buf[j] + delta;
                }
                n += f;
            }
        }
        buf[n++] = Action.SKIP;
        return n;
    }

    private static int writeAll(int[] buf, int n, int base, long mask) {
        // A counted loop (trip count = bitCount), so C2 hoists the range check and unrolls it
        // (MARKER_PLACE: 26 -> 20 ns against a while (m != 0) loop, LegalActionsBench; two
        // interleaved chains over the row halves measured slower).
        int count = Long.bitCount(mask);
        long m = mask;
        for (int i = 0; i < count; i++) {
            buf[n + i] = base | Long.numberOfTrailingZeros(m);
            m &= m - 1;
        }
        return n + count;
    }

    // ------------------------------------------------------------ k-th set bit

    private static final long ONES_STEP_4 = 0x1111111111111111L;
    private static final long ONES_STEP_8 = 0x0101010101010101L;
    private static final long MSBS_STEP_8 = 0x80L * ONES_STEP_8;
    /** SELECT_IN_BYTE[b | r << 8]: position of the r-th (0-based) set bit of byte b. */
    private static final byte[] SELECT_IN_BYTE = new byte[8 * 256];

    static {
        for (int b = 0; b < 256; b++) {
            int r = 0;
            for (int bit = 0; bit < 8; bit++) {
                if ((b >>> bit & 1) != 0) {
                    SELECT_IN_BYTE[b | r++ << 8] = (byte) bit;
                }
            }
        }
    }

    /**
     * {@link #select} for a mask with at most eight set bits (row ends, a player's markers): all
     * eight candidate positions packed a byte each, computed in parallel with the draw that picks
     * k; then one shift. tzcnt(0) = 64 fills unused bytes harmlessly.
     */
    static int selectFew(long x, int k) {
        long m = x;
        long packed = Long.numberOfTrailingZeros(m);
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 8;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 16;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 24;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 32;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 40;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 48;
        m &= m - 1;
        packed |= (long) Long.numberOfTrailingZeros(m) << 56;
        return (int) (packed >>> (k << 3)) & 0xFF;
    }

    /**
     * The position of the k-th (0-based) set bit of {@code x}, which has more than k. Branch-free
     * broadword select (Vigna, "Broadword implementation of rank/select queries", 2008, as in
     * dsiutils {@code Fast.select}): byte-wise prefix popcounts, a SWAR compare to find the byte,
     * then a table lookup inside it.
     */
    static int select(long x, int k) {
        long byteSums = x - ((x & 0xAL * ONES_STEP_4) >>> 1);
        byteSums = (byteSums & 3 * ONES_STEP_4) + ((byteSums >>> 2) & 3 * ONES_STEP_4);
        byteSums = (byteSums + (byteSums >>> 4)) & 0x0F * ONES_STEP_8;
        byteSums *= ONES_STEP_8; // byte i: set bits in bytes 0..i
        long kStep8 = k * ONES_STEP_8;
        int byteOffset = Long.bitCount(((kStep8 | MSBS_STEP_8) - byteSums) & MSBS_STEP_8) << 3;
        int byteRank = k - (int) ((byteSums << 8) >>> byteOffset & 0xFF);
        return byteOffset + SELECT_IN_BYTE[(int) (x >>> byteOffset & 0xFF) | byteRank << 8];
    }
}
