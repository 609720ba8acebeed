package richelieu.runner.stats;

/**
 * Conversions between expected score and the two Elo scales fishtest reports.
 *
 * <p><b>Logistic Elo</b>: a score μ (expected points per game, draw = ½) corresponds to
 * {@code elo = -400 · log10(1/μ - 1)}, the inverse of {@code μ = 1 / (1 + 10^(-elo/400))}.
 *
 * <p><b>Normalized Elo</b> (Van den Bergh, "Normalized Elo", cantate.be/Fishtest/
 * normalized_elo_practical.pdf; fishtest {@code LLRcalc.nelo_divided_by_nt}): with σ the standard
 * deviation of one game's score, the normalized t-value is {@code nt = (μ - ½)/σ} and
 * {@code nElo = nt · 800/ln 10}. For pentanomial data the per-game σ is {@code sqrt(2 · var)} where
 * {@code var} is the variance of a pair's mean score. With no draws and small differences, nElo
 * and Elo coincide; nElo is inversely proportional to the square root of the number of games needed
 * to detect a difference.
 */
public final class EloScale {

    /** {@code 800 / ln 10 = 347.43558552260146}: normalized Elo per unit of normalized t-value. */
    public static final double NELO_PER_NT = 800.0 / Math.log(10.0);

    /**
     * Fewest games (or game pairs) off the most common result for which nElo is given: it divides
     * by the spread of the results, which below this rests on a handful of games and makes nElo
     * a large number without meaning (1 win in 600 games: −4,245).
     */
    public static final int NELO_MIN_OFF_MODE = 10;

    private EloScale() {
    }

    /**
     * Logistic Elo of a score. Unlike fishtest's {@code stat_util.elo}, which clamps the score to
     * [0.001, 0.999] (±1200 Elo), this returns {@code +∞} for a score ≥ 1, {@code -∞} for a score
     * ≤ 0 and NaN for NaN, so that "won every game" is never reported as a finite number.
     */
    public static double scoreToElo(double score) {
        if (Double.isNaN(score)) {
            return Double.NaN;
        }
        if (score >= 1.0) {
            return Double.POSITIVE_INFINITY;
        }
        if (score <= 0.0) {
            return Double.NEGATIVE_INFINITY;
        }
        return 0.0 - 400.0 * Math.log10(1.0 / score - 1.0); // 0.0 - x: an even score gives +0.0, not -0.0
    }

    /** Expected score of a logistic Elo difference: {@code 1 / (1 + 10^(-elo/400))} (fishtest {@code L}). */
    public static double eloToScore(double elo) {
        return 1.0 / (1.0 + Math.pow(10.0, -elo / 400.0));
    }
}
