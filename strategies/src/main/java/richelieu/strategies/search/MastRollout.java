package richelieu.strategies.search;

import richelieu.engine.GameState;
import richelieu.engine.Playouts;

import java.util.SplittableRandom;

/**
 * MAST rollouts (Finnsson &amp; Björnsson 2008; in ISMCTS, Powley, Whitehouse &amp; Cowling
 * 2013): ε-greedy on the {@link MastTable} at the decisions of its {@link MastScope}, uniform at
 * the others; every action of the iteration, in the tree and in the rollout, then updates its
 * mover's value. Random rollouts take, place and move markers aimlessly; MAST makes them play the
 * cards that the search found worth having. The rollout is the engine's fused whole-turn playout
 * with the value table passed in ({@link Playouts#epsilonGreedyToEnd}: the greedy choice read off
 * the legal set's shape, the moves recorded into a preallocated buffer for the update); it plays
 * exactly the moves of the first, step-by-step MAST rollout (same draws), at a fraction of its
 * cost.
 */
final class MastRollout implements Rollout {
    private final double epsilon;
    private final int phases;
    private final MastTable table;
    private final int[] buf = new int[richelieu.engine.Action.MAX_LEGAL];
    /** The rollout's moves, seat and action ({@link Playouts#epsilonGreedyToEnd}). */
    private final int[] moves = new int[Playouts.MAX_STEPS];
    private int steps;

    /**
     * @param epsilon the probability of a uniformly random action at a greedy decision
     * @param scope   the decisions that are ε-greedy
     * @param prior   half-wins every value starts from ({@link MastTable})
     */
    MastRollout(double epsilon, MastScope scope, double prior) {
        this.epsilon = epsilon;
        this.phases = scope.phases;
        this.table = new MastTable(prior, scope.types);
    }

    @Override
    public void newGame() {
        table.clear();
    }

    @Override
    public void play(GameState s, SplittableRandom rng) {
        steps = Playouts.epsilonGreedyToEnd(s, rng, epsilon, table.values(), phases, buf, moves);
    }

    @Override
    public void learn(SearchTree tree, int[] path, int depth, double[] result) {
        table.learn(tree, path, depth, moves, steps, result);
    }
}
