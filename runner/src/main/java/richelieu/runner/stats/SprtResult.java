package richelieu.runner.stats;

/**
 * Outcome of evaluating a GSPRT on the counts so far.
 *
 * @param llr        generalized log-likelihood ratio of H1 against H0
 * @param lowerBound ln(β/(1-α))
 * @param upperBound ln((1-β)/α)
 * @param decision   {@code ACCEPT_H0} if llr &lt; lowerBound, {@code ACCEPT_H1} if llr &gt;
 *                   upperBound, else {@code CONTINUE}
 */
public record SprtResult(double llr, double lowerBound, double upperBound, SprtDecision decision) {
}
