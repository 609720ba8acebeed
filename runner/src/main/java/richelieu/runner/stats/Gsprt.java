package richelieu.runner.stats;

/**
 * The generalized sequential probability ratio test of fishtest, transcribed from
 * {@code server/fishtest/stats/LLRcalc.py} (official-stockfish/fishtest) and Michel Van den
 * Bergh's notes it cites: "support_MLE_multinomial.pdf" (Proposition 1.1, the MLE of a
 * multinomial with a prescribed expectation) and "normalized_elo_practical.pdf" (Section 4.1, the
 * MLE with a prescribed t-value), both at cantate.be/Fishtest.
 *
 * <p>For observed frequencies p̂ on the score grid a_i = i/(k-1) (k = 3 for L/D/W games, k = 5 for
 * game pairs, whose grid value is the pair's mean score), the LLR is
 * {@code N · Σ p̂_i (ln p1_i - ln p0_i)} where p_j is the maximum-likelihood distribution on the
 * grid subject to the hypothesis H_j:
 * <ul>
 *   <li>{@link EloModel#LOGISTIC}: expectation Σ p_i a_i = s_j = 1/(1 + 10^(-elo_j/400)). The MLE
 *       is p_i = p̂_i / (1 + x(a_i - s_j)) with x the root of the secular equation
 *       Σ p̂_i (a_i - s_j)/(1 + x(a_i - s_j)) = 0;</li>
 *   <li>{@link EloModel#NORMALIZED}: t-value (μ - ½)/σ = t_j with t_j = nelo_j/(800/ln10) for
 *       games and that times √2 for pairs. fishtest's fixed-point iteration (at most 10 steps,
 *       stopping when no probability moves by 1e-9) is reproduced step for step.</li>
 * </ul>
 * As in fishtest, every zero count is first replaced by 0.001 ({@code regularize}), and N is the
 * regularized total. With no data at all we return LLR = 0 (fishtest would return a value of order
 * 0.005 computed from the pseudo-counts alone).
 *
 * <p>fishtest solves the secular equation with {@code scipy.optimize.brentq} (xtol 2e-12); we
 * bisect the same bracket, on which the function is strictly decreasing, down to adjacent doubles,
 * so results agree to about 1e-9 in the LLR.
 *
 * <p>Not included: fishtest's dynamic overshoot correction of the bounds (Siegmund, Corollary
 * 8.33), which needs the LLR's path over successive updates, not just the current counts. The
 * decision here uses Wald's bounds as they stand.
 */
public final class Gsprt {

    private static final double REGULARIZATION = 1e-3;
    private static final double SQRT2 = Math.sqrt(2.0);

    private Gsprt() {
    }

    /** Evaluates the test on pair counts. */
    public static SprtResult test(SprtParameters parameters, PentanomialCounts pairs) {
        return decide(parameters, llr(parameters.model(), parameters.elo0(), parameters.elo1(), pairs));
    }

    /** Evaluates the test on single-game counts (the trinomial model). */
    public static SprtResult test(SprtParameters parameters, TrinomialCounts games) {
        return decide(parameters, llr(parameters.model(), parameters.elo0(), parameters.elo1(), games));
    }

    /** LLR of H1 (elo1) against H0 (elo0) from pair counts, in the given model. */
    public static double llr(EloModel model, double elo0, double elo1, PentanomialCounts pairs) {
        return llr(model, elo0, elo1, pairs.toArray());
    }

    /** LLR of H1 (elo1) against H0 (elo0) from single-game counts, in the given model. */
    public static double llr(EloModel model, double elo0, double elo1, TrinomialCounts games) {
        return llr(model, elo0, elo1, games.lowToHigh());
    }

    private static SprtResult decide(SprtParameters parameters, double llr) {
        double lower = parameters.lowerBound();
        double upper = parameters.upperBound();
        SprtDecision decision;
        if (llr < lower) {
            decision = SprtDecision.ACCEPT_H0;
        } else if (llr > upper) {
            decision = SprtDecision.ACCEPT_H1;
        } else {
            decision = SprtDecision.CONTINUE;
        }
        return new SprtResult(llr, lower, upper, decision);
    }

