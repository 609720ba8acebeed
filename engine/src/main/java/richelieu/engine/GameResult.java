package richelieu.engine;

import java.util.Arrays;

/**
 * The outcome of one game: final scores, cards, the seats sharing the win, and — when a bot
 * failed — which seat forfeited and why.
 *
 * @param scores     R18–R23 totals per seat (the position's scores when the game was forfeited)
 * @param cards      cards taken per seat
 * @param winners    bit mask of seats sharing the win (R20, R24); all seats but the forfeiting one
 *                   after a forfeit
 * @param turns      completed turns, passes included
 * @param forfeitSeat seat that forfeited, or -1
 * @param forfeit    why, or null
 * @param failure    one line describing the forfeit, or a bot's error after a finished game
 *                   (in {@link Strategy#gameEnded}, which changes nothing); null when none. A
 *                   description, not part of the outcome: {@link #equals} ignores it
 */
public record GameResult(int[] scores, int[] cards, int winners, int turns, int forfeitSeat,
                         BotFailure.Reason forfeit, String failure) {

    /** A result without a failure message. */
    public GameResult(int[] scores, int[] cards, int winners, int turns, int forfeitSeat, BotFailure.Reason forfeit) {
        this(scores, cards, winners, turns, forfeitSeat, forfeit, null);
    }

    /** This result with {@code failure} as its message. */
    public GameResult withFailure(String failure) {
        return new GameResult(scores, cards, winners, turns, forfeitSeat, forfeit, failure);
    }

    /** The number of seats. */
    public int players() {
        return scores.length;
    }

    /** True if {@code seat} won or shares the win. */
    public boolean isWinner(int seat) {
        return (winners >>> seat & 1) != 0;
    }

    /** True when more than one seat shares the win (a draw between 2 players). */
    public boolean isShared() {
        return Integer.bitCount(winners) > 1;
    }

    /** The single winner, or -1 when the win is shared. */
    public int winner() {
        return Integer.bitCount(winners) == 1 ? Integer.numberOfTrailingZeros(winners) : -1;
    }

    /** True if a bot forfeited this game. */
    public boolean isForfeit() {
        return forfeitSeat >= 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GameResult r && Arrays.equals(scores, r.scores) && Arrays.equals(cards, r.cards)
                && winners == r.winners && turns == r.turns && forfeitSeat == r.forfeitSeat && forfeit == r.forfeit;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(scores) * 31 + winners;
    }

    @Override
    public String toString() {
        return "GameResult[scores=" + Arrays.toString(scores) + ", cards=" + Arrays.toString(cards) + ", winners="
                + Integer.toBinaryString(winners) + ", turns=" + turns
                + (isForfeit() ? ", forfeit seat " + forfeitSeat + " (" + forfeit + ")" : "") + "]";
    }
}
