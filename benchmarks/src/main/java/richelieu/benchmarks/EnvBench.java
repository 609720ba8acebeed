package richelieu.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import richelieu.engine.Action;
import richelieu.env.BatchOptions;
import richelieu.env.EnvBatch;
import richelieu.env.ObservationVector;
import richelieu.env.Reward;
import richelieu.env.Fields;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * One step of the vector environment's Java half ({@link EnvBatch#step}) over {@value #GAMES}
 * self-play games on one thread, per game: the agent's action (uniformly random from the legal
 * list in the buffer, as the Python benchmark draws it), the forced actions after it, and the
 * observation, mask and legal list written into the buffer. -prof gc shows what a step
 * allocates: nothing per move; what remains is each game's restart (a deal, a state, its
 * result) spread over its steps.
 */
@State(Scope.Thread)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class EnvBench extends JmhDefaults {
    static final int GAMES = 1024;

    @Param({"uint8", "float32"})
    public String dtype;

    private Attached batch;
    private EnvBatch env;
    private ByteBuffer b;
    private SplittableRandom rng;

    @Setup
    public void setup() {
        batch = Attached.selfPlay(GAMES, 2, dtype, EnvBatch.Autoreset.SAME_STEP);
        env = batch.env();
        b = batch.b();
        rng = new SplittableRandom(0xE7BL);
    }

    /** A batch of self-play games on one thread with its buffer, every game reset (game i: master seed i). */
    record Attached(EnvBatch env, ByteBuffer b) {
        static Attached selfPlay(int games, int players, String dtype, EnvBatch.Autoreset autoreset) {
            EnvBatch env = new EnvBatch(new BatchOptions(games, players, "base", null, new String[0], false, Reward.WIN,
                    ObservationVector.Dtype.parse(dtype), autoreset, 1, false), new String[games * players]);
            Fields f = env.fields();
            ByteBuffer b = ByteBuffer.allocateDirect(f.bytes()).order(ByteOrder.nativeOrder());
            env.attach(b);
            long[] masters = new long[games];
            boolean[] seeded = new boolean[games];
            for (int i = 0; i < games; i++) {
                b.put(f.offset("reset_mask") + i, (byte) 1);
                masters[i] = i;
                seeded[i] = true;
            }
            env.reset(masters, seeded);
            return new Attached(env, b);
        }

        /** Every game's action drawn uniformly from the legal list in the buffer (as the Python benchmark draws it), then a step. */
        void stepRandom(SplittableRandom rng) {
            Fields f = env.fields();
            int legalAt = f.offset("legal");
            int countAt = f.offset("legal_count");
            int actionAt = f.offset("action");
            for (int i = 0; i < f.rows(); i++) {
                int n = b.getInt(countAt + 4 * i);
                b.putInt(actionAt + 4 * i, n == 0 ? 0 : b.getInt(legalAt + 4 * (i * Action.MAX_LEGAL + rng.nextInt(n))));
            }
            env.step();
        }
    }

    @TearDown
    public void tearDown() {
        env.close();
    }

    @Benchmark
    @OperationsPerInvocation(GAMES)
    public ByteBuffer step() {
        batch.stepRandom(rng);
        return b;
    }
}
