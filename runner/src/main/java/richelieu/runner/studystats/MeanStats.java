package richelieu.runner.studystats;

import richelieu.runner.stats.Interval;
import richelieu.runner.stats.MeanEstimate;

/**
 * A mean with its interval and the sample standard deviation, e.g. the score margin.
 *
 * @param n        sample size
 * @param mean     x̄ (NaN when n = 0)
 * @param interval Student t interval of the mean (undefined when n &lt; 2)
 * @param sd       sample standard deviation (NaN when n &lt; 2)
 */
public record MeanStats(long n, double mean, Interval interval, double sd) {
    public static MeanStats of(MeanEstimate m) {
        return new MeanStats(m.n(), m.mean(), m.interval(), Math.sqrt(m.sampleVariance()));
    }

    /** From exact integer sums (n, Σx, Σx²). */
    public static MeanStats fromSums(long n, long sum, long sumOfSquares) {
        return of(MeanEstimate.fromSums(n, sum, sumOfSquares, StudyStatistics.CONFIDENCE));
    }
}
