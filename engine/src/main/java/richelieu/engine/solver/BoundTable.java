package richelieu.engine.solver;

/**
 * What other searches over decision points may use of the solver's transposition table (the
 * multi-player search of the strategies module keeps its bounds and best actions in one): store
 * a result by key, probe it back as one packed entry, and read the entry's parts. The table
 * itself, its layout and its replacement rule, stay the solver's.
 */
public interface BoundTable {
    /** Depth of a result that holds for any depth. */
    int EXACT = TranspositionTable.EXACT;
    /** The value is a lower bound (the search failed high). */
    int LOWER = TranspositionTable.LOWER;
    /** The value is an upper bound (the search failed low). */
    int UPPER = TranspositionTable.UPPER;
    /** The value is exact. */
    int BOTH = TranspositionTable.BOTH;

    /** A table of 2^{@code bits} entries (16 bytes each). */
    static BoundTable create(int bits) {
        return new TranspositionTable(bits);
    }

    /** A new search: older entries become the first to be replaced. */
    void newGeneration();

    /** The packed entry stored for {@code key}, or 0 if none. */
    long probe(long key);

    /** Stores a search result: its value, bound ({@link #LOWER}, {@link #UPPER}, {@link #BOTH}), depth and best action. */
    void store(long key, int value, int bound, int depth, int move);

    /** True if the entry decides a fail-soft search with the window (alpha, beta) by itself (its depth is enough). */
    static boolean cuts(long entry, int alpha, int beta) {
        return TranspositionTable.cuts(entry, alpha, beta);
    }

    static int value(long entry) {
        return TranspositionTable.value(entry);
    }

    static int bound(long entry) {
        return TranspositionTable.bound(entry);
    }

    static int depth(long entry) {
        return TranspositionTable.depth(entry);
    }

    static int move(long entry) {
        return TranspositionTable.move(entry);
    }
}
