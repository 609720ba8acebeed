package richelieu.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import richelieu.engine.GameState;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;
import richelieu.strategies.Bots;
import richelieu.strategies.ismcts.IsmctsStrategy;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Search building blocks on 1024 mid-game decision points of seeded 2-player games, each seen by
 * the seat to move ({@link Decisions}): one determinization ({@link Observation#determinize},
 * must stay allocation-free) and the search of each bot ({@link Search#bot}, a JMH parameter). A
 * {@link #search} op is a fresh search of {@value #ITERATIONS} iterations (the shipped bots'
 * default budget), reported as iterations per second; target for {@code ismcts}: at least
 * 250,000 on one core. The bots: {@code ismcts} (random rollouts), {@code ismcts-mast:rollout=random} (margin
 * reward and tree reuse, random rollouts), {@code ismcts-mast} (with MAST rollouts, the engine's
 * fused ε-greedy playout {@code Playouts.epsilonGreedyToEnd}) and {@code ismcts-mast:mastOn=takes}
 * (MAST on the takes only), {@code ismcts-mast-2p} (the tuned 2-player preset) and
 * {@code ismcts-mast-2p:rollout=cutoff} (pimc's mid-game search: MAST rollouts cut after two
 * turns and judged by heuristic-2p's evaluation). On a loaded machine, {@code CpuTimeAB search} times the same bots by
 * thread CPU time, and {@link SearchJarAB} times one bot's searches on two builds in one process.
 */
public class SearchBench extends JmhDefaults {
    static final int ITERATIONS = 1000;

    /** The bots {@link #search} runs, one JMH parameter value each (also {@code CpuTimeAB search}'s). */
    static final String[] BOTS = {"ismcts", "ismcts-mast:rollout=random", "ismcts-mast", "ismcts-mast:mastOn=takes",
            "ismcts-mast-2p", "ismcts-mast-2p:rollout=cutoff"};

    /** The decision points, each as its seat observes it, and a scratch state per point to determinize into. */
    @State(Scope.Thread)
    public static class Decisions {
        /** Players of the games the positions come from (2 for JMH; {@code CpuTimeAB search} sets 3 or 4). */
        int players = 2;

        Observation[] observations;
        GameState[] targets;
        private SplittableRandom rng;
        private int i;

        @Setup
        public void setup() {
            GameState[] states = Positions.of(Positions.Kind.DECISION, players, 0x15C7L);
            observations = new Observation[states.length];
            targets = new GameState[states.length];
            for (int j = 0; j < states.length; j++) {
                observations[j] = states[j].observe(states[j].toMove());
                targets[j] = observations[j].newState();
            }
            rng = new SplittableRandom(0xDE7L);
        }

        /** The next decision point's index. */
        int next() {
            return i++ & Positions.MASK;
        }
    }

    /** One bot, started on a game of the decision points' rules with a fixed stream. */
    @State(Scope.Thread)
    public static class Search {
        @Param({"ismcts", "ismcts-mast:rollout=random", "ismcts-mast", "ismcts-mast:mastOn=takes",
            "ismcts-mast-2p", "ismcts-mast-2p:rollout=cutoff"})
        public String bot;

        IsmctsStrategy search;

        @Setup
        public void setup(Decisions decisions) {
            search = start(bot, decisions);
        }

        static IsmctsStrategy start(String bot, Decisions decisions) {
            String spec = bot + (bot.contains(":") ? "," : ":") + "iterations=" + ITERATIONS;
            IsmctsStrategy s = (IsmctsStrategy) Bots.standard().parse(spec).newStrategy();
            Observation o = decisions.observations[0];
            s.gameStarted(new Strategy.GameStart(0, o.rules(), o.layout(), new SplittableRandom(0x15L)));
            return s;
        }
    }

    @Benchmark
    public GameState determinize(Decisions d) {
        int j = d.next();
        GameState t = d.targets[j];
        d.observations[j].determinize(d.rng, t);
        return t;
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(ITERATIONS)
    public int search(Decisions d, Search s) {
        int j = d.next();
        return s.search.searchForBenchmark(d.observations[j], d.targets[j], ITERATIONS);
    }
}
