package richelieu.env;

import richelieu.engine.GameResult;
import richelieu.engine.json.Json;

import java.util.Locale;

/** What a finished game is worth to each seat, as the environments reward it. */
public enum Reward {
    /**
     * The runner's match score (1, ½, 0) on a −1…+1 scale: +1 for a sole win, 0 for a shared win
     * (a draw with 2 players), −1 for a loss.
     */
    WIN,
    /** The seat's score minus the best other score; a forfeited game is rewarded as {@link #WIN}. */
    MARGIN;

    /** "win" or "margin", or an IllegalArgumentException naming the argument. */
    public static Reward parse(String name) {
        Reward r = Json.named(values(), w -> w.name().toLowerCase(Locale.ROOT), name);
        if (r != null) {
            return r;
        }
        throw new IllegalArgumentException("reward must be \"win\" or \"margin\", not " + (name == null ? "null" : "\"" + name + "\""));
    }

    /** The reward of every seat of a finished game, into {@code out[0 … players-1]}. */
    public void of(GameResult r, float[] out) {
        int players = r.players();
        boolean sole = Integer.bitCount(r.winners()) == 1;
        if (this == WIN || r.isForfeit()) {
            for (int s = 0; s < players; s++) {
                out[s] = r.isWinner(s) ? (sole ? 1 : 0) : -1;
            }
            return;
        }
        int[] scores = r.scores();
        for (int s = 0; s < players; s++) {
            int best = Integer.MIN_VALUE;
            for (int o = 0; o < players; o++) {
                if (o != s) {
                    best = Math.max(best, scores[o]);
                }
            }
            out[s] = scores[s] - best;
        }
    }
}
