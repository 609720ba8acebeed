package richelieu.engine.solver;

import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.SplitMix;

import java.util.SplittableRandom;

/**
 * Positions for the solver's tests: a seeded game played by uniformly random seats until at most
 * {@code cardsLeft} cards are on the table, then stopped at a random decision point of the turn
 * that follows (so every phase is met, not only turn starts). Null if the game ended first (in
 * the three-row variant, R17, most games end with more cards on the table).
 */
final class Positions {
    private Positions() {
    }

    static GameState withCardsLeft(Rules rules, long seed, int cardsLeft) {
        Deal deal = Deal.generate(Deck.standard(), SplitMix.mix64(seed));
        GameState s = new GameState(rules, deal);
        SplittableRandom rng = new SplittableRandom(seed);
        int[] buf = new int[Action.MAX_LEGAL];
        while (!s.isOver() && Long.bitCount(s.table()) > cardsLeft) {
            int n = s.legalActions(buf);
            s.play(buf[rng.nextInt(n)]);
        }
        for (int extra = rng.nextInt(4); extra > 0 && !s.isOver(); extra--) {
            int n = s.legalActions(buf);
            s.play(buf[rng.nextInt(n)]);
        }
        return s.isOver() ? null : s;
    }
}
