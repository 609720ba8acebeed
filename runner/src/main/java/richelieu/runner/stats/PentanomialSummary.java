package richelieu.runner.stats;

/**
 * Match statistics from game-pair counts (the pentanomial model), as fishtest computes them
 * ({@code stat_util.get_elo} on the pentanomial, and {@code nelo5} of its results box and
 * statistics page). The sampling unit is the pair, so the correlation between the two games of a
 * deal (same cards, seats swapped) is accounted for; the trinomial figures ignore it.
 *
 * <p>Let p_k = count(k)/N over N pairs and a_k = k/4 the pair's mean score per game (0, ¼, ½, ¾,
 * 1). Then:
 * <ul>
 *   <li>score μ = Σ p_k a_k (points per game);</li>
 *   <li>{@link #pairVariance()} v = Σ p_k (a_k - μ)²: variance of a pair's mean score (fishtest
 *       {@code var5}); {@link #perGameVariance()} = 2v, the per-game variance implied by pairs
 *       (fishtest "Variance/game"); the variance of the pair's total score (0..2) is 4v;</li>
 *   <li>score interval: {@link ScoreInterval} on the pair grid (fishtest: μ ± z·sqrt(v/N)); Elo and Elo interval mapped through -400·log10(1/μ - 1);
 *       fishtest's "±" is {@link #eloPlusMinus()};</li>
 *   <li>nElo = 800/ln10 · t/√2 with t = (μ - ½)/√v, interval ± 800/ln10 · z · sqrt(var_t/N)/√2,
 *       var_t = 1 - t·skew + t²(exkurt+2)/4 with the skewness and excess kurtosis of the pair
 *       distribution;</li>
 *   <li>LOS = Φ((μ - ½)/sqrt(v/N));</li>
 *   <li>{@link #pairDrawRatio()} = count(1 point)/N (fishtest "Pentanomial draw ratio");
 *       {@link #pairsRatio()} = (WD + WW)/(LL + LD) (fishtest "PairsRatio": +∞ if the denominator
 *       is 0 and the numerator is not, NaN if both are 0).</li>
 * </ul>
 *
 * <p>Edge cases and the (absent) zero-count regularization are as in {@link TrinomialSummary}:
 * N = 0 gives NaN fields, a perfect score gives Elo +∞.
 *
 * @param counts          the input pair counts
 * @param confidence      two-sided level of the intervals
 * @param score           μ, points per game
 * @param pairVariance    v, variance of a pair's mean score
 * @param perGameVariance 2v
 * @param scoreInterval   score-test interval of μ, inside [0, 1] ({@link ScoreInterval})
 * @param elo             logistic Elo of μ
 * @param eloInterval     score interval mapped to Elo
 * @param eloPlusMinus    half the width of {@code eloInterval}
 * @param nElo            normalized Elo
 * @param nEloInterval    nElo ± its half-width
 * @param los             likelihood of superiority
 * @param pairDrawRatio   share of pairs scoring exactly 1 point
 * @param pairsRatio      (WD + WW)/(LL + LD)
 */
public record PentanomialSummary(PentanomialCounts counts, double confidence, double score, double pairVariance,
        double perGameVariance, Interval scoreInterval, double elo, Interval eloInterval, double eloPlusMinus,
        double nElo, Interval nEloInterval, double los, double pairDrawRatio, double pairsRatio) {

    private static final double SQRT2 = Math.sqrt(2.0);

    /** Summary with 95% intervals. */
    public static PentanomialSummary of(PentanomialCounts counts) {
        return of(counts, 0.95);
    }

    /** Summary with intervals at the given two-sided confidence level (0 &lt; confidence &lt; 1). */
    public static PentanomialSummary of(PentanomialCounts counts, double confidence) {
        ScoreStatistics s = ScoreStatistics.of(counts.toArray(), SQRT2, confidence);
        long pairs = counts.pairs();
        double pairDrawRatio = pairs == 0 ? Double.NaN : (double) counts.wlOrDd() / pairs;
        long up = counts.wd() + counts.ww();
        long down = counts.ll() + counts.ld();
        double pairsRatio = down != 0 ? (double) up / down : up != 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        return new PentanomialSummary(counts, confidence, s.score(), s.variance(), 2.0 * s.variance(),
                s.scoreInterval(), s.elo(), s.eloInterval(), s.eloInterval().halfWidth(), s.nElo(), s.nEloInterval(),
                s.los(), pairDrawRatio, pairsRatio);
    }

    /** Number of game pairs. */
    public long pairs() {
        return counts.pairs();
    }

    /** Number of games, twice the pairs. */
    public long games() {
        return counts.games();
    }
}
