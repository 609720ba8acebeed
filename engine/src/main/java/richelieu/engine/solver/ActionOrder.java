package richelieu.engine.solver;

/**
 * The selection of {@link Solver}'s search over one node's actions: the per-ply arrays of the
 * actions, their order scores and their children's bounds and keys move together, and the next
 * action searched is the best-ordered one left (a selection step, not a sort: cut-offs usually
 * come within the first few).
 */
final class ActionOrder {
    private ActionOrder() {
    }

    /**
     * Brings the best-ordered action of {@code [from, to)} (the highest {@code order}) to
     * {@code from}, with its order score and its child's bounds and key.
     */
    static void selectBest(int[] moves, int[] order, long[] bounds, long[] keys, int from, int to) {
        int k = from;
        for (int j = from + 1; j < to; j++) {
            if (order[j] > order[k]) {
                k = j;
            }
        }
        swap(moves, from, k);
        swap(order, from, k);
        swap(bounds, from, k);
        swap(keys, from, k);
    }

    /** True if {@code x} is among {@code xs[from .. from + n)}. */
    static boolean contains(int[] xs, int from, int n, int x) {
        for (int i = from; i < from + n; i++) {
            if (xs[i] == x) {
                return true;
            }
        }
        return false;
    }

    private static void swap(int[] x, int i, int j) {
        int t = x[i];
        x[i] = x[j];
        x[j] = t;
    }

    private static void swap(long[] x, int i, int j) {
        long t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}
