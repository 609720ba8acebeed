package richelieu.strategies.ismcts;

import richelieu.engine.GameState;
import richelieu.engine.Playouts;

import java.util.SplittableRandom;

/**
 * Uniformly random rollouts (plain ISMCTS): the engine's fused random playout, which plays
 * exactly the games of the step-by-step {@code legalActions}/{@code nextInt}/{@code play} loop
 * at a fraction of its cost. Learns nothing.
 */
final class UniformRollout implements Rollout {
    @Override
    public void newGame() {
    }

    @Override
    public void play(GameState s, SplittableRandom rng) {
        Playouts.randomToEnd(s, rng);
    }

    @Override
    public void learn(SearchTree tree, int[] path, int depth, double[] result) {
    }
}
