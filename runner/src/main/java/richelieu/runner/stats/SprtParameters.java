package richelieu.runner.stats;

/**
 * Design of a (generalized) sequential probability ratio test.
 *
 * @param elo0  H0: the Elo difference is elo0 (in the scale of {@code model})
 * @param elo1  H1: the Elo difference is elo1, {@code elo1 > elo0}
 * @param alpha maximal probability of accepting H1 when H0 holds, 0 &lt; α &lt; 1
 * @param beta  maximal probability of accepting H0 when H1 holds, 0 &lt; β &lt; 1, α + β &lt; 1
 * @param model scale of elo0 and elo1
 */
public record SprtParameters(double elo0, double elo1, double alpha, double beta, EloModel model) {

    public SprtParameters {
        if (!(Double.isFinite(elo0) && Double.isFinite(elo1) && elo0 < elo1)) {
            throw new IllegalArgumentException("need finite elo0 < elo1, got " + elo0 + ", " + elo1);
        }
        if (!(alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0 && alpha + beta < 1.0)) {
            throw new IllegalArgumentException("need 0 < alpha, beta and alpha + beta < 1, got " + alpha + ", " + beta);
        }
        if (model == null) {
            throw new IllegalArgumentException("model must not be null");
        }
    }

    /** Wald's lower stopping bound ln(β/(1-α)); -2.944 for α = β = 0.05. */
    public double lowerBound() {
        return Math.log(beta / (1.0 - alpha));
    }

    /** Wald's upper stopping bound ln((1-β)/α); +2.944 for α = β = 0.05. */
    public double upperBound() {
        return Math.log((1.0 - beta) / alpha);
    }
}
