package richelieu.strategies.ismcts;

import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.strategies.SearchBot;
import richelieu.strategies.SearchBudget;

import java.util.SplittableRandom;

/**
 * {@code ismcts}, {@code ismcts-mast}: Single-Observer Information Set Monte Carlo Tree Search
 * (Cowling, Powley &amp; Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2),
 * 2012). This class is the budget loop and the wiring; each idea of the search is a type of this
 * package.
 *
 * <p>One tree per decision, rooted at this seat's information set ({@link SearchTree}). Each
 * iteration:
 * <ol>
 * <li><b>Determinize</b>: sample a full state consistent with the observation
 * ({@link Observation#determinize}), so hidden tokens are re-dealt every iteration;</li>
 * <li><b>Select</b> down the tree among the children whose action is legal in this
 * determinization, by UCB1 with availability counts, and <b>expand</b> one untried legal action
 * ({@link Selection});</li>
 * <li><b>Roll out</b> to the end of the game ({@link Rollout}: uniformly at random,
 * {@link UniformRollout}, or ε-greedy on learned action values, {@link MastRollout});</li>
 * <li><b>Back up</b> the result ({@link RolloutReward}): each node is credited from the view of the
 * seat that played its action.</li>
 * </ol>
 * The move played is the root child visited most (ties: the lower action). Opponents' decisions
 * are nodes in the same tree (they are chosen by the same UCB from their own seat's point of
 * view); the decision points of the engine keep the branching small.
 *
 * <p>{@code ismcts} is that search as published: win/loss rewards, a fresh tree per decision,
 * random rollouts. {@code ismcts-mast} (and its presets {@code ismcts-mast-2p}, {@code -3p},
 * {@code -4p}: the same search with the values SPSA tuned, results/tune.md) adds three ideas, each kept by an SPRT
 * ({@code results/search.md} has the tests and their numbers): the score-margin reward
 * ({@link RolloutReward}), tree reuse ({@link TreeReuse}: the subtree reached by what was played since
 * this seat's last decision becomes the next root) and MAST rollouts ({@link MastRollout}, Powley,
 * Whitehouse &amp; Cowling 2013 for ISMCTS). Why these: in this game iterations are worth a great
 * deal, so a change pays at equal time only if it is worth more than the iterations it costs. The
 * first two cost almost nothing per iteration; MAST is much stronger per iteration but dearer,
 * and pays at equal time only as the engine's fused playout ({@code Playouts#epsilonGreedyToEnd}).
 * {@code ismcts2} is the older name of the same search with MAST off by default
 * ({@code ismcts2:mast=0.5} is {@code ismcts-mast}), kept so that every spec in a result file
 * keeps meaning the bot it was played with.
 *
 * <p>Budget ({@link SearchBudget}): {@code iterations} per decision (deterministic for a given
 * seed), or {@code millis} per decision on the wall or the thread's CPU clock (not reproducible). With {@code stopEarly} an iteration budget ends
 * as soon as the most visited move leads by more than the iterations left. The tree's arrays
 * grow by doubling and are reused across decisions; neither iterations nor rollout steps
 * allocate.
 */
public final class IsmctsStrategy extends SearchBot {
    /**
     * The budget and the tree policy of one search; the reward and the rollout are their own
     * types.
     *
     * @param budget    iterations per decision (reproducible), or milliseconds on a clock
     * @param c         UCB exploration constant
     * @param reuse     keep the subtree of what was played since this seat's last decision
     * @param stopEarly under an iteration budget, stop once the move to play can no longer
     *                  change ({@link SearchTree#decided})
     */
    record Settings(SearchBudget budget, double c, boolean reuse, boolean stopEarly) {
    }

