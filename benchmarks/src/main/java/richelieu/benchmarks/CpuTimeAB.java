package richelieu.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * A/B timing for a loaded machine: the benchmark methods of {@link PlayoutBench#randomGame} and
 * {@link LegalActionsBench#legalActions}, timed by this thread's CPU time (not wall time), so
 * time the thread spends descheduled by other processes does not count. Run it on two builds
 * back to back, alternating, and compare the minimum over rounds:
 *
 * <pre>java -cp benchmarks.jar richelieu.benchmarks.CpuTimeAB randomGame 8</pre>
 *
 * JMH stays the reference (forks, warm-up, Blackhole); this only ranks two builds when the
 * machine is too busy for wall-clock JMH figures to mean anything (results/benchmarks/issue14).
 */
public final class CpuTimeAB {
    private CpuTimeAB() {
    }

    /** @param args benchmark ({@code randomGame} or a {@link Positions.Kind} name), rounds */
    public static void main(String[] args) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String which = args[0];
        int rounds = Integer.parseInt(args[1]);
        double[] nsPerOp = new double[rounds];
        long sink = 0;
        if (which.equals("randomGame")) {
            PlayoutBench b = new PlayoutBench();
            b.players = 2;
            b.setup();
            for (int i = 0; i < 200_000; i++) {
                sink += b.randomGame();
            }
            for (int r = 0; r < rounds; r++) {
                long t0 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < 20_000; i++) {
                    sink += b.randomGame();
                }
                nsPerOp[r] = (mx.getCurrentThreadCpuTime() - t0) / 20_000.0;
            }
        } else {
            LegalActionsBench b = new LegalActionsBench();
            b.kind = Positions.Kind.valueOf(which);
            b.setup();
            for (int i = 0; i < 20_000_000; i++) {
                sink += b.legalActions();
            }
            for (int r = 0; r < rounds; r++) {
                long t0 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < 2_000_000; i++) {
                    sink += b.legalActions();
                }
                nsPerOp[r] = (mx.getCurrentThreadCpuTime() - t0) / 2_000_000.0;
            }
        }
        Arrays.sort(nsPerOp);
        System.out.printf("%s min %.2f med %.2f ns/op (checksum %d)%n", which, nsPerOp[0], nsPerOp[rounds / 2], sink);
    }
}
