package richelieu.engine.solver;

import java.util.Arrays;

/**
 * What the search learnt about positions, by key: a power-of-two array of two-entry buckets, each
 * entry a full 64-bit key and one packed word (lower and upper bound, depth, best action,
 * generation), as Stockfish's {@code tt.cpp} keeps it. The full key is stored, so a false hit
 * needs two positions with the same 64-bit key: about one in 10^9 over a billion probes of a full
 * table.
 *
 * <p>Replacement: an entry of the same key is overwritten; otherwise the bucket's entry of an
 * older generation, else the shallower one. Exact solving stores depth {@link #EXACT}, which
 * depth-limited results never displace.
 *
 * <p>A new exact result for a position whose entry is exact keeps both: the greater lower bound
 * and the smaller upper bound. Null windows on both sides of a value (MTD(f), the analysis of
 * every action) then each reuse what the other side proved instead of overwriting it. Exact
 * bounds are true bounds of one value, so they never cross; depth-limited results depend on the
 * depth and search order that made them, and replace.
 *
 * <p>Other searches over decision points reach it through {@link BoundTable}.
 */
final class TranspositionTable implements BoundTable {
    /** Depth of a result that holds for any depth (from exact search). */
    public static final int EXACT = 255;

    public static final int LOWER = 1;  // a stored value is a lower bound (the search failed high)
    public static final int UPPER = 2;  // an upper bound (failed low)
    public static final int BOTH = LOWER | UPPER; // the exact value

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

    /** The packed word stored for {@code key}, or 0 if none (a stored word is never 0, see {@link #pack}). */
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

    /** Stores a search result: {@code bound} says which side(s) of the value it proves. */
    @Override
    public void store(long key, int value, int bound, int depth, int move) {
        if (value <= NO_LOWER || value >= NO_UPPER) {
            throw new IllegalArgumentException("value " + value + " outside the table's 16 bits");
        }
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
        int lower = (bound & LOWER) != 0 ? value : NO_LOWER;
        int upper = (bound & UPPER) != 0 ? value : NO_UPPER;
        long old = t[slot + 1];
        if (t[slot] == key && old != 0) {
            int oldDepth = depth(old);
            if (oldDepth > depth) {
                return; // keep the deeper result of the same position
            }
            if (oldDepth == EXACT) {
                lower = Math.max(lower, field(old, 0));
                upper = Math.min(upper, field(old, 16));
            }
        }
        t[slot] = key;
        t[slot + 1] = pack(lower, upper, depth, move, generation);
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

    /** A side without a bound, as stored (no value reaches them: {@link #store} refuses it). */
    private static final int NO_LOWER = Short.MIN_VALUE;
    private static final int NO_UPPER = Short.MAX_VALUE;
    /**
     * A side without a bound, as read: far enough out that adding a position's value to it
     * neither meets a window nor tightens one.
     */
    public static final int NONE = 1 << 24;

    // word: lower (16 bits) | upper (16) | depth (8) | move (16) | generation (8); the bounds are
    // stored biased by 2^15, so that a word is never 0: its upper bound's field is 0 only for a
    // value of -2^15, which store refuses
    static long pack(int lower, int upper, int depth, int move, int generation) {
        return (lower + 0x8000L) | (upper + 0x8000L) << 16 | (long) depth << 32 | (long) move << 40
                | (long) generation << 56;
    }

    private static int field(long word, int shift) {
        return (int) (word >>> shift & 0xFFFF) - 0x8000;
    }

    /** What {@link #cut} returns when the entry does not decide the window. */
    public static final int NO_CUT = Integer.MIN_VALUE;

    /**
     * What the entry {@code word}, its values shifted by {@code offset}, decides of a fail-soft
     * search with the window (alpha, beta) by itself: its exact value, a lower bound at or above
     * beta, or an upper bound at or below alpha (the caller has checked that its depth is
     * enough); else {@link #NO_CUT}.
     */
    public static int cut(long word, int offset, int alpha, int beta) {
        int lower = lower(word) + offset;
        int upper = upper(word) + offset;
        if (lower >= beta || lower == upper) {
            return lower;
        }
        return upper <= alpha ? upper : NO_CUT;
    }

    /** The entry's lower bound, or -{@link #NONE} if it has none. */
    public static int lower(long word) {
        int v = field(word, 0);
        return v == NO_LOWER ? -NONE : v;
    }

    /** The entry's upper bound, or {@link #NONE} if it has none. */
    public static int upper(long word) {
        int v = field(word, 16);
        return v == NO_UPPER ? NONE : v;
    }

    /** The entry's best guess at the value: its exact value or its one bound, else the midpoint of its two. */
    public static int guess(long word) {
        int lower = field(word, 0);
        int upper = field(word, 16);
        return lower == NO_LOWER ? upper : upper == NO_UPPER ? lower : (lower + upper) >> 1;
    }

    public static int depth(long word) {
        return (int) (word >>> 32) & 255;
    }

    public static int move(long word) {
        return (int) (word >>> 40) & 0xFFFF;
    }

    private static int generation(long word) {
        return (int) (word >>> 56) & 255;
    }
}
