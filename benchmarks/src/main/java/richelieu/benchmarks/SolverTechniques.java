package richelieu.benchmarks;

import richelieu.engine.GameState;
import richelieu.engine.record.GameRecord;
import richelieu.engine.solver.Solver;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each technique of the exact solver buys, A/B on the frontier's positions: every position
 * solved (exact value, or win/draw/loss) with no technique, with each alone, and with all, in
 * turn — the configurations interleaved position by position, so that a busy machine slows them
 * alike — and for each the nodes (the same on every machine) and the CPU time of this thread.
 * The positions are those of {@link SolverFrontier}'s records file: in each game, the start of
 * the first turn with exactly N cards on the table.
 *
 * <pre>
 * nice java -cp benchmarks/target/benchmarks.jar richelieu.benchmarks.SolverTechniques \
 *      results/solver-frontier/base-games.jsonl [--cards 10,11,12] [--positions 20] [--search value|wdl] [--table-bits 20]
 *      [--configs none,quick,all]
 * </pre>
 * {@code --configs} keeps only the configurations named, in the order of the list above; the
 * ratios are to the first kept (none unless it was left out).
 * Prints a Markdown table: per count and configuration the positions, total and median nodes,
 * total, median, 90th-percentile and largest CPU time, and the nodes and CPU time relative to no technique.
 */
public final class SolverTechniques {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    private static final Map<String, Solver.Techniques> CONFIGS = new LinkedHashMap<>();

    static {
        CONFIGS.put("none", Solver.Techniques.NONE);
        CONFIGS.put("pvs", new Solver.Techniques(true, false, false, false));
        CONFIGS.put("partition", new Solver.Techniques(false, true, false, false));
        CONFIGS.put("etc", new Solver.Techniques(false, false, true, false));
        CONFIGS.put("quick", new Solver.Techniques(false, false, false, true));
        CONFIGS.put("all but quick", new Solver.Techniques(true, true, true, false));
        CONFIGS.put("all", Solver.Techniques.ALL);
    }

    private static final List<String> ALL_CONFIGS = List.copyOf(CONFIGS.keySet());

    private SolverTechniques() {
    }

    public static void main(String[] args) throws IOException {
        Path games = Path.of(args[0]);
        int[] cardsList = {10, 11, 12};
        int positions = 20;
        boolean wdl = false;
        int bits = 20;
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--cards" -> cardsList = Arrays.stream(args[i + 1].split(",")).mapToInt(Integer::parseInt).toArray();
                case "--positions" -> positions = Integer.parseInt(args[i + 1]);
                case "--search" -> wdl = args[i + 1].equals("wdl");
                case "--table-bits" -> bits = Integer.parseInt(args[i + 1]);
                case "--configs" -> {
                    List<String> kept = List.of(args[i + 1].split(","));
                    for (String k : kept) {
                        if (!CONFIGS.containsKey(k)) {
                            System.err.println("--configs: no configuration " + k + " (there are " + String.join(",", ALL_CONFIGS) + ")");
                            System.exit(2);
                        }
                    }
                    CONFIGS.keySet().retainAll(kept);
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        String reference = CONFIGS.keySet().iterator().next();
        List<GameRecord> records = new ArrayList<>();
        for (String line : Files.readAllLines(games)) {
            records.add(GameRecord.parse(line));
        }
        warmUp(records, bits, wdl);
        System.out.printf(Locale.ROOT, "search: %s; table 2^%d; load at start %.1f%n%n", wdl ? "win/draw/loss" : "exact value",
                bits, OS.getSystemLoadAverage());
        System.out.printf("| cards | techniques | positions | nodes (total) | median nodes | CPU (total) | median CPU | 90th pct CPU | max CPU | nodes vs %s | CPU vs %s |%n",
                reference, reference);
        System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int cards : cardsList) {
            List<GameState> at = withCards(records, cards, positions);
            Map<String, long[]> nodes = new LinkedHashMap<>();
            Map<String, long[]> cpu = new LinkedHashMap<>();
            int[] values = new int[at.size()];
            for (String c : CONFIGS.keySet()) {
                nodes.put(c, new long[at.size()]);
                cpu.put(c, new long[at.size()]);
            }
            for (int i = 0; i < at.size(); i++) {
                int k = 0;
                for (Map.Entry<String, Solver.Techniques> c : CONFIGS.entrySet()) {
                    Solver solver = new Solver(at.get(i).rules(), at.get(i).layout(), bits, c.getValue());
                    solver.load(at.get(i));
                    long t0 = CPU.getCurrentThreadCpuTime();
                    int v = wdl ? solver.outcome() : solver.solve();
                    cpu.get(c.getKey())[i] = CPU.getCurrentThreadCpuTime() - t0;
                    nodes.get(c.getKey())[i] = solver.nodes();
                    if (k++ == 0) {
                        values[i] = v;
                    } else if (v != values[i]) {
                        throw new IllegalStateException(c.getKey() + " gave " + v + " where none gave " + values[i]);
                    }
                }
            }
            long refNodes = Arrays.stream(nodes.get(reference)).sum();
            long refCpu = Arrays.stream(cpu.get(reference)).sum();
            for (String c : CONFIGS.keySet()) {
                long n = Arrays.stream(nodes.get(c)).sum();
                long t = Arrays.stream(cpu.get(c)).sum();
                System.out.printf(Locale.ROOT, "| %d | %s | %d | %,d | %,d | %.2f s | %s | %s | %s | %.2f | %.2f |%n", cards, c, at.size(), n,
                        median(nodes.get(c)), t / 1e9, seconds(median(cpu.get(c))), seconds(rank(cpu.get(c), 0.9)),
                        seconds(rank(cpu.get(c), 1.0)), (double) n / refNodes,
                        (double) t / refCpu);
            }
        }
        System.out.printf(Locale.ROOT, "%nload at end %.1f%n", OS.getSystemLoadAverage());
    }

    private static void warmUp(List<GameRecord> records, int bits, boolean wdl) {
        for (GameState s : withCards(records, 9, 10)) {
            for (Solver.Techniques t : CONFIGS.values()) {
                Solver solver = new Solver(s.rules(), s.layout(), bits, t);
                solver.load(s);
                if (wdl) {
                    solver.outcome();
                } else {
                    solver.solve();
                }
            }
        }
    }

    /** In each game in order, the start of the first turn with exactly {@code cards} on the table; at most {@code max}. */
    static List<GameState> withCards(List<GameRecord> records, int cards, int max) {
        List<GameState> out = new ArrayList<>();
        for (GameRecord rec : records) {
            if (out.size() >= max) {
                break;
            }
            GameState driver = new GameState(rec.rules(), rec.deal());
            GameState s = new GameState(rec.rules(), rec.deal());
            for (GameRecord.Turn t : rec.turns()) {
                int left = Long.bitCount(s.table());
                if (left == cards) {
                    out.add(s);
                    break;
                }
                if (left < cards) {
                    break;
                }
                for (int a : GameRecord.applyTurn(driver, t)) {
                    s.apply(a);
                }
            }
        }
        return out;
    }

    private static long median(long[] xs) {
        long[] c = xs.clone();
        Arrays.sort(c);
        return c[(c.length - 1) / 2];
    }

    /** The nearest-rank {@code q} quantile (1: the maximum). */
    private static long rank(long[] xs, double q) {
        long[] c = xs.clone();
        Arrays.sort(c);
        return c[Math.max(0, (int) Math.ceil(q * c.length) - 1)];
    }

    private static String seconds(long nanos) {
        return nanos >= 1e9 ? String.format(Locale.ROOT, "%.2f s", nanos / 1e9) : String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }
}
