package richelieu.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import richelieu.engine.GameState;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;
import richelieu.strategies.Bots;
import richelieu.strategies.IsmctsStrategy;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Search building blocks on 1024 mid-game decision points of seeded 2-player games, each seen by
 * the seat to move: one determinization ({@link Observation#determinize}, must stay
 * allocation-free) and ISMCTS iterations. An ISMCTS op is a fresh search of {@value #ITERATIONS}
 * iterations (the shipped bot's default budget), reported per iteration; {@code ismctsThroughput}
 * gives the same as iterations per second. Target: at least 250,000 iterations/s on one core.
 * {@code ismcts2Throughput} is the same for {@code ismcts2} without MAST rollouts ({@code mast=0}:
 * margin reward and tree reuse, random rollouts; {@code results/search.md}), and
 * {@code ismcts2MastThroughput} with MAST rollouts ({@code mast=0.5}, the engine's fused
 * ε-greedy playout, {@code Playouts.epsilonGreedyToEnd}), {@code ismcts2MastTakesThroughput}
 * with MAST on the takes only ({@code mastOn=takes}). Before that playout was fused, a MAST
 * iteration cost about 2.4× a random one (it stepped the engine one legal set at a time).
 * On a loaded machine, {@code CpuTimeAB search} times the same four by thread CPU time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SearchBench {
    static final int ITERATIONS = 1000;

    /** Players of the games the positions come from (2 for JMH; {@code CpuTimeAB search} sets 3 or 4). */
    int players = 2;

    private Observation[] observations;
    private GameState[] targets;
    private IsmctsStrategy ismcts;
    private IsmctsStrategy ismcts2;
    private IsmctsStrategy ismcts2Mast;
    private IsmctsStrategy ismcts2MastTakes;
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
        ismcts = new IsmctsStrategy(ITERATIONS, 0, 0.7, "ismcts");
        ismcts.gameStarted(new Strategy.GameStart(0, states[0].rules(), states[0].layout(),
                new SplittableRandom(0x15L)));
        ismcts2 = search("ismcts2:mast=0", states[0]);
        ismcts2Mast = search("ismcts2:mast=0.5", states[0]);
        ismcts2MastTakes = search("ismcts2:mast=0.5,mastOn=takes", states[0]);
    }

    private static IsmctsStrategy search(String spec, GameState game) {
        IsmctsStrategy bot = (IsmctsStrategy) Bots.standard().parse(spec + ",iterations=" + ITERATIONS).newStrategy();
        bot.gameStarted(new Strategy.GameStart(0, game.rules(), game.layout(), new SplittableRandom(0x15L)));
        return bot;
    }

    @Benchmark
    public GameState determinize() {
        int j = i++ & Positions.MASK;
        GameState t = targets[j];
        observations[j].determinize(rng, t);
        return t;
    }

    @Benchmark
    @OperationsPerInvocation(ITERATIONS)
    public int ismctsIteration() {
        int j = i++ & Positions.MASK;
        return ismcts.searchForBenchmark(observations[j], targets[j], ITERATIONS);
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(ITERATIONS)
    public int ismctsThroughput() {
        int j = i++ & Positions.MASK;
        return ismcts.searchForBenchmark(observations[j], targets[j], ITERATIONS);
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(ITERATIONS)
    public int ismcts2Throughput() {
        int j = i++ & Positions.MASK;
        return ismcts2.searchForBenchmark(observations[j], targets[j], ITERATIONS);
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(ITERATIONS)
    public int ismcts2MastThroughput() {
        int j = i++ & Positions.MASK;
        return ismcts2Mast.searchForBenchmark(observations[j], targets[j], ITERATIONS);
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(ITERATIONS)
    public int ismcts2MastTakesThroughput() {
        int j = i++ & Positions.MASK;
        return ismcts2MastTakes.searchForBenchmark(observations[j], targets[j], ITERATIONS);
    }
}
