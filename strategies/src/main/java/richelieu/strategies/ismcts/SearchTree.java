package richelieu.strategies.ismcts;

import java.util.Arrays;

/**
 * The search tree: nodes as records of four longs in one primitive array (no node objects),
 * children as a sibling list sorted by action. It owns the array, its growth (doubling), the
 * lookup of a child, the backup of an iteration's result and the compaction that keeps a
 * subtree for the next decision ({@link TreeReuse}). Node 0.. are the nodes in use; a search
 * starts with {@link #clear} and {@link #newRoot}.
 *
 * <p>Why packed: the descent ({@link Selection}, the hot loop) walks a node's children and reads
 * each one's action, next sibling, visits, availability and reward. With one array per field
 * that is five cache lines per child, reached through a chain of dependent loads; packed, a
 * child is half a cache line. Node {@code id}'s record starts at {@code id << 2}:
 * <ul>
 * <li>{@link #REWARD}: the sum of the rewards of the node's mover over its visits (a double's bits);</li>
 * <li>{@link #LINK}: the action that leads to the node (-1 at the root) in the low half, the next
 * sibling in action order (or -1) in the high half;</li>
 * <li>{@link #COUNTS}: the iterations that went through the node in the low half, the iterations in
 * which its action was legal when its parent was visited (availability) in the high half;</li>
 * <li>{@link #FAMILY}: the seat that plays the action (-1 at the root) in the low half, the first
 * child in action order (or -1) in the high half.</li>
 * </ul>
 * {@link Selection} reads the record straight; only this class writes the links.
 */
final class SearchTree {
    private static final int INITIAL = 1024;
    static final int REWARD = 0;
    static final int LINK = 1;
    static final int COUNTS = 2;
    static final int FAMILY = 3;
    /** Added to {@link #COUNTS}: one more availability. */
    static final long AVAIL_ONE = 1L << 32;

    /** Nodes in use. */
    int size;
    /** The records, four longs a node. */
    long[] nodes = new long[INITIAL << 2];
    /** The spare records for compaction (swapped with {@link #nodes}). */
    private long[] nodes2 = new long[0];
    /** Compaction queue: the old id of each new node. */
    private int[] oldOf = new int[0];

    static long pack(int low, int high) {
        return (long) high << 32 | (low & 0xFFFF_FFFFL);
    }

    static int low(long x) {
        return (int) x;
    }

    static int high(long x) {
        return (int) (x >> 32);
    }

    /** The action that leads to {@code id} (-1 at the root). */
    int action(int id) {
        return low(nodes[(id << 2) + LINK]);
    }

    /** The next sibling of {@code id} in action order, or -1. */
    int nextSibling(int id) {
        return high(nodes[(id << 2) + LINK]);
    }

    /** The seat that plays {@code id}'s action (-1 at the root). */
    int mover(int id) {
        return low(nodes[(id << 2) + FAMILY]);
    }

    /** The first child of {@code id} in action order, or -1. */
    int firstChild(int id) {
        return high(nodes[(id << 2) + FAMILY]);
    }

    /** Iterations that went through {@code id}. */
    int visits(int id) {
        return low(nodes[(id << 2) + COUNTS]);
    }

    /** Iterations in which {@code id}'s action was legal when its parent was visited. */
    int avail(int id) {
        return high(nodes[(id << 2) + COUNTS]);
    }

    /** The sum of the rewards of {@code id}'s mover over its visits. */
    double reward(int id) {
        return Double.longBitsToDouble(nodes[(id << 2) + REWARD]);
    }

    /** Forgets every node. */
    void clear() {
        size = 0;
    }

    /** A new node without action or mover, to search from. */
    int newRoot() {
        return newNode(-1, -1, 0);
    }

    private int newNode(int act, int seat, int avail) {
        if (size << 2 == nodes.length) {
            nodes = Arrays.copyOf(nodes, nodes.length * 2);
        }
        int id = size++;
        int k = id << 2;
        nodes[k + REWARD] = Double.doubleToRawLongBits(0);
        nodes[k + LINK] = pack(act, -1);
        nodes[k + COUNTS] = pack(0, avail);
        nodes[k + FAMILY] = pack(seat, -1);
        return id;
    }

    private void setNextSibling(int id, int next) {
        int k = (id << 2) + LINK;
        nodes[k] = pack(low(nodes[k]), next);
    }

