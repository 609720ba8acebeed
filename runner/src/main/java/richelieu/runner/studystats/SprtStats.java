package richelieu.runner.studystats;

import richelieu.runner.stats.SprtDecision;

/**
 * The sequential test's state: log-likelihood ratio, its bounds and the decision.
 *
 * @param stoppedEarly true when the test decided: the fixed-sample statistics of the match are
 *                     then biased
 */
public record SprtStats(double llr, double lowerBound, double upperBound, SprtDecision decision, boolean stoppedEarly) {
}
