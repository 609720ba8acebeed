package richelieu.strategies;

import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Rules;
import richelieu.engine.Observation;

import java.util.SplittableRandom;

/**
 * Depth-first search over the rest of the mover's turn: every sequence of its decisions from
 * the current decision point until the turn (or the game) ends, scored by an evaluation of the
 * resulting position. Ties between best sequences are broken uniformly at random. Reuses one
 * state and one action buffer per depth, so a search allocates nothing.
 */
final class TurnSearch {
    /** Scores a position reached at the end of {@code me}'s turn; higher is better for {@code me}. */
    interface Evaluation {
        /**
         * @param bound the best score of the search so far (−∞ at first). A position scoring below
         *              it is never chosen, and only equal scores draw lots, so for such a position
         *              any value below {@code bound} may be returned: an evaluation may stop as soon
         *              as it knows the score is below (a cut-off) without changing the move chosen.
         */
        double evaluate(GameState after, int me, double bound);
    }

    private static final int MAX_DEPTH = 24;
    private final GameState[] stack = new GameState[MAX_DEPTH + 1];
    private final int[][] buffers = new int[MAX_DEPTH][Action.MAX_LEGAL];
    /** The layout the scratch states were made for (observation objects may be reused across games). */
    private Layout forGameLayout;
    private Rules forGameRules;

    private Evaluation evaluation;
    private SplittableRandom rng;
    private int me;
    private int turn;
    private double best;
    private int bestFirst;
    private int ties;

    /** The root state to fill (e.g. with {@link Observation#toViewState}) before {@link #bestFirstAction}. */
    GameState root(Observation obs) {
        if (forGameLayout != obs.layout() || forGameRules != obs.rules()) {
            for (int i = 0; i < stack.length; i++) {
                stack[i] = obs.newState();
            }
            forGameLayout = obs.layout();
            forGameRules = obs.rules();
        }
        return stack[0];
    }

    /** The first action of a best sequence from the root's current decision point to the end of the turn. */
    int bestFirstAction(Evaluation evaluation, SplittableRandom rng) {
        GameState root = stack[0];
        this.evaluation = evaluation;
        this.rng = rng;
        this.me = root.toMove();
        this.turn = root.turn();
        this.best = Double.NEGATIVE_INFINITY;
        this.bestFirst = -1;
        this.ties = 0;
        search(0, -1);
        return bestFirst;
    }

    /** The best value found by the last search. */
    double bestValue() {
        return best;
    }

    private void search(int depth, int first) {
        GameState s = stack[depth];
        int[] buf = buffers[depth];
        int n = s.legalActions(buf);
        GameState next = stack[depth + 1];
        for (int i = 0; i < n; i++) {
            int a = buf[i];
            next.copyFrom(s);
            next.play(a);
            int f = depth == 0 ? a : first;
            if (next.isOver() || next.turn() != turn || depth + 1 == MAX_DEPTH) {
                double v = evaluation.evaluate(next, me, best);
                if (v > best) {
                    best = v;
                    bestFirst = f;
                    ties = 1;
                } else if (v == best && rng.nextInt(++ties) == 0) {
                    bestFirst = f;
                }
            } else {
                search(depth + 1, f);
            }
        }
    }
}
