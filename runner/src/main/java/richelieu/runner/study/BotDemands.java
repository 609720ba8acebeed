package richelieu.runner.study;

import richelieu.runner.UserError;
import richelieu.runner.resultfile.Plan;
import richelieu.strategies.BotSpec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a run's bots ask of the machine, judged before the first game: their tables on every
 * thread must fit the heap (else the run would end in an {@link OutOfMemoryError} in the middle of
 * its games, with nothing saved), and a spec whose decisions are expected to take absurdly long
 * is named on stderr (else the run would sit silent on its first decision).
 */
public final class BotDemands {
    /** What the heap must keep besides the bots' tables: the run's own state, the JVM's. */
    static final long RESERVE_BYTES = 256L << 20;

    private BotDemands() {
    }

    /**
     * Refuses, with one line, a run whose bots' tables cannot all be held at once: each thread
     * holds one bot per bot and per seat it takes in a lineup, and those its study's measure holds
     * ({@link richelieu.runner.resultfile.UnitMeasure#held}).
     */
    static void checkMemory(Plan plan, int threads, long heapBytes) {
        List<BotSpec> held = new ArrayList<>();
        for (int b = 0; b < plan.bots().size(); b++) {
            held.addAll(Collections.nCopies(seatsTaken(plan, b), plan.bots().get(b)));
        }
        if (plan.measure() != null) {
            held.addAll(plan.measure().held());
        }
        checkMemory(held, threads, heapBytes);
    }

    /**
     * Refuses, with one line, bots whose tables cannot all be held at once: each of {@code
     * threads} threads holds the bots {@code held} (a spec once per bot made of it).
     */
    public static void checkMemory(List<BotSpec> held, int threads, long heapBytes) {
        long perThread = 0;
        BotSpec largest = null;
        for (BotSpec bot : held) {
            perThread += bot.memoryBytes();
            if (largest == null || bot.memoryBytes() > largest.memoryBytes()) {
                largest = bot;
            }
        }
        long needed = perThread * threads;
        if (needed > 0 && needed > heapBytes - RESERVE_BYTES) {
            throw new UserError(String.format(Locale.ROOT, "the bots' tables need %s on %d thread%s (%s takes %s "
                    + "a seat) but the heap holds %s: lower its table=, use fewer --threads, or give Java more memory "
                    + "(RICHELIEU_JAVA_OPTS=-Xmx...)", size(needed), threads, threads == 1 ? "" : "s", largest.label(),
                    size(largest.memoryBytes()), size(heapBytes)));
        }
    }

    /** The most seats bot {@code b} takes in one lineup (so the bots a thread makes of it). */
    private static int seatsTaken(Plan plan, int b) {
        int most = 0;
        for (int[] lineup : plan.config().lineups()) {
            int n = 0;
            for (int x : lineup) {
                n += x == b ? 1 : 0;
            }
            most = Math.max(most, n);
        }
        return most;
    }

    /** The cost warnings of the run's distinct specs, one line each. */
    static List<String> costWarnings(Plan plan) {
        Set<String> specs = new LinkedHashSet<>();
        List<String> lines = new ArrayList<>();
        for (BotSpec bot : plan.bots()) {
            String warning = bot.costWarning();
            if (warning != null && specs.add(bot.spec())) {
                lines.add(warning);
            }
        }
        return lines;
    }

    private static String size(long bytes) {
        return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
                : String.format(Locale.ROOT, "%d MiB", bytes >> 20);
    }
}
