package richelieu.benchmarks;

import richelieu.engine.BudgetClock;
import richelieu.engine.Rules;
import richelieu.engine.record.GameRecord;
import richelieu.engine.solver.Solver;
import richelieu.runner.report.chart.ChartData;
import richelieu.runner.report.chart.Charts;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The exact solver's frontier: how long it takes to solve positions of real games, by the cards
 * left on the table, from few cards up to the count where the median solve passes
 * {@code --stop} seconds (10), for both searches: the exact value (a full window,
 * {@link Solver#solve}) and win/draw/loss (two null windows, {@link Solver#outcome}).
 *
 * <p>The positions are {@link SolverPositions}': in each of {@code --games} seeded games of
 * {@value SolverPositions#BOT_A} against {@value SolverPositions#BOT_B}, the start of the first
 * turn with exactly N cards on the table. Every search starts from a new solver (an empty table of
 * 2^{@code --table-bits} entries) on this one thread; each is timed by this thread's CPU time
 * ({@link ThreadMXBean#getCurrentThreadCpuTime}, which time lost to other processes does not
 * count) and by the wall clock, and stopped at {@code --cap} seconds of wall time (a stopped solve
 * counts as slower than every finished one: a percentile that falls on it is printed "&gt; cap").
 * Fewer positions are solved where the last count's median was long: {@code --positions} (40)
 * while it stayed under 0.5 s, 20 under 3 s, 12 beyond. The machine's load average is printed
 * beside each count (a shared machine: run it niced, alone if you can).
 *
 * <p>This is a measurement of speed on this machine, not a game study: it lives with the
 * benchmarks, and its output differs from run to run (times), while the positions, node counts
 * and values are the same for the same seed. Writes, in {@code OUT_DIR}: {@code NAME.txt} (the
 * table, every solve, the command and the machine), {@code NAME.png}/{@code .svg} (the chart)
 * and {@code NAME-games.jsonl} (the games, as {@code --records} writes them, so that
 * {@code ./richelieu solve NAME-games.jsonl --game G --step K --open} answers any position again).
 *
 * <pre>
 * nice java -Xmx2g -cp benchmarks/target/benchmarks.jar richelieu.benchmarks.SolverFrontier \
 *      base results/solver-frontier [--games 64] [--seed 30] [--from 4] [--to 24] [--cap 120] \
 *      [--stop 10] [--positions 40] [--table-bits 22] [--name NAME] [--searches value,wdl]
 * </pre>
 */
public final class SolverFrontier {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    /** The two searches. */
    enum Search {
        VALUE("exact value"), WDL("win/draw/loss");

        final String words;

        Search(String words) {
            this.words = words;
        }
    }

    /** One timed search of one position: value (or outcome), nodes, CPU and wall nanoseconds, stopped at the cap. */
    record Solve(SolverPositions.Position at, Search search, int bits, int value, long nodes, long cpu, long wall,
                 boolean stopped, double load) {
    }

    /** The solves of one search at one count, and their summary. */
    record Row(int cards, Search search, int bits, List<Solve> solves) {
        int stopped() {
            return (int) solves.stream().filter(Solve::stopped).count();
        }

        /** The nearest-rank percentile (q in (0, 1]) of a measure; a stopped solve ranks above every finished one. */
        Solve percentile(Comparator<Solve> by, double q) {
            List<Solve> sorted = new ArrayList<>(solves);
            sorted.sort(Comparator.comparing(Solve::stopped).thenComparing(by));
            return sorted.get((int) Math.ceil(q * sorted.size()) - 1);
        }

        double loadMean() {
            return solves.stream().mapToDouble(Solve::load).average().orElse(Double.NaN);
        }
    }

    private SolverFrontier() {
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> o = options(args);
        Rules rules = Rules.standard(2);
        String variant = o.get("variant");
        if (variant.equals("three-row")) {
            rules = rules.withVariant(Rules.Variant.THREE_ROW);
        } else if (!variant.equals("base")) {
            usage("the variant is base or three-row, not " + variant);
        }
        Path out = Path.of(o.get("out"));
        int games = Integer.parseInt(o.get("games"));
        long seed = Long.parseLong(o.get("seed"));
        int from = Integer.parseInt(o.get("from"));
        int to = Integer.parseInt(o.get("to"));
        double cap = Double.parseDouble(o.get("cap"));
        double stop = Double.parseDouble(o.get("stop"));
        int maxPositions = Integer.parseInt(o.get("positions"));
        int[] bitsList = Arrays.stream(o.get("table-bits").split(",")).mapToInt(Integer::parseInt).toArray();
        String name = o.getOrDefault("name", variant);
        List<Search> searches = new ArrayList<>();
        for (String s : o.get("searches").split(",")) {
            searches.add(s.equals("wdl") ? Search.WDL : s.equals("value") ? Search.VALUE : usage("a search is value or wdl, not " + s));
        }
        Files.createDirectories(out);
        String command = "SolverFrontier " + String.join(" ", args);
        String started = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"));
        System.out.printf(Locale.ROOT, "%s: playing %d games of %s vs %s (seed %d), load %.2f%n", command, games,
                SolverPositions.BOT_A, SolverPositions.BOT_B, seed, OS.getSystemLoadAverage());
        SolverPositions positions = SolverPositions.play(rules, seed, games);
        StringBuilder records = new StringBuilder();
        for (GameRecord r : positions.records()) {
            records.append(r.toJson()).append('\n');
        }
        Files.writeString(out.resolve(name + "-games.jsonl"), records, StandardCharsets.UTF_8);

        warmUp(rules, positions);
        List<Row> rows = new ArrayList<>();
        for (int bits : bitsList) {
            Map<Search, Double> lastMedian = new LinkedHashMap<>();
            for (int cards = from; cards <= to; cards++) {
                List<SolverPositions.Position> at = positions.withCards(cards, maxPositions);
                for (Search search : searches) {
                    Double last = lastMedian.get(search);
                    if (last != null && last > stop) {
                        continue; // this search's frontier ended at an earlier count
                    }
                    int n = last == null || last < 0.5 ? maxPositions : last < 3 ? Math.min(20, maxPositions)
                            : Math.min(12, maxPositions);
                    List<Solve> solves = new ArrayList<>();
                    for (SolverPositions.Position p : at.subList(0, Math.min(n, at.size()))) {
                        solves.add(solve(rules, p, search, bits, cap));
                    }
                    if (solves.isEmpty()) {
                        continue;
                    }
                    Row row = new Row(cards, search, bits, solves);
                    rows.add(row);
                    Solve median = row.percentile(Comparator.comparingLong(Solve::cpu), 0.5);
                    double medianSeconds = median.stopped() ? Double.POSITIVE_INFINITY : median.cpu() / 1e9;
                    System.out.println(line(row, cap));
                    lastMedian.put(search, medianSeconds > stop ? Double.POSITIVE_INFINITY : medianSeconds);
                }
                if (searches.stream().allMatch(s -> lastMedian.getOrDefault(s, 0.0) == Double.POSITIVE_INFINITY)) {
                    break;
                }
            }
        }
        int mismatches = crossCheck(rows);
        String text = report(command, started, rules, games, seed, bitsList, cap, stop, maxPositions, name, rows, mismatches);
        Files.writeString(out.resolve(name + ".txt"), text, StandardCharsets.UTF_8);
        chart(rules, rows, bitsList[0], cap, out.resolve(name));
        System.out.println("wrote " + out.resolve(name + ".txt") + " and the chart " + out.resolve(name + ".png"));
        if (mismatches > 0) {
            System.err.println("the exact value's sign and the outcome disagree on " + mismatches + " position(s)");
            System.exit(1);
        }
    }

    /** Solves positions of 10 cards untimed, so that the measured solves run compiled code. */
    private static void warmUp(Rules rules, SolverPositions positions) {
        for (SolverPositions.Position p : positions.withCards(10, 12)) {
            Solver s = new Solver(rules, p.state().layout(), 18);
            s.load(p.state());
            s.solve();
            s.load(p.state());
            s.outcome();
        }
    }

    private static Solve solve(Rules rules, SolverPositions.Position p, Search search, int bits, double cap) {
        Solver solver = new Solver(rules, p.state().layout(), bits);
        solver.load(p.state());
        double load = OS.getSystemLoadAverage();
        long c0 = CPU.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        solver.setDeadline(t0 + (long) (cap * 1e9), BudgetClock.WALL);
        int v = search == Search.VALUE ? solver.solve() : solver.outcome();
        long wall = System.nanoTime() - t0;
        long cpu = CPU.getCurrentThreadCpuTime() - c0;
        return new Solve(p, search, bits, v, solver.nodes(), cpu, wall, solver.stopped(), load);
    }

    /** Positions solved both ways whose value's sign is not the outcome (the two searches must agree). */
    private static int crossCheck(List<Row> rows) {
        Map<String, Integer> outcomes = new LinkedHashMap<>();
        for (Row r : rows) {
            for (Solve s : r.solves()) {
                if (s.search() == Search.WDL && !s.stopped()) {
                    outcomes.put(s.bits() + "/" + s.at().game() + "/" + s.at().step(), s.value());
                }
            }
        }
        int bad = 0;
        for (Row r : rows) {
            for (Solve s : r.solves()) {
                Integer o = outcomes.get(s.bits() + "/" + s.at().game() + "/" + s.at().step());
                if (s.search() == Search.VALUE && !s.stopped() && o != null && o != Integer.signum(s.value())) {
                    bad++;
                }
            }
        }
        return bad;
    }

    private static String seconds(Solve s, boolean cpu, double cap) {
        if (s.stopped()) {
            return String.format(Locale.ROOT, "> %.0f s (stopped)", cap);
        }
        return time((cpu ? s.cpu() : s.wall()) / 1e9);
    }

    /** A duration with three significant digits in its natural unit: 31.2 µs, 4.51 ms, 0.27 s, 12.3 s. */
    static String time(double seconds) {
        if (seconds < 1e-3) {
            return String.format(Locale.ROOT, "%.3g µs", seconds * 1e6);
        }
        if (seconds < 0.1) {
            return String.format(Locale.ROOT, "%.3g ms", seconds * 1e3);
        }
        return String.format(Locale.ROOT, seconds < 1 ? "%.2f s" : "%.3g s", seconds);
    }

    private static String nodes(Solve s) {
        return (s.stopped() ? "> " : "") + String.format(Locale.ROOT, "%,d", s.nodes());
    }

    /** One row of the table, in Markdown. */
    private static String line(Row r, double cap) {
        Comparator<Solve> byCpu = Comparator.comparingLong(Solve::cpu);
        Comparator<Solve> byWall = Comparator.comparingLong(Solve::wall);
        Comparator<Solve> byNodes = Comparator.comparingLong(Solve::nodes);
        long nodes = r.solves().stream().mapToLong(Solve::nodes).sum();
        long cpu = r.solves().stream().mapToLong(Solve::cpu).sum();
        return String.format(Locale.ROOT, "| %d | %s | 2^%d | %d | %d | %s | %s | %s | %s | %s | %s | %s | %.2f | %.1f |",
                r.cards(), r.search().words, r.bits(), r.solves().size(), r.stopped(),
                seconds(r.percentile(byCpu, 0.5), true, cap), seconds(r.percentile(byCpu, 0.95), true, cap),
                seconds(r.percentile(byWall, 0.5), false, cap), seconds(r.percentile(byWall, 0.95), false, cap),
                nodes(r.percentile(byNodes, 0.5)), nodes(r.percentile(byNodes, 0.95)), nodes(r.percentile(byNodes, 1)),
                nodes / (cpu / 1e3), r.loadMean());
    }

    private static String report(String command, String started, Rules rules, int games, long seed, int[] bits, double cap,
                                 double stop, int positions, String name, List<Row> rows, int mismatches) {
        StringBuilder sb = new StringBuilder();
        sb.append("# The exact solver's frontier: ").append(rules.describe()).append("\n\n");
        sb.append("- command: `").append(command).append("`\n");
        sb.append(String.format(Locale.ROOT, "- positions: in each of %d games of %s vs %s (seed %d, each deal twice with the "
                        + "seats swapped; %s-games.jsonl), the start of the first turn with exactly N cards on the table%n",
                games, SolverPositions.BOT_A, SolverPositions.BOT_B, seed, name));
        sb.append(String.format(Locale.ROOT, "- each search from a new solver (table of 2^%s entries) on one thread; stopped at "
                        + "%.0f s of wall time; up to %d positions a count, 20 after a count whose median passed 0.5 s, 12 "
                        + "after 3 s; a search's last count is the first whose median CPU time passes %.0f s%n",
                Arrays.toString(bits).replaceAll("[\\[\\] ]", ""), cap, positions, stop));
        sb.append(String.format(Locale.ROOT, "- machine: %d cores visible, %s %s, %s %s; started %s%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"), System.getProperty("os.name"), System.getProperty("os.version"),
                started));
        sb.append(String.format(Locale.ROOT, "- cross-check: the exact value's sign equals the outcome on every position solved "
                + "both ways: %s%n%n", mismatches == 0 ? "yes" : "NO, " + mismatches + " differ"));
        sb.append("Times: CPU, this thread's CPU time; wall, elapsed time; percentiles nearest-rank; nodes: positions "
                + "the solver visited; M nodes/s: all nodes over all CPU time of the row; load: the 1-minute load average "
                + "at the solves' starts (2 cores).\n\n");
        sb.append("| cards | search | table | positions | stopped | CPU median | CPU p95 | wall median | wall p95 | nodes median "
                + "| nodes p95 | nodes max | M nodes/s | load |\n");
        sb.append("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            sb.append(line(r, cap)).append('\n');
        }
        sb.append("\n## Every solve\n\ncards search table game step value nodes cpu_ms wall_ms stopped\n");
        for (Row r : rows) {
            for (Solve s : r.solves()) {
                sb.append(String.format(Locale.ROOT, "%d %s %d %d %d %d %d %.1f %.1f %s%n", r.cards(),
                        r.search() == Search.VALUE ? "value" : "wdl", s.bits(), s.at().game(), s.at().step(), s.value(),
                        s.nodes(), s.cpu() / 1e6, s.wall() / 1e6, s.stopped()));
            }
        }
        return sb.toString();
    }

    /** Median and 95th percentile of CPU time by count, per search, with lines at 1 s and the stop time. */
    private static void chart(Rules rules, List<Row> rows, int bits, double cap, Path base) {
        List<ChartData.TimeLine> lines = new ArrayList<>();
        Comparator<Solve> byCpu = Comparator.comparingLong(Solve::cpu);
        for (Search search : Search.values()) {
            List<Row> mine = rows.stream().filter(r -> r.search() == search && r.bits() == bits).toList();
            if (mine.isEmpty()) {
                continue;
            }
            for (double q : new double[]{0.5, 0.95}) {
                double[] x = new double[mine.size()];
                double[] y = new double[mine.size()];
                for (int i = 0; i < x.length; i++) {
                    Solve s = mine.get(i).percentile(byCpu, q);
                    x[i] = mine.get(i).cards();
                    y[i] = s.stopped() ? cap : Math.max(s.cpu(), 1000) / 1e9; // (a stopped one at the cap: a lower bound)
                }
                lines.add(new ChartData.TimeLine(search.words + (q == 0.5 ? ", median" : ", 95th percentile"), x, y,
                        search.ordinal(), q != 0.5));
            }
        }
        Charts.solveTimes("Exact solver: CPU time per solve by cards left (" + rules.describe() + ", one core)", lines,
                List.of(new ChartData.TimeReference(1, "1 s: the goal at 12 cards"),
                        new ChartData.TimeReference(10, "10 s: where the frontier ends")),
                List.of("Thread CPU time of one exact search from an empty table, by the cards left on the table, at the start "
                        + "of a turn of real games (heuristic-2p vs ismcts-mast-2p); a percentile at a stopped search is drawn "
                        + "at the cap, a lower bound."), base);
    }

    private static Map<String, String> options(String[] args) {
        if (args.length < 2) {
            usage("VARIANT and OUT_DIR are required");
        }
        Map<String, String> o = new LinkedHashMap<>();
        o.put("variant", args[0]);
        o.put("out", args[1]);
        o.put("games", "64");
        o.put("seed", "30");
        o.put("from", "4");
        o.put("to", "30");
        o.put("cap", "120");
        o.put("stop", "10");
        o.put("positions", "40");
        o.put("table-bits", "22");
        o.put("searches", "value,wdl");
        for (int i = 2; i < args.length; i += 2) {
            String key = args[i].startsWith("--") ? args[i].substring(2) : null;
            if (key == null || !o.containsKey(key) && !key.equals("name") || i + 1 >= args.length) {
                usage("unknown or incomplete option " + args[i]);
            }
            o.put(key, args[i + 1]);
        }
        return o;
    }

    private static <T> T usage(String problem) {
        System.err.println("SolverFrontier: " + problem + "\nusage: SolverFrontier base|three-row OUT_DIR [--games N] "
                + "[--seed S] [--from CARDS] [--to CARDS] [--cap SECONDS] [--stop SECONDS] [--positions N] "
                + "[--table-bits B[,B...]] [--name NAME] [--searches value,wdl]");
        System.exit(2);
        return null;
    }
}
