package richelieu.strategies.multi;

import richelieu.engine.Action;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.solver.DealTally;
import richelieu.engine.solver.TokenDeals;
import richelieu.strategies.SearchBot;
import richelieu.strategies.SearchBudget;

/**
 * {@code paranoid} and {@code maxn}: sampled multi-player search. At each decision it deals the
 * hidden tokens {@code samples} times in ways consistent with what its seat has seen
 * ({@link Observation#determinize}), searches every legal action in each deal with
 * {@link MultiSearch} (paranoid or max-n), and plays the action with the best mean share of the
 * win over the deals (ties: the first in legal order).
 *
 * <p>Depth grows by whole turns (iterative deepening: each depth searches every deal, and fills
 * the table that orders the next). Without a time budget it searches to {@code depth} exactly,
 * and a seed replays the same games. With {@code millis} it deepens while time is left, at most
 * to {@code depth}, and plays from the deepest depth that searched every deal; the first deal at
 * depth 1 always completes, so there is always an answer.
 *
 * <p>It reads only its {@link Observation}: the deals it searches are drawn from it.
 */
final class MultiSearchStrategy extends SearchBot {
    /**
     * @param rule        what the other seats are assumed to do
     * @param budget      token deals searched per decision; with {@code millis}, deepening while
     *                    time is left
     * @param depth       turn starts to search across (1: the rest of this turn); with
     *                    {@code millis} the most
     * @param tableBits   the transposition table holds 2^tableBits entries
     * @param markerMoves if &gt; 0: below the root, marker steps search only their this many best
     *                    choices by the heuristic's marker values; 0: all
     */
    record Settings(MultiSearch.Rule rule, SearchBudget budget, int depth, int tableBits, int markerMoves) {
    }

    private final Settings settings;
    private final SeatShares shares;
    private final int[] actions = new int[Action.MAX_LEGAL];
    private final TokenDeals deals = new TokenDeals();
    private final DealTally tally = new DealTally();
    private MultiSearch search;
    /** Depth of the last decision's answer (for tests and diagnostics). */
    private int lastDepth;

    MultiSearchStrategy(Settings settings, SeatShares shares, String name) {
        super(name, settings.budget());
        this.settings = settings;
        this.shares = shares;
    }

    @Override
    public void gameStarted(GameStart start) {
        super.gameStarted(start);
        if (search == null) {
            search = new MultiSearch(settings.rule(), shares, settings.tableBits(), settings.markerMoves());
        }
    }

    /** The depth the last decision's action was chosen at. */
    int lastDepth() {
        return lastDepth;
    }

    @Override
    public int chooseAction(Observation observation, LegalActions legal) {
        int n = legal.size();
        if (n == 1) {
            lastDepth = 0;
            return legal.get(0);
        }
        SearchBudget budget = budget();
        int k = budget.count();
        // the same k deals at every depth, drawn from the bot's stream in order
        deals.newDecision(observation, d -> random(), true);
        for (int i = 0; i < n; i++) {
            actions[i] = legal.get(i);
        }
        boolean timed = budget.timed();
        long deadline = budget.deadline(budget.start());
        search.newDecision();
        int chosen = -1;
        for (int depth = 1; depth <= settings.depth(); depth++) {
            int searched = deals.sample(search.analyst(seat(), depth), actions, n, 0, k, depth == 1 ? 0 : deadline,
                    deadline, budget.clock(), tally);
            if (searched == k || depth == 1) {
                chosen = best(n);
                lastDepth = depth;
            }
            if (searched < k || timed && !budget.before(deadline)) {
                break;
            }
        }
        return legal.get(chosen);
    }

    /** The index of the action with the largest total share over the deals searched (the first of equals). */
    private int best(int n) {
        int best = 0;
        for (int i = 1; i < n; i++) {
            if (tally.valueSum(i) > tally.valueSum(best)) {
                best = i;
            }
        }
        return best;
    }
}
