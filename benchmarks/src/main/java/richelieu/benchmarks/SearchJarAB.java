package richelieu.benchmarks;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;

/**
 * A/B of two builds in one process: each benchmarks jar gets its own class loader, and
 * {@link SearchBench#search} of one bot runs on both, round by round (the order alternating),
 * timed by this thread's CPU time, so both builds see the same machine load at the same
 * moments. Prints each build's median ns per iteration, the median of the per-round ratios and
 * in how many rounds B was faster, and the checksum of the moves found (equal: the same
 * searches):
 *
 * <pre>java -cp benchmarks.jar richelieu.benchmarks.SearchJarAB ismcts 80 40 before.jar after.jar</pre>
 *
 * <p>Run it twice with the jars swapped and take the geometric mean of the two ratios: the
 * build loaded second ran about 1% faster in A/A runs on the shared machine (2026-11-28), which
 * is as large as the effects it is for. Only the public benchmark API is called (reflection per
 * search, not per iteration), so any two builds since SearchBench existed can be compared.
 */
public final class SearchJarAB {
    private SearchJarAB() {
    }

    /** @param args bot, rounds, searches per round, jar A, jar B */
    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            usage("expected 5 arguments, got " + args.length);
        }
        int rounds = positive(args[1], "rounds");
        int searches = positive(args[2], "searches per round");
        Build a = new Build(jar(args[3]), args[0]);
        Build b = new Build(jar(args[4]), args[0]);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double[] nsA = new double[rounds];
        double[] nsB = new double[rounds];
        for (int r = -4; r < rounds; r++) { // four rounds of warm-up
            boolean aFirst = (r & 1) == 0;
            double first = (aFirst ? a : b).time(mx, searches);
            double second = (aFirst ? b : a).time(mx, searches);
            if (r >= 0) {
                nsA[r] = aFirst ? first : second;
                nsB[r] = aFirst ? second : first;
            }
        }
        double[] ratio = new double[rounds];
        int bFaster = 0;
        for (int r = 0; r < rounds; r++) {
            ratio[r] = nsA[r] / nsB[r];
            bFaster += nsB[r] < nsA[r] ? 1 : 0;
        }
        Arrays.sort(ratio);
        System.out.printf("%s: A %s median %.0f ns/iteration, B %s median %.0f; median A/B per round x%.3f, "
                        + "B faster in %d of %d rounds; checksums %d %d%n", args[0], args[3], median(nsA), args[4],
                median(nsB), ratio[rounds / 2], bFaster, rounds, a.checksum, b.checksum);
    }

    /** One build's SearchBench, loaded by its own class loader. */
    private static final class Build {
        final Object bench;
        final Object decisions;
        final Object search;
        final Method run;
        long checksum;

        Build(File jar, String bot) throws Exception {
            ClassLoader loader = new URLClassLoader(new URL[]{jar.toURI().toURL()},
                    ClassLoader.getPlatformClassLoader());
            Class<?> benchClass = loader.loadClass("richelieu.benchmarks.SearchBench");
            Class<?> decisionsClass = loader.loadClass("richelieu.benchmarks.SearchBench$Decisions");
            Class<?> searchClass = loader.loadClass("richelieu.benchmarks.SearchBench$Search");
            bench = benchClass.getConstructor().newInstance();
            decisions = decisionsClass.getConstructor().newInstance();
            decisionsClass.getMethod("setup").invoke(decisions);
            search = searchClass.getConstructor().newInstance();
            searchClass.getField("bot").set(search, bot);
            searchClass.getMethod("setup", decisionsClass).invoke(search, decisions);
            run = benchClass.getMethod("search", decisionsClass, searchClass);
        }

        /** CPU ns per iteration over {@code searches} searches. */
        double time(ThreadMXBean mx, int searches) throws Exception {
            long t0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < searches; i++) {
                checksum = checksum * 31 + (Integer) run.invoke(bench, decisions, search);
            }
            return (mx.getCurrentThreadCpuTime() - t0) / ((double) searches * SearchBench.ITERATIONS);
        }
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static int positive(String s, String what) {
        try {
            int n = Integer.parseInt(s);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        usage(what + " must be a positive integer, got '" + s + "'");
        return 0;
    }

    private static File jar(String path) {
        File f = new File(path);
        if (!f.isFile()) {
            usage("no such jar: " + path);
        }
        return f;
    }

    private static void usage(String why) {
        System.err.println("SearchJarAB: " + why
                + " (usage: SearchJarAB BOT ROUNDS SEARCHES_PER_ROUND JAR_A JAR_B)");
        System.exit(2);
    }
}
