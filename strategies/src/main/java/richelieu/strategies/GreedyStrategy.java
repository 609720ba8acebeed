package richelieu.strategies;

import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
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
    private final TurnSearch.Evaluation evaluation = (after, me, bound) -> evaluate(after, me);
    private final int[] scores = new int[4];
    private SplittableRandom rng;
    /**
     * The last position evaluated, by what the evaluation reads (every hand and held tokens): the
     * ways to end a turn that differ only in the marker give one evaluation instead of dozens
     * (the same double, so the same moves and draws).
     */
    private final long[] lastHands = new long[4];
    private final int[] lastHeld = new int[4];
    private Layout lastLayout;
    private Rules lastRules;
    private int lastMe = -1;
    private double lastValue;

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
        return search.bestFirstAction(evaluation, rng);
    }

    double evaluate(GameState s, int me) {
        int players = s.players();
        boolean same = s.layout() == lastLayout && s.rules() == lastRules && me == lastMe;
        for (int p = 0; p < players && same; p++) {
            same = s.hand(p) == lastHands[p] && s.heldTokens(p) == lastHeld[p];
        }
        if (same) {
            return lastValue;
        }
        for (int p = 0; p < players; p++) {
            lastHands[p] = s.hand(p);
            lastHeld[p] = s.heldTokens(p);
        }
        lastLayout = s.layout();
        lastRules = s.rules();
        lastMe = me;
        lastValue = score(s, me);
        return lastValue;
    }

    /** The evaluation (see the class comment); it reads only the hands and the held tokens. */
    private double score(GameState s, int me) {
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
