package richelieu.strategies;

import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Rules;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Playouts;
import richelieu.engine.Strategy;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * {@code ismcts}: Single-Observer Information Set Monte Carlo Tree Search (Cowling, Powley &amp;
 * Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).
 *
 * <p>One tree per decision, rooted at this seat's information set. Each iteration:
 * <ol>
 * <li><b>Determinize</b>: sample a full state consistent with the observation
 * ({@link Observation#determinize}), so hidden tokens are re-dealt every iteration;</li>
 * <li><b>Select</b> down the tree among the children whose action is legal in this
 * determinization, by UCB1 with availability counts: {@code w/n + c·sqrt(ln(a)/n)}, where
 * {@code a} counts the iterations in which the child was available (legal) when its parent
 * was visited;</li>
 * <li><b>Expand</b> one untried legal action, chosen uniformly;</li>
 * <li><b>Roll out</b> uniformly at random to the end of the game;</li>
 * <li><b>Back up</b> the result: each node is credited from the view of the seat that played
 * its action (1 for a win, 1/k for a win shared by k seats, 0 for a loss).</li>
 * </ol>
 * The move played is the root child visited most (ties: the lower action).
 *
 * <p>Opponents' decisions are nodes in the same tree (they are chosen by the same UCB from their
 * own seat's point of view); the decision points of the engine keep the branching small.
 *
 * <p>Budget: {@code iterations} per decision (deterministic for a given seed), or {@code millis}
 * per decision (wall clock, not reproducible). The tree is a struct of primitive arrays that
 * grows by doubling and is reused across decisions; neither iterations nor rollout steps
 * allocate.
 */
public final class IsmctsStrategy implements Strategy {
    private final int iterations;
    private final long millis;
    private final double c;
    private final String name;

    private SplittableRandom rng;
    private GameState det;
    /** The layout the scratch states were made for (observation objects may be reused across games). */
    private Layout gameLayout;
    private Rules gameRules;
    private final int[] buf = new int[Action.MAX_LEGAL];
    private final double[] result = new double[4];
    private int[] path = new int[256];

    // ---- the tree, struct of arrays
    private int size;
    private int[] action = new int[1024];
    private int[] mover = new int[1024];
    private int[] firstChild = new int[1024];
    private int[] nextSibling = new int[1024];
    private int[] visits = new int[1024];
    private int[] avail = new int[1024];
    private double[] reward = new double[1024];

    private long lastIterations;

    public IsmctsStrategy(int iterations, long millis, double c, String name) {
        this.iterations = iterations;
        this.millis = millis;
        this.c = c;
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void gameStarted(GameStart start) {
        rng = start.random();
    }

    /** Iterations run for the last decision. */
    public long lastIterations() {
        return lastIterations;
    }

    @Override
    public int chooseAction(Observation obs, LegalActions legal) {
        if (gameLayout != obs.layout() || gameRules != obs.rules()) {
            det = obs.newState();
            gameLayout = obs.layout();
            gameRules = obs.rules();
        }
        size = 0;
        int root = newNode(-1, -1);
        long deadline = millis > 0 ? System.nanoTime() + millis * 1_000_000L : Long.MAX_VALUE;
        long it = 0;
        while (millis > 0 ? (it & 15) != 0 || System.nanoTime() < deadline : it < iterations) {
            iterate(obs, root);
            it++;
        }
        lastIterations = it;
        int best = -1;
        int bestVisits = -1;
        for (int ch = firstChild[root]; ch >= 0; ch = nextSibling[ch]) {
            if (visits[ch] > bestVisits) {
                bestVisits = visits[ch];
                best = action[ch];
            }
        }
        return best >= 0 && legal.contains(best) ? best : legal.get(0);
    }

    /**
     * Benchmark hook: a fresh search of exactly {@code n} iterations from {@code obs}'s
     * information set, as {@link #chooseAction} runs with an iteration budget (same tree reset,
     * same iterations, same rng draws), returning the most-visited root action without checking
     * it against a legal set. Needs {@link #gameStarted} first (it supplies the rng).
     * {@code scratch} is the state determinized into, of the same game as {@code obs}
     * ({@link Observation#newState}); passing it lets one bot search positions of many games
     * without allocating.
     */
    public int searchForBenchmark(Observation obs, GameState scratch, int n) {
        det = scratch;
        gameLayout = obs.layout();
        gameRules = obs.rules();
        size = 0;
        int root = newNode(-1, -1);
        for (int it = 0; it < n; it++) {
            iterate(obs, root);
        }
        int best = -1;
        int bestVisits = -1;
        for (int ch = firstChild[root]; ch >= 0; ch = nextSibling[ch]) {
            if (visits[ch] > bestVisits) {
                bestVisits = visits[ch];
                best = action[ch];
            }
        }
        return best;
    }

    /** One SO-ISMCTS iteration from the root. */
    void iterate(Observation obs, int root) {
        GameState s = det;
        obs.determinize(rng, s);
        int node = root;
        int depth = 0;
        while (!s.isOver()) {
            int n = s.legalActions(buf);
            int seat = s.toMove();
            // Merge-walk the sorted children against the sorted legal set: bump availability of
            // compatible children, pick the best by UCB, count untried legal actions.
            int untried = 0;
            int bestChild = -1;
            double bestUcb = Double.NEGATIVE_INFINITY;
            int ch = firstChild[node];
            for (int i = 0; i < n; i++) {
                int a = buf[i];
                while (ch >= 0 && action[ch] < a) {
                    ch = nextSibling[ch];
                }
                if (ch >= 0 && action[ch] == a) {
                    avail[ch]++;
                    double ucb = reward[ch] / visits[ch] + c * Math.sqrt(Math.log(avail[ch]) / visits[ch]);
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
                int child = addChild(node, a, seat);
                s.play(a);
                node = child;
                path = push(path, depth++, child);
                break;
            }
            s.play(action[bestChild]);
            node = bestChild;
            path = push(path, depth++, bestChild);
        }
        // Roll out: uniformly random legal actions (Playouts: the fused form of the plain
        // legalActions/nextInt/play loop, same draws and same games).
        Playouts.randomToEnd(s, rng);
        outcome(s);
        for (int i = 0; i < depth; i++) {
            int v = path[i];
            visits[v]++;
            reward[v] += result[mover[v]];
        }
        visits[root]++;
    }

    private final int[] scores = new int[4];

    private void outcome(GameState s) {
        s.scores(scores);
        int w = s.winners(scores);
        double share = 1.0 / Integer.bitCount(w);
        for (int p = 0; p < s.players(); p++) {
            result[p] = (w >>> p & 1) != 0 ? share : 0;
        }
    }

    private static int[] push(int[] path, int depth, int node) {
        if (depth == path.length) {
            path = Arrays.copyOf(path, depth * 2);
        }
        path[depth] = node;
        return path;
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

    /** Adds a child keeping the sibling list sorted by action (the merge-walk relies on it). */
    private int addChild(int parent, int act, int seat) {
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

    /** Number of nodes in the last tree (for tests and benchmarks). */
    public int treeSize() {
        return size;
    }
}
