package richelieu.benchmarks;

import richelieu.engine.Action;
import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.record.GameRecord;
import richelieu.engine.solver.Query;
import richelieu.engine.solver.RootValues;
import richelieu.engine.solver.Solver;
import richelieu.engine.solver.Techniques;

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
 *      results/solver-frontier/base-games.jsonl [--cards 10,11,12] [--positions 20] [--search value|wdl|open|margin|floor] [--table-bits 20]
 *      [--configs none,quick,all] [--cap SECONDS] [--stop SECONDS]
 * </pre>
 * {@code --configs} keeps only the configurations named, in the order of the list above; the
 * ratios are to the first kept (none unless it was left out).
 * Prints a Markdown table: per count and configuration the positions, total and median nodes,
 * total, median, 90th-percentile and largest CPU time, and the nodes and CPU time relative to no technique.
 *
 * <p>{@code --cap} stops each solve at that many seconds of this thread's CPU time (for the
 * deep counts, where one position can take many minutes): a stopped solve is censored, counted
 * in the row's "censored" column, ranked above every finished one, and a percentile that falls on
 * one is printed "&gt; cap" (a lower bound; its nodes too). Its nodes and CPU still count in the
 * totals, which are then lower bounds as well. {@code --stop} ends the run after the first count
 * whose median CPU time (of the first configuration) passes that many seconds, the frontier's
 * rule. The last column is the mean 1-minute load average at the row's solves' starts.
 *
 * <p>{@code --search open} compares instead, with every technique, the analysis {@code solve
 * --open} makes (every legal action's exact value, {@link Solver#analyse}) with one exact value
 * search of the same position and with every action searched with a full window, interleaved
 * position by position, each on a fresh solver; it checks that the best action's value is the
 * position's. {@code --search margin} does the same with the analysis of margins and outcomes
 * only ({@link Query#MARGIN}, the sampled {@code solve}'s).
 *
 * <p>{@code --search floor} compares the analysis of every action's exact value with what it
 * would cost knowing the values in advance: the action the analysis searches first (the best
 * midpoint of its bounds, on a fresh solver) with a full window, then every other with the
 * narrowest window around its exact value (as the analysis found it), one table shared — the
 * proof of each value from both sides and nothing more, which no root search that values the
 * actions one by one can beat.
 */
public final class SolverTechniques {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    private static final Map<String, Techniques> CONFIGS = new LinkedHashMap<>();

    static {
        CONFIGS.put("none", Techniques.NONE);
        CONFIGS.put("pvs", new Techniques(true, false, false, false));
        CONFIGS.put("partition", new Techniques(false, true, false, false));
        CONFIGS.put("etc", new Techniques(false, false, true, false));
        CONFIGS.put("quick", new Techniques(false, false, false, true));
        CONFIGS.put("all but quick", new Techniques(true, true, true, false));
        CONFIGS.put("first four", new Techniques(true, true, true, true));
        CONFIGS.put("all but pairs", new Techniques(true, true, true, true, false, true));
        CONFIGS.put("all but sure", new Techniques(true, true, true, true, true, false));
        CONFIGS.put("first six", new Techniques(true, true, true, true, true, true));
        CONFIGS.put("all but idle", new Techniques(true, true, true, true, true, true, false, true));
        CONFIGS.put("all but sibling", new Techniques(true, true, true, true, true, true, true, false));
        CONFIGS.put("all", Techniques.ALL);
    }

    private static final List<String> ALL_CONFIGS = List.copyOf(CONFIGS.keySet());

    private SolverTechniques() {
    }

    public static void main(String[] args) throws IOException {
        Path games = Path.of(args[0]);
        int[] cardsList = {10, 11, 12};
        int positions = 20;
        boolean wdl = false;
        Query open = null;
        boolean floor = false;
        int bits = 20;
        double cap = 0;
        double stop = Double.POSITIVE_INFINITY;
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--cards" -> cardsList = Arrays.stream(args[i + 1].split(",")).mapToInt(Integer::parseInt).toArray();
                case "--positions" -> positions = Integer.parseInt(args[i + 1]);
                case "--search" -> {
                    wdl = args[i + 1].equals("wdl");
                    open = args[i + 1].equals("open") ? Query.EXACT : args[i + 1].equals("margin") ? Query.MARGIN : null;
                    floor = args[i + 1].equals("floor");
                }
                case "--table-bits" -> bits = Integer.parseInt(args[i + 1]);
                case "--cap" -> cap = Double.parseDouble(args[i + 1]);
                case "--stop" -> stop = Double.parseDouble(args[i + 1]);
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
        if (floor) {
            floorVsValue(records, cardsList, positions, bits);
            return;
        }
        if (open != null) {
            openVsValue(records, cardsList, positions, bits, open);
            return;
        }
        warmUp(records, bits, wdl);
        System.out.printf(Locale.ROOT, "search: %s; table 2^%d; %s; load at start %.1f%n%n", wdl ? "win/draw/loss" : "exact value",
                bits, cap > 0 ? "each solve stopped at " + capText(cap) + " of CPU" : "no cap",
                OS.getSystemLoadAverage());
        System.out.printf("| cards | techniques | positions | censored | nodes (total) | median nodes | CPU (total) | median CPU | 90th pct CPU | max CPU | nodes vs %s | CPU vs %s | load |%n",
                reference, reference);
        System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int cards : cardsList) {
            List<GameState> at = withCards(records, cards, positions);
            Map<String, long[]> nodes = new LinkedHashMap<>();
            Map<String, long[]> cpu = new LinkedHashMap<>();
            Map<String, boolean[]> censored = new LinkedHashMap<>();
            Integer[] values = new Integer[at.size()];
            double load = 0;
            for (String c : CONFIGS.keySet()) {
                nodes.put(c, new long[at.size()]);
                cpu.put(c, new long[at.size()]);
                censored.put(c, new boolean[at.size()]);
            }
            for (int i = 0; i < at.size(); i++) {
                load += OS.getSystemLoadAverage() / at.size();
                for (Map.Entry<String, Techniques> c : CONFIGS.entrySet()) {
                    Solver solver = new Solver(at.get(i).rules(), at.get(i).layout(), bits, c.getValue());
                    solver.load(at.get(i));
                    long t0 = CPU.getCurrentThreadCpuTime();
                    if (cap > 0) {
                        solver.setDeadline(t0 + (long) (cap * 1e9), BudgetClock.CPU);
                    }
                    int v = wdl ? solver.outcome() : solver.solve();
                    cpu.get(c.getKey())[i] = CPU.getCurrentThreadCpuTime() - t0;
                    nodes.get(c.getKey())[i] = solver.nodes();
                    censored.get(c.getKey())[i] = solver.stopped();
                    if (solver.stopped()) {
                        continue;
                    }
                    if (values[i] == null) {
                        values[i] = v;
                    } else if (v != values[i]) {
                        throw new IllegalStateException(c.getKey() + " gave " + v + " where another gave " + values[i]);
                    }
                }
            }
            long refNodes = Arrays.stream(nodes.get(reference)).sum();
            long refCpu = Arrays.stream(cpu.get(reference)).sum();
            boolean past = false;
            for (String c : CONFIGS.keySet()) {
                long n = Arrays.stream(nodes.get(c)).sum();
                long t = Arrays.stream(cpu.get(c)).sum();
                boolean[] out = censored.get(c);
                int stopped = 0;
                for (boolean b : out) {
                    stopped += b ? 1 : 0;
                }
                String more = stopped > 0 ? "> " : "";
                System.out.printf(Locale.ROOT, "| %d | %s | %d | %d | %s%,d | %s | %s%.2f s | %s | %s | %s | %.2f | %.2f | %.1f |%n", cards, c,
                        at.size(), stopped, more, n, more + String.format(Locale.ROOT, "%,d", median(nodes.get(c))), more, t / 1e9,
                        censoredRank(cpu.get(c), out, 0.5, cap), censoredRank(cpu.get(c), out, 0.9, cap),
                        censoredRank(cpu.get(c), out, 1.0, cap), (double) n / refNodes, (double) t / refCpu, load);
                if (c.equals(reference)) {
                    past = rankOf(cpu.get(c), out, 0.5) > stop * 1e9;
                }
            }
            if (past) {
                System.out.printf(Locale.ROOT, "%nthe median passed %s at %d cards: stopped there%n", capText(stop), cards);
                break;
            }
        }
        System.out.printf(Locale.ROOT, "%nload at end %.1f%n", OS.getSystemLoadAverage());
    }

    /**
     * The analysis of every action ({@code solve --open}) against one value search, per count of
     * cards, and against every action searched with a full window in legal order, one table shared
     * (what the analysis did before its root search).
     */
    private static void openVsValue(List<GameRecord> records, int[] cardsList, int positions, int bits, Query query) {
        for (GameState s : withCards(records, 9, 10)) {
            valueSearch(s, bits);
            openAnalysis(s, bits, false, query);
            openAnalysis(s, bits, true, query);
        }
        System.out.printf(Locale.ROOT, "every action (%s) vs one exact value search; all techniques; table 2^%d; "
                + "load at start %.1f%n%n", query == Query.MARGIN ? "margins and outcomes" : "exact values", bits,
                OS.getSystemLoadAverage());
        System.out.println("| cards | positions | nodes: value | open / value: nodes (total) | median ratio "
                + "| full windows / value: nodes | CPU: value | open / value: CPU (total) | median ratio "
                + "| full windows / value: CPU |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int cards : cardsList) {
            List<GameState> at = withCards(records, cards, positions);
            int m = at.size();
            long[][] nodes = new long[3][m];
            long[][] cpu = new long[3][m];
            double[][] ratio = new double[2][m];
            for (int i = 0; i < m; i++) {
                long[] v = valueSearch(at.get(i), bits);
                long[] o = openAnalysis(at.get(i), bits, false, query);
                long[] f = openAnalysis(at.get(i), bits, true, query);
                // (margins only: the best action's margin and outcome must be the value's)
                boolean sameBest = query == Query.MARGIN
                        ? RootValues.margin((int) v[2]) == RootValues.margin((int) o[2]) && Long.signum(v[2]) == Long.signum(o[2])
                        : v[2] == o[2];
                if (!sameBest || v[2] != f[2]) {
                    throw new IllegalStateException("position " + i + ": open's best " + o[2] + ", full windows' "
                            + f[2] + ", the value " + v[2]);
                }
                for (int k = 0; k < 3; k++) {
                    long[] r = k == 0 ? v : k == 1 ? o : f;
                    nodes[k][i] = r[0];
                    cpu[k][i] = r[1];
                }
                ratio[0][i] = (double) o[0] / v[0];
                ratio[1][i] = (double) o[1] / v[1];
            }
            long[] n = new long[3];
            long[] c = new long[3];
            for (int k = 0; k < 3; k++) {
                n[k] = Arrays.stream(nodes[k]).sum();
                c[k] = Arrays.stream(cpu[k]).sum();
            }
            System.out.printf(Locale.ROOT, "| %d | %d | %,d | %.2f | %.2f | %.2f | %.2f s | %.2f | %.2f | %.2f |%n", cards, m,
                    n[0], (double) n[1] / n[0], median(ratio[0]), (double) n[2] / n[0], c[0] / 1e9, (double) c[1] / c[0],
                    median(ratio[1]), (double) c[2] / c[0]);
        }
        System.out.printf(Locale.ROOT, "%nload at end %.1f%n", OS.getSystemLoadAverage());
    }

    /** The analysis' nodes and the floor's ({@code --search floor}), per count, against one value search. */
    private static void floorVsValue(List<GameRecord> records, int[] cardsList, int positions, int bits) {
        System.out.printf(Locale.ROOT, "every action's exact value (open) and the floor vs one exact value search; all "
                + "techniques; table 2^%d; load at start %.1f%n%n", bits, OS.getSystemLoadAverage());
        System.out.println("| cards | positions | nodes: value | open / value: nodes | floor / value: nodes | open / floor |");
        System.out.println("|---:|---:|---:|---:|---:|---:|");
        for (int cards : cardsList) {
            List<GameState> at = withCards(records, cards, positions);
            long value = 0;
            long open = 0;
            long floor = 0;
            for (GameState s : at) {
                value += valueSearch(s, bits)[0];
                Solver solver = new Solver(s.rules(), s.layout(), bits);
                int[] legal = new int[Action.MAX_LEGAL];
                RootValues out = new RootValues();
                out.setActions(legal, s.legalActions(legal));
                solver.analyse(s, Query.EXACT, 0, BudgetClock.CPU, out);
                open += solver.nodes();
                floor += knownValues(s, bits, out);
            }
            System.out.printf(Locale.ROOT, "| %d | %d | %,d | %.2f | %.2f | %.2f |%n", cards, at.size(), value,
                    (double) open / value, (double) floor / value, (double) open / floor);
        }
        System.out.printf(Locale.ROOT, "%nload at end %.1f%n", OS.getSystemLoadAverage());
    }

    /**
     * The nodes of proving the exact values {@code exact} holds (mover's side) on a fresh solver:
     * the first action as the analysis chooses it with a full window, each other with the window
     * just around its value; checks each value.
     */
    private static long knownValues(GameState s, int bits, RootValues exact) {
        Solver solver = new Solver(s.rules(), s.layout(), bits);
        int side = s.toMove() == 0 ? 1 : -1;
        int first = 0;
        int firstGuess = Integer.MIN_VALUE;
        for (int i = 0; i < exact.size(); i++) {
            solver.load(s);
            solver.game().play(0, exact.action(i));
            long bounds = solver.game().bounds(1);
            int guess = side * ((int) (bounds >> 32) + (int) bounds);
            if (guess > firstGuess) {
                firstGuess = guess;
                first = i;
            }
        }
        for (int k = -1; k < exact.size(); k++) {
            int i = k < 0 ? first : k;
            if (k == first) {
                continue;
            }
            solver.load(s);
            int x = side * exact.value(i);
            int v = k < 0 ? solver.searchAfter(exact.action(i), -Solver.INFINITY, Solver.INFINITY, Solver.UNLIMITED)
                    : solver.searchAfter(exact.action(i), x - 1, x + 1, Solver.UNLIMITED);
            if (v != x) {
                throw new IllegalStateException("action " + i + ": " + v + " where the analysis found " + x);
            }
        }
        return solver.nodes();
    }

    /** One exact value search of {@code s} on a fresh solver: nodes, CPU ns, the value from the mover's side. */
    private static long[] valueSearch(GameState s, int bits) {
        Solver solver = new Solver(s.rules(), s.layout(), bits);
        solver.load(s);
        long t0 = CPU.getCurrentThreadCpuTime();
        int v = solver.solve();
        long t = CPU.getCurrentThreadCpuTime() - t0;
        return new long[]{solver.nodes(), t, s.toMove() == 0 ? v : -v};
    }

    /**
     * Every action's exact value on a fresh solver, by the analysis call or ({@code fullWindows})
     * each action searched with a full window in legal order: nodes, CPU ns, the best value from
     * the mover's side.
     */
    private static long[] openAnalysis(GameState s, int bits, boolean fullWindows, Query query) {
        Solver solver = new Solver(s.rules(), s.layout(), bits);
        int[] legal = new int[Action.MAX_LEGAL];
        int n = s.legalActions(legal);
        RootValues out = new RootValues();
        out.setActions(legal, n);
        int side = s.toMove() == 0 ? 1 : -1;
        int best = Integer.MIN_VALUE;
        long t0 = CPU.getCurrentThreadCpuTime();
        if (fullWindows) {
            for (int i = 0; i < n; i++) {
                solver.load(s);
                best = Math.max(best, side * solver.searchAfter(legal[i], -Solver.INFINITY, Solver.INFINITY, Solver.UNLIMITED));
            }
        } else {
            solver.analyse(s, query, 0, BudgetClock.CPU, out);
        }
        long t = CPU.getCurrentThreadCpuTime() - t0;
        for (int i = 0; i < out.size() && !fullWindows; i++) {
            best = Math.max(best, out.value(i));
        }
        return new long[]{solver.nodes(), t, best};
    }

    private static double median(double[] xs) {
        double[] c = xs.clone();
        Arrays.sort(c);
        return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2;
    }

    private static void warmUp(List<GameRecord> records, int bits, boolean wdl) {
        for (GameState s : withCards(records, 9, 10)) {
            for (Techniques t : CONFIGS.values()) {
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

    /**
     * The nearest-rank {@code q} quantile of CPU times where the solves marked {@code censored}
     * (stopped at the cap, so slower than every finished one) rank above every finished one: a
     * quantile that falls on one is printed "&gt; cap", a lower bound. (The nodes' quantiles of a
     * row with censored solves are printed "&gt;" the quantile of the nodes visited: each solve's
     * true count is at least its count, so each order statistic is at least theirs.)
     */
    private static String censoredRank(long[] cpu, boolean[] censored, double q, double cap) {
        long r = rankOf(cpu, censored, q);
        return r == Long.MAX_VALUE ? "> " + capText(cap) : seconds(r);
    }

    /** The finished solves' nearest-rank {@code q} quantile, or Long.MAX_VALUE if it falls on a censored one. */
    private static long rankOf(long[] xs, boolean[] censored, double q) {
        long[] done = new long[xs.length];
        int m = 0;
        for (int i = 0; i < xs.length; i++) {
            if (!censored[i]) {
                done[m++] = xs[i];
            }
        }
        int r = Math.max(0, (int) Math.ceil(q * xs.length) - 1);
        if (r >= m) {
            return Long.MAX_VALUE;
        }
        long[] c = Arrays.copyOf(done, m);
        Arrays.sort(c);
        return c[r];
    }

    private static String capText(double cap) {
        return String.format(Locale.ROOT, cap == Math.rint(cap) ? "%.0f s" : "%.2g s", cap);
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
