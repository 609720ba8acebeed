package richelieu.runner.stats;

/**
 * Seat advantage of a 2-player match whose deals are each played twice with the seats swapped,
 * analysed at the level of the pair (the independent unit), not the game.
 *
 * <p>Per deal, seat 0's points over its two games (whichever bot sat there) are 0..2; the counts
 * by half-points are a pentanomial. With unequal bots the game-level view is doubly wrong: the
 * stronger bot's wins land in seat 0 half the time by construction (heuristic against random:
 * seat 0 wins exactly 50%, and a Wilson interval around that means nothing), and the bot effect
 * inflates the game-level variance (very conservative tests). Pairs cancel the bot effect:
 * <ul>
 *   <li>{@link #summary()}: seat 0's score per game with the score-test interval of the pair
 *       distribution ({@link PentanomialSummary}, pair-level variance);</li>
 *   <li>{@link #signTestP()}: the conditional test on split pairs, those where each bot won one
 *       game: either seat 0 won both games (the bot in seat 0 won each time) or seat 1 did. Pairs
 *       won twice by the same bot say nothing about seats. Without a seat effect the two games of
 *       a deal are exchangeable, so, given the number m of split pairs, the seat-0 count is
 *       Binomial(m, ½): the exact two-sided McNemar test (Agresti, Categorical Data Analysis,
 *       §11.1). Pairs with a draw (seat 0 scored 1½ or ½) are left out, as in McNemar's test; the
 *       pair-level interval uses them.</li>
 * </ul>
 *
 * @param pairs       deals by seat 0's half-points over both games, [0..4]
 * @param summary     seat 0's score with its pair-level interval
 * @param seat0WonBoth split pairs won both times by the bot in seat 0
 * @param seat1WonBoth split pairs won both times by the bot in seat 1
 * @param signTestP    exact two-sided binomial p-value of seat0WonBoth of all split pairs at ½; NaN
 *                     when there was no split pair
 */
public record SeatPairAdvantage(PentanomialCounts pairs, PentanomialSummary summary, long seat0WonBoth, long seat1WonBoth,
        double signTestP) {

    /** The test at the given confidence level for the interval. */
    public static SeatPairAdvantage of(PentanomialCounts pairs, double confidence) {
        long seat0 = pairs.ww();
        long seat1 = pairs.ll();
        double p = seat0 + seat1 == 0 ? Double.NaN : Proportions.binomialTwoSidedPValue(seat0, seat0 + seat1, 0.5);
        return new SeatPairAdvantage(pairs, PentanomialSummary.of(pairs, confidence), seat0, seat1, p);
    }

    /** Split pairs, where each bot won one game. */
    public long split() {
        return seat0WonBoth + seat1WonBoth;
    }
}
