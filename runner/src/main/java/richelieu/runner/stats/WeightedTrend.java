package richelieu.runner.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Does an estimate move with x? A straight line fitted to n estimates y_i with known standard
 * errors s_i at positions x_i (e.g. one answer per bot against its Elo), by weighted least squares
 * with weights 1/s_i², the model of a fixed-effect meta-regression.
 *
 * <ul>
 *   <li><b>Spread beyond the known errors.</b> If the points scatter about the line more than their
 *       own errors allow, the known-variance standard error is too small. The residual chi-square
 *       Q = Σ w_i (y_i − fit_i)² has n − 2 degrees of freedom under the line; the slope's variance
 *       is scaled by φ = max(1, Q/(n − 2)) (the multiplicative model of Thompson &amp; Sharp,
 *       "Explaining heterogeneity in meta-analysis: a comparison of methods", Stat. Med.
 *       18:2693-2708, 1999; never below the known variances, as in the modified Knapp–Hartung
 *       method, Röver, Knapp &amp; Friede, BMC Med. Res. Methodol. 15:99, 2015), and every test and
 *       interval uses Student t on n − 2 degrees of freedom. With φ = 1 that is conservative
 *       (the known variances would allow the normal); with few points it is wide, as it should be.</li>
 *   <li><b>Errors in x.</b> The positions have standard errors too (a rating's). Under "no trend"
 *       y does not depend on x at all, so the test of slope 0 holds whatever they are; the slope
 *       itself is pulled towards 0 by the reliability λ = (S − E)/S, S the weighted spread
 *       Σ w_i (x_i − x̄)² of the positions and E = Σ w_i σ_i² − Σ w_i² σ_i² / Σ w_i its expected part
 *       from independent errors σ_i of the x_i (regression calibration, Fuller, "Measurement Error
 *       Models", 1987, §1.1). The slope and its standard error are divided by λ (t and p do not
 *       change); λ ≤ 0 leaves no slope.</li>
 *   <li><b>Equivalence.</b> "The slope is negligible" is claimed only by the two one-sided tests
 *       (TOST) of |slope| ≥ margin, each at α: the (1 − 2α) interval lies inside ±margin.</li>
 * </ul>
 *
 * <p><b>Extremes</b>, where nothing is claimed (NaN): no point; one point or every x the same (no
 * slope: {@link Status#SAME_X}); two points (the line passes through both: a slope but no error
 * left to test it, {@link Status#TWO_POINTS}); positions whose errors swamp their spread
 * ({@link Status#X_TOO_UNCERTAIN}). A standard error of y that is 0, negative or not finite is
 * refused: such a point has no weight to give.
 *
 * @param n             points
 * @param status        what could be fitted
 * @param slope         change of y per unit of x, corrected for the errors in x (NaN unless fitted)
 * @param standardError the slope's, scaled by φ and corrected like it (NaN below three points)
 * @param df            n − 2
 * @param interval      the slope's 95% interval (t on df)
 * @param p             two-sided p of slope = 0 (t on df)
 * @param q             the residual chi-square (NaN below three points)
 * @param pFit          P(χ²_df ≥ Q): whether a line with the known errors alone fits the points
 * @param dispersion    φ = max(1, Q/df)
 * @param reliability   λ (1 without errors in x)
 * @param xMean         the weighted mean of x
 * @param yMean         the weighted mean of y
 * @param weight        Σ w_i
 */
public record WeightedTrend(int n, Status status, double slope, double standardError, int df, Interval interval, double p,
                            double q, double pFit, double dispersion, double reliability, double xMean, double yMean,
                            double weight) {

    /** Level of the slope's interval and of the fitted values'. */
    public static final double CONFIDENCE = 0.95;

    /** What could be fitted. */
    public enum Status {
        /** A slope with its interval and test. */
        FITTED,
        /** No point. */
        NO_POINTS,
        /** One point, or every x the same: a slope is not defined. */
        SAME_X,
        /** Two points: the line passes through both; nothing is left to estimate its error. */
        TWO_POINTS,
        /** The errors of x are as large as the spread of x: the slope is not identified. */
        X_TOO_UNCERTAIN
    }

    /** A fitted value with its interval. */
    public record Fit(double x, double value, double standardError, Interval interval) {
    }

    /**
     * The two one-sided tests of |slope| ≥ {@code margin}, each at {@code alpha}.
     *
     * @param interval    the slope's (1 − 2α) interval
     * @param p           max of the two one-sided p-values: below α claims |slope| &lt; margin
     */
    public record Equivalence(double margin, double alpha, Interval interval, double p) {
        public boolean equivalent() {
            return p < alpha;
        }
    }

    /**
     * The weighted line through (x_i, y_i).
     *
     * @param xError the standard error of each x (0 where exact)
     * @param yError the standard error of each y, each &gt; 0 and finite
     */
    public static WeightedTrend fit(double[] x, double[] xError, double[] y, double[] yError) {
        int n = x.length;
        if (xError.length != n || y.length != n || yError.length != n) {
            throw new IllegalArgumentException("x, xError, y and yError need one value per point");
        }
        double weight = 0;
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < n; i++) {
            if (!(yError[i] > 0) || Double.isInfinite(yError[i])) {
                throw new IllegalArgumentException("point " + i + ": the standard error of y must be > 0 and finite, got "
                        + yError[i]);
            }
            if (!Double.isFinite(x[i]) || !Double.isFinite(y[i]) || !(xError[i] >= 0) || Double.isInfinite(xError[i])) {
                throw new IllegalArgumentException("point " + i + ": x, y must be finite and xError ≥ 0, got " + x[i] + ", "
                        + y[i] + ", " + xError[i]);
            }
            double w = 1 / (yError[i] * yError[i]);
            weight += w;
            sx += w * x[i];
            sy += w * y[i];
        }
        if (n == 0) {
            return undefined(0, Status.NO_POINTS, Double.NaN, Double.NaN, 0);
        }
        double xMean = sx / weight;
        double yMean = sy / weight;
        boolean sameX = true;
        for (double v : x) {
            sameX &= v == x[0];
        }
        if (sameX) {
            return undefined(n, Status.SAME_X, xMean, yMean, weight);
        }
        double sxx = 0;
        double sxy = 0;
        double noise = 0;
        double noiseSquared = 0;
        for (int i = 0; i < n; i++) {
            double w = 1 / (yError[i] * yError[i]);
            sxx += w * (x[i] - xMean) * (x[i] - xMean);
            sxy += w * (x[i] - xMean) * (y[i] - yMean);
            noise += w * xError[i] * xError[i];
            noiseSquared += w * w * xError[i] * xError[i];
        }
        double reliability = (sxx - (noise - noiseSquared / weight)) / sxx;
        if (!(reliability > 0)) {
            return new WeightedTrend(n, Status.X_TOO_UNCERTAIN, Double.NaN, Double.NaN, n - 2, Interval.UNDEFINED, Double.NaN,
                    Double.NaN, Double.NaN, Double.NaN, reliability, xMean, yMean, weight);
        }
        double naive = sxy / sxx;
        double slope = naive / reliability;
        if (n == 2) {
            return new WeightedTrend(n, Status.TWO_POINTS, slope, Double.NaN, 0, Interval.UNDEFINED, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, reliability, xMean, yMean, weight);
        }
        double q = 0;
        for (int i = 0; i < n; i++) {
            double r = y[i] - yMean - naive * (x[i] - xMean);
            q += r * r / (yError[i] * yError[i]);
        }
        int df = n - 2;
        double dispersion = Math.max(1, q / df);
        double se = Math.sqrt(dispersion / sxx) / reliability;
        double t = tQuantile(1 - (1 - CONFIDENCE) / 2, df);
        double p = StatMath.studentTTwoSidedP(slope / se, df);
        return new WeightedTrend(n, Status.FITTED, slope, se, df, new Interval(slope - t * se, slope + t * se), p, q,
                StatMath.chiSquareUpperTail(q, df), dispersion, reliability, xMean, yMean, weight);
    }

    private static WeightedTrend undefined(int n, Status status, double xMean, double yMean, double weight) {
        return new WeightedTrend(n, status, Double.NaN, Double.NaN, Math.max(0, n - 2), Interval.UNDEFINED, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, xMean, yMean, weight);
    }

    public boolean fitted() {
        return status == Status.FITTED;
    }

    /**
     * The line's value at {@code x0} (known to ±{@code x0Error}) with its 95% interval: variance
     * φ/Σw + (x0 − x̄)²·SE² + slope²·σ₀² (the mean and the slope are uncorrelated about the weighted
     * mean), t on df. NaN unless fitted.
     */
    public Fit at(double x0, double x0Error) {
        if (!fitted()) {
            return new Fit(x0, Double.NaN, Double.NaN, Interval.UNDEFINED);
        }
        double value = yMean + slope * (x0 - xMean);
        double se = Math.sqrt(dispersion / weight + (x0 - xMean) * (x0 - xMean) * standardError * standardError
                + slope * slope * x0Error * x0Error);
        double t = tQuantile(1 - (1 - CONFIDENCE) / 2, df);
        return new Fit(x0, value, se, new Interval(value - t * se, value + t * se));
    }

    /**
     * TOST of |slope| ≥ {@code margin}: p = max(P(T ≥ (b + m)/SE), P(T ≤ (b − m)/SE)), T Student t on
     * df; NaN unless fitted.
     */
    public Equivalence equivalence(double margin, double alpha) {
        if (!(margin > 0) || Double.isInfinite(margin)) {
            throw new IllegalArgumentException("margin must be > 0 and finite, got " + margin);
        }
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must lie in (0, 0.5), got " + alpha);
        }
        if (!fitted()) {
            return new Equivalence(margin, alpha, Interval.UNDEFINED, Double.NaN);
        }
        TDistribution t = new TDistribution(null, df, 1e-14);
        double pLower = t.cumulativeProbability(-(slope + margin) / standardError);
        double pUpper = t.cumulativeProbability((slope - margin) / standardError);
        double c = tQuantile(1 - alpha, df);
        return new Equivalence(margin, alpha, new Interval(slope - c * standardError, slope + c * standardError),
                Math.max(pLower, pUpper));
    }

    private static double tQuantile(double p, int df) {
        return StatMath.studentTQuantile(p, df);
    }
}
