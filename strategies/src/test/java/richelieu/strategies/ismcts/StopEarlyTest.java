package richelieu.strategies.ismcts;

import org.junit.jupiter.api.Test;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.LegalActions;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.strategies.Bots;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code stopEarly}: a search that stops once its move can no longer change plays the move of the
 * search that spends the whole budget, with fewer iterations.
 */
class StopEarlyTest {
    private static final int BUDGET = 300;

    private static IsmctsStrategy bot(boolean stopEarly) {
        // A fresh tree per decision, so that the two searches start alike at every decision.
        return (IsmctsStrategy) Bots.standard().parse("ismcts-mast:iterations=" + BUDGET + ",c=0.3,reuse=false,stopEarly="
                + stopEarly).newStrategy();
    }

    @Test
    void stopEarly_everyPlayerCount_sameMoveAsTheWholeBudget_withFewerIterations() {
        int decisions = 0;
        int stopped = 0;
        long saved = 0;
        for (int players = 2; players <= 4; players++) {
            GameState s = new GameState(Rules.standard(players), Deal.generate(Deck.standard(), 300 + players));
            SplittableRandom others = new SplittableRandom(players);
            LegalActions legal = new LegalActions();
            long seed = 0;
            while (!s.isOver()) {
                legal.fill(s);
                int seat = s.toMove();
                int a = legal.get(others.nextInt(legal.size()));
                if (seat == 0 && legal.size() > 1) {
                    IsmctsStrategy early = bot(true);
                    IsmctsStrategy whole = bot(false);
                    early.gameStarted(new Strategy.GameStart(0, s.rules(), s.layout(), new SplittableRandom(++seed)));
                    whole.gameStarted(new Strategy.GameStart(0, s.rules(), s.layout(), new SplittableRandom(seed)));
                    int moveEarly = early.chooseAction(s.observe(0), legal);
                    int moveWhole = whole.chooseAction(s.observe(0), legal);
                    assertEquals(moveWhole, moveEarly, players + " players, turn " + s.turn());
                    assertEquals(BUDGET, whole.lastIterations());
                    assertTrue(early.lastIterations() <= BUDGET);
                    decisions++;
                    stopped += early.lastIterations() < BUDGET ? 1 : 0;
                    saved += BUDGET - early.lastIterations();
                    a = moveEarly;
                }
                s.play(a);
            }
        }
        assertTrue(decisions > 30, decisions + " decisions");
        assertTrue(stopped * 2 > decisions, "stopped early at only " + stopped + " of " + decisions + " decisions");
        assertTrue(saved * 20 > (long) decisions * BUDGET, "saved only " + saved + " of " + decisions * BUDGET
                + " iterations");
    }
}
