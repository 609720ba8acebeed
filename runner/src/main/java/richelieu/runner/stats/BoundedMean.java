package richelieu.runner.stats;

import org.apache.commons.math3.distribution.TDistribution;

import java.math.BigInteger;

/**
 * The mean of n values that each lie in {@code [lower, upper]} — e.g. a deal's paired difference of
 * seat 0's score between two rule variants, between −1 and +1 — with an interval and tests that
 * stay inside those bounds and give one honest answer at tiny and degenerate samples.
 *
 * <ul>
 *   <li><b>With spread</b> (at least two different values): Student t on n − 1 degrees of freedom,
 *       x̄ ± t·s/√n, cut to {@code [lower, upper]} (the mean lies there, so cutting loses no
 *       coverage; at 2 deals t is 12.7 and the uncut interval of a score difference would reach
 *       ±600 percentage points); p-values of the one-sample t-test.</li>
 *   <li><b>Without spread</b> (every value the same v, which includes n = 1): s = 0 and the t
 *       statistic is undefined, so the answer comes from the bounds alone, exactly. Among all
 *       distributions on {@code [lower, upper]} with mean μ ≤ μ₀ &lt; v, the largest chance of a
 *       single value v is (μ₀ − lower)/(v − lower) (all other mass at {@code lower}), so
 *       P(all n values = v) ≤ ((μ₀ − lower)/(v − lower))ⁿ: that is the one-sided p-value, and
 *       mirrored for μ ≥ μ₀ &gt; v. The (1 − α) interval is the set of μ₀ that neither one-sided test
 *       rejects at α/2: v − (v − lower)·q to v + (upper − v)·q with q = 1 − (α/2)^{1/n}. Example:
 *       1,000 deals that all give a difference of 0 bound the mean to ±0.37 percentage points at
 *       95%; 2 deals that both give −½ give p = 2·(1/1.5)² = 0.89 for a mean of 0, not "p &lt; 1e-300".
 *       With an infinite bound there is no such answer: NaN.</li>
 *   <li>n = 0: NaN everywhere.</li>
 * </ul>
 *
 * <p>Each interval is the inversion of its tests: a two-sided p below 1 − confidence exactly when
 * the interval leaves μ₀ out (up to rounding at the boundary).
 *
 * @param n             values
 * @param mean          x̄ (NaN when n = 0)
 * @param standardError s/√n (0 without spread, NaN when n = 0)
 * @param lower         the smallest value possible (may be −∞)
 * @param upper         the largest value possible (may be +∞)
 */
public record BoundedMean(long n, double mean, double standardError, double lower, double upper) {

    public BoundedMean {
        StatMath.nonNegative("n", n);
        if (!(lower < upper)) {
            throw new IllegalArgumentException("need lower < upper, got [" + lower + ", " + upper + "]");
        }
    }

    /**
     * From exact integer sums of the values in units of {@code scale} (e.g. half-points with scale
     * ½): value = x·scale; the variance numerator n·Σx² − (Σx)² is computed exactly.
     *
     * @throws IllegalArgumentException if the sums are impossible (n·Σx² &lt; (Σx)²)
     */
    public static BoundedMean fromSums(long n, long sum, long sumOfSquares, double scale, double lower, double upper) {
        StatMath.nonNegative("n", n);
        StatMath.nonNegative("sumOfSquares", sumOfSquares);
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale must be > 0 and finite, got " + scale);
        }
        if (n == 0) {
            return new BoundedMean(0, Double.NaN, Double.NaN, lower, upper);
        }
        double mean = (double) sum / n * scale;
        if (n == 1) {
            return new BoundedMean(1, mean, 0.0, lower, upper);
        }
        BigInteger numerator = BigInteger.valueOf(n).multiply(BigInteger.valueOf(sumOfSquares))
                .subtract(BigInteger.valueOf(sum).pow(2));
        if (numerator.signum() < 0) {
            throw new IllegalArgumentException("impossible sums: n·Σx² < (Σx)²");
        }
        double variance = numerator.doubleValue() / ((double) n * (double) (n - 1)) * scale * scale;
        return new BoundedMean(n, mean, Math.sqrt(variance / n), lower, upper);
    }

    /** True if every value was the same (n ≥ 1, s = 0): the exact answer from the bounds applies. */
    public boolean noSpread() {
        return n >= 1 && standardError == 0.0;
    }

    /** True if the bounds are finite: without spread the exact answer needs them. */
    private boolean bounded() {
        return Double.isFinite(lower) && Double.isFinite(upper);
    }

    /** Two-sided interval of the mean at {@code confidence}, inside {@code [lower, upper]}. */
    public Interval interval(double confidence) {
        StatMath.checkConfidence(confidence);
        if (n == 0 || Double.isNaN(mean)) {
            return Interval.UNDEFINED;
        }
        double alpha = 1 - confidence;
        if (noSpread()) {
            if (!bounded()) {
                return Interval.UNDEFINED;
            }
            // q = 1 − (α/2)^{1/n}, without cancellation at large n
            double q = -Math.expm1(Math.log(alpha / 2) / n);
            return new Interval(mean - (mean - lower) * q, mean + (upper - mean) * q);
        }
        double t = StatMath.studentTQuantile(1 - alpha / 2, n - 1.0);
        return new Interval(Math.max(lower, mean - t * standardError), Math.min(upper, mean + t * standardError));
    }

    /** One-sided p-value of H0: mean ≤ μ₀ (small when the values lie well above μ₀). */
    public double pAbove(double mu0) {
        return oneSided(mean - mu0, mean - lower);
    }

    /** One-sided p-value of H0: mean ≥ μ₀ (small when the values lie well below μ₀). */
    public double pBelow(double mu0) {
        return oneSided(mu0 - mean, upper - mean);
    }

    /**
     * The p-value of either one-sided test, mirrored into one: {@code excess} is how far the mean
     * lies past μ₀ on the side the test looks at, {@code room} how far the mean lies from the bound
     * on μ₀'s side (used only when every value is the same).
     */
    private double oneSided(double excess, double room) {
        if (n == 0 || Double.isNaN(mean)) {
            return Double.NaN;
        }
        if (noSpread()) {
            if (!bounded()) {
                return Double.NaN;
            }
            if (excess <= 0) {
                return 1.0;
            }
            // ((μ₀ − lower)/(v − lower))ⁿ = (1 − (v − μ₀)/(v − lower))ⁿ, and its mirror at the upper bound
            return Math.exp(n * Math.log1p(-excess / room));
        }
        return upperTail(excess / standardError);
    }

    /** Two-sided p-value of H0: mean = μ₀: twice the smaller one-sided p, at most 1. */
    public double pValue(double mu0) {
        double above = pAbove(mu0);
        double below = pBelow(mu0);
        if (Double.isNaN(above) || Double.isNaN(below)) {
            return Double.NaN;
        }
        return Math.min(1.0, 2 * Math.min(above, below));
    }

    /** P(T ≥ x) for Student t on n − 1 df, computed on the side where it is small so tiny tails keep their precision. */
    private double upperTail(double x) {
        TDistribution t = new TDistribution(null, n - 1.0);
        return x >= 0 ? t.cumulativeProbability(-x) : 1 - t.cumulativeProbability(x);
    }
}
