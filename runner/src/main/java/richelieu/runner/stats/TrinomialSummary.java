package richelieu.runner.stats;

/**
 * Match statistics from win/draw/loss counts of single games (the trinomial model), as fishtest
 * computes them ({@code stat_util.get_elo} on {@code [L, D, W]}, and the normalized Elo of its
 * statistics page).
 *
 * <ul>
 *   <li>score μ = (W + D/2)/n; per-game variance σ² = (W(1-μ)² + D(½-μ)² + Lμ²)/n (population
 *       variance, divisor n, as fishtest);</li>
 *   <li>score interval: the score-test (Wilson-type) interval of {@link ScoreInterval}, always
 *       inside [0, 1] and of positive width (fishtest's μ ± z·σ/√n is not);</li>
 *   <li>Elo = -400·log10(1/μ - 1); the Elo interval is the score interval mapped through the same
 *       function, so it is asymmetric. fishtest prints the symmetric "±" figure
 *       {@code (elo(μ+) - elo(μ-))/2}, available as {@link #eloPlusMinus()};</li>
 *   <li>nElo = (μ - ½)/σ · 800/ln10 with interval ± 800/ln10 · z · sqrt(var_t/n), where
 *       var_t = 1 - t·skew + t²(exkurt+2)/4 is the asymptotic variance of t = (μ - ½)/σ;</li>
 *   <li>LOS = Φ((μ - ½)/(σ/√n)); draw ratio D/n.</li>
 * </ul>
 *
 * <p><b>Edge cases.</b> n = 0: every floating-point field is NaN, intervals are
 * {@link Interval#UNDEFINED}; nothing throws. A score of 1 (all wins) gives Elo
 * {@code Double.POSITIVE_INFINITY}, a score of 0 {@code NEGATIVE_INFINITY}; an interval end at 1
 * (0) maps to ±∞ likewise, but the other end stays finite: 20–0 gives at least +286 Elo. Zero
 * variance (all wins, all losses, all draws): LOS is Φ((W − L)/√(W + L)) (½ for all draws), and
 * nElo, which divides by the spread, is NaN, as it is with fewer than 10 games off the most common
 * result (see {@code ScoreStatistics}).
 *
 * <p><b>Difference from fishtest.</b> fishtest replaces each zero count by 0.001 before computing
 * ({@code LLRcalc.regularize}) and clamps the score to [0.001, 0.999] in {@code elo}. We use the
 * counts as observed, so results are identical whenever all three counts are non-zero and differ
 * by O(0.001/n) otherwise; the GSPRT ({@link Gsprt}) does regularize, because fishtest's LLR
 * needs it.
 *
 * @param counts        the input counts
 * @param confidence    two-sided level of the intervals, e.g. 0.95
 * @param score         μ
 * @param variance      per-game variance σ²
 * @param scoreInterval μ ± z·σ/√n
 * @param elo           logistic Elo of μ
 * @param eloInterval   score interval mapped to Elo
 * @param eloPlusMinus  fishtest's "±": half the width of {@code eloInterval}
 * @param nElo          normalized Elo
 * @param nEloInterval  nElo ± its half-width
 * @param los           likelihood of superiority
 * @param drawRatio     D / n
 */
public record TrinomialSummary(TrinomialCounts counts, double confidence, double score, double variance,
        Interval scoreInterval, double elo, Interval eloInterval, double eloPlusMinus, double nElo,
        Interval nEloInterval, double los, double drawRatio) {

    /** Summary with 95% intervals. */
    public static TrinomialSummary of(TrinomialCounts counts) {
        return of(counts, 0.95);
    }

    /** Summary with intervals at the given two-sided confidence level (0 &lt; confidence &lt; 1). */
    public static TrinomialSummary of(TrinomialCounts counts, double confidence) {
        ScoreStatistics s = ScoreStatistics.of(counts.lowToHigh(), 1.0, confidence);
        double drawRatio = counts.games() == 0 ? Double.NaN : (double) counts.draws() / counts.games();
        return new TrinomialSummary(counts, confidence, s.score(), s.variance(), s.scoreInterval(), s.elo(),
                s.eloInterval(), s.eloInterval().halfWidth(), s.nElo(), s.nEloInterval(), s.los(), drawRatio);
    }

    /** Number of games. */
    public long games() {
        return counts.games();
    }
}