    private void setFirstChild(int id, int child) {
        int k = (id << 2) + FAMILY;
        nodes[k] = pack(low(nodes[k]), child);
    }

    /**
     * Adds a child for {@code act} played by {@code seat}, available once (it was legal at this
     * visit), keeping the sibling list sorted by action (the selection's merge-walk relies on it).
     */
    int addChild(int parent, int act, int seat) {
        int id = newNode(act, seat, 1);
        int prev = -1;
        int ch = firstChild(parent);
        while (ch >= 0 && action(ch) < act) {
            prev = ch;
            ch = nextSibling(ch);
        }
        setNextSibling(id, ch);
        if (prev < 0) {
            setFirstChild(parent, id);
        } else {
            setNextSibling(prev, id);
        }
        return id;
    }

    /** The child of {@code node} for {@code act} played by {@code seat}, or -1. */
    int child(int node, int act, int seat) {
        for (int ch = firstChild(node); ch >= 0 && action(ch) <= act; ch = nextSibling(ch)) {
            if (action(ch) == act && mover(ch) == seat) {
                return ch;
            }
        }
        return -1;
    }

    /** The action of {@code node}'s most visited child (ties: the lower action), or -1 if it has none. */
    int mostVisitedAction(int node) {
        int best = -1;
        int bestVisits = -1;
        for (int ch = firstChild(node); ch >= 0; ch = nextSibling(ch)) {
            if (visits(ch) > bestVisits) {
                bestVisits = visits(ch);
                best = action(ch);
            }
        }
        return best;
    }

    /**
     * Whether {@code node}'s most visited child stays the most visited (as
     * {@link #mostVisitedAction} picks it, ties included) however {@code remaining} more visits
     * fall: it leads every other child by more than {@code remaining}, untried actions counting
     * as 0 visits.
     */
    boolean decided(int node, long remaining) {
        int top = 0;
        int second = 0;
        for (int ch = firstChild(node); ch >= 0; ch = nextSibling(ch)) {
            int v = visits(ch);
            if (v > top) {
                second = top;
                top = v;
            } else if (v > second) {
                second = v;
            }
        }
        return top - second > remaining;
    }

    /**
     * Credits one iteration: each node of the path (below the root) gets a visit and its
     * mover's reward, the root a visit.
     *
     * @param result each seat's reward ({@link RolloutReward})
     */
    void backup(int root, int[] path, int depth, double[] result) {
        long[] t = nodes;
        for (int i = 0; i < depth; i++) {
            int k = path[i] << 2;
            t[k + COUNTS]++; // visits, the low half (never near 2^32)
            double r = Double.longBitsToDouble(t[k + REWARD]) + result[low(t[k + FAMILY])];
            t[k + REWARD] = Double.doubleToRawLongBits(r);
        }
        t[(root << 2) + COUNTS]++;
    }

    /**
     * Keeps only the subtree of {@code top}: copies it breadth-first to nodes 0.. of the spare
     * array (each node's children become consecutive, still in action order) and swaps the two,
     * so {@code top} becomes node 0.
     */
    void compact(int top) {
        if (nodes2.length < nodes.length) {
            nodes2 = new long[nodes.length];
            oldOf = new int[nodes.length >> 2];
        }
        long[] to = nodes2;
        copyNode(top, 0);
        int n = 1;
        for (int head = 0; head < n; head++) {
            int prev = -1;
            int first = -1;
            for (int ch = firstChild(oldOf[head]); ch >= 0; ch = nextSibling(ch)) {
                int id = n++;
                copyNode(ch, id);
                if (prev < 0) {
                    first = id;
                } else {
                    int k = (prev << 2) + LINK;
                    to[k] = pack(low(to[k]), id);
                }
                prev = id;
            }
            int k = (head << 2) + FAMILY;
            to[k] = pack(low(to[k]), first);
        }
        nodes2 = nodes;
        nodes = to;
        size = n;
    }

    /** Copies node {@code old}'s record to {@code id} of the spare array, without links. */
    private void copyNode(int old, int id) {
        oldOf[id] = old;
        int from = old << 2;
        int k = id << 2;
        nodes2[k + REWARD] = nodes[from + REWARD];
        nodes2[k + LINK] = pack(low(nodes[from + LINK]), -1);
        nodes2[k + COUNTS] = nodes[from + COUNTS];
        nodes2[k + FAMILY] = pack(low(nodes[from + FAMILY]), -1);
    }
}
