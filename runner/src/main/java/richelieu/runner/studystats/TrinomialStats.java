package richelieu.runner.studystats;

import richelieu.runner.stats.Interval;
import richelieu.runner.stats.TrinomialSummary;

/** Game-level statistics of wins, draws and losses ({@link TrinomialSummary}). */
public record TrinomialStats(double score, Interval scoreInterval, double elo, Interval eloInterval, double eloPlusMinus,
                             double nElo, Interval nEloInterval, double los, double drawRatio, double variancePerGame)
        implements ScoreEstimate {
    public static TrinomialStats of(TrinomialSummary t) {
        return new TrinomialStats(t.score(), t.scoreInterval(), t.elo(), t.eloInterval(), t.eloPlusMinus(), t.nElo(),
                t.nEloInterval(), t.los(), t.drawRatio(), t.variance());
    }
}
