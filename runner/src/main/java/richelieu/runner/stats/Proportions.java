package richelieu.runner.stats;

import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.distribution.BinomialDistribution;

/** Interval estimates and exact tests for a single binomial proportion (e.g. one seat's win rate). */
public final class Proportions {

    private Proportions() {
    }

    /**
     * Clopper–Pearson exact interval (Clopper and Pearson, Biometrika 26:404-413, 1934) for
     * {@code successes} out of {@code trials}: the values of the proportion that the exact
     * two-sided binomial test, with each tail at (1 − confidence)/2, does not reject; an end is 0
     * (or 1) when no success (or no failure) was seen. At a proportion of ½ that test is
     * {@link #binomialTwoSidedPValue} (twice the smaller tail), so the interval leaves ½ out exactly
     * when that p-value is below 1 − confidence. {@code trials == 0} gives {@link Interval#UNDEFINED}.
     */
    public static Interval clopperPearson(long successes, long trials, double confidence) {
        checkCounts(successes, trials);
        StatMath.checkConfidence(confidence);
        if (trials == 0) {
            return Interval.UNDEFINED;
        }
        double tail = (1 - confidence) / 2;
        double low = successes == 0 ? 0.0
                : new BetaDistribution(null, successes, trials - successes + 1.0).inverseCumulativeProbability(tail);
        double high = successes == trials ? 1.0
                : new BetaDistribution(null, successes + 1.0, trials - successes).inverseCumulativeProbability(1 - tail);
        return new Interval(low, high);
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
     * Exact two-sided binomial test of H0: success probability = {@code p}: the total probability,
     * under H0, of all outcomes no more likely than the observed one. At p = ½ these are the two
     * tails, so the p-value is 2·P(X ≤ min(k, n − k)), capped at 1. At any other p, as R's
     * {@code binom.test} and scipy's {@code binomtest}: an outcome counts when its probability is
     * at most the observed one's times 1 + 10⁻⁷ (a relative tolerance, so that outcomes equally
     * likely in exact arithmetic are not split by rounding). {@code trials == 0} gives 1.
     *
     * <p>Each tail is summed outward from its inner end, where the terms are largest, as
     * {@code pmf(x)·(1 + r_x + r_x·r_{x−1} + …)} with the ratios r_j = pmf(j−1)/pmf(j), until the
     * rest (bounded by a geometric series, the ratios shrinking outward) is below 2⁻⁶⁰ of the sum;
     * pmf(x) comes from Loader's saddle-point expansion (Commons Math
     * {@link BinomialDistribution#logProbability}) and the product is formed in logarithms, so a
     * tail far below the smallest double gives 0 (printed as a bound, see {@link PValue}) rather
     * than NaN. Agrees with an exact rational computation to 1e-12 relative (see
     * {@code BinomialPValueExactTest}); Commons Math's {@code BinomialTest} compares floating-point
     * tail terms and can stop a tail one term early, giving p-values up to 40% too small.
     *
     * @throws IllegalArgumentException if trials exceed {@code Integer.MAX_VALUE} or {@code p} is
     *                                  outside [0, 1]
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
        int n = (int) trials;
        int x = (int) successes;
        if (p == 0.0 || p == 1.0) {
            return x == (p == 0.0 ? 0 : n) ? 1.0 : 0.0; // a certain outcome, or an impossible one
        }
        if (p == 0.5) {
            // A most likely outcome (x = n/2, or either middle one for odd n) sums every outcome: exactly 1,
            // which the sum of the tail in floating point misses by an ulp (0.9999999999999999).
            return Math.abs(2L * x - n) <= 1 ? 1.0 : Math.min(1.0, 2.0 * Math.exp(logLowerTail(Math.min(x, n - x), n, 0.5)));
        }
        double m = n * p;
        if (x == m) {
            return 1.0;
        }
        BinomialDistribution distribution = new BinomialDistribution(null, n, p);
        double bound = distribution.logProbability(x) + Math.log1p(1e-7);
        double sum;
        if (x < m) {
            // the outcomes above the mean as unlikely as x: a suffix [u, n], the pmf falling there
            int u = firstAtMost(distribution, (int) Math.ceil(m), n, bound, true);
            sum = Math.exp(logLowerTail(x, n, p)) + (u > n ? 0.0 : Math.exp(logLowerTail(n - u, n, 1.0 - p)));
        } else {
            // below the mean: a prefix [0, l], the pmf rising there
            int l = firstAtMost(distribution, (int) Math.floor(m), 0, bound, false);
            sum = Math.exp(logLowerTail(n - x, n, 1.0 - p)) + (l < 0 ? 0.0 : Math.exp(logLowerTail(l, n, p)));
        }
        return Math.min(1.0, sum);
    }

    /**
     * Walking from {@code from} towards {@code to} (the pmf non-increasing that way), the first
     * outcome whose log-probability is at most {@code bound}; one step past {@code to} if none
     * (n + 1 going up, −1 going down). Binary search.
     */
    private static int firstAtMost(BinomialDistribution d, int from, int to, double bound, boolean up) {
        long lo = from;
        long hi = up ? to + 1L : to - 1L; // the answer lies between lo and hi, hi meaning "none"
        while (lo != hi) {
            long mid = up ? lo + (hi - lo) / 2 : lo - (lo - hi) / 2;
            if (d.logProbability((int) mid) <= bound) {
                hi = mid;
            } else {
                lo = up ? mid + 1 : mid - 1;
            }
        }
        return (int) lo;
    }

    /**
     * log P(X ≤ x) for X ~ Binomial(n, p) and x at most the mean (every term up to x at most the
     * next one): log pmf(x) + log(1 + r_x + r_x·r_{x−1} + …), r_j = j(1 − p) / ((n − j + 1)p).
     */
    private static double logLowerTail(int x, int n, double p) {
        double logPmf = new BinomialDistribution(null, n, p).logProbability(x);
        double odds = (1.0 - p) / p;
        double sum = 1.0;
        double term = 1.0;
        for (int j = x; j > 0; j--) {
            double ratio = j * odds / (n - j + 1.0);
            term *= ratio;
            sum += term;
            // the ratios shrink outward, so the rest is below term·ratio/(1 − ratio)
            if (ratio < 1.0 && term * ratio < 0x1p-60 * sum * (1.0 - ratio)) {
                break;
            }
        }
        return logPmf + Math.log(sum);
    }

    private static void checkCounts(long successes, long trials) {
        StatMath.nonNegative("successes", successes);
        StatMath.nonNegative("trials", trials);
        if (successes > trials) {
            throw new IllegalArgumentException("successes " + successes + " exceed trials " + trials);
        }
    }
}
