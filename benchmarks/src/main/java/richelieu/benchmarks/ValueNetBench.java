package richelieu.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import richelieu.engine.GameState;
import richelieu.strategies.HeuristicEvaluation;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.learned.LearnedEvaluation;
import richelieu.strategies.learned.SeatFeatures;
import richelieu.strategies.learned.ValueNet;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;

/**
 * The learned evaluation at a rollout's cut-off, 2 players, on decision points of seeded random
 * games: the network alone on encoded features ({@code forward}), the seat-view encoding alone
 * ({@code encode}), both ({@code evaluate}: what a cut-off would pay), and in the same run the
 * hand-written judgement the cut-off uses today ({@code heuristic}: HeuristicEvaluation) as the
 * baseline a ratio is read against. Target: evaluate at most 1 µs, 0 B/op. The net is the
 * shipped one (a net over heuristic-2p that reads its terms: 291 + 76 inputs, and the judgement
 * computed with its terms at every call); speed depends on its shape and on how many inputs are
 * zero or change, not on its weights.
 *
 * <p>The {@code cutoff…} methods judge what a search's cut-off judges, in the order it would:
 * positions a few turns (2 to 4 turn starts of random play) after one root, 256 from each of 4
 * roots, each from the root mover's view. {@code …Sparse} is the net as a cut-off ran it first
 * (every non-zero input's row: {@code forward(x, Scratch)}), {@code …Incremental} the
 * accumulator that adds only the rows of the inputs that changed since the previous position
 * ({@code forward(x, Accumulator)}, what {@link LearnedEvaluation} runs); {@code cutoffNet…}
 * time the net alone on encoded features, {@code cutoffEval…} encoding and net together.
 *
 * <p>On a machine too busy for wall-clock figures, {@link #main} times the same four methods by
 * this thread's CPU time, interleaved, minimum over rounds (as {@link CpuTimeAB} does):
 * {@code java -cp benchmarks.jar richelieu.benchmarks.ValueNetBench 10}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ValueNetBench {

    @State(Scope.Thread)
    public static class Inputs {
        GameState[] positions;
        float[][] features;
        ValueNet net;
        ValueNet.Scratch scratch;
        float[] x;
        SeatFeatures encoder;
        LearnedEvaluation learned;
        HeuristicEvaluation[] heuristic;
        /** heuristic-2p's judgement of the one deal, whose terms a net may read. */
        HeuristicEvaluation judge;
        /** Cut-off positions in a search's order, the seat that judges them, their features. */
        GameState[] leaves;
        int[] leafSeat;
        float[][] leafFeatures;
        ValueNet.Accumulator accumulator;
        int i;

        @Setup
        public void setup() {
            // one deal's positions, repeated: a search evaluates within one deal, and the encoder
            // keeps its per-seat observations for as long as the deal stays
            GameState[] all = Positions.of(Positions.Kind.DECISION, 2, 0x1EA5L);
            java.util.List<GameState> one = new java.util.ArrayList<>();
            for (GameState s : all) {
                if (s.layout() == all[0].layout()) {
                    one.add(s);
                }
            }
            positions = new GameState[Positions.COUNT];
            for (int k = 0; k < Positions.COUNT; k++) {
                positions[k] = one.get(k % one.size());
            }
            net = ValueNet.shipped2p();
            judge = new HeuristicEvaluation(LearnedEvaluation.heuristic2p(), one.get(0).rules(), one.get(0).layout());
            scratch = net.newScratch();
            encoder = new SeatFeatures(2);
            x = new float[net.inputs()];
            features = new float[Positions.COUNT][net.inputs()];
            heuristic = new HeuristicEvaluation[Positions.COUNT];
            for (int k = 0; k < Positions.COUNT; k++) {
                heuristic[k] = new HeuristicEvaluation(HeuristicStrategy.Weights.DEFAULT, positions[k].rules(),
                        positions[k].layout());
                inputs(positions[k], positions[k].toMove(), features[k]);
            }
            learned = new LearnedEvaluation(net, 2);
            accumulator = net.newAccumulator();
            leaves = new GameState[Positions.COUNT];
            leafSeat = new int[Positions.COUNT];
            leafFeatures = new float[Positions.COUNT][net.inputs()];
            java.util.SplittableRandom rng = new java.util.SplittableRandom(7);
            int[] buf = new int[richelieu.engine.Action.MAX_LEGAL];
            for (int k = 0; k < Positions.COUNT; k++) {
                GameState root = one.get(k / 256 * 7 % one.size());
                GameState s = root.copy();
                for (int turns = 2 + rng.nextInt(3); !s.isOver() && turns > 0; ) {
                    int mover = s.toMove();
                    s.play(buf[rng.nextInt(s.legalActions(buf))]);
                    turns -= s.toMove() != mover ? 1 : 0;
                }
                leaves[k] = s;
                leafSeat[k] = root.toMove();
                inputs(s, leafSeat[k], leafFeatures[k]);
            }
        }

        /** The net's inputs for {@code s} from {@code seat}: the features, and heuristic-2p's terms if it reads them. */
        void inputs(GameState s, int seat, float[] into) {
            encoder.encode(s, seat, into);
            if (net.heuristicTerms()) {
                judge.terms(s, seat, into, encoder.size());
            }
        }
    }

    @Benchmark
    public float forward(Inputs in) {
        return in.net.forward(in.features[in.i++ & Positions.MASK], in.scratch);
    }

    @Benchmark
    public float[] encode(Inputs in) {
        GameState s = in.positions[in.i++ & Positions.MASK];
        in.encoder.encode(s, s.toMove(), in.x);
        return in.x;
    }

    @Benchmark
    public float evaluate(Inputs in) {
        GameState s = in.positions[in.i++ & Positions.MASK];
        return in.learned.value(s, s.toMove());
    }

    @Benchmark
    public double heuristic(Inputs in) {
        int k = in.i++ & Positions.MASK;
        return in.heuristic[k].difference(in.positions[k]);
    }

    @Benchmark
    public float cutoffNetSparse(Inputs in) {
        return in.net.forward(in.leafFeatures[in.i++ & Positions.MASK], in.scratch);
    }

    @Benchmark
    public float cutoffNetIncremental(Inputs in) {
        return in.net.forward(in.leafFeatures[in.i++ & Positions.MASK], in.accumulator);
    }

    @Benchmark
    public float cutoffEvalSparse(Inputs in) {
        int k = in.i++ & Positions.MASK;
        in.inputs(in.leaves[k], in.leafSeat[k], in.x);
        return in.net.forward(in.x, in.scratch);
    }

    @Benchmark
    public float cutoffEvalIncremental(Inputs in) {
        int k = in.i++ & Positions.MASK;
        return in.learned.value(in.leaves[k], in.leafSeat[k]);
    }

    /** @param args rounds (default 10) */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Inputs in = new Inputs();
        in.setup();
        ValueNetBench b = new ValueNetBench();
        String[] names = {"forward", "encode", "evaluate", "heuristic", "cutoffNetSparse", "cutoffNetIncremental",
                "cutoffEvalSparse", "cutoffEvalIncremental"};
        double[] best = new double[names.length];
        java.util.Arrays.fill(best, Double.MAX_VALUE);
        int n = 200_000;
        double sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (int m = 0; m < names.length; m++) {
                long t0 = mx.getCurrentThreadCpuTime();
                for (int k = 0; k < n; k++) {
                    sink += switch (m) {
                        case 0 -> b.forward(in);
                        case 1 -> b.encode(in)[k & 255];
                        case 2 -> b.evaluate(in);
                        case 3 -> b.heuristic(in);
                        case 4 -> b.cutoffNetSparse(in);
                        case 5 -> b.cutoffNetIncremental(in);
                        case 6 -> b.cutoffEvalSparse(in);
                        default -> b.cutoffEvalIncremental(in);
                    };
                }
                best[m] = Math.min(best[m], (mx.getCurrentThreadCpuTime() - t0) / (double) n);
            }
        }
        for (int m = 0; m < names.length; m++) {
            System.out.printf("%-22s %8.1f CPU ns/op (minimum of %d rounds of %,d)%n", names[m], best[m], rounds, n);
        }
        System.out.println(sink == 42 ? "" : "(sink " + (sink != 0) + ")");
    }
}
