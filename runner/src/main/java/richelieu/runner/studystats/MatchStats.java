package richelieu.runner.studystats;

import com.fasterxml.jackson.annotation.JsonInclude;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.stats.PentanomialCounts;
import richelieu.runner.stats.PentanomialSummary;
import richelieu.runner.stats.TrinomialCounts;
import richelieu.runner.stats.TrinomialSummary;

/**
 * Bot a against bot b: wins, draws and losses (a's view), the game-level statistics, the
 * pair-level statistics when deals were played twice with the seats swapped, and the score margin
 * a − b.
 *
 * @param pentanomial null unless the games came in pairs
 * @param scoreMargin null unless at least two games were scored
 * @param a           the first bot, named in a tournament's pairwise list (null in a match or
 *                    SPRT, whose bots are the config's)
 * @param b           the second bot, likewise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MatchStats(long games, long wins, long draws, long losses, TrinomialStats trinomial,
                         PentanomialStats pentanomial, MeanStats scoreMargin, String a, String b) {

    public static MatchStats of(Tally.PairBlock p) {
        return of(p.wins(), p.draws(), p.losses(), p.pairs() > 0 ? p.penta() : null, p.scored(), p.marginSum(), p.marginSq());
    }

    /**
     * The statistics of a's results given as counts: what a result file's tally holds, and what
     * the Python package's evaluation harness counts in its own games (it asks this method, so
     * its figures are the runner's).
     *
     * @param penta     pair outcomes {@code [LL, LD, WL+DD, WD, WW]}, or null when the games did
     *                  not come in pairs
     * @param scored    games whose score margin a − b is summed in {@code marginSum} and, squared,
     *                  in {@code marginSq}
     */
    public static MatchStats of(long wins, long draws, long losses, long[] penta, long scored, long marginSum,
                                long marginSq) {
        TrinomialSummary t = TrinomialSummary.of(new TrinomialCounts(wins, draws, losses), StudyStatistics.CONFIDENCE);
        PentanomialStats pentaStats = penta != null ? PentanomialStats.of(PentanomialSummary.of(PentanomialCounts.of(penta),
                StudyStatistics.CONFIDENCE)) : null;
        MeanStats margin = scored > 1 ? MeanStats.fromSums(scored, marginSum, marginSq) : null;
        return new MatchStats(wins + draws + losses, wins, draws, losses, TrinomialStats.of(t), pentaStats, margin,
                null, null);
    }

    /** The same statistics, naming the two bots (a tournament's pairwise entry). */
    public MatchStats between(String a, String b) {
        return new MatchStats(games, wins, draws, losses, trinomial, pentanomial, scoreMargin, a, b);
    }

    /** The pair-level figures when the games came in pairs, else the game-level ones. */
    public ScoreEstimate bestEstimate() {
        return pentanomial != null ? pentanomial : trinomial;
    }

    /** a's score over all games (win 1, draw ½), NaN without games. */
    public double score() {
        return games == 0 ? Double.NaN : (wins + draws / 2.0) / games;
    }
}
