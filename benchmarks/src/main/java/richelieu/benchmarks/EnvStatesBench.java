package richelieu.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import richelieu.env.EnvBatch;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * The vector environment's states you can hold, from Java, per game: {@link EnvBatch#snapshotInto}
 * and {@link EnvBatch#restore} of {@value #GAMES} self-play games 20 random steps into their
 * games, as {@code python -m richelieu.bench} measures them from Python (a snapshot taken and
 * restored at once, so the rows Python reads change little), and a restore after a random step
 * of every game ({@code stepThenRestore}: a search's leaf and back, the rows changed by the step;
 * the restore's cost is its figure less {@code stepOnly}'s).
 */
@State(Scope.Thread)
public class EnvStatesBench extends JmhDefaults {
    static final int GAMES = 1024;

    @Param({"float32"})
    public String dtype;

    @Param({"2"})
    public int players;

    private EnvBench.Attached batch;
    private EnvBatch env;
    private EnvBatch.Snapshot snap;
    private ByteBuffer b;
    private SplittableRandom rng;

    @Setup
    public void setup() {
        batch = EnvBench.Attached.selfPlay(GAMES, players, dtype, EnvBatch.Autoreset.NEXT_STEP);
        env = batch.env();
        b = batch.b();
        rng = new SplittableRandom(0x57A7EL);
        for (int s = 0; s < 20; s++) {
            step();
        }
        snap = env.snapshot();
    }

    @TearDown
    public void tearDown() {
        env.close();
    }

    private void step() {
        batch.stepRandom(rng);
    }

    /** A clone of every game into the snapshot (the games as they are). */
    @Benchmark
    @OperationsPerInvocation(GAMES)
    public EnvBatch.Snapshot snapshotInto() {
        env.snapshotInto(snap);
        return snap;
    }

    /** A restore of every game, restored over itself (what {@code python -m richelieu.bench} times with a snapshot). */
    @Benchmark
    @OperationsPerInvocation(GAMES)
    public ByteBuffer snapshotIntoAndRestore() {
        env.snapshotInto(snap);
        env.restore(snap);
        return b;
    }

    /** One random step of every game, then every game restored to the snapshot (a search's leaf and back). */
    @Benchmark
    @OperationsPerInvocation(GAMES)
    public ByteBuffer stepThenRestore() {
        step();
        env.restore(snap);
        return b;
    }

    /** One random step of every game (the games going on from wherever they are): what {@code stepThenRestore} adds. */
    @Benchmark
    @OperationsPerInvocation(GAMES)
    public ByteBuffer stepOnly() {
        step();
        return b;
    }
}
