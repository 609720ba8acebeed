package richelieu.runner.stats;

import org.apache.commons.math3.stat.inference.AlternativeHypothesis;
import org.apache.commons.math3.stat.inference.BinomialTest;

/** Interval estimates and exact tests for a single binomial proportion (e.g. one seat's win rate). */
public final class Proportions {

    private Proportions() {
    }

    /**
     * Wilson score interval (Wilson 1927; method 3 of Newcombe, Statistics in Medicine 17:857-872,
     * 1998) for {@code successes} out of {@code trials}:
     * {@code (p̂ + z²/2n ± z·sqrt(p̂(1-p̂)/n + z²/4n²)) / (1 + z²/n)}, z the two-sided normal
     * quantile. Ends are clamped to [0, 1] against rounding. {@code trials == 0} gives
     * {@link Interval#UNDEFINED}.
     */
    public static Interval wilson(long successes, long trials, double confidence) {
        checkCounts(successes, trials);
        double z = StatMath.twoSidedZ(confidence);
        if (trials == 0) {
            return Interval.UNDEFINED;
        }
        double n = trials;
        double p = successes / n;
        double z2 = z * z;
        double denominator = 1.0 + z2 / n;
        double centre = (p + z2 / (2.0 * n)) / denominator;
        double half = z * Math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denominator;
        double low = successes == 0 ? 0.0 : Math.max(0.0, centre - half);
        double high = successes == trials ? 1.0 : Math.min(1.0, centre + half);
        return new Interval(low, high);
    }

    /**
     * Exact two-sided binomial test of H0: success probability = {@code p}. The p-value is the total
     * probability, under H0, of all outcomes no more likely than the observed one (Commons Math
     * {@link BinomialTest}, {@code TWO_SIDED}; the same convention as R's {@code binom.test}).
     * {@code trials == 0} gives 1.
     *
     * @throws IllegalArgumentException if trials exceed {@code Integer.MAX_VALUE} (a Commons Math
     *                                  limit) or {@code p} is outside [0, 1]
     */
    public static double binomialTwoSidedPValue(long successes, long trials, double p) {
        checkCounts(successes, trials);
        if (!(p >= 0.0 && p <= 1.0)) {
            throw new IllegalArgumentException("p must lie in [0, 1], got " + p);
        }
        if (trials > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("at most " + Integer.MAX_VALUE + " trials, got " + trials);
        }
        if (trials == 0) {
            return 1.0;
        }
        return Math.min(1.0, new BinomialTest().binomialTest((int) trials, (int) successes, p,
                AlternativeHypothesis.TWO_SIDED));
    }

    private static void checkCounts(long successes, long trials) {
        StatMath.nonNegative("successes", successes);
        StatMath.nonNegative("trials", trials);
        if (successes > trials) {
            throw new IllegalArgumentException("successes " + successes + " exceed trials " + trials);
        }
    }
}
