package richelieu.runner.resultfile;

import richelieu.engine.BotFailure;
import richelieu.engine.GameResult;

/**
 * One finished game as the runner keeps it: which bot sat where, and the result.
 *
 * @param unit     the unit the game belongs to
 * @param game     its index within the unit
 * @param variant  index into the plan's rule sets (0 unless a study compares variants)
 * @param dealSeed the deal's seed
 * @param seatBots bot index (into the plan's bot list) per seat
 */
public record GameOutcome(long unit, int game, int variant, long dealSeed, int[] seatBots, GameResult result) {

    public int players() {
        return seatBots.length;
    }

    public boolean isWinner(int seat) {
        return result.isWinner(seat);
    }

    public int score(int seat) {
        return result.scores()[seat];
    }

    public BotFailure.Reason forfeit() {
        return result.forfeit();
    }

    /**
     * Ranking between two seats: +1 if {@code a} finished ahead of {@code b}, −1 if behind, 0 if
     * level. A winner is ahead of a non-winner; otherwise the higher score, then fewer cards
     * (R20/R24). Two winners (a shared win) are level; a forfeiting seat is behind everyone.
     */
    public int compare(int a, int b) {
        boolean wa = isWinner(a);
        boolean wb = isWinner(b);
        if (wa != wb) {
            return wa ? 1 : -1;
        }
        if (wa || result.isForfeit()) {
            return 0;
        }
        int sa = score(a);
        int sb = score(b);
        if (sa != sb) {
            return sa > sb ? 1 : -1;
        }
        int ca = result.cards()[a];
        int cb = result.cards()[b];
        return Integer.compare(cb, ca);
    }
}
