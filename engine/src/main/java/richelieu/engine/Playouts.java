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
     * Plays uniformly random legal actions until the game is over: at every decision point the
     * action {@code buf[rng.nextInt(n)]} of the legal set as {@link GameState#legalActions} writes
     * it (no draw when n = 1). The engine plays this fused, without writing the legal sets out;
     * the game, the draws and the final state are exactly those of the plain loop
     * ({@code PlayoutsTest}).
     *
     * @param buf unused (the fused playout needs no buffer); kept so callers need not change
     * @return the number of actions played
     */
    public static int randomToEnd(GameState s, SplittableRandom rng, int[] buf) {
        return FusedPlayout.toEnd(s, null, rng, null);
    }

    /** {@link #randomToEnd} without a buffer. */
    public static int randomToEnd(GameState s, SplittableRandom rng) {
        return FusedPlayout.toEnd(s, null, rng, null);
    }
}
