package richelieu.engine.solver;

import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.RuleFacts;
import richelieu.engine.Rules;

import static richelieu.engine.solver.OpenWords.FIRST;
import static richelieu.engine.solver.OpenWords.FREED;
import static richelieu.engine.solver.OpenWords.MISC;
import static richelieu.engine.solver.OpenWords.MK0;
import static richelieu.engine.solver.OpenWords.RES;
import static richelieu.engine.solver.OpenWords.TABLE;
import static richelieu.engine.solver.OpenWords.TURN0;
import static richelieu.engine.solver.OpenWords.field;
import static richelieu.engine.solver.OpenWords.phase;
import static richelieu.engine.solver.OpenWords.toMove;

/**
 * The legal actions of an {@link OpenGame} position, read from its words on the ply stack: which
 * cards can be taken first and second, what can pay for a taken marker, where a marker can go.
 * Each rule fact is {@link RuleFacts}'s, as in {@link GameState}; this class only writes the
 * actions, ascending, into a caller's buffer. It also answers the one question of move
 * generation that making a move asks (is a second take possible, {@link #secondTakes}).
 */
final class OpenMoves {
    private final long[] st;
    private final boolean freedPayable;
    /** Per first-taken position: where a second card may come from ({@link Layout#secondMask}). */
    private final long[] secondMask = new long[Layout.POSITIONS];

    /** The moves of positions kept in {@code st} (the game's ply stack). */
    OpenMoves(Rules rules, Layout layout, long[] st) {
        this.st = st;
        this.freedPayable = rules.freedMarkersPayable();
        for (int p = 0; p < Layout.POSITIONS; p++) {
            secondMask[p] = layout.secondMask(p);
        }
    }

    /**
     * Writes the legal actions of the position at word {@code b} into {@code buf} from {@code off},
     * in the ascending order of {@link GameState#legalActions}, and returns how many (0 once the
     * game is over).
     */
    int legal(int b, int[] buf, int off) {
        long misc = st[b + MISC];
        int me = toMove(misc);
        long own = st[b + MK0 + me];
        switch (phase(misc)) {
            case 0: // RETURNS
                buf[off] = Action.USE_RETURN;
                if (firstTakes(b, misc, me) != 0) {
                    buf[off + 1] = Action.END_RETURNS;
                    return 2;
                }
                return 1;
            case 1: { // TAKE_FIRST
                long takes = firstTakes(b, misc, me);
                if (takes == 0) {
                    buf[off] = Action.PASS;
                    return 1;
                }
                return writeAll(buf, off, Action.T_TAKE << 12, takes);
            }
            case 2: { // PAY
                int n = 0;
                if (payableReserve(misc, me) > 0) {
                    buf[off] = Action.PAY_RESERVE;
                    n = 1;
                }
                return n + writeAll(buf, off + n, Action.T_PAY_MARKER << 12, own);
            }
            case 3: { // TAKE_SECOND
                int n = writeAll(buf, off, Action.T_TAKE << 12, secondTakes(b, misc, me));
                buf[off + n] = Action.STOP;
                return n + 1;
            }
            case 4: // LATE_RETURNS
                buf[off] = Action.USE_RETURN;
                buf[off + 1] = Action.END_RETURNS;
                return 2;
            case 5: { // MARKER
                long free = st[b + TABLE] & ~(st[b + MK0] | st[b + MK0 + 1]);
                int n;
                if (field(misc, 8 * me + RES) > 0) {
                    n = writeAll(buf, off, Action.T_PLACE << 12, free);
                } else {
                    n = 0;
                    for (long from = own; from != 0; from &= from - 1) {
                        n += writeAll(buf, off + n, Action.T_MOVE << 12 | Long.numberOfTrailingZeros(from) << 6, free);
                    }
                }
                buf[off + n] = Action.SKIP;
                return n + 1;
            }
            default:
                return 0;
        }
    }

    /** Writes {@code base | p} for each set bit p of {@code mask} ascending from {@code buf[off]}; returns how many. */
    private static int writeAll(int[] buf, int off, int base, long mask) {
        int count = Long.bitCount(mask);
        long m = mask;
        for (int i = 0; i < count; i++) {
            buf[off + i] = base | Long.numberOfTrailingZeros(m);
            m &= m - 1;
        }
        return count;
    }

    private int payableReserve(long misc, int me) {
        return RuleFacts.payableReserve(field(misc, 8 * me + RES), (int) (misc >>> FREED) & 3, freedPayable);
    }

    private long firstTakes(int b, long misc, int me) {
        long own = st[b + MK0 + me];
        long marked = st[b + MK0] | st[b + MK0 + 1];
        return RuleFacts.takeable(Layout.ends(st[b + TABLE]), marked, own,
                RuleFacts.canPay(payableReserve(misc, me), own));
    }

    /**
     * The cards seat {@code me} could take second in the position at word {@code b} whose MISC
     * word is {@code misc} (which may be newer than the one stored: a move being made).
     */
    long secondTakes(int b, long misc, int me) {
        long own = st[b + MK0 + me];
        long marked = st[b + MK0] | st[b + MK0 + 1];
        int first = (int) (misc >>> FIRST) & 63;
        long ends = RuleFacts.secondEnds(Layout.ends(st[b + TABLE]), secondMask[first], (int) (misc >>> TURN0 & 1) ^ 1);
        return RuleFacts.takeable(ends, marked, own, RuleFacts.canPay(payableReserve(misc, me), own));
    }
}
