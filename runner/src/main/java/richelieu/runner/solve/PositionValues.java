package richelieu.runner.solve;

import richelieu.engine.Action;
import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.solver.DealTally;
import richelieu.engine.solver.Query;
import richelieu.engine.solver.RootValues;
import richelieu.engine.solver.TokenDeals;
import richelieu.runner.stats.DerivedSeeds;
import richelieu.engine.solver.OpenGame;
import richelieu.engine.solver.Solver;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The values of every legal action of one two-player position, by the exact solver
 * ({@link Solver}), in the two ways {@code solve} answers:
 * <ul>
 * <li>{@link #open}: with every token known (the true deal): each action's exact value;</li>
 * <li>{@link #sampled}: with only what the seat to move knows, as a bot would: token deals drawn
 * consistent with its {@link Observation} ({@link Observation#determinize}), each solved exactly,
 * and per action the wins, draws and losses over the deals and the summed margin.</li>
 * </ul>
 * Every figure is from the side of the seat to move (the solver's values are seat 0's). A search
 * that runs past the deadline is abandoned: {@link #open} then answers nothing, {@link #sampled}
 * keeps the deals it finished.
 *
 * <p>Both ask the solver's analysis call ({@link Solver#analyse}): {@link #open} for every
 * action's exact value ({@link Query#EXACT}), which it prints; {@link #sampled} for every action's
 * margin and outcome only ({@link Query#MARGIN}: the tie-break within a point only where the
 * outcome needs it), all that its tallies read. A null window would give an action's outcome but
 * not its margin. The one
 * table is kept from deal to deal (a deal's token assignment is part of the key), so later
 * searches reuse what earlier ones learnt; {@link #sampled} draws its deals through the one loop
 * over token deals ({@link TokenDeals}).
 */
public final class PositionValues {
    /**
     * A table of 2^22 entries (64 MB). On three 14-card positions (10^7 positions searched each)
     * 2^20 entries searched 27% more positions than 2^22, and 2^24 or 2^26 only 2% fewer but
     * slower, each probe missing the cache more (results/solver-frontier.md).
     */
    public static final int TABLE_BITS = 22;

    /** One action's exact value: {@code value} in {@link OpenGame#value}'s units, from the mover's side. */
    public record Exact(int action, int value) {
        /** The final score margin under best play, from the mover's side. */
        public int margin() {
            return RootValues.margin(value);
        }

        /** 1 win, 0 draw, -1 loss (R20), for the mover. */
        public int outcome() {
            return Integer.signum(value);
        }
    }

    /**
     * The exact values of the position's actions, best first (ties in legal-set order), and the
     * positions searched.
     */
    public record Open(int value, List<Exact> actions, long positions) {
    }

    /**
     * One action over the deals: how many it wins, draws and loses under best play after it, and
     * the sum of its margins (mover's side).
     */
    public record ActionTally(int action, int wins, int draws, int losses, long marginSum) {
        int deals() {
            return wins + draws + losses;
        }

        /** Twice the points it scores over the deals (win 2, draw 1): an integer to rank by. */
        long points2() {
            return 2L * wins + draws;
        }

        /** The mean margin over the deals. */
        public double meanMargin() {
            return (double) marginSum / deals();
        }
    }

    /**
     * Per action over the deals solved, best first (most wins and half draws, then the largest
     * summed margin, then legal-set order); {@code deals} of {@code asked} were solved before
     * the deadline.
     */
    public record Sampled(int deals, int asked, List<ActionTally> actions, long positions) {
        public boolean stopped() {
            return deals < asked;
        }
    }

    private PositionValues() {
    }

    /**
     * Every legal action's exact value in {@code s} (a full state, two players, not over), or null
     * if the searches ran past {@code deadline} ({@link System#nanoTime}).
     */
    public static Open open(GameState s, long deadline) {
        Solver solver = new Solver(s.rules(), s.layout(), TABLE_BITS);
        RootValues values = new RootValues();
        int[] legal = new int[Action.MAX_LEGAL];
        values.setActions(legal, s.legalActions(legal));
        solver.analyse(s, Query.EXACT, deadline, BudgetClock.WALL, values);
        if (!values.complete()) {
            return null;
        }
        List<Exact> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            out.add(new Exact(values.action(i), values.value(i)));
        }
        out.sort((a, b) -> Integer.compare(b.value(), a.value())); // stable: ties keep the legal order
        return new Open(out.get(0).value(), List.copyOf(out), solver.nodes());
    }

    /**
     * The actions of {@code s} (two players, not over) over {@code samples} token deals drawn
     * consistent with what its seat to move observes: deal i from the stream
     * {@link DerivedSeeds#solveTokenDeal}{@code (seed, i)}. Deals are solved in order until the deadline
     * ({@link System#nanoTime}); a deal not finished by then is left out.
     */
    public static Sampled sampled(GameState s, int samples, long seed, long deadline) {
        Solver solver = new Solver(s.rules(), s.layout(), TABLE_BITS);
        int[] legal = new int[Action.MAX_LEGAL];
        int n = s.legalActions(legal);
        TokenDeals deals = new TokenDeals();
        deals.newDecision(s.observe(s.toMove()), d -> new SplittableRandom(DerivedSeeds.solveTokenDeal(seed, d)), false);
        DealTally tally = new DealTally();
        int done = deals.sample(solver.analyst(Query.MARGIN), legal, n, 0, samples, deadline, deadline, BudgetClock.WALL,
                tally);
        List<ActionTally> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new ActionTally(tally.action(i), tally.wins(i), tally.draws(i), tally.losses(i), tally.marginSum(i)));
        }
        out.sort((a, b) -> a.points2() != b.points2() ? Long.compare(b.points2(), a.points2())
                : Long.compare(b.marginSum(), a.marginSum()));
        return new Sampled(done, samples, List.copyOf(out), solver.nodes());
    }

    /** True if {@code t} ranks with the first of {@code ranked} (same points and summed margin). */
    static boolean best(ActionTally t, List<ActionTally> ranked) {
        ActionTally first = ranked.get(0);
        return t.points2() == first.points2() && t.marginSum() == first.marginSum();
    }
}
