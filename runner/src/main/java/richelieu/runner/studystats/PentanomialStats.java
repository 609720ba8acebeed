package richelieu.runner.studystats;

import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PentanomialSummary;

/**
 * Pair-level statistics of deals played twice with the seats swapped ({@link PentanomialSummary}).
 *
 * @param counts pairs by the first bot's half-points over both games: LL, LD, WL+DD, WD, WW
 */
public record PentanomialStats(long[] counts, long pairs, double score, Interval scoreInterval, double elo,
                               Interval eloInterval, double eloPlusMinus, double nElo, Interval nEloInterval, double los,
                               double pairVariance, double pairDrawRatio, double pairsRatio) implements ScoreEstimate {
    public static PentanomialStats of(PentanomialSummary s) {
        return new PentanomialStats(s.counts().toArray(), s.counts().pairs(), s.score(), s.scoreInterval(), s.elo(),
                s.eloInterval(), s.eloPlusMinus(), s.nElo(), s.nEloInterval(), s.los(), s.pairVariance(), s.pairDrawRatio(),
                s.pairsRatio());
    }
}
