package richelieu.strategies;

import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Rules;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Phase;
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
 * <p><b>The strongest bot is {@code ismcts2:mast=0.5}</b> (every setting spelled out:
 * {@code ismcts2:reuse=true,margin=0.2,mast=0.5,mastOn=all,c=0.7}): {@code ismcts2}
 * ({@link Settings}) with all three changes below, each kept by an SPRT
 * ({@code results/search.md}). Why these three: in this game iterations are worth a great deal
 * (2,000 against 1,000 is +159 Elo), so a change pays at equal time only if it is worth more than
 * the iterations it costs. The first two cost almost nothing per iteration and beat
 * {@code ismcts} at equal time per move (test 8: +59 [+25, +93]). The third, MAST rollouts, is
 * much stronger per iteration (test 5: +145 Elo at 500 iterations) but dearer: stepped through
 * the engine it cost 2.6× a random iteration and its gain was gone at equal time (test 7); fused
 * into the engine's playout it costs about 1.9× ({@code CpuTimeAB search}, thread CPU time), and
 * at equal time (20 ms a move) it beats the same bot without it (test 9: +31 Elo [+10, +52] over
 * 1,000 games). With 3 and 4 players it is at least as strong as {@code ismcts} at equal CPU
 * (iteration budgets 530 against 1,000: +11 Elo [+2, +20] and +4 [−3, +13]), but the gain
 * is much smaller than with 2. {@code ismcts2} alone still means {@code mast=0}: the
 * strong-play studies name the bot by its defaults ({@code ismcts2:iterations=1000} in
 * {@code results/studies.json}), and a spec must keep meaning the bot its results were played
 * with.
 * <ul>
 * <li><b>Score-margin reward</b>: {@code (1 − w)·win share + w·(0.5 + 0.5·tanh(margin / 10))},
 * margin = own score − best other score. A win by 20 and a win by 1 are no longer the same
 * signal, which separates moves in positions that random rollouts decide mostly one way.</li>
 * <li><b>Tree reuse</b>: the subtree reached by the public actions played since this seat's
 * last decision becomes the next root (compacted to the front of the arrays), so the
 * decisions of one turn, and across turns, start warm.</li>
 * <li><b>MAST rollouts</b> (Move-Average Sampling, Finnsson &amp; Björnsson 2008; in ISMCTS,
 * Powley, Whitehouse &amp; Cowling 2013): every action's mean reward for its mover this game,
 * keyed by action type and (target) position — a position is one card for the whole game, so
 * the statistic means "taking / marking this card is good". Rollouts play ε-greedy on it.
 * Random rollouts take, place and move markers aimlessly; MAST makes them play the cards that
 * the search found worth having. The rollout is the engine's fused whole-turn playout with the
 * value table passed in ({@link Playouts#epsilonGreedyToEnd}: the greedy choice read off the
 * legal set's shape, the moves recorded into a preallocated buffer for the update); it plays
 * exactly the moves of the first, step-by-step MAST rollout (same draws), so old {@code mast=}
 * specs replay the same games, at a fraction of its cost. {@code mastOn=takes} ({@link MastScope})
 * is greedy only where a card is taken (at most eight candidates; the marker step's 40-odd
 * would cost more): cheaper, but not stronger at equal time (test 10), so the final bot keeps
 * {@code mastOn=all}.</li>
 * </ul>
 *
 * <p>Budget: {@code iterations} per decision (deterministic for a given seed), or {@code millis}
 * per decision (wall clock, not reproducible). The tree is a struct of primitive arrays that
 * grows by doubling and is reused across decisions; neither iterations nor rollout steps
 * allocate.
 */
public final class IsmctsStrategy implements Strategy {
    /**
     * What one search does. {@code ismcts} is {@link #plain}: win/loss rewards, a fresh tree per
     * decision. The other fields are the {@code ismcts2} improvements, each kept by an SPRT
     * ({@code results/search.md}).
     *
     * @param iterations   iterations per decision when {@code millis} is 0 (reproducible)
     * @param millis       if &gt; 0: wall-clock milliseconds per decision instead
     * @param c            UCB exploration constant
     * @param marginWeight reward = (1 − w)·win share + w·squash(own score − best other score)
     * @param marginScale  squash(m) = 0.5 + 0.5·tanh(m / marginScale)
     * @param reuse        keep the subtree of what was played since this seat's last decision
     * @param mastEpsilon  if &gt; 0: MAST rollouts, a uniformly random action with this probability,
     *                     else the legal action with the best average reward for its mover so far
     *                     this game; 0: the engine's uniformly random playout
     * @param mastOn       the decisions MAST rollouts choose by the values; uniform at the others
     * @param mastPrior    MAST value = (reward sum + 0.5·mastPrior) / (count + mastPrior): every
     *                     action starts from that many half-wins (an unplayed one is worth 0.5)
     */
    public record Settings(int iterations, long millis, double c, double marginWeight, double marginScale,
                           boolean reuse, double mastEpsilon, MastScope mastOn, double mastPrior) {
        public static Settings plain(int iterations, long millis, double c) {
            return new Settings(iterations, millis, c, 0, MARGIN_SCALE, false, 0, MastScope.ALL, 1);
        }
    }

    /** The decisions at which MAST rollouts are ε-greedy on the values (uniform at the others). */
    public enum MastScope {
        /** Every decision (the first MAST rollouts: {@code mast=} specs without {@code mastOn}). */
        ALL(Playouts.ALL_PHASES, -1),
        /**
         * The takes only (R9: first and second card): the decisions that decide the score, with
         * at most eight candidates each, so the greedy scan is short; markers, payments and
         * returns stay uniform.
         */
        TAKES(Playouts.phaseMask(Phase.TAKE_FIRST, Phase.TAKE_SECOND), 1 << Action.T_TAKE | 1 << Action.T_STOP);

        final int phases;
        /** Bit t: the rollouts read the values of type t's actions, so only those are kept up to date. */
        final int types;

        MastScope(int phases, int types) {
            this.phases = phases;
            this.types = types;
        }
    }

    /** Default score margin at which the margin reward is 0.5 + 0.5·tanh(1) ≈ 0.88. */
    static final double MARGIN_SCALE = 10;

    private final int iterations;
    private final long millis;
    private final double c;
    private final double marginWeight;
    private final double marginScale;
    private final boolean reuse;
    private final double mastPrior;
    private final double mastEpsilon;
    private final int mastPhases;
    private final int mastTypes;
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
        this(Settings.plain(iterations, millis, c), name);
    }

    public IsmctsStrategy(Settings settings, String name) {
        this.iterations = settings.iterations();
        this.millis = settings.millis();
        this.c = settings.c();
        this.marginWeight = settings.marginWeight();
        this.marginScale = settings.marginScale();
        this.reuse = settings.reuse();
        this.mastPrior = settings.mastPrior();
        this.mastEpsilon = settings.mastEpsilon();
        this.mastPhases = settings.mastOn().phases;
        this.mastTypes = settings.mastOn().types;
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void gameStarted(GameStart start) {
        rng = start.random();
        treeRoot = -1;
        sinceCount = 0;
        if (mastEpsilon > 0) {
            Arrays.fill(mastSum, 0);
            Arrays.fill(mastCount, 0);
            Arrays.fill(mastValue, 0.5);
        }
    }

    @Override
    public void actionPlayed(int seat, int action) {
        if (!reuse || treeRoot < 0) {
            return;
        }
        if (sinceCount == SINCE_MAX) {
            treeRoot = -1; // too much happened to walk; the next search starts afresh
            return;
        }
        sinceSeat[sinceCount] = seat;
        sinceAction[sinceCount++] = action;
    }

    private long lastReused;

    /** Visits the last decision's root already had from earlier searches (tree reuse), else 0. */
    public long lastReusedVisits() {
        return lastReused;
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
        long deadline = millis > 0 ? System.nanoTime() + millis * 1_000_000L : Long.MAX_VALUE;
        int root = reuse ? reusedRoot() : -1;
        if (root < 0) {
            size = 0;
            root = newNode(-1, -1);
        }
        lastReused = visits[root];
        long it = 0;
        // A timed search reads the clock after every iteration (nanoTime ~25 ns against ~2-4 us an
        // iteration once compiled); checking only every 16th could run 15 iterations past the
        // deadline, milliseconds while the JVM is still cold.
        while (millis > 0 ? System.nanoTime() < deadline : it < iterations) {
            iterate(obs, root);
            it++;
        }
        lastIterations = it;
        int best = mostVisited(root);
        treeRoot = root;
        sinceCount = 0;
        return best >= 0 && legal.contains(best) ? best : legal.get(0);
    }

    private int mostVisited(int root) {
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

    // ---- tree reuse: walk the last tree along what was played since, keep that subtree

    private static final int SINCE_MAX = 128;
    /** Root of the last search's tree, or -1 (new game, or nothing to reuse). */
    private int treeRoot = -1;
    private final int[] sinceSeat = new int[SINCE_MAX];
    private final int[] sinceAction = new int[SINCE_MAX];
    private int sinceCount;

    /**
     * The last tree's node reached by the public actions played since the last decision (this
     * seat's own included; a private END_RETURNS, never reported, is stepped through when the
     * reported action is not a child), compacted to the front of the arrays as the new root; or
     * -1 when the walk leaves the tree. The statistics below it were gathered over
     * determinizations of an older information set: a warm start, as in Cowling et al.'s
     * experiments with tree reuse, not an exact one.
     */
    private int reusedRoot() {
        int node = treeRoot;
        treeRoot = -1;
        if (node < 0) {
            return -1;
        }
        for (int i = 0; i < sinceCount && node >= 0; i++) {
            int next = child(node, sinceAction[i], sinceSeat[i]);
            if (next < 0) {
                int hidden = child(node, Action.END_RETURNS, sinceSeat[i]);
                next = hidden < 0 ? -1 : child(hidden, sinceAction[i], sinceSeat[i]);
            }
            node = next;
        }
        if (node < 0 || firstChild[node] < 0) {
            return -1;
        }
        compact(node);
        return 0;
    }

    private int child(int node, int act, int seat) {
        for (int ch = firstChild[node]; ch >= 0 && action[ch] <= act; ch = nextSibling[ch]) {
            if (action[ch] == act && mover[ch] == seat) {
                return ch;
            }
        }
        return -1;
    }

    // Second set of node arrays for compaction (swapped with the first; grown alongside).
    private int[] action2 = new int[0];
    private int[] mover2 = new int[0];
    private int[] firstChild2 = new int[0];
    private int[] nextSibling2 = new int[0];
    private int[] visits2 = new int[0];
    private int[] avail2 = new int[0];
    private double[] reward2 = new double[0];
    /** Compaction queue: the old id of each new node. */
    private int[] oldOf = new int[0];

    /**
     * Copies the subtree of {@code top} breadth-first to nodes 0.. of the spare arrays (each
     * node's children become consecutive, still in action order) and swaps the two sets.
     */
    private void compact(int top) {
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
        return mostVisited(root);
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
        // Roll out: ε-greedy on the MAST values, or uniformly random legal actions (Playouts: the
        // engine's fused forms of the plain step-by-step loops, same draws and same games).
        if (mastEpsilon > 0) {
            int steps = Playouts.epsilonGreedyToEnd(s, rng, mastEpsilon, mastValue, mastPhases, buf, rollout);
            outcome(s);
            for (int i = 0; i < depth; i++) {
                int v = path[i];
                mastUpdate(mover[v], action[v]);
            }
            for (int i = 0; i < steps; i++) {
                mastUpdate(Playouts.seatOf(rollout[i]), Playouts.actionOf(rollout[i]));
            }
        } else {
            Playouts.randomToEnd(s, rng);
            outcome(s);
        }
        for (int i = 0; i < depth; i++) {
            int v = path[i];
            visits[v]++;
            reward[v] += result[mover[v]];
        }
        visits[root]++;
    }

    // ---- MAST (Finnsson &amp; Björnsson 2008; Powley, Whitehouse &amp; Cowling 2013 for ISMCTS)

    /*
     * MAST key of an action: the mover, the action's type and its (target) position
     * (Playouts.valueIndex). A position is one card for the whole game (R5), so TAKE(p) is "get
     * this card" and PLACE(p)/MOVE(·, p) "mark this card".
     */
    private final double[] mastSum = new double[Playouts.VALUE_TABLE_SIZE];
    private final int[] mastCount = new int[Playouts.VALUE_TABLE_SIZE];
    /** (sum + 0.5·prior) / (count + prior): the mean reward with prior half-wins, 0.5 for an unseen action. */
    private final double[] mastValue = new double[Playouts.VALUE_TABLE_SIZE];
    /** The rollout's moves, seat and action ({@link Playouts#epsilonGreedyToEnd}). */
    private final int[] rollout = new int[Playouts.MAX_STEPS];

    private void mastUpdate(int seat, int act) {
        if ((mastTypes >>> Action.type(act) & 1) == 0) {
            return; // a value no rollout reads
        }
        int k = Playouts.valueIndex(seat, act);
        mastSum[k] += result[seat];
        mastCount[k]++;
        // with mastPrior = 1 the same double as (sum + 0.5) / (count + 1): the same games
        mastValue[k] = (mastSum[k] + 0.5 * mastPrior) / (mastCount[k] + mastPrior);
    }

    private final int[] scores = new int[4];

    private void outcome(GameState s) {
        s.scores(scores);
        int w = s.winners(scores);
        double share = 1.0 / Integer.bitCount(w);
        int players = s.players();
        for (int p = 0; p < players; p++) {
            result[p] = (w >>> p & 1) != 0 ? share : 0;
        }
        if (marginWeight > 0) {
            for (int p = 0; p < players; p++) {
                int other = Integer.MIN_VALUE;
                for (int q = 0; q < players; q++) {
                    if (q != p) {
                        other = Math.max(other, scores[q]);
                    }
                }
                double squashed = 0.5 + 0.5 * Math.tanh((scores[p] - other) / marginScale);
                result[p] = (1 - marginWeight) * result[p] + marginWeight * squashed;
            }
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
