package richelieu.runner.studystats;

import richelieu.runner.stats.Interval;

/** A score (win 1, draw ½) with its interval, and the same on the Elo scale: what game and pair statistics share. */
public interface ScoreEstimate {
    double score();

    Interval scoreInterval();

    double elo();

    Interval eloInterval();
}
