package richelieu.strategies.ismcts;

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
 *
 * <p>Cut short ({@code rollout=cutoff}), it plays only a few turns and the position is then
 * judged ({@link RolloutReward} with a leaf judgement) instead of played out: a random playout to the
 * end of a 45-turn game says little about the move that started it; a good evaluation a turn or
 * two later says more, and costs less.
 */
final class MastRollout implements Rollout {
    private final double epsilon;
    private final int phases;
    /** Turn starts to play through before the position is judged, or {@link #TO_END}. */
    private final int turns;
    private final MastTable table;
    private final int[] buf = new int[richelieu.engine.Action.MAX_LEGAL];
    /** The rollout's moves, seat and action ({@link Playouts#epsilonGreedyToEnd}). */
    private final int[] moves = new int[Playouts.MAX_STEPS];
    private int steps;

    /** A rollout to the end of the game rather than cut short. */
    static final int TO_END = 0;

    /**
     * @param epsilon the probability of a uniformly random action at a greedy decision
     * @param scope   the decisions that are ε-greedy
     * @param prior   half-wins every value starts from ({@link MastTable})
     * @param turns   turn starts to play through before judging (the game's end comes first if
     *                it is nearer), or {@link #TO_END}
     */
    MastRollout(double epsilon, MastScope scope, double prior, int turns) {
        this.epsilon = epsilon;
        this.phases = scope.phases;
        this.turns = turns;
        this.table = new MastTable(prior, scope.types);
    }

    @Override
    public void newGame() {
        table.clear();
    }

    @Override
    public void play(GameState s, SplittableRandom rng) {
        steps = turns == TO_END ? Playouts.epsilonGreedyToEnd(s, rng, epsilon, table.keys(), phases, buf, moves)
                : Playouts.epsilonGreedyTurns(s, rng, epsilon, table.keys(), phases, buf, moves, turns);
    }

    @Override
    public void learn(SearchTree tree, int[] path, int depth, double[] result) {
        table.learn(tree, path, depth, moves, steps, result);
    }
}
