package richelieu.runner.solve;

import richelieu.engine.Action;
import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.Observation;
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
 * that runs past the deadline is abandoned ({@link Solver#setDeadline}): {@link #open} then
 * answers nothing, {@link #sampled} keeps the deals it finished.
 *
 * <p>Each action is searched with a full window on its own: a null window would give its
 * outcome but not its margin. The one table is kept from action to action and deal to deal (a
 * deal's token assignment is part of the key), so later searches reuse what earlier ones learnt.
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
            return PositionValues.margin(value);
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
    public record Tally(int action, int wins, int draws, int losses, long marginSum) {
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
    public record Sampled(int deals, int asked, List<Tally> actions, long positions) {
        public boolean stopped() {
            return deals < asked;
        }
    }

    private PositionValues() {
    }

    /** The margin in points of a value (its tie-break part is below half a point, so rounding is exact). */
    static int margin(int value) {
        return Math.floorDiv(value + OpenGame.SCALE / 2, OpenGame.SCALE);
    }

    /**
     * Every legal action's exact value in {@code s} (a full state, two players, not over), or null
     * if the searches ran past {@code deadline} ({@link System#nanoTime}).
     */
    public static Open open(GameState s, long deadline) {
        Solver solver = new Solver(s.rules(), s.layout(), TABLE_BITS);
        solver.setDeadline(deadline, BudgetClock.WALL);
        int[] legal = new int[Action.MAX_LEGAL];
        int n = s.legalActions(legal);
        int side = s.toMove() == 0 ? 1 : -1;
        List<Exact> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            solver.load(s);
            int v = solver.valueAfter(legal[i]);
            if (solver.stopped()) {
                return null;
            }
            out.add(new Exact(legal[i], side * v));
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
        solver.setDeadline(deadline, BudgetClock.WALL);
        int[] legal = new int[Action.MAX_LEGAL];
        int n = s.legalActions(legal);
        int side = s.toMove() == 0 ? 1 : -1;
        Observation seen = s.observe(s.toMove());
        GameState deal = seen.newState();
        int[][] wdl = new int[n][3]; // wins, draws, losses
        long[] marginSum = new long[n];
        int[] values = new int[n];
        int done = 0;
        deals:
        for (int d = 0; d < samples; d++) {
            seen.determinize(new SplittableRandom(DerivedSeeds.solveTokenDeal(seed, d)), deal);
            for (int i = 0; i < n; i++) {
                solver.load(deal);
                values[i] = side * solver.valueAfter(legal[i]);
                if (solver.stopped()) {
                    break deals;
                }
            }
            for (int i = 0; i < n; i++) {
                wdl[i][1 - Integer.signum(values[i])]++;
                marginSum[i] += margin(values[i]);
            }
            done++;
        }
        List<Tally> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new Tally(legal[i], wdl[i][0], wdl[i][1], wdl[i][2], marginSum[i]));
        }
        out.sort((a, b) -> a.points2() != b.points2() ? Long.compare(b.points2(), a.points2())
                : Long.compare(b.marginSum(), a.marginSum()));
        return new Sampled(done, samples, List.copyOf(out), solver.nodes());
    }

    /** True if {@code t} ranks with the first of {@code ranked} (same points and summed margin). */
    static boolean best(Tally t, List<Tally> ranked) {
        Tally first = ranked.get(0);
        return t.points2() == first.points2() && t.marginSum() == first.marginSum();
    }
}
