package richelieu.strategies.ismcts;

import richelieu.engine.Action;
import richelieu.engine.GameState;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Selection and expansion of SO-ISMCTS (Cowling, Powley &amp; Whitehouse 2012): down the tree
 * from the root on one determinization, among the children whose action is legal in it, by UCB1
 * with availability counts, {@code w/n + c·sqrt(ln(a)/n)}, where {@code a} counts the iterations
 * in which the child was available (legal) when its parent was visited; at the first node with
 * an untried legal action, one of those (uniformly) becomes a new leaf. The actions are played
 * on the determinization as it goes, and the nodes passed are kept ({@link #path}) for the
 * backup.
 */
final class Selection {
    /**
     * {@code Math.log(a)} for the availability counts below its length: the UCB term takes the
     * log of every legal child's count at every step of every descent. A table filled by the
     * same {@code Math.log} gives the same doubles, so the same games. 4,096 entries (32 KB):
     * deep nodes have small counts and the root's stay below that at the default 1,000
     * iterations; larger counts (long or reused searches) call {@code Math.log}.
     */
    private static final double[] LOG = new double[4096];

    static {
        for (int a = 0; a < LOG.length; a++) {
            LOG[a] = Math.log(a);
        }
    }

    /** A LINK past the last child: an action above every legal one, no next sibling. */
    private static final long NO_CHILD = SearchTree.pack(Integer.MAX_VALUE, -1);

    private final double c;
    private final int[] buf = new int[Action.MAX_LEGAL];
    /** The nodes below the root that the last descent passed, in order; {@link #depth} of them. */
    int[] path = new int[256];
    /** The number of nodes in {@link #path}. */
    int depth;

    /** @param c the exploration constant */
    Selection(double c) {
        this.c = c;
    }

    /**
     * Descends from {@code root} on {@code s}, playing each chosen action, until it adds a leaf
     * or the game ends; {@code s} is then where the rollout starts.
     */
    void descend(SearchTree tree, int root, GameState s, SplittableRandom rng) {
        int[] buf = this.buf;
        int node = root;
        int depth = 0;
        while (!s.isOver()) {
            int n = s.legalActions(buf);
            int seat = s.toMove();
            long[] t = tree.nodes;
            // Merge-walk the sorted children against the sorted legal set: bump availability of
            // compatible children, pick the best by UCB, count untried legal actions. link is
            // the current child's LINK (its action low, next sibling high), NO_CHILD past the last.
            int untried = 0;
            int bestChild = -1;
            double bestUcb = Double.NEGATIVE_INFINITY;
            int ch = SearchTree.high(t[(node << 2) + SearchTree.FAMILY]);
            long link = ch < 0 ? NO_CHILD : t[(ch << 2) + SearchTree.LINK];
            for (int i = 0; i < n; i++) {
                int a = buf[i];
                while (SearchTree.low(link) < a) {
                    ch = SearchTree.high(link);
                    link = ch < 0 ? NO_CHILD : t[(ch << 2) + SearchTree.LINK];
                }
                if (SearchTree.low(link) == a) {
                    int k = ch << 2;
                    long counts = t[k + SearchTree.COUNTS] + SearchTree.AVAIL_ONE;
                    t[k + SearchTree.COUNTS] = counts;
                    int visits = SearchTree.low(counts);
                    double ucb = Double.longBitsToDouble(t[k + SearchTree.REWARD]) / visits
                            + c * Math.sqrt(log(SearchTree.high(counts)) / visits);
                    if (ucb > bestUcb) {
                        bestUcb = ucb;
                        bestChild = ch;
                    }
                } else {
                    buf[untried++] = a; // compact untried actions to the front (i >= untried)
                }
            }
            if (untried > 0) {
                int a = buf[untried == 1 ? 0 : rng.nextInt(untried)];
                int child = tree.addChild(node, a, seat);
                s.play(a);
                push(depth++, child);
                break;
            }
            s.play(tree.action(bestChild));
            node = bestChild;
            push(depth++, bestChild);
        }
        this.depth = depth;
    }

    private static double log(int a) {
        return a < LOG.length ? LOG[a] : Math.log(a);
    }

    private void push(int depth, int node) {
        if (depth == path.length) {
            path = Arrays.copyOf(path, depth * 2);
        }
        path[depth] = node;
    }
}
