package richelieu.strategies.pimc;

import richelieu.engine.Action;
import richelieu.engine.BudgetClock;
import richelieu.engine.GameResult;
import richelieu.engine.Layout;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.engine.solver.Analyst;
import richelieu.engine.solver.DealTally;
import richelieu.engine.solver.OpenGame;
import richelieu.engine.solver.Query;
import richelieu.engine.solver.Solver;
import richelieu.engine.solver.Techniques;
import richelieu.engine.solver.TokenDeals;
import richelieu.strategies.HeuristicEvaluation;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.SearchBot;
import richelieu.strategies.SearchBudget;
import richelieu.strategies.ismcts.CutoffListener;
import richelieu.strategies.ismcts.IsmctsStrategy;

/**
 * Perfect-information Monte Carlo with an exact solver: at a decision near the end of the game,
 * deal the hidden tokens in as many ways as the budget allows ({@link Observation#determinize}:
 * each assignment consistent with what this seat has seen), solve each deal exactly for every
 * legal action ({@link Solver}), and play the action with the most wins over the deals (a draw
 * half a win); among equals, the one with the best score margin at the end of the current turn
 * in a single deal (the first deal drawn for the decision), so that of equally won actions it
 * keeps the points — or, with {@link Ties#EXACT}, the one with the best exact final margin summed
 * over the same deals, the solver's own measure of the points it keeps. Earlier in the game, where exact solving is out of reach, another bot decides
 * ({@code mid}), or, with {@code depth}, the same dealing over depth-limited searches, whose
 * actions are ranked by their mean value over the deals.
 *
 * <p>PIMC is the method of card games with little hidden information (Ginsberg's GIB for
 * bridge, Long et al. 2010 on why it works): here all 48 cards are open and only the tokens are
 * hidden, so the deals differ little and an exact answer for each is worth more than an
 * estimate. Its known flaw — it assumes it will learn the hidden tokens — matters least here,
 * where they come out one by one anyway.
 */
public final class PimcStrategy extends SearchBot {
    /**
     * @param budget      deals per decision, or milliseconds on a clock
     * @param exactCards  solve exactly when at most this many cards are on the table
     * @param tableBits   the solver's transposition table holds 2^tableBits entries
     * @param depth       before exact reach: if &gt; 0, search each deal this many turns beyond the
     *                    current one with {@code heuristic-2p}'s evaluation; 0: the mid-game bot
     * @param exactMillis a budget of deals: the exact phase of a decision stops after this many
     *                    ms of the thread's CPU time, the deals solved by then deciding (none:
     *                    as when a timed decision's first deal does not fit)
     * @param techniques  the exact searches' techniques (the depth-limited ones use none)
     * @param horizonBits the depth-limited searches' table holds 2^horizonBits entries
     * @param ties        how the exact phase ranks the actions with the most wins
     */
    record Settings(SearchBudget budget, int exactCards, int tableBits, int depth, int exactMillis,
                    Techniques techniques, int horizonBits, Ties ties) {
    }

    /** How the exact phase ranks the actions with the most wins over the deals. */
    enum Ties {
        /**
         * By the score margin at the end of the current turn in one deal (deal 0): nothing to
         * solve beyond the outcomes, but blind to points won or lost in later turns.
         */
        TURN_END,
        /**
         * By the exact final margin summed over the deals of the outcomes (the first of them that
         * fit the budget), each tied action solved once more for its value; the turn-end margin
         * then ranks what is still equal, and ranks alone if not even one deal fits. The deals
         * are kept from the outcomes' pass, so both passes see the same tokens.
         */
        EXACT
    }

    private final HeuristicStrategy.Weights weights;
    private final Settings settings;
    private final Strategy mid;
    private final int[] actions = new int[Action.MAX_LEGAL];
    private final long[] wins = new long[Action.MAX_LEGAL];
    private final long[] margins = new long[Action.MAX_LEGAL];
    private final long[] fallback = new long[Action.MAX_LEGAL];
    /** With {@link Ties#EXACT}: the exact margins of the tied-best actions summed over the deals. */
    private final long[] exactMargins = new long[Action.MAX_LEGAL];
    /** True when {@link #exactMargins} rank this decision's tied-best actions. */
    private boolean exactTies;
    private final int[] tied = new int[Action.MAX_LEGAL];
    private final int[] tiedIndex = new int[Action.MAX_LEGAL];
    private final TokenDeals tokenDeals = new TokenDeals();
    private final DealTally tally = new DealTally();
    /** The depth-limited searches, judged by the heuristic evaluation at their horizon. */
    private Solver horizon;
    /** The exact searches of the endgame. */
    private Solver solver;
    private Layout layout;
    private Rules rules;
    /** The deals the last decision's exact phase completed, -1 if it had none. */
    private int exactDeals = -1;

