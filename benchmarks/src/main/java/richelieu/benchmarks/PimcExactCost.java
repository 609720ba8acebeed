package richelieu.benchmarks;

import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.solver.DealTally;
import richelieu.engine.solver.Query;
import richelieu.engine.solver.Solver;
import richelieu.engine.solver.Techniques;
import richelieu.engine.solver.TokenDeals;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What {@code pimc}'s exact phase costs with every solver technique and with none, on the
 * frontier's positions ({@link SolverPositions}, base game): at each position, the decision's
 * token deals ({@link TokenDeals}, the seat to move's view) and every action's exact outcome in
 * each ({@link Query#OUTCOME}), as {@code pimc} asks them, on a solver whose table is emptied
 * before the position (in a game the table keeps what earlier decisions learnt, so these are
 * upper bounds). Two measures per cards count and technique set:
 * <ul>
 * <li>counted: {@code samples} deals, CPU time of this thread and nodes (the two sets must give
 * the same tally of outcomes, checked);</li>
 * <li>timed: as a {@code pimc:millis=M,clock=cpu} decision's exact phase, deals until M ms of
 * CPU time, the first cut short at half of it: how many deals complete.</li>
 * </ul>
 * <pre>java -cp benchmarks.jar richelieu.benchmarks.PimcExactCost 8,9,10,11 12 20 10</pre>
 * (cards counts, positions per count, samples, milliseconds).
 */
public final class PimcExactCost {
    private static final long SEED = 1;
    private static final int GAMES = 30;
    private static final int TABLE_BITS = 20;

    private PimcExactCost() {
    }

    public static void main(String[] args) {
        int[] counts = Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray();
        int perCount = Integer.parseInt(args[1]);
        int samples = Integer.parseInt(args[2]);
        int millis = Integer.parseInt(args[3]);
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        Rules rules = Rules.twoPlayer();
        SolverPositions positions = SolverPositions.play(rules, SEED, GAMES);
        Techniques[] sets = {Techniques.NONE, Techniques.ALL};
        Solver[] solvers = new Solver[sets.length];
        // the positions' layouts differ: a solver per position and set, made outside the timing
        System.out.printf(Locale.ROOT, "load %.2f; %d deals a decision counted, %d ms timed (first deal by half)%n",
                os.getSystemLoadAverage(), samples, millis);
        System.out.println("cards positions | NONE ms/decision  ALL ms | NONE nodes  ALL nodes | ratio CPU (median)"
                + "  ratio nodes | deals in " + millis + " ms NONE (median, min, none done)  ALL");
        for (int c = -1; c < counts.length; c++) {
            // the first pass, over the smallest count, warms the JIT and is not shown
            int cards = c < 0 ? counts[0] : counts[c];
            List<SolverPositions.Position> at = positions.withCards(cards, perCount);
            double[][] cpu = new double[sets.length][at.size()];
            long[][] nodes = new long[sets.length][at.size()];
            int[][] timedDeals = new int[sets.length][at.size()];
            for (int p = 0; p < at.size(); p++) {
                GameState s = at.get(p).state();
                long[] tally0 = null;
                for (int k = 0; k < sets.length; k++) {
                    solvers[k] = new Solver(rules, s.layout(), TABLE_BITS, sets[k]);
                    Result r = decide(solvers[k], s, samples, 0, p);
                    cpu[k][p] = r.cpuNanos / 1e6;
                    nodes[k][p] = r.nodes;
                    if (tally0 == null) {
                        tally0 = r.points2;
                    } else if (!Arrays.equals(tally0, r.points2)) {
                        throw new IllegalStateException("the techniques changed the outcomes at " + cards + " cards, game "
                                + at.get(p).game() + ": " + Arrays.toString(tally0) + " vs " + Arrays.toString(r.points2));
                    }
                    solvers[k].clear();
                    timedDeals[k][p] = decide(solvers[k], s, Integer.MAX_VALUE, millis, p).deals;
                }
            }
            if (c < 0) {
                continue;
            }
            double[] ratioCpu = new double[at.size()];
            for (int p = 0; p < at.size(); p++) {
                ratioCpu[p] = cpu[1][p] / cpu[0][p];
            }
            System.out.printf(Locale.ROOT, "%5d %9d | %8.2f %8.2f | %10.0f %10.0f | %6.2f | %6.2f | %5.0f %3d %2d | %5.0f %3d %2d%n",
                    cards, at.size(), median(cpu[0]), median(cpu[1]), mean(nodes[0]), mean(nodes[1]), median(ratioCpu),
                    mean(nodes[1]) / mean(nodes[0]), median(timedDeals[0]), min(timedDeals[0]), zeros(timedDeals[0]),
                    median(timedDeals[1]), min(timedDeals[1]), zeros(timedDeals[1]));
        }
        System.out.printf(Locale.ROOT, "load %.2f%n", os.getSystemLoadAverage());
    }

    private record Result(long cpuNanos, long nodes, int deals, long[] points2) {
    }

    /**
     * One decision's exact phase at {@code s}: up to {@code deals} deals, or with {@code millis} &gt;
     * 0 as many as fit in that much CPU time (the first within half of it).
     */
    private static Result decide(Solver solver, GameState s, int deals, int millis, int position) {
        Observation seen = s.observe(s.toMove());
        int[] actions = new int[richelieu.engine.Action.MAX_LEGAL];
        int n = s.legalActions(actions);
        TokenDeals tokenDeals = new TokenDeals();
        tokenDeals.newDecision(seen, d -> new SplittableRandom(SEED * 1_000_003L + position * 1_009L + d), false);
        DealTally tally = new DealTally();
        BudgetClock clock = BudgetClock.CPU;
        long nodes0 = solver.nodes();
        long t0 = clock.now();
        long deadline = millis > 0 ? t0 + millis * 1_000_000L : 0;
        long first = millis > 0 ? t0 + millis * 500_000L : 0;
        int done = tokenDeals.sample(solver.analyst(Query.OUTCOME), actions, n, 0, deals, first, deadline, clock, tally);
        long cpu = clock.now() - t0;
        long[] points2 = new long[n];
        for (int i = 0; i < n; i++) {
            points2[i] = tally.points2(i);
        }
        return new Result(cpu, solver.nodes() - nodes0, done, points2);
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double median(int[] xs) {
        return median(Arrays.stream(xs).asDoubleStream().toArray());
    }

    private static double mean(long[] xs) {
        return Arrays.stream(xs).average().orElse(0);
    }

    private static int min(int[] xs) {
        return Arrays.stream(xs).min().orElse(0);
    }

    private static int zeros(int[] xs) {
        return (int) Arrays.stream(xs).filter(x -> x == 0).count();
    }
}