    /** @param counts frequencies lowest score first, length 3 or 5 */
    private static double llr(EloModel model, double elo0, double elo1, long[] counts) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        if (total == 0) {
            return 0.0;
        }
        int k = counts.length;
        double[] values = new double[k];
        double[] regularized = new double[k];
        double n = 0.0;
        for (int i = 0; i < k; i++) {
            values[i] = (double) i / (k - 1);
            regularized[i] = counts[i] == 0 ? REGULARIZATION : counts[i];
            n += regularized[i];
        }
        double[] observed = new double[k];
        for (int i = 0; i < k; i++) {
            observed[i] = regularized[i] / n;
        }
        double[] p0;
        double[] p1;
        if (model == EloModel.LOGISTIC) {
            p0 = mleWithExpectation(values, observed, EloScale.eloToScore(elo0));
            p1 = mleWithExpectation(values, observed, EloScale.eloToScore(elo1));
        } else {
            double perPair = k == 5 ? SQRT2 : 1.0;
            p0 = mleWithTValue(values, observed, 0.5, elo0 / EloScale.NELO_PER_NT * perPair);
            p1 = mleWithTValue(values, observed, 0.5, elo1 / EloScale.NELO_PER_NT * perPair);
        }
        double perSample = 0.0;
        for (int i = 0; i < k; i++) {
            perSample += observed[i] * (Math.log(p1[i]) - Math.log(p0[i]));
        }
        return n * perSample;
    }

    /**
     * MLE of a distribution on {@code values} with expectation {@code s}, given observed
     * probabilities (fishtest {@code MLE_expected}).
     */
    static double[] mleWithExpectation(double[] values, double[] observed, double s) {
        int k = values.length;
        double[] shifted = new double[k];
        for (int i = 0; i < k; i++) {
            shifted[i] = values[i] - s;
        }
        double x = secular(shifted, observed);
        double[] mle = new double[k];
        for (int i = 0; i < k; i++) {
            mle[i] = observed[i] / (1.0 + x * shifted[i]);
        }
        double achieved = mean(values, mle);
        if (!(Math.abs(achieved - s) < 1e-6)) {
            throw new IllegalStateException("MLE with expectation " + s + " reached " + achieved);
        }
        return mle;
    }

    /**
     * MLE of a distribution on {@code values} with t-value (μ - ref)/σ = {@code t}, given observed
     * probabilities (fishtest {@code MLE_t_value}: start from the uniform distribution, at most 10
     * fixed-point steps).
     */
    static double[] mleWithTValue(double[] values, double[] observed, double ref, double t) {
        int k = values.length;
        double[] mle = new double[k];
        java.util.Arrays.fill(mle, 1.0 / k);
        double[] shifted = new double[k];
        for (int iteration = 0; iteration < 10; iteration++) {
            double mu = mean(values, mle);
            double sigma = Math.sqrt(variance(values, mle, mu));
            for (int i = 0; i < k; i++) {
                double z = (mu - values[i]) / sigma;
                shifted[i] = values[i] - ref - t * sigma * (1.0 + z * z) / 2.0;
            }
            double x = secular(shifted, observed);
            double change = 0.0;
            for (int i = 0; i < k; i++) {
                double next = observed[i] / (1.0 + x * shifted[i]);
                change = Math.max(change, Math.abs(next - mle[i]));
                mle[i] = next;
            }
            if (change < 1e-9) {
                break;
            }
        }
        double mu = mean(values, mle);
        double achieved = (mu - ref) / Math.sqrt(variance(values, mle, mu));
        if (!(Math.abs(achieved - t) < 1e-5)) {
            throw new IllegalStateException("MLE with t-value " + t + " reached " + achieved);
        }
        return mle;
    }

    /**
     * Root of Σ p_i a_i / (1 + x a_i) = 0 on (-1/max a, -1/min a), where the left side falls
     * strictly from +∞ to -∞ (fishtest {@code secular}); bisection down to adjacent doubles.
     */
    static double secular(double[] a, double[] p) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double ai : a) {
            min = Math.min(min, ai);
            max = Math.max(max, ai);
        }
        if (!(min < 0.0 && max > 0.0)) {
            throw new IllegalStateException("secular equation needs values of both signs, got [" + min + ", " + max + "]");
        }
        double lo = -1.0 / max;
        double hi = -1.0 / min;
        for (int iteration = 0; iteration < 2200; iteration++) {
            double mid = lo + (hi - lo) / 2.0;
            if (mid <= lo || mid >= hi) {
                break;
            }
            double f = 0.0;
            for (int i = 0; i < a.length; i++) {
                f += p[i] * a[i] / (1.0 + mid * a[i]);
            }
            if (f > 0.0) {
                lo = mid;
            } else if (f < 0.0) {
                hi = mid;
            } else {
                return mid;
            }
        }
        return lo + (hi - lo) / 2.0;
    }

    private static double mean(double[] values, double[] probabilities) {
        double s = 0.0;
        for (int i = 0; i < values.length; i++) {
            s += probabilities[i] * values[i];
        }
        return s;
    }

    private static double variance(double[] values, double[] probabilities, double mean) {
        double v = 0.0;
        for (int i = 0; i < values.length; i++) {
            double d = values[i] - mean;
            v += probabilities[i] * d * d;
        }
        return v;
    }
}
