package richelieu.runner.stats;

import java.math.BigInteger;

/**
 * Mean of a sample with a confidence interval, from streaming sums (n, Σx, Σx²), e.g. the mean
 * score margin of a bot over many games.
 *
 * <p>The sample variance uses divisor n - 1: s² = (Σx² - (Σx)²/n)/(n - 1). The interval is
 * x̄ ± t_{n-1} · s/√n with the Student t quantile on n - 1 degrees of freedom, which becomes the
 * normal quantile for the sample sizes a tournament produces but stays honest for small n. With
 * n = 0 every field is NaN; with n = 1 the mean is defined and the rest is NaN. Without spread
 * (every value the same) s = 0, but that says nothing about the next values: the interval is
 * undefined and so is the t-test, rather than a zero-width interval and "p &lt; 1e-300". A mean
 * whose values have known bounds (a score difference) is a {@link BoundedMean}, which has an exact
 * answer there.
 *
 * @param n                 sample size
 * @param mean              x̄
 * @param sampleVariance    s²
 * @param standardError     s/√n
 * @param interval          x̄ ± t · s/√n
 * @param confidence        two-sided level of {@code interval}
 */
public record MeanEstimate(long n, double mean, double sampleVariance, double standardError, Interval interval,
        double confidence) {

    /**
     * From floating-point sums. The variance numerator Σx² - (Σx)²/n can cancel badly when the
     * mean is large relative to the spread; a negative rounding result is clamped to 0. Prefer
     * {@link #fromSums(long, long, long, double)} for integer data.
     */
    public static MeanEstimate fromSums(long n, double sum, double sumOfSquares, double confidence) {
        StatMath.nonNegative("n", n);
        StatMath.checkConfidence(confidence);
        if (n == 0) {
            return new MeanEstimate(0, Double.NaN, Double.NaN, Double.NaN, Interval.UNDEFINED, confidence);
        }
        double mean = sum / n;
        if (n == 1) {
            return new MeanEstimate(1, mean, Double.NaN, Double.NaN, Interval.UNDEFINED, confidence);
        }
        double variance = Math.max(0.0, (sumOfSquares - sum * mean) / (n - 1));
        return build(n, mean, variance, confidence);
    }

    /**
     * From exact integer sums (e.g. integer score margins): the variance numerator
     * n·Σx² - (Σx)² is computed exactly, so there is no cancellation.
     *
     * @throws IllegalArgumentException if the sums are impossible (Σx² &lt; (Σx)²/n)
     */
    public static MeanEstimate fromSums(long n, long sum, long sumOfSquares, double confidence) {
        StatMath.nonNegative("n", n);
        StatMath.nonNegative("sumOfSquares", sumOfSquares);
        StatMath.checkConfidence(confidence);
        if (n == 0) {
            return new MeanEstimate(0, Double.NaN, Double.NaN, Double.NaN, Interval.UNDEFINED, confidence);
        }
        double mean = (double) sum / n;
        if (n == 1) {
            return new MeanEstimate(1, mean, Double.NaN, Double.NaN, Interval.UNDEFINED, confidence);
        }
        BigInteger bn = BigInteger.valueOf(n);
        BigInteger numerator = bn.multiply(BigInteger.valueOf(sumOfSquares))
                .subtract(BigInteger.valueOf(sum).pow(2));
        if (numerator.signum() < 0) {
            throw new IllegalArgumentException("impossible sums: n·Σx² < (Σx)²");
        }
        double variance = numerator.doubleValue() / ((double) n * (double) (n - 1));
        return build(n, mean, variance, confidence);
    }

    /**
     * Two-sided one-sample t-test p-value that the mean is 0: the test behind {@link #interval()}
     * (p &lt; 1 − confidence when the interval leaves out 0, up to the last digits at the boundary).
     * NaN with fewer than 2 values or without spread, as the interval.
     */
    public double pValueMeanZero() {
        if (n < 2 || !(standardError > 0)) {
            return Double.NaN;
        }
        return StatMath.studentTTwoSidedP(mean / standardError, n - 1.0);
    }

    /**
     * The p-value of {@link #pValueMeanZero()} recovered from a stored mean and its t interval at
     * {@code confidence} over n values (the interval's half-width is t·s/√n).
     */
    public static double pValueMeanZero(double mean, Interval interval, long n, double confidence) {
        if (n < 2 || Double.isNaN(interval.low()) || Double.isNaN(interval.high())) {
            return Double.NaN;
        }
        double t = StatMath.studentTQuantile(1.0 - (1.0 - confidence) / 2.0, n - 1.0);
        double standardError = (interval.high() - interval.low()) / (2 * t);
        if (!(standardError > 0)) {
            return Double.NaN;
        }
        return StatMath.studentTTwoSidedP(mean / standardError, n - 1.0);
    }

    private static MeanEstimate build(long n, double mean, double variance, double confidence) {
        double standardError = Math.sqrt(variance / n);
        double t = StatMath.studentTQuantile(1.0 - (1.0 - confidence) / 2.0, n - 1.0);
        Interval interval = standardError > 0 ? new Interval(mean - t * standardError, mean + t * standardError)
                : Interval.UNDEFINED;
        return new MeanEstimate(n, mean, variance, standardError, interval, confidence);
    }
}
