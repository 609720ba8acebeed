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
    /** Beyond any value: a missing bound reads as -NONE (lower) or NONE (upper). */
    int NONE = TranspositionTable.NONE;

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

    /** What {@link #cut} returns when the entry does not decide the window. */
    int NO_CUT = TranspositionTable.NO_CUT;

    /**
     * The value that decides a fail-soft search with the window (alpha, beta) by the entry alone
     * (its depth is enough), else {@link #NO_CUT}.
     */
    static int cut(long entry, int alpha, int beta) {
        return TranspositionTable.cut(entry, 0, alpha, beta);
    }

    /** The entry's lower bound, or -{@link #NONE} if it has none. */
    static int lower(long entry) {
        return TranspositionTable.lower(entry);
    }

    /** The entry's upper bound, or {@link #NONE} if it has none. */
    static int upper(long entry) {
        return TranspositionTable.upper(entry);
    }

    static int depth(long entry) {
        return TranspositionTable.depth(entry);
    }

    static int move(long entry) {
        return TranspositionTable.move(entry);
    }
}
