package richelieu.strategies.ismcts;

import org.junit.jupiter.api.Test;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code eval=linear}: cut-short rollouts judged by heuristic-2p's terms re-weighted by the shipped multipliers. */
class LinearCutoffTest {
    /** The option changes the games (the multipliers are used) and they stay reproducible, in the search and in pimc. */
    @Test
    void linearCutoff_playsItsOwnReproducibleGames() {
        for (String base : new String[]{"ismcts-mast-2p:iterations=100,rollout=cutoff", "pimc:iterations=100"}) {
            String linear = base + ",eval=linear";
            int[] once = LearnedCutoffTest.actions(linear);
            assertArrayEquals(once, LearnedCutoffTest.actions(linear), linear);
            assertFalse(Arrays.equals(once, LearnedCutoffTest.actions(base)), linear + " plays the heuristic cut-off's games");
        }
    }

    /** The multipliers are for 2 players: a larger game fails before it starts, with one line. */
    @Test
    void linearCutoff_threePlayers_failsBeforeTheGames() {
        BotSpec bot = Bots.standard().parse("ismcts-mast:rollout=cutoff,eval=linear");
        bot.checkStarts(start(2));
        BotSpecException e = assertThrows(BotSpecException.class, () -> bot.checkStarts(start(3)));
        assertEquals("ismcts-mast:rollout=cutoff,eval=linear: eval=linear re-weighs the 2-player evaluation, this game "
                + "has 3 players", e.getMessage());
    }

    /** Only cut-short rollouts are judged: the option alone would change nothing, so it fails. */
    @Test
    void linearEval_withoutCutoff_failsBeforeTheGames() {
        BotSpec bot = Bots.standard().parse("ismcts-mast-2p:eval=linear");
        BotSpecException e = assertThrows(BotSpecException.class, () -> bot.checkStarts(start(2)));
        assertEquals("ismcts-mast-2p:eval=linear: eval=linear judges cut-short rollouts, add rollout=cutoff",
                e.getMessage());
    }

    private static Strategy.GameStart start(int players) {
        return new Strategy.GameStart(0, Rules.standard(players), Deal.generate(Deck.standard(), 1).layout(),
                new SplittableRandom(1));
    }
}
