package richelieu.runner.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Is a paired difference zero, and is it negligible? For a mean of n paired differences (e.g. per
 * deal: seat 0's score under the base rules minus under the three-row variant) with its
 * pair-level standard error s/√n:
 *
 * <ul>
 *   <li><b>equivalence</b> within ±margin: Schuirmann's two one-sided tests (TOST; Schuirmann,
 *       "A comparison of the two one-sided tests procedure and the power approach for assessing
 *       the equivalence of average bioavailability", J. Pharmacokin. Biopharm. 15:657-680, 1987).
 *       H0: |μ| ≥ margin. {@code pLower} tests μ ≤ −margin with t = (x̄ + margin)/SE (upper tail),
 *       {@code pUpper} tests μ ≥ +margin with t = (x̄ − margin)/SE (lower tail), both on n − 1
 *       degrees of freedom; {@code pEquivalence} = max of the two. It is below α exactly when the
 *       (1 − 2α) interval x̄ ± t_{1−α}·SE ({@code equivalenceInterval}) lies inside (−margin, +margin);</li>
 *   <li><b>difference</b>: the two-sided paired t-test of μ = 0, {@code pDifference}.</li>
 * </ul>
 *
 * <p>Only "equivalent" is a claim of no difference; a large {@code pDifference} is not.
 *
 * <p><b>Edge cases.</b> With n &lt; 2, or no spread (SE = 0, e.g. every deal gave the same
 * difference: all draws, all 0%, all 100%), the t statistics are undefined: every p-value is NaN
 * and no test rejects. That never claims too much: a run with no spread is reported as
 * inconclusive rather than as certain.
 *
 * @param n                   pairs
 * @param mean                x̄, in the units of {@code margin}
 * @param standardError       s/√n, same units
 * @param margin              the equivalence margin (&gt; 0)
 * @param alpha               level of each one-sided test, e.g. 0.05
 * @param equivalenceInterval x̄ ± t_{1−α, n−1}·SE (the 90% interval for α = 0.05)
 * @param pLower              p of H0: μ ≤ −margin
 * @param pUpper              p of H0: μ ≥ +margin
 * @param pEquivalence        max(pLower, pUpper): reject non-equivalence when below α
 * @param pDifference         two-sided p of H0: μ = 0
 */
public record PairedEquivalence(long n, double mean, double standardError, double margin, double alpha,
                                Interval equivalenceInterval, double pLower, double pUpper, double pEquivalence,
                                double pDifference) {

    /** TOST at margin ±{@code margin} (each one-sided test at {@code alpha}) and the paired t-test of 0. */
    public static PairedEquivalence of(long n, double mean, double standardError, double margin, double alpha) {
        StatMath.nonNegative("n", n);
        if (!(margin > 0) || Double.isInfinite(margin)) {
            throw new IllegalArgumentException("margin must be > 0 and finite, got " + margin);
        }
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must lie in (0, 0.5), got " + alpha);
        }
        if (n < 2 || !(standardError > 0) || Double.isNaN(mean)) {
            return new PairedEquivalence(n, mean, standardError, margin, alpha, Interval.UNDEFINED, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN);
        }
        TDistribution t = new TDistribution(null, n - 1.0);
        double pLower = upperTail(t, (mean + margin) / standardError);
        double pUpper = upperTail(t, -(mean - margin) / standardError);
        double q = StatMath.studentTQuantile(1 - alpha, n - 1.0);
        Interval ci = new Interval(mean - q * standardError, mean + q * standardError);
        return new PairedEquivalence(n, mean, standardError, margin, alpha, ci, pLower, pUpper, Math.max(pLower, pUpper),
                differencePValue(n, mean, standardError));
    }

    /** From a {@link MeanEstimate} of the differences, scaled by {@code scale} (e.g. ½ from half-points to points). */
    public static PairedEquivalence of(MeanEstimate differences, double scale, double margin, double alpha) {
        return of(differences.n(), differences.mean() * scale, differences.standardError() * Math.abs(scale), margin,
                alpha);
    }

    /** Two-sided paired t-test of μ = 0: 2·P(T_{n−1} ≥ |x̄|/SE); NaN when n &lt; 2 or SE is 0 or undefined. */
    public static double differencePValue(long n, double mean, double standardError) {
        if (n < 2 || !(standardError > 0) || Double.isNaN(mean)) {
            return Double.NaN;
        }
        TDistribution t = new TDistribution(null, n - 1.0);
        return Math.min(1.0, 2 * upperTail(t, Math.abs(mean) / standardError));
    }

    /** True if TOST rejects non-equivalence at {@code alpha}. */
    public boolean equivalent() {
        return pEquivalence < alpha;
    }

    /** P(T ≥ x), computed on the side where it is small so tiny tails keep their precision. */
    private static double upperTail(TDistribution t, double x) {
        return x >= 0 ? t.cumulativeProbability(-x) : 1 - t.cumulativeProbability(x);
    }
}
