package richelieu.runner.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.special.Gamma;

/**
 * Small numerical helpers shared by the statistics classes. Commons Math distributions are built
 * with a {@code null} random generator: we only evaluate them, and the default constructors would
 * seed a {@code Well19937c} from the clock.
 */
final class StatMath {

    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0.0, 1.0);

    private StatMath() {
    }

    /** Standard normal cumulative distribution function Φ(x); Φ(±∞) = 1 or 0, Φ(NaN) = NaN. */
    static double phi(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        return STANDARD_NORMAL.cumulativeProbability(x);
    }

    /**
     * Two-sided p-value of a Student t statistic with {@code df} degrees of freedom:
     * 2·P(T ≥ |t|); 0 for an infinite t, NaN for NaN. Below 1000 degrees of freedom Commons Math's
     * {@link TDistribution}; from 1000 on the normal tail (the t tail differs from it by a factor
     * 1 + O((1 + t²)/df), and the incomplete-beta cdf loses accuracy there, see
     * {@link #studentTQuantile}).
     */
    static double studentTTwoSidedP(double t, double df) {
        if (Double.isNaN(t)) {
            return Double.NaN;
        }
        double a = Math.abs(t);
        double tail = df < 1000.0 ? new TDistribution(null, df, 1e-14).cumulativeProbability(-a) : phi(-a);
        return Math.min(1.0, 2.0 * tail);
    }

    /** Standard normal quantile Φ⁻¹(p) for 0 < p < 1. */
    static double phiInverse(double p) {
        return STANDARD_NORMAL.inverseCumulativeProbability(p);
    }

    /**
     * The two-sided critical value z with Φ(z) = 1 − (1 − confidence)/2; 1.959963984540054 for
     * 0.95 (scipy.stats.norm.ppf(0.975), the value fishtest uses).
     */
    static double twoSidedZ(double confidence) {
        checkConfidence(confidence);
        return phiInverse(1.0 - (1.0 - confidence) / 2.0);
    }

    /**
     * Student t quantile with {@code df} degrees of freedom. Below 1000 degrees of freedom: Commons
     * Math {@link TDistribution} solved to 1e-14. From 1000 on, where its incomplete-beta cdf loses
     * accuracy (1.4e-7 off at 1e9 df): the Cornish–Fisher expansion in 1/df of Abramowitz &amp; Stegun
     * 26.7.5 through the 1/df⁴ term, whose truncation error there is below 1e-14.
     */
    static double studentTQuantile(double p, double df) {
        if (!(df > 0.0)) {
            throw new IllegalArgumentException("degrees of freedom must be > 0, got " + df);
        }
        if (df < 1000.0) {
            return new TDistribution(null, df, 1e-14).inverseCumulativeProbability(p);
        }
        double z = phiInverse(p);
        double z2 = z * z;
        double g1 = (z2 + 1.0) * z / 4.0;
        double g2 = ((5.0 * z2 + 16.0) * z2 + 3.0) * z / 96.0;
        double g3 = (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) * z / 384.0;
        double g4 = ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0) * z / 92160.0;
        return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
    }

    static void checkConfidence(double confidence) {
        if (!(confidence > 0.0 && confidence < 1.0)) {
            throw new IllegalArgumentException("confidence must lie in (0, 1), got " + confidence);
        }
    }

    /**
     * Upper tail P(X ≥ x) of the chi-square distribution with {@code df} degrees of freedom,
     * computed as the regularized upper incomplete gamma Q(df/2, x/2) so that tiny p-values are not
     * lost to {@code 1 - cdf} cancellation.
     */
    static double chiSquareUpperTail(double x, int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1, got " + df);
        }
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        if (x <= 0.0) {
            return 1.0;
        }
        return Gamma.regularizedGammaQ(df / 2.0, x / 2.0);
    }

    /** Checks that a count is non-negative and returns it. */
    static long nonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        }
        return value;
    }
}
