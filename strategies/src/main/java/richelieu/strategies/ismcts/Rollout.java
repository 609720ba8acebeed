package richelieu.strategies.ismcts;

import richelieu.engine.GameState;

import java.util.SplittableRandom;

/**
 * A rollout policy: how an iteration plays from the new leaf to the end of the game, and what it
 * learns from the result. One per bot (it may carry what it learned through a game); it must not
 * allocate per iteration. A new policy is one class implementing this and a value of the search
 * factory's {@code rollout} parameter ({@link IsmctsFactory}).
 */
interface Rollout {
    /** A new game starts: forget what was learned. */
    void newGame();

    /** Plays {@code s} to the end, drawing from {@code rng}. */
    void play(GameState s, SplittableRandom rng);

    /**
     * The iteration's result, after {@link #play}: {@code path} holds the {@code depth} tree
     * nodes below the root that the iteration passed, {@code result} each seat's reward.
     */
    void learn(SearchTree tree, int[] path, int depth, double[] result);
}