    PimcStrategy(HeuristicStrategy.Weights weights, Settings settings, Strategy mid, String name) {
        super(name, settings.budget());
        this.weights = weights;
        this.settings = settings;
        this.mid = mid;
    }

    @Override
    public void gameStarted(GameStart start) {
        super.gameStarted(start);
        // the mid-game bot draws from a stream of its own, split off deterministically
        mid.gameStarted(new GameStart(start.seat(), start.rules(), start.layout(), random().split()));
        if (start.layout() != layout || !start.rules().equals(rules)) {
            layout = start.layout();
            rules = start.rules();
            horizon = null;
            solver = null;
        }
    }

    /**
     * A tool's hook: {@code listener} hears every position the mid-game search's cut-short rollouts
     * stop in, before it is judged ({@link IsmctsStrategy#recordCutoffs}); null: none.
     *
     * @throws IllegalStateException if the mid-game bot is not that search
     */
    public void recordCutoffs(CutoffListener listener) {
        if (!(mid instanceof IsmctsStrategy search)) {
            throw new IllegalStateException("the mid-game bot " + mid.name() + " has no cut-offs");
        }
        search.recordCutoffs(listener);
    }

    @Override
    public void actionPlayed(int seat, int action) {
        mid.actionPlayed(seat, action);
    }

    @Override
    public void gameEnded(GameResult result) {
        mid.gameEnded(result);
    }

    @Override
    public int chooseAction(Observation observation, LegalActions legal) {
        boolean exact = OpenGame.cardsToPlay(observation.table()) <= settings.exactCards();
        exactDeals = -1;
        exactTies = false;
        if (observation.players() != 2 || !exact && settings.depth() == 0) {
            return mid.chooseAction(observation, legal);
        }
        // gameStarted forgets the solvers whenever the layout or the rules change
        if (horizon == null) {
            // (the heuristic horizon needs keys of whole positions: no partition; and the
            // techniques that change which table entries a depth-limited search meets would
            // change its turn-end margins, so pimc plays the games it always has)
            horizon = new Solver(observation.rules(), observation.layout(), settings.horizonBits(), Techniques.NONE);
            horizon.setEvaluation(new HeuristicEvaluation(weights, observation.rules(), observation.layout()));
        }
        if (exact && solver == null) {
            // exact outcomes are the same with every technique, only cheaper
            solver = new Solver(observation.rules(), observation.layout(), settings.tableBits(), settings.techniques());
        }
        SearchBudget budget = budget();
        long now = budget.start();
        boolean timed = budget.timed();
        long deadline = budget.deadline(now);
        int n = legal.size();
        for (int i = 0; i < n; i++) {
            actions[i] = legal.get(i);
        }
        // the bot's own stream, deal after deal (kept to value the tied actions on the same deals;
        // keeping them draws the same tokens)
        boolean valueTies = exact && settings.ties() == Ties.EXACT;
        tokenDeals.newDecision(observation, d -> random(), valueTies);
        // every action judged at the end of this turn, in one deal (deal 0): the tie-break of the
        // exact outcomes, and a choice ready at once should even one deal of the real search not fit
        deal(Query.TURN_END, n, 1, 0, 0, budget.clock());
        System.arraycopy(margins, 0, fallback, 0, n);
        int deals = timed ? Integer.MAX_VALUE : budget.count();
        if (exact) {
            // win, draw or loss of every action in as many deals as fit; the first within half the
            // time. A budget of deals has a bound in CPU time, as a solve far from the end of the
            // game may not finish in any time worth waiting
            BudgetClock clock = timed ? budget.clock() : BudgetClock.CPU;
            long bound = timed ? deadline : clock.now() + settings.exactMillis() * 1_000_000L;
            long halfway = timed ? budget.halfway(now) : bound;
            // a timed budget that values ties leaves the outcomes half of it, the ties the rest
            int done = deal(Query.OUTCOME, n, deals, valueTies ? halfway : bound, halfway, clock);
            exactDeals = done;
            System.arraycopy(fallback, 0, margins, 0, n);
            if (valueTies && done > 0) {
                valueTies(n, done, bound, clock);
            }
            if (done == 0) {
                if (settings.depth() != 0) {
                    return best(legal);
                }
                if (timed && mid instanceof SearchBot searchBot) {
                    // the mid-game search gets what is left of this decision's budget, not a whole one
                    searchBot.capNextDecision(deadline);
                }
                return mid.chooseAction(observation, legal);
            }
        } else if (deal(Query.depth(settings.depth()), n, deals, deadline, deadline, budget.clock()) == 0) {
            System.arraycopy(fallback, 0, margins, 0, n);
        }
        return best(legal);
    }

