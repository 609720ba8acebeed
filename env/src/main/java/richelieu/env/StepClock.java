package richelieu.env;

import richelieu.engine.Action;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The Java side of the Python environments' speed measurement ({@code python -m richelieu.bench}):
 * run in the same JVM and the same minute as the Python loops it is compared with, so the cost of
 * an environment step is a ratio to the engine's own step measured under the same load.
 */
public final class StepClock {
    private StepClock() {
    }

    /**
     * Nanoseconds per engine action in uniformly random games (legal set, draw, play: the plain
     * loop of {@code GameState}, random bots without the fused playout), over at least
     * {@code millis} ms after a warm-up of the same length.
     */
    public static double engineNanosPerAction(int players, long seed, long millis) {
        Rules rules = Rules.standard(players);
        int[] buf = new int[Action.MAX_LEGAL];
        SplittableRandom rng = new SplittableRandom(seed);
        double result = 0;
        for (int round = 0; round < 2; round++) {
            long actions = 0;
            long start = System.nanoTime();
            long end = start + millis * 1_000_000L;
            long game = 0;
            long now;
            do {
                GameState s = new GameState(rules, Seeds.deal(Deck.standard(), seed, game++));
                while (!s.isOver()) {
                    int n = s.legalActions(buf);
                    s.play(n == 1 ? buf[0] : buf[rng.nextInt(n)]);
                    actions++;
                }
                now = System.nanoTime();
            } while (now < end);
            result = (double) (now - start) / actions;
        }
        return result;
    }

    /**
     * Nanoseconds per {@link EnvCore#step} called from Java with a uniformly random legal index
     * read from the buffer, as the Python side does (every seat an agent; forced actions played
     * inside the step, observation and mask written), over at least {@code millis} ms after a
     * warm-up of the same length. Returns {nanos per step, engine actions per step}.
     */
    public static double[] coreNanosPerStep(int players, long seed, long millis) {
        double[] result = new double[2];
        try (EnvCore core = new EnvCore(players, "base", null, new String[players], new String[0], false, "win")) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(core.fields().bytes()).order(ByteOrder.nativeOrder());
            core.attach(buffer);
            int legalAt = core.fields().offset("legal");
            int countAt = core.fields().offset("legal_count");
            SplittableRandom rng = new SplittableRandom(seed);
            for (int round = 0; round < 2; round++) {
                long steps = 0;
                long actions = 0;
                long game = 0;
                long start = System.nanoTime();
                long end = start + millis * 1_000_000L;
                long now;
                do {
                    core.reset(seed, game++);
                    int mover = 0;
                    while (mover >= 0) {
                        int n = buffer.getInt(countAt);
                        mover = core.step(buffer.getInt(legalAt + 4 * rng.nextInt(n)));
                        steps++;
                    }
                    actions += core.actions().length;
                    now = System.nanoTime();
                } while (now < end);
                result[0] = (double) (now - start) / steps;
                result[1] = (double) actions / steps;
            }
        }
        return result;
    }

    /**
     * Nanoseconds per agent step of {@link EnvBatch#step} called from Java, the actions drawn
     * uniformly from each game's legal list in the buffer (next-step autoreset; the step of a
     * game that ended, which only starts the next, is not counted), over at least {@code millis}
     * ms after a warm-up of the same length.
     *
     * @param opponent null for self-play, else the bot spec of every other seat (the agent in seat 0)
     */
    public static double batchNanosPerStep(int numEnvs, int players, String opponent, String dtype, int threads,
                                           long seed, long millis) {
        String[] seats = new String[numEnvs * players];
        for (int i = 0; i < numEnvs; i++) {
            for (int p = 1; p < players; p++) {
                seats[i * players + p] = opponent;
            }
        }
        double result = 0;
        BatchOptions options = new BatchOptions(numEnvs, players, "base", null, new String[0], false, Reward.WIN,
                ObservationVector.Dtype.parse(dtype), EnvBatch.Autoreset.NEXT_STEP, threads, false);
        try (EnvBatch batch = new EnvBatch(options, seats)) {
            Fields f = batch.fields();
            ByteBuffer b = ByteBuffer.allocateDirect(f.bytes()).order(ByteOrder.nativeOrder());
            batch.attach(b);
            int legalAt = f.offset("legal");
            int countAt = f.offset("legal_count");
            int actionAt = f.offset("action");
            int resetAt = f.offset("reset_mask");
            for (int i = 0; i < numEnvs; i++) {
                b.put(resetAt + i, (byte) 1);
            }
            long[] masters = new long[numEnvs];
            boolean[] seeded = new boolean[numEnvs];
            Arrays.fill(seeded, true);
            for (int i = 0; i < numEnvs; i++) {
                masters[i] = seed + i;
            }
            batch.reset(masters, seeded);
            SplittableRandom rng = new SplittableRandom(seed);
            for (int round = 0; round < 2; round++) {
                long steps = 0;
                long start = System.nanoTime();
                long end = start + millis * 1_000_000L;
                long now;
                do {
                    for (int i = 0; i < numEnvs; i++) {
                        int count = b.getInt(countAt + 4 * i);
                        steps += count > 0 ? 1 : 0;
                        int k = count > 0 ? rng.nextInt(count) : 0;
                        b.putInt(actionAt + 4 * i, b.getInt(legalAt + 4 * (i * Action.MAX_LEGAL + k)));
                    }
                    batch.step();
                    now = System.nanoTime();
                } while (now < end);
                result = (double) (now - start) / steps;
            }
        }
        return result;
    }
}
