package richelieu.strategies;

import richelieu.engine.GameState;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;

import java.util.SplittableRandom;

/**
 * {@code greedy}: one-turn lookahead. At each of its decision points it searches every way to
 * finish its turn (returns, cards, payments, marker) on the position as its seat sees it
 * (tokens it has not seen count for nothing) and picks a turn that maximises
 * <pre>
 *   own score − best opponent score  (the score if the game ended now, R18–R23)
 *   + 0.1 · Σ over regions and symbols of clamp(own count − best opponent count, −3, 3)
 * </pre>
 * Ties are broken uniformly at random with the bot's own stream. It values markers at nothing,
 * so it places, moves and pays with them at random among equally scored turns.
 */
public final class GreedyStrategy implements Strategy {
    private final TurnSearch search = new TurnSearch();
    private final int[] scores = new int[4];
    private SplittableRandom rng;

    @Override
    public String name() {
        return "greedy";
    }

    @Override
    public void gameStarted(GameStart start) {
        rng = start.random();
    }

    @Override
    public int chooseAction(Observation observation, LegalActions legal) {
        GameState root = search.root(observation);
        observation.toViewState(root);
        return search.bestFirstAction(this::evaluate, rng);
    }

    double evaluate(GameState s, int me) {
        s.scores(scores);
        int players = s.players();
        int bestOpp = Integer.MIN_VALUE;
        for (int p = 0; p < players; p++) {
            if (p != me) {
                bestOpp = Math.max(bestOpp, scores[p]);
            }
        }
        double margins = 0;
        for (int c = 0; c < Evaluations.CATEGORIES; c++) {
            int mine = Evaluations.count(s, me, c);
            int opp = 0;
            for (int p = 0; p < players; p++) {
                if (p != me) {
                    opp = Math.max(opp, Evaluations.count(s, p, c));
                }
            }
            margins += Math.max(-3, Math.min(3, mine - opp));
        }
        return scores[me] - bestOpp + 0.1 * margins;
    }
}
