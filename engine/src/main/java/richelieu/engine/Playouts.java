package richelieu.engine;

import java.util.SplittableRandom;

/**
 * Random playouts: every decision uniform over its legal set (the {@code random} bot's policy),
 * straight on a {@link GameState}, allocation-free. Used by Monte Carlo search and benchmarks.
 */
public final class Playouts {
    private Playouts() {
    }

    /**
     * Plays uniformly random legal actions until the game is over.
     *
     * @param buf scratch of at least {@link Action#MAX_LEGAL} ints
     * @return the number of actions played
     */
    public static int randomToEnd(GameState s, SplittableRandom rng, int[] buf) {
        int steps = 0;
        while (!s.isOver()) {
            int n = s.legalActions(buf);
            s.play(n == 1 ? buf[0] : buf[rng.nextInt(n)]);
            steps++;
        }
        return steps;
    }
}
