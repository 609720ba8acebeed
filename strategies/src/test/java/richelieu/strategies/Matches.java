package richelieu.strategies;

import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;

import java.util.SplittableRandom;

/** Paired games between two bot specs for tests: each deal twice with seats swapped. */
final class Matches {
    private Matches() {
    }

    /** Score of A (wins + draws/2) over {@code pairs} paired deals, and the games played. */
    static double[] pairedScore(String a, String b, int pairs, long seed) {
        Bots bots = Bots.standard();
        BotSpec sa = bots.parse(a);
        BotSpec sb = bots.parse(b);
        Strategy ia = sa.newStrategy();
        Strategy ib = sb.newStrategy();
        Game g = new Game();
        double points = 0;
        int games = 0;
        for (int i = 0; i < pairs; i++) {
            Deal deal = Deal.generate(Deck.standard(), seed * 1_000_003 + i);
            for (int swap = 0; swap < 2; swap++) {
                Strategy[] seats = swap == 0 ? new Strategy[]{ia, ib} : new Strategy[]{ib, ia};
                SplittableRandom[] rngs = {new SplittableRandom(seed + 31L * i + swap), new SplittableRandom(seed - 17L * i - swap)};
                GameResult r = g.play(Rules.twoPlayer(), deal, seats, rngs);
                if (r.isForfeit()) {
                    throw new AssertionError("forfeit: " + r.failure());
                }
                int seatA = swap;
                points += r.isShared() ? 0.5 : r.isWinner(seatA) ? 1 : 0;
                games++;
            }
        }
        return new double[]{points, games};
    }

    /** Lower end of the 95% Wilson interval of a proportion. */
    static double wilsonLower(double successes, double n) {
        double z = 1.959963984540054;
        double p = successes / n;
        double centre = p + z * z / (2 * n);
        double margin = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n));
        return (centre - margin) / (1 + z * z / n);
    }
}
