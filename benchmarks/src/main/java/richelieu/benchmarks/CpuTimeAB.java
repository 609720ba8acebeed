package richelieu.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * A/B timing for a loaded machine: the benchmark methods of {@link PlayoutBench#randomGame} and
 * {@link LegalActionsBench#legalActions}, timed by this thread's CPU time (not wall time), so
 * time the thread spends descheduled by other processes does not count. Run it on two builds
 * back to back, alternating, and compare the minimum over rounds:
 *
 * <pre>java -cp benchmarks.jar richelieu.benchmarks.CpuTimeAB randomGame 8</pre>
 *
 * <p>{@code search} times {@link SearchBench}'s searches, one per bot of {@link SearchBench#BOTS},
 * in one run instead (interleaved rounds of 40 searches of 1,000 iterations each), so their
 * ratios are figures of one machine state:
 * {@code java -cp benchmarks.jar richelieu.benchmarks.CpuTimeAB search 8}; an optional
 * third argument, 3 or 4, takes the positions from games of that many players (default 2), for
 * equal-CPU iteration budgets of multi-player matches.
 *
 * <p>{@code solver} times {@link SolverBench#value}'s exact solves (16 positions at the cards
 * left given as the third argument, default 10), each position's table cleared and loaded outside
 * the timing: {@code java -cp benchmarks.jar richelieu.benchmarks.CpuTimeAB solver 8 10}, CPU
 * nanoseconds per node visited.
 *
 * JMH stays the reference (forks, warm-up, Blackhole); this only ranks two builds when the
 * machine is too busy for wall-clock JMH figures to mean anything (results/benchmarks/rule-facts-speed).
 */
public final class CpuTimeAB {
    private CpuTimeAB() {
    }

    /** @param args benchmark ({@code randomGame}, {@code search} or a {@link Positions.Kind} name), rounds[, players for {@code search}] */
    public static void main(String[] args) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String which = args[0];
        int rounds = Integer.parseInt(args[1]);
        if (which.equals("search")) {
            search(mx, rounds, args.length > 2 ? Integer.parseInt(args[2]) : 2);
            return;
        }
        if (which.equals("solver")) {
            solver(mx, rounds, args.length > 2 ? Integer.parseInt(args[2]) : 10);
            return;
        }
        double[] nsPerOp = new double[rounds];
        long sink;
        if (which.equals("randomGame")) {
            PlayoutBench b = new PlayoutBench();
            b.players = 2;
            b.setup();
            sink = timeRounds(mx, b::randomGame, 200_000, 20_000, nsPerOp);
        } else {
            LegalActionsBench b = new LegalActionsBench();
            b.kind = Positions.Kind.valueOf(which);
            b.setup();
            sink = timeRounds(mx, b::legalActions, 20_000_000, 2_000_000, nsPerOp);
        }
        Arrays.sort(nsPerOp);
        System.out.printf("%s min %.2f med %.2f ns/op (checksum %d)%n", which, nsPerOp[0], nsPerOp[rounds / 2], sink);
    }

    /**
     * Calls {@code op} {@code warmUp} times, then times {@code perRound} calls a round by this
     * thread's CPU time into {@code nsPerOp} (one round per slot); the sum of the results, so
     * the JIT cannot drop the calls.
     */
    private static long timeRounds(ThreadMXBean mx, LongSupplier op, int warmUp, int perRound, double[] nsPerOp) {
        long sink = 0;
        for (int i = 0; i < warmUp; i++) {
            sink += op.getAsLong();
        }
        for (int r = 0; r < nsPerOp.length; r++) {
            long t0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < perRound; i++) {
                sink += op.getAsLong();
            }
            nsPerOp[r] = (mx.getCurrentThreadCpuTime() - t0) / (double) perRound;
        }
        return sink;
    }

    private static void solver(ThreadMXBean mx, int rounds, int cards) {
        SolverBench.Table t = new SolverBench.Table();
        t.cards = cards;
        t.setup();
        double[] nsPerNode = new double[rounds];
        long sink = 0;
        for (int r = -2; r < rounds; r++) { // two rounds of warm-up
            long cpu = 0;
            long nodes = 0;
            for (int i = 0; i < SolverBench.COUNT; i++) {
                t.next(); // clears the table and loads the position, outside the timing
                richelieu.engine.solver.Solver s = t.solvers[t.next];
                long before = s.nodes();
                long t0 = mx.getCurrentThreadCpuTime();
                sink += s.solve();
                cpu += mx.getCurrentThreadCpuTime() - t0;
                nodes += s.nodes() - before;
            }
            if (r >= 0) {
                nsPerNode[r] = (double) cpu / nodes;
            }
        }
        Arrays.sort(nsPerNode);
        System.out.printf("solver %d cards: min %.1f med %.1f ns per node (thread CPU time; checksum %d)%n", cards,
                nsPerNode[0], nsPerNode[rounds / 2], sink);
    }

    private static void search(ThreadMXBean mx, int rounds, int players) {
        SearchBench b = new SearchBench();
        SearchBench.Decisions decisions = new SearchBench.Decisions();
        decisions.players = players;
        decisions.setup();
        String[] names = SearchBench.BOTS;
        SearchBench.Search[] searches = new SearchBench.Search[names.length];
        for (int w = 0; w < names.length; w++) {
            searches[w] = new SearchBench.Search();
            searches[w].bot = names[w];
            searches[w].setup(decisions);
        }
        System.out.printf("search: %d players, %d rounds%n", players, rounds);
        double[][] nsPerIteration = new double[names.length][rounds];
        long sink = 0;
        for (int r = -3; r < rounds; r++) { // three rounds of warm-up
            for (int w = 0; w < names.length; w++) {
                long t0 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < 40; i++) {
                    sink += b.search(decisions, searches[w]);
                }
                if (r >= 0) {
                    nsPerIteration[w][r] = (mx.getCurrentThreadCpuTime() - t0) / (40.0 * SearchBench.ITERATIONS);
                }
            }
        }
        for (double[] ns : nsPerIteration) {
            Arrays.sort(ns);
        }
        double base = nsPerIteration[0][rounds / 2];
        for (int w = 0; w < names.length; w++) {
            double med = nsPerIteration[w][rounds / 2];
            System.out.printf("%-30s min %.0f med %.0f ns per iteration (thread CPU time); ismcts's median / this median %.3f%n",
                    names[w], nsPerIteration[w][0], med, base / med);
        }
        System.out.println("checksum " + sink);
    }
}
