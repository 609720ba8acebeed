package richelieu.strategies.ismcts;

import java.util.Arrays;

/**
 * The search tree: nodes as a struct of primitive arrays (an int or a double per node and
 * field, no node objects), children as a sibling list sorted by action. It owns the arrays,
 * their growth (doubling), the lookup of a child, the backup of an iteration's result and the
 * compaction that keeps a subtree for the next decision ({@link TreeReuse}). Node 0.. are the
 * nodes in use; a search starts with {@link #clear} and {@link #newRoot}.
 *
 * <p>The fields are read straight by {@link Selection}'s descent (the hot loop), which takes
 * them into locals once per step; only this class writes them.
 */
final class SearchTree {
    private static final int INITIAL = 1024;

    /** Nodes in use. */
    int size;
    /** The action that leads to the node (-1 at the root). */
    int[] action = new int[INITIAL];
    /** The seat that plays that action (-1 at the root). */
    int[] mover = new int[INITIAL];
    /** The first child in action order, or -1. */
    int[] firstChild = new int[INITIAL];
    /** The next sibling in action order, or -1. */
    int[] nextSibling = new int[INITIAL];
    /** Iterations that went through the node. */
    int[] visits = new int[INITIAL];
    /** Iterations in which the node's action was legal when its parent was visited (availability). */
    int[] avail = new int[INITIAL];
    /** The sum of the rewards of the node's mover over its visits. */
    double[] reward = new double[INITIAL];

    // The second set of node arrays, for compaction (swapped with the first; grown alongside).
    private int[] action2 = new int[0];
    private int[] mover2 = new int[0];
    private int[] firstChild2 = new int[0];
    private int[] nextSibling2 = new int[0];
    private int[] visits2 = new int[0];
    private int[] avail2 = new int[0];
    private double[] reward2 = new double[0];
    /** Compaction queue: the old id of each new node. */
    private int[] oldOf = new int[0];

    /** Forgets every node. */
    void clear() {
        size = 0;
    }

    /** A new node without action or mover, to search from. */
    int newRoot() {
        return newNode(-1, -1);
    }

    private int newNode(int act, int seat) {
        if (size == action.length) {
            int cap = size * 2;
            action = Arrays.copyOf(action, cap);
            mover = Arrays.copyOf(mover, cap);
            firstChild = Arrays.copyOf(firstChild, cap);
            nextSibling = Arrays.copyOf(nextSibling, cap);
            visits = Arrays.copyOf(visits, cap);
            avail = Arrays.copyOf(avail, cap);
            reward = Arrays.copyOf(reward, cap);
        }
        int id = size++;
        action[id] = act;
        mover[id] = seat;
        firstChild[id] = -1;
        nextSibling[id] = -1;
        visits[id] = 0;
        avail[id] = 0;
        reward[id] = 0;
        return id;
    }

    /**
     * Adds a child for {@code act} played by {@code seat}, available once (it was legal at this
     * visit), keeping the sibling list sorted by action (the selection's merge-walk relies on it).
     */
    int addChild(int parent, int act, int seat) {
        int id = newNode(act, seat);
        avail[id] = 1;
        int prev = -1;
        int ch = firstChild[parent];
        while (ch >= 0 && action[ch] < act) {
            prev = ch;
            ch = nextSibling[ch];
        }
        nextSibling[id] = ch;
        if (prev < 0) {
            firstChild[parent] = id;
        } else {
            nextSibling[prev] = id;
        }
        return id;
    }

    /** The child of {@code node} for {@code act} played by {@code seat}, or -1. */
    int child(int node, int act, int seat) {
        for (int ch = firstChild[node]; ch >= 0 && action[ch] <= act; ch = nextSibling[ch]) {
            if (action[ch] == act && mover[ch] == seat) {
                return ch;
            }
        }
        return -1;
    }

    /** The action of {@code node}'s most visited child (ties: the lower action), or -1 if it has none. */
    int mostVisitedAction(int node) {
        int best = -1;
        int bestVisits = -1;
        for (int ch = firstChild[node]; ch >= 0; ch = nextSibling[ch]) {
            if (visits[ch] > bestVisits) {
                bestVisits = visits[ch];
                best = action[ch];
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
        for (int ch = firstChild[node]; ch >= 0; ch = nextSibling[ch]) {
            int v = visits[ch];
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
        for (int i = 0; i < depth; i++) {
            int v = path[i];
            visits[v]++;
            reward[v] += result[mover[v]];
        }
        visits[root]++;
    }

    /**
     * Keeps only the subtree of {@code top}: copies it breadth-first to nodes 0.. of the spare
     * arrays (each node's children become consecutive, still in action order) and swaps the two
     * sets, so {@code top} becomes node 0.
     */
    void compact(int top) {
        if (action2.length < action.length) {
            int cap = action.length;
            action2 = new int[cap];
            mover2 = new int[cap];
            firstChild2 = new int[cap];
            nextSibling2 = new int[cap];
            visits2 = new int[cap];
            avail2 = new int[cap];
            reward2 = new double[cap];
            oldOf = new int[cap];
        }
        copyNode(top, 0);
        int n = 1;
        for (int head = 0; head < n; head++) {
            int prev = -1;
            firstChild2[head] = -1;
            for (int ch = firstChild[oldOf[head]]; ch >= 0; ch = nextSibling[ch]) {
                int id = n++;
                copyNode(ch, id);
                if (prev < 0) {
                    firstChild2[head] = id;
                } else {
                    nextSibling2[prev] = id;
                }
                prev = id;
            }
        }
        int[] t = action; action = action2; action2 = t;
        t = mover; mover = mover2; mover2 = t;
        t = firstChild; firstChild = firstChild2; firstChild2 = t;
        t = nextSibling; nextSibling = nextSibling2; nextSibling2 = t;
        t = visits; visits = visits2; visits2 = t;
        t = avail; avail = avail2; avail2 = t;
        double[] r = reward; reward = reward2; reward2 = r;
        size = n;
    }

    private void copyNode(int old, int id) {
        oldOf[id] = old;
        action2[id] = action[old];
        mover2[id] = mover[old];
        nextSibling2[id] = -1;
        visits2[id] = visits[old];
        avail2[id] = avail[old];
        reward2[id] = reward[old];
    }
}
