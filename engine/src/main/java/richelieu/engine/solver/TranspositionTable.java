package richelieu.engine.solver;

import java.util.Arrays;

/**
 * What the search learnt about positions, by key: a power-of-two array of two-entry buckets, each
 * entry a full 64-bit key and one packed word (value, bound, depth, best action, generation), as
 * Stockfish's {@code tt.cpp} keeps it. The full key is stored, so a false hit needs two positions
 * with the same 64-bit key: about one in 10^9 over a billion probes of a full table.
 *
 * <p>Replacement: an entry of the same key is overwritten; otherwise the bucket's entry of an
 * older generation, else the shallower one. Exact solving stores depth {@link #EXACT}, which
 * depth-limited results never displace.
 *
 * <p>Other searches over decision points reach it through {@link BoundTable}.
 */
final class TranspositionTable implements BoundTable {
    /** Depth of a result that holds for any depth (from exact search). */
    public static final int EXACT = 255;

    public static final int LOWER = 1;  // value is a lower bound (the search failed high)
    public static final int UPPER = 2;  // value is an upper bound (failed low)
    public static final int BOTH = LOWER | UPPER; // exact value

    // bucket b at [FIRST + 4b, FIRST + 4b + 4): key, word, key, word — 32 bytes
    private final long[] slots;
    /**
     * Where bucket 0 starts: so that no bucket straddles two cache lines, buckets start 32
     * bytes into a line. A table of any useful size is a humongous object, which G1 places at the
     * start of a heap region, and a long[]'s elements start 16 bytes into the object: 2 longs
     * of padding then put every bucket on a 32-byte boundary (from 0, half the buckets
     * straddled two lines, and a probe that misses touched both).
     */
    private static final int FIRST = 2;
    private final int mask; // of bucket indices
    private int generation;

    /** A table of 2^{@code bits} entries (16 bytes each). */
    public TranspositionTable(int bits) {
        if (bits < 1 || bits > 30) {
            throw new IllegalArgumentException("table bits " + bits + " outside 1..30");
        }
        slots = new long[FIRST + (2 << bits)];
        mask = (1 << (bits - 1)) - 1;
    }

    /** Empties the table. */
    public void clear() {
        Arrays.fill(slots, 0);
        generation = 0;
    }

    /** A new search: older entries become the first to be replaced. */
    @Override
    public void newGeneration() {
        generation = (generation + 1) & 255;
    }

    /** Entries the table holds. */
    public int capacity() {
        return (slots.length - FIRST) >> 1;
    }

    /** The packed word stored for {@code key}, or 0 if none (a stored word is never 0: its bound is not). */
    @Override
    public long probe(long key) {
        long[] t = slots;
        int i = FIRST + (((int) key & mask) << 2);
        if (t[i] == key && t[i + 1] != 0) {
            return t[i + 1];
        }
        if (t[i + 2] == key && t[i + 3] != 0) {
            return t[i + 3];
        }
        return 0;
    }

    /** Stores a search result. */
    @Override
    public void store(long key, int value, int bound, int depth, int move) {
        long[] t = slots;
        int i = FIRST + (((int) key & mask) << 2);
        int slot;
        if (t[i] == key || t[i + 1] == 0) {
            slot = i;
        } else if (t[i + 2] == key || t[i + 3] == 0) {
            slot = i + 2;
        } else {
            slot = worse(t[i + 1], t[i + 3]) ? i : i + 2;
        }
        if (t[slot] == key && t[slot + 1] != 0 && depth(t[slot + 1]) > depth) {
            return; // keep the deeper result of the same position
        }
        t[slot] = key;
        t[slot + 1] = pack(value, bound, depth, move, generation);
    }

    /** Of two occupied entries, true if the first is the one to replace: another generation first, then the shallower. */
    private boolean worse(long a, long b) {
        boolean oldA = generation(a) != generation;
        boolean oldB = generation(b) != generation;
        if (oldA != oldB) {
            return oldA;
        }
        return depth(a) <= depth(b);
    }

    // word: value (16 bits, signed) | bound (2) | depth (8) | move (16) | generation (8)
    static long pack(int value, int bound, int depth, int move, int generation) {
        return (value & 0xFFFFL) | (long) bound << 16 | (long) depth << 18 | (long) move << 26
                | (long) generation << 42;
    }

    /**
     * True if the entry {@code word} decides a fail-soft search with the window (alpha, beta) by
     * itself: an exact value, a lower bound at or above beta, or an upper bound at or below alpha
     * (the caller has checked that its depth is enough). Its {@link #value} is then the result.
     */
    public static boolean cuts(long word, int alpha, int beta) {
        int v = value(word);
        int bound = bound(word);
        return bound == BOTH || bound == LOWER && v >= beta || bound == UPPER && v <= alpha;
    }

    public static int value(long word) {
        return (short) word;
    }

    public static int bound(long word) {
        return (int) (word >>> 16) & 3;
    }

    public static int depth(long word) {
        return (int) (word >>> 18) & 255;
    }

    public static int move(long word) {
        return (int) (word >>> 26) & 0xFFFF;
    }

    private static int generation(long word) {
        return (int) (word >>> 42) & 255;
    }
}