    /** The deals the last decision's exact phase completed (what a time budget affords), -1 if it had none. */
    int exactDeals() {
        return exactDeals;
    }

    /** How the exact phase ranks the actions with the most wins. */
    Ties ties() {
        return settings.ties();
    }

    /** Positions the exact searches have visited since the bot was made or its layout changed. */
    long exactNodes() {
        return solver == null ? 0 : solver.nodes();
    }

    /**
     * The action with the most wins over the deals, then (when {@link #exactTies}) the largest
     * {@link #exactMargins}, then the largest {@link #margins} (the exact phase puts the one-deal
     * margins at the end of the turn there).
     */
    private int best(LegalActions legal) {
        int best = 0;
        for (int i = 1; i < legal.size(); i++) {
            if (wins[i] != wins[best]) {
                if (wins[i] > wins[best]) {
                    best = i;
                }
            } else if (exactTies && exactMargins[i] != exactMargins[best]) {
                if (exactMargins[i] > exactMargins[best]) {
                    best = i;
                }
            } else if (margins[i] > margins[best]) {
                best = i;
            }
        }
        return legal.get(best);
    }

    /**
     * {@link Ties#EXACT}: values the actions with the most wins exactly in the kept deals 1 to
     * {@code done} (those of the outcomes), as many as fit before {@code deadline}, and puts their
     * margins summed over the deals finished in {@link #exactMargins}. Every tied action is summed
     * over the same deals, so the sums compare as means do. Nothing to do for a single best action;
     * if not even the first deal fits, the turn-end margins rank alone.
     */
    private void valueTies(int n, int done, long deadline, BudgetClock clock) {
        long most = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            most = Math.max(most, wins[i]);
        }
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (wins[i] == most) {
                tied[k] = actions[i];
                tiedIndex[k++] = i;
            }
        }
        if (k < 2) {
            return;
        }
        int valued = tokenDeals.sample(solver.analyst(Query.EXACT), tied, k, 1, done, deadline, deadline, clock, tally);
        if (valued == 0) {
            return;
        }
        java.util.Arrays.fill(exactMargins, 0, n, 0);
        for (int j = 0; j < k; j++) {
            exactMargins[tiedIndex[j]] = tally.marginSum(j);
        }
        exactTies = true;
    }

    /**
     * Deals the hidden tokens as often as the budget allows (deals 1, 2, … of the decision, or
     * deal 0 for the turn-end judgement) and adds up each action over the deals: {@link #wins},
     * 2 a win and 1 a draw, when {@code query} asks for outcomes; otherwise {@link #margins}, the
     * values (this seat's side).
     *
     * @param deals         at most this many deals
     * @param deadline      the time on {@code clock} to stop dealing at, or 0: no time limit
     * @param firstDeadline when the first deal is cut short; 0: it always completes
     * @param clock         what the deadlines are times of
     * @return the deals completed (0 only if the first was cut short)
     */
    private int deal(Query query, int n, int deals, long deadline, long firstDeadline, BudgetClock clock) {
        Analyst analyst = (query.kind() == Query.Kind.OUTCOME ? solver : horizon).analyst(query);
        int first = query.kind() == Query.Kind.TURN_END ? 0 : 1;
        int done = tokenDeals.sample(analyst, actions, n, first, deals, firstDeadline, deadline, clock, tally);
        boolean outcomes = query.kind() == Query.Kind.OUTCOME;
        for (int i = 0; i < n; i++) {
            wins[i] = outcomes ? tally.points2(i) : 0;
            margins[i] = outcomes ? 0 : tally.valueSum(i);
        }
        return done;
    }
}
