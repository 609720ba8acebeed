package richelieu.runner.stats;

/** The scale in which the SPRT hypotheses elo0 and elo1 are expressed. */
public enum EloModel {
    /**
     * Logistic Elo: the hypotheses constrain the expected score, s = 1/(1 + 10^(-elo/400))
     * (fishtest {@code LLR_logistic}, statistic "expectation").
     */
    LOGISTIC,
    /**
     * Normalized Elo: the hypotheses constrain the normalized t-value (μ - ½)/σ = nElo/(800/ln10),
     * times √2 for pairs (fishtest {@code LLR_normalized}, statistic "t_value").
     */
    NORMALIZED
}
