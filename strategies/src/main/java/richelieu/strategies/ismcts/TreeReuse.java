package richelieu.strategies.ismcts;

import richelieu.engine.Action;

/**
 * Tree reuse: the subtree reached by the public actions played since this seat's last decision
 * becomes the next search's root, so the decisions of one turn, and across turns, start warm.
 * The statistics below it were gathered over determinizations of an older information set: a
 * warm start, as in Cowling et al.'s experiments with tree reuse, not an exact one.
 */
final class TreeReuse {
    private static final int SINCE_MAX = 128;
    /** Root of the last search's tree, or -1 (new game, or nothing to reuse). */
    private int lastRoot = -1;
    private final int[] sinceSeat = new int[SINCE_MAX];
    private final int[] sinceAction = new int[SINCE_MAX];
    private int sinceCount;

    /** A new game: nothing to reuse. */
    void newGame() {
        lastRoot = -1;
        sinceCount = 0;
    }

    /** A public action played since the last search. */
    void played(int seat, int action) {
        if (lastRoot < 0) {
            return;
        }
        if (sinceCount == SINCE_MAX) {
            lastRoot = -1; // too much happened to walk; the next search starts afresh
            return;
        }
        sinceSeat[sinceCount] = seat;
        sinceAction[sinceCount++] = action;
    }

    /** A search ended at {@code root}: the next one walks from there. */
    void searched(int root) {
        lastRoot = root;
        sinceCount = 0;
    }

    /**
     * The last tree's node reached by the actions played since (this seat's own included; a
     * private END_RETURNS, never reported, is stepped through when the reported action is not a
     * child), compacted to node 0 of {@code tree} and returned; or -1 when the walk leaves the
     * tree or ends at a leaf (the caller then starts a fresh tree).
     */
    int reusedRoot(SearchTree tree) {
        int node = lastRoot;
        lastRoot = -1;
        if (node < 0) {
            return -1;
        }
        for (int i = 0; i < sinceCount && node >= 0; i++) {
            int next = tree.child(node, sinceAction[i], sinceSeat[i]);
            if (next < 0) {
                int hidden = tree.child(node, Action.END_RETURNS, sinceSeat[i]);
                next = hidden < 0 ? -1 : tree.child(hidden, sinceAction[i], sinceSeat[i]);
            }
            node = next;
        }
        if (node < 0 || tree.firstChild(node) < 0) {
            return -1;
        }
        tree.compact(node);
        return 0;
    }
}
