package mybot;

import org.junit.jupiter.api.Test;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.Rules;
import richelieu.engine.SplitMix;
import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.StrategyFactory;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plays the bots against the lab's {@code random} bot, through the library, as ./richelieu match would. */
class MyBotTest {

    /** A bot by spec name, found as ./richelieu finds it: through META-INF/services. */
    static Strategy bot(String name, Map<String, String> params) {
        for (StrategyFactory f : ServiceLoader.load(StrategyFactory.class)) {
            if (f.name().equals(name)) {
                return f.create(BotParams.of(f, params));
            }
        }
        throw new AssertionError("no bot '" + name + "' in META-INF/services");
    }

    /** Wins of {@code a} against {@code b} over {@code deals} deals, each played in both seat orders. */
    static double wins(Strategy a, Strategy b, int deals) {
        Rules rules = Rules.standard(2);
        Game game = new Game();
        double wins = 0;
        for (int d = 0; d < deals; d++) {
            long seed = SplitMix.mix64(d + 1);
            Deal deal = Deal.generate(Deck.standard(), seed);
            for (int aSeat = 0; aSeat < 2; aSeat++) {
                Strategy[] seats = aSeat == 0 ? new Strategy[]{a, b} : new Strategy[]{b, a};
                SplittableRandom[] streams = {new SplittableRandom(seed ^ 1), new SplittableRandom(seed ^ 2)};
                GameResult r = game.play(rules, deal, seats, streams);
                assertEquals(-1, r.forfeitSeat(), () -> "a bot failed: " + r.failure());
                wins += r.isWinner(aSeat) ? 1.0 / Integer.bitCount(r.winners()) : 0;
            }
        }
        return wins / (2.0 * deals);
    }

    @Test
    void myBot_againstRandom_winsMostGames() {
        double share = wins(bot("mybot", Map.of()), bot("random", Map.of()), 100);
        assertTrue(share > 0.7, "mybot won only " + share + " of its games against random");
    }

    @Test
    void flatMonteCarlo_againstRandom_winsMostGames() {
        double share = wins(bot("flatmc", Map.of("playouts", "10")), bot("random", Map.of()), 10);
        assertTrue(share > 0.75, "flatmc won only " + share + " of its games against random");
    }
}
