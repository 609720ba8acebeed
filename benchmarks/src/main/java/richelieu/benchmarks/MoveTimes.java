package richelieu.benchmarks;

import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;
import richelieu.engine.Strategy;
import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;
import richelieu.strategies.ForwardingStrategy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * How long time-budgeted bots really take per decision in a match: plays {@code games} games of
 * bot A against bot B (2 players, or PLAYERS with the seats A, B, A, B…, shifted by one every
 * game) on {@code threads} threads (one game per thread at a time, as the
 * runner plays them), times every {@link Strategy#chooseAction} call of both seats with
 * {@link System#nanoTime} around the call (the bot's whole decision, nothing of the driver) and
 * prints the distribution per bot: p50, p90, p99, p99.9, max, and the share of decisions over
 * 1.25× the budget; beside it the CPU time the deciding thread got during the same calls
 * ({@link java.lang.management.ThreadMXBean#getCurrentThreadCpuTime}), which tells time lost
 * to other processes (wall ≫ CPU) from time the bot itself overran (CPU &gt; budget). Every decision is counted, the first (JIT warm-up) games included.
 * The mean CPU time per decision of each bot (also printed) checks that two iteration budgets
 * give the bots equal CPU in real games (results/search.md, 3 and 4 players).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar richelieu.benchmarks.MoveTimes \
 *      'ismcts:millis=20' 'ismcts:millis=20' GAMES THREADS SEED [PLAYERS]
 * </pre>
 * Wall-clock figures depend on the machine's load: the output prints the load average.
 */
public final class MoveTimes {
    private MoveTimes() {
    }

    /** Times the decisions of the bot it wraps; forwards everything else. */
    static final class Timed extends ForwardingStrategy {
        private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();
        long[] nanos = new long[1024];
        long[] cpuNanos = new long[1024];
        int count;
        /** The most CPU time one decision took, and which of this bot's decisions it was (1 = its first). */
        long maxCpu;
        int maxCpuAt;

        Timed(Strategy inner) {
            super(inner);
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            long c0 = CPU.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            int a = inner.chooseAction(observation, legal);
            long t = System.nanoTime() - t0;
            long c = CPU.getCurrentThreadCpuTime() - c0;
            if (count == nanos.length) {
                nanos = Arrays.copyOf(nanos, count * 2);
                cpuNanos = Arrays.copyOf(cpuNanos, count * 2);
            }
            cpuNanos[count] = c;
            nanos[count++] = t;
            if (c > maxCpu) {
                maxCpu = c;
                maxCpuAt = count;
            }
            return a;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5 && args.length != 6) {
            System.err.println("usage: MoveTimes BOT_A BOT_B GAMES THREADS SEED [PLAYERS]");
            System.exit(2);
        }
        Bots registry = Bots.standard();
        BotSpec a = registry.parse(args[0]);
        BotSpec b = registry.parse(args[1]);
        int games = Integer.parseInt(args[2]);
        int threads = Integer.parseInt(args[3]);
        long seed = Long.parseLong(args[4]);
        int players = args.length > 5 ? Integer.parseInt(args[5]) : 2;
        System.out.printf(Locale.ROOT, "MoveTimes %s vs %s: %d games of %d players on %d threads, seed %d, %d cores, load %.2f%n",
                a.label(), b.label(), games, players, threads, seed, Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        Rules rules = Rules.standard(players);
        Deck deck = Deck.standard();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        // One instance per seat a bot can hold in a game (A and B alternate, so at most half the
        // seats, rounded up): a strategy object plays one seat at a time.
        int perBot = (players + 1) / 2;
        List<Future<Timed[][]>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int first = t;
            parts.add(pool.submit(() -> {
                Timed[] ta = new Timed[perBot];
                Timed[] tb = new Timed[perBot];
                for (int i = 0; i < perBot; i++) {
                    ta[i] = new Timed(a.newStrategy());
                    tb[i] = new Timed(b.newStrategy());
                }
                Game game = new Game();
                for (int g = first; g < games; g += threads) {
                    // Game g: deal g of the seed and the streams of game g, as every command plays them; seats alternate.
                    Strategy[] seats = new Strategy[players];
                    int na = 0;
                    int nb = 0;
                    for (int s = 0; s < players; s++) {
                        seats[s] = (s + g) % 2 == 0 ? ta[na++] : tb[nb++];
                    }
                    game.play(rules, Seeds.deal(deck, seed, g), seats, Seeds.botStreams(seed, g, 0, players));
                }
                return new Timed[][]{ta, tb};
            }));
        }
        long[] da = new long[0];
        long[] db = new long[0];
        long[] ca = new long[0];
        long[] cb = new long[0];
        for (Future<Timed[][]> f : parts) {
            Timed[][] t = f.get();
            for (int i = 0; i < perBot; i++) {
                da = concat(da, t[0][i].nanos, t[0][i].count);
                db = concat(db, t[1][i].nanos, t[1][i].count);
                ca = concat(ca, t[0][i].cpuNanos, t[0][i].count);
                cb = concat(cb, t[1][i].cpuNanos, t[1][i].count);
            }
        }
        pool.shutdown();
        for (Future<Timed[][]> f : parts) {
            Timed[][] t = f.get();
            for (int i = 0; i < perBot; i++) {
                System.out.printf(Locale.ROOT, "thread: most CPU in one decision A %.2f ms (its decision #%d), B %.2f ms (#%d)%n",
                        ms(t[0][i].maxCpu), t[0][i].maxCpuAt, ms(t[1][i].maxCpu), t[1][i].maxCpuAt);
            }
        }
        report("A " + a.label() + " wall", a, da);
        report("  its thread's CPU time", a, ca);
        report("B " + b.label() + " wall", b, db);
        report("  its thread's CPU time", b, cb);
    }

    private static long[] concat(long[] acc, long[] more, int count) {
        long[] out = Arrays.copyOf(acc, acc.length + count);
        System.arraycopy(more, 0, out, acc.length, count);
        return out;
    }

    private static void report(String title, BotSpec bot, long[] nanos) {
        Arrays.sort(nanos);
        int n = nanos.length;
        if (n == 0) {
            System.out.printf("%s: no decisions%n", title);
            return;
        }
        double mean = Arrays.stream(nanos).average().orElse(0);
        String budgetText = bot.params().isSet(Bots.MOVE_TIME_PARAMETER) ? bot.params().getString(Bots.MOVE_TIME_PARAMETER) : null;
        long over = 0;
        if (budgetText != null) {
            long limit = Long.parseLong(budgetText) * 1_250_000L;
            for (long x : nanos) {
                if (x > limit) {
                    over++;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s: %,d decisions  mean %.3f ms  p50 %.2f ms  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f ms%s%n",
                title, n, ms((long) mean), ms(rank(nanos, 0.50)), ms(rank(nanos, 0.90)), ms(rank(nanos, 0.99)),
                ms(rank(nanos, 0.999)), ms(nanos[n - 1]),
                budgetText == null ? "" : String.format(Locale.ROOT, "  over 1.25x budget: %d (%.2f%%)", over,
                        100.0 * over / n));
    }

    /** Nearest-rank percentile: the smallest value with at least q of the sample at or below it. */
    static long rank(long[] sorted, double q) {
        int k = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, k - 1))];
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
