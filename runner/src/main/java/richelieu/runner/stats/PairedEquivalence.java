package richelieu.runner.stats;

/**
 * Is a paired difference zero, and is it negligible? For the mean of n paired differences (e.g. per
 * deal: seat 0's score under the base rules minus under the three-row variant), a
 * {@link BoundedMean}:
 *
 * <ul>
 *   <li><b>equivalence</b> within ±margin: Schuirmann's two one-sided tests (TOST; Schuirmann,
 *       "A comparison of the two one-sided tests procedure and the power approach for assessing
 *       the equivalence of average bioavailability", J. Pharmacokin. Biopharm. 15:657-680, 1987).
 *       H0: |μ| ≥ margin. {@code pLower} tests μ ≤ −margin, {@code pUpper} tests μ ≥ +margin
 *       (with spread: t = (x̄ ± margin)/SE on n − 1 degrees of freedom); {@code pEquivalence} =
 *       max of the two. It is below α exactly when the (1 − 2α) interval
 *       ({@code equivalenceInterval}, x̄ ± t_{1−α}·SE with spread) lies inside (−margin, +margin);</li>
 *   <li><b>difference</b>: the two-sided test of μ = 0, {@code pDifference}.</li>
 * </ul>
 *
 * <p>Only "equivalent" is a claim of no difference; a large {@code pDifference} is not.
 *
 * <p><b>Edge cases</b> are {@link BoundedMean}'s: with n = 0 every p-value is NaN and no test
 * rejects; without spread (every deal gave the same difference: all draws, all 0%, all 100%, or a
 * single deal) the tests and the interval are the exact ones from the bounds of a difference, the
 * same answer the difference's own interval and p-value give. Without finite bounds and without
 * spread they are NaN: nothing is claimed.
 *
 * @param n                   pairs
 * @param mean                x̄, in the units of {@code margin}
 * @param standardError       s/√n, same units
 * @param margin              the equivalence margin (&gt; 0)
 * @param alpha               level of each one-sided test, e.g. 0.05
 * @param equivalenceInterval the (1 − 2α) interval of the mean (the 90% interval for α = 0.05)
 * @param pLower              p of H0: μ ≤ −margin
 * @param pUpper              p of H0: μ ≥ +margin
 * @param pEquivalence        max(pLower, pUpper): reject non-equivalence when below α
 * @param pDifference         two-sided p of H0: μ = 0
 */
public record PairedEquivalence(long n, double mean, double standardError, double margin, double alpha,
                                Interval equivalenceInterval, double pLower, double pUpper, double pEquivalence,
                                double pDifference) {

    /**
     * TOST at margin ±{@code margin} (each one-sided test at {@code alpha}) and the paired t-test of
     * 0, for differences without known bounds (no spread: NaN).
     */
    public static PairedEquivalence of(long n, double mean, double standardError, double margin, double alpha) {
        StatMath.nonNegative("n", n);
        return of(new BoundedMean(n, n == 0 ? Double.NaN : mean, n < 2 ? 0.0 : standardError, Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY), margin, alpha);
    }

    /** TOST at margin ±{@code margin} (each one-sided test at {@code alpha}) and the test of 0, for a bounded mean. */
    public static PairedEquivalence of(BoundedMean differences, double margin, double alpha) {
        if (!(margin > 0) || Double.isInfinite(margin)) {
            throw new IllegalArgumentException("margin must be > 0 and finite, got " + margin);
        }
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must lie in (0, 0.5), got " + alpha);
        }
        double pLower = differences.pAbove(-margin);
        double pUpper = differences.pBelow(margin);
        double pEquivalence = Double.isNaN(pLower) || Double.isNaN(pUpper) ? Double.NaN : Math.max(pLower, pUpper);
        return new PairedEquivalence(differences.n(), differences.mean(), differences.standardError(), margin, alpha,
                differences.interval(1 - 2 * alpha), pLower, pUpper, pEquivalence, differences.pValue(0));
    }

    /** Two-sided paired t-test of μ = 0: 2·P(T_{n−1} ≥ |x̄|/SE); NaN when n &lt; 2 or SE is 0 or undefined. */
    public static double differencePValue(long n, double mean, double standardError) {
        if (n < 2 || !(standardError > 0) || Double.isNaN(mean)) {
            return Double.NaN;
        }
        return new BoundedMean(n, mean, standardError, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY).pValue(0);
    }

    /** True if TOST rejects non-equivalence at {@code alpha}. */
    public boolean equivalent() {
        return pEquivalence < alpha;
    }
}
