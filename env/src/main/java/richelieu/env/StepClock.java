package richelieu.env;

import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.SplittableRandom;

/**
 * The Java side of the Python environments' speed measurement ({@code python -m richelieu.bench}):
 * run in the same JVM and the same minute as the Python loop it is compared with, so the cost of
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
                GameState s = new GameState(rules, Deal.generate(Deck.standard(), Seeds.deal(seed, game++)));
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
     * (every seat an agent; forced actions played inside the step, observation and mask written),
     * over at least {@code millis} ms after a warm-up of the same length. Returns {nanos per step,
     * engine actions per step}.
     */
    public static double[] coreNanosPerStep(int players, long seed, long millis) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(EnvCore.bufferBytes(players)).order(ByteOrder.nativeOrder());
        IntBuffer header = buffer.duplicate().order(ByteOrder.nativeOrder()).asIntBuffer();
        IntBuffer legal = buffer.duplicate().position(EnvCore.LEGAL_AT).slice().order(ByteOrder.nativeOrder()).asIntBuffer();
        String[] seats = new String[players];
        double[] result = new double[2];
        try (EnvCore core = new EnvCore(players, "base", null, seats, new String[0], false, buffer)) {
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
                        // read the legal indices from the shared buffer, as the Python side does
                        int n = header.get(EnvCore.H_LEGAL);
                        mover = core.step(legal.get(rng.nextInt(n)));
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
}
