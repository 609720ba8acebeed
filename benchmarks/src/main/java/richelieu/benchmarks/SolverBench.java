package richelieu.benchmarks;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.solver.Solver;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The exact solver's speed on {@value #COUNT} positions of real games of strong bots
 * ({@link SolverPositions}: the start of the first turn with exactly {@code cards} on the
 * table) at a few cards-left counts: an op solves one position from an empty table, either its
 * exact value ({@link #value}: a full window) or its outcome for seat 0 ({@link #outcome}: win,
 * draw or loss by two null windows). Besides the solves per second, JMH reports {@code nodes}
 * ({@link Nodes}), the positions the solver visited per second: the figure to compare across
 * counts and modes, since a solve's size grows about fivefold per card.
 *
 * <p>Each position has its own solver (a solver is made for one deal's layout); the table is
 * cleared and the position loaded before each op, outside the timing ({@link Level#Invocation}:
 * an op is milliseconds to a second, far above the per-invocation overhead). {@code -prof gc}
 * must show ~0 B/op: the search allocates nothing.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SolverBench {
    /** Positions per count: a power of two, indexed {@code i++ & (COUNT - 1)}. */
    static final int COUNT = 16;
    static final long SEED = 0x5017E5L;

    /** The positions at one cards-left count, each with its solver, and the one to search next. */
    @State(Scope.Thread)
    public static class Table {
        @Param({"8", "10", "12"})
        public int cards;

        GameState[] positions;
        Solver[] solvers;
        private int i;
        int next;

        @Setup(Level.Trial)
        public void setup() {
            Rules rules = Rules.standard(2);
            // about 1.5 games per position (a game may skip a count by taking two cards)
            List<SolverPositions.Position> found = SolverPositions.play(rules, SEED, 2 * COUNT + 16).withCards(cards, COUNT);
            if (found.size() < COUNT) {
                throw new IllegalStateException("only " + found.size() + " positions with " + cards + " cards");
            }
            positions = new GameState[COUNT];
            solvers = new Solver[COUNT];
            for (int j = 0; j < COUNT; j++) {
                positions[j] = found.get(j).state();
                // 2^(cards + 8) entries: the largest of these searches visits ~10^6-10^7 positions
                solvers[j] = new Solver(rules, positions[j].layout(), Math.min(20, cards + 8));
            }
        }

        /** The next position, with an empty table (outside the timing). */
        @Setup(Level.Invocation)
        public void next() {
            next = i++ & (COUNT - 1);
            solvers[next].clear();
            solvers[next].load(positions[next]);
        }
    }

    /** Positions the solver visited, reported by JMH per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Nodes {
        public long nodes;

        @Setup(Level.Iteration)
        public void reset() {
            nodes = 0;
        }
    }

    @Benchmark
    public int value(Table t, Nodes n) {
        return search(t, n, false);
    }

    @Benchmark
    public int outcome(Table t, Nodes n) {
        return search(t, n, true);
    }

    private static int search(Table t, Nodes n, boolean outcome) {
        Solver s = t.solvers[t.next];
        long before = s.nodes();
        int v = outcome ? s.outcome() : s.solve();
        n.nodes += s.nodes() - before;
        return v;
    }
}