    private final SearchTree tree = new SearchTree();
    private final Selection selection;
    private final RolloutReward reward;
    private final Rollout rollout;
    /** Null: a fresh tree for every decision. */
    private final TreeReuse reuse;
    /**
     * Stop an iteration budget's search once its most visited move leads by more than the
     * iterations left: the move is then already fixed, and the rest of the budget would only
     * deepen a subtree that tree reuse may keep. The same moves for less CPU, so more
     * iterations for the same CPU.
     */
    private final boolean stopEarly;

    private GameState det;
    /** The layout the scratch states were made for (observation objects may be reused across games). */
    private Layout gameLayout;
    private Rules gameRules;
    private final double[] result = new double[4];
    private long lastIterations;
    private long lastReused;

    IsmctsStrategy(Settings settings, RolloutReward reward, Rollout rollout, String name) {
        super(name, settings.budget());
        this.selection = new Selection(settings.c());
        this.reuse = settings.reuse() ? new TreeReuse() : null;
        this.stopEarly = settings.stopEarly() && !settings.budget().timed();
        this.reward = reward;
        this.rollout = rollout;
    }

    @Override
    public void gameStarted(GameStart start) {
        super.gameStarted(start);
        if (reuse != null) {
            reuse.newGame();
        }
        rollout.newGame();
    }

    @Override
    public void actionPlayed(int seat, int action) {
        if (reuse != null) {
            reuse.played(seat, action);
        }
    }

    /** Visits the last decision's root already had from earlier searches (tree reuse), else 0. */
    public long lastReusedVisits() {
        return lastReused;
    }

    /**
     * A tool's hook: {@code listener} hears every position a cut-short rollout stops in
     * ({@code rollout=cutoff}), before it is judged; null (in play): none.
     */
    public void recordCutoffs(CutoffListener listener) {
        cutoffs = listener;
    }

    /** Hears the cut-offs ({@link #recordCutoffs}); null in play. */
    private CutoffListener cutoffs;

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
        reward.searching(obs.seat(), Long.bitCount(obs.table()));
        SearchBudget budget = budget();
        long deadline = decisionDeadline(budget.start());
        int root = reuse != null ? reuse.reusedRoot(tree) : -1;
        if (root < 0) {
            tree.clear();
            root = tree.newRoot();
        }
        lastReused = tree.visits(root);
        long it = 0;
        // A timed search reads the wall clock after every iteration (nanoTime ~25 ns against ~2-4 us
        // an iteration once compiled); checking only every 16th could run 15 iterations past the
        // deadline, milliseconds while the JVM is still cold. The CPU clock costs ~0.3 us a read:
        // every 4th iteration.
        int every = budget.clock() == BudgetClock.CPU ? 3 : 0;
        int iterations = budget.count();
        while (budget.timed() ? (it & every) != 0 || budget.before(deadline) : it < iterations) {
            iterate(obs, root);
            it++;
            if (stopEarly && tree.decided(root, iterations - it)) {
                break;
            }
        }
        lastIterations = it;
        int best = tree.mostVisitedAction(root);
        if (reuse != null) {
            reuse.searched(root);
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
        reward.searching(obs.seat(), Long.bitCount(obs.table()));
        tree.clear();
        int root = tree.newRoot();
        for (int it = 0; it < n; it++) {
            iterate(obs, root);
        }
        return tree.mostVisitedAction(root);
    }

    /** One SO-ISMCTS iteration from the root. */
    private void iterate(Observation obs, int root) {
        GameState s = det;
        SplittableRandom rng = random();
        obs.determinize(rng, s);
        Selection sel = selection;
        sel.descend(tree, root, s, rng);
        rollout.play(s, rng);
        if (cutoffs != null && !s.isOver()) {
            cutoffs.judged(s, sel.depth > 0 ? tree.action(sel.path[0]) : -1);
        }
        reward.score(s, result);
        rollout.learn(tree, sel.path, sel.depth, result);
        tree.backup(root, sel.path, sel.depth, result);
    }

    /** Number of nodes in the last tree (for tests and benchmarks). */
    public int treeSize() {
        return tree.size;
    }
}
