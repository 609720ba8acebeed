package richelieu.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.ModelPair;
import richelieu.engine.Playouts;
import richelieu.engine.Rules;
import richelieu.engine.reference.ReferenceGame;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A whole random-vs-random game from a fresh deal (every decision uniform over its legal set),
 * on the bitboard engine ({@link Playouts#randomToEnd}) and on the naive reference model: the
 * baseline, measured in the same run so the speed-up is a ratio.
 *
 * <p>Same games: both benchmarks walk the same 1024 deals in the same order and draw from one
 * {@code SplittableRandom} with the same seed, picking {@code buf[rng.nextInt(n)]} from legal
 * sets in the same ascending order (n = 1 draws nothing). So the k-th game of one is the k-th
 * game of the other, move for move ({@code SameGamesTest} checks it); the engine just gets
 * further through the series in the same time.
 *
 * <p>The reference model's {@code apply} validates by regenerating the legal set, and its
 * {@code copy} rebuilds lists and maps: that is part of what "naive" costs.
 * Target: engine game at most 1 µs, 0 B/op, at least 30x the reference.
 */
@State(Scope.Thread)
public class PlayoutBench extends JmhDefaults {
    static final long RNG_SEED = 0x6A5EL;
    static final long DEAL_SEED = 0xD7A1L;

    @Param({"2"})
    public int players;

    private GameState[] starts;
    private GameState[] work;
    private ReferenceGame[] referenceStarts;
    private SplittableRandom rng;
    private int[] buf;
    private int i;

    @Setup
    public void setup() {
        Rules rules = Positions.rules(players);
        starts = Positions.of(Positions.Kind.START, players, DEAL_SEED);
        work = new GameState[starts.length];
        referenceStarts = new ReferenceGame[starts.length];
        for (int j = 0; j < starts.length; j++) {
            work[j] = starts[j].copy();
            referenceStarts[j] = ModelPair.reference(rules, Positions.deal(DEAL_SEED, j));
        }
        rng = new SplittableRandom(RNG_SEED);
        buf = new int[Action.MAX_LEGAL];
        i = 0;
    }

    /** One full game on the bitboard engine; returns the number of actions played. */
    @Benchmark
    public int randomGame() {
        int j = i++ & Positions.MASK;
        GameState s = work[j];
        s.copyFrom(starts[j]);
        return Playouts.randomToEnd(s, rng, buf);
    }

    /** The same game on the naive reference model. */
    @Benchmark
    public int randomGameReference() {
        ReferenceGame g = referenceStarts[i++ & Positions.MASK].copy();
        return referenceRandomToEnd(g, rng);
    }

    /** {@link Playouts#randomToEnd}'s policy, step for step, on the reference model. */
    static int referenceRandomToEnd(ReferenceGame g, SplittableRandom rng) {
        int steps = 0;
        while (!g.isOver()) {
            List<Integer> legal = g.legalActions();
            int n = legal.size();
            g.apply(n == 1 ? legal.get(0) : legal.get(rng.nextInt(n)));
            steps++;
        }
        return steps;
    }
}
