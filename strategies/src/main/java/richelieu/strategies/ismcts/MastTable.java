package richelieu.strategies.ismcts;

import richelieu.engine.Playouts;

import java.util.Arrays;

/**
 * MAST's statistics (Move-Average Sampling, Finnsson &amp; Björnsson 2008): every action's mean
 * reward for its mover this game, keyed as the engine's action-value tables are
 * ({@link Playouts#valueIndex}: the mover, the action's type and its (target) position). A
 * position is one card for the whole game (R5), so TAKE(p) means "get this card" and PLACE(p) or
 * MOVE(·, p) "mark this card". The value read by the rollouts is the mean with {@code prior}
 * half-wins: {@code (sum + 0.5·prior) / (count + prior)}, 0.5 for an action not seen yet.
 */
final class MastTable {
    private final double[] sum = new double[Playouts.VALUE_TABLE_SIZE];
    private final int[] count = new int[Playouts.VALUE_TABLE_SIZE];
    /** Each mean with its prior as the rollouts read it ({@link Playouts#orderKey}). */
    private final long[] keys = new long[Playouts.VALUE_TABLE_SIZE];
    private final double prior;
    /** Bit t: the values of type t's actions are read, so only those are kept ({@link MastScope#types}). */
    private final int types;

    MastTable(double prior, int types) {
        this.prior = prior;
        this.types = types;
    }

    /** Forgets every statistic (a new game). */
    void clear() {
        Arrays.fill(sum, 0);
        Arrays.fill(count, 0);
        Arrays.fill(keys, Playouts.orderKey(0.5));
    }

    /** The values as order keys, indexed by {@link Playouts#valueIndex}: read only, for the rollouts. */
    long[] keys() {
        return keys;
    }

    /** {@code seat} played {@code action} in an iteration that gave it {@code reward}. */
    /**
     * Credits an iteration's reward to every action it played: the tree's moves first, then the
     * rollout's {@code steps} moves (the order the sums were always made in).
     */
    void learn(SearchTree tree, int[] path, int depth, int[] moves, int steps, double[] result) {
        for (int i = 0; i < depth; i++) {
            int v = path[i];
            int seat = tree.mover(v);
            update(seat, tree.action(v), result[seat]);
        }
        for (int i = 0; i < steps; i++) {
            int seat = Playouts.seatOf(moves[i]);
            update(seat, Playouts.actionOf(moves[i]), result[seat]);
        }
    }

    void update(int seat, int action, double reward) {
        if ((types >>> richelieu.engine.Action.type(action) & 1) == 0) {
            return; // a value no rollout reads
        }
        int k = Playouts.valueIndex(seat, action);
        sum[k] += reward;
        count[k]++;
        // with prior = 1 the same double as (sum + 0.5) / (count + 1): the games of the first MAST bots
        keys[k] = Playouts.orderKey((sum[k] + 0.5 * prior) / (count[k] + prior));
    }
}
