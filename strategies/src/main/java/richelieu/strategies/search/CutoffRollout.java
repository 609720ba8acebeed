package richelieu.strategies.search;

import richelieu.engine.GameState;
import richelieu.engine.Playouts;

import java.util.SplittableRandom;

/**
 * MAST rollouts cut short: ε-greedy on the {@link MastTable} for a few turns, then the position is
 * judged ({@link Reward} with a leaf judgement) instead of played out. A random playout to the
 * end of a 45-turn game says little about the move that started it; a good evaluation a turn or
 * two later says more, and costs less.
 */
final class CutoffRollout implements Rollout {
    private final double epsilon;
    private final int phases;
    private final int turns;
    private final MastTable table;
    private final int[] buf = new int[richelieu.engine.Action.MAX_LEGAL];
    private final int[] moves = new int[Playouts.MAX_STEPS];
    private int steps;

    /**
     * @param turns   turn starts to play through before judging (the game's end comes first if
     *                it is nearer)
     */
    CutoffRollout(double epsilon, MastScope scope, double prior, int turns) {
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
        steps = Playouts.epsilonGreedyTurns(s, rng, epsilon, table.values(), phases, buf, moves, turns);
    }

    @Override
    public void learn(SearchTree tree, int[] path, int depth, double[] result) {
        table.learn(tree, path, depth, moves, steps, result);
    }
}
