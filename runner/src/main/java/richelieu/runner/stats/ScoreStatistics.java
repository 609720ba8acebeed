package richelieu.runner.stats;

/**
 * The computation shared by {@link TrinomialSummary} and {@link PentanomialSummary}: moments of
 * an empirical distribution of per-game scores on the grid {@code a_i = i/(k-1)}, an interval of
 * its mean that stays inside [0, 1] ({@link ScoreInterval}; fishtest's normal interval leaves it),
 * and the Elo / normalized-Elo / LOS figures, the latter two exactly as fishtest computes them (stat_util.get_elo; the nElo of templates/tests_stats and elo_results:
 * {@code t_conf}). The counts are used as observed: fishtest's {@code LLRcalc.regularize}, which
 * replaces a zero count by 0.001, is deliberately not applied here (see the summaries' docs).
 *
 * @param score         empirical mean μ of the grid value
 * @param variance      population variance of the grid value, {@code Σ p_i (a_i - μ)²}
 * @param scoreInterval the score (Wilson-type) interval of {@link ScoreInterval}, inside [0, 1]
 * @param elo           logistic Elo of μ
 * @param eloInterval   the score interval mapped through {@link EloScale#scoreToElo}
 * <p><b>Where fishtest's formulas say nothing.</b> LOS = Φ((μ − ½)/sqrt(variance/n)) divides by the
 * observed spread, which is 0 when every game (pair) scored the same, a clean sweep among them.
 * LOS is then computed with the spread under H0 (μ = ½), {@code Σ p_i (a_i − ½)²}: for games that
 * is Φ((W − L)/√(W + L)), the LOS of cutechess-cli (20–0 gives Φ(√20) = 99.9996%, a single won
 * game Φ(1) = 84%), and ½ when every result was exactly ½ (all draws: nothing favours either
 * side). nElo divides by the observed spread too, and the spread of results heaped on one value
 * rests on the few that are not: with fewer than {@link EloScale#NELO_MIN_OFF_MODE} games (pairs)
 * off the most common result, nElo and its interval are NaN (1 win in 600 gave −4,245 [−8,422,
 * −68], a figure without meaning).
 *
 * @param nElo          normalized Elo, {@code 800/ln10 · t / ntDivisor}, t = (μ - ½)/sqrt(variance);
 *                      NaN unless {@link EloScale#NELO_MIN_OFF_MODE} observations are off the mode
 * @param nEloInterval  nElo ± 800/ln10 · z · sqrt(var_t / n) / ntDivisor
 * @param los           Φ((μ - ½) / sqrt(variance / n)); with zero variance, from the spread about ½
 */
record ScoreStatistics(double score, double variance, Interval scoreInterval, double elo, Interval eloInterval,
        double nElo, Interval nEloInterval, double los) {

    static final ScoreStatistics UNDEFINED = new ScoreStatistics(Double.NaN, Double.NaN, Interval.UNDEFINED,
            Double.NaN, Interval.UNDEFINED, Double.NaN, Interval.UNDEFINED, Double.NaN);

    /**
     * @param counts     frequencies, lowest grid value first (length k ≥ 2)
     * @param ntDivisor  1 for single games; √2 for game pairs, whose grid value is the pair's mean
     *                   score and whose per-game variance is twice the pair variance
     * @param confidence two-sided confidence level, e.g. 0.95
     */
    static ScoreStatistics of(long[] counts, double ntDivisor, double confidence) {
        double z = StatMath.twoSidedZ(confidence);
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        if (total == 0) {
            return UNDEFINED;
        }
        int k = counts.length;
        double n = total;
        double mean = 0.0;
        for (int i = 0; i < k; i++) {
            mean += counts[i] / n * ((double) i / (k - 1));
        }
        double m2 = 0.0;
        double m3 = 0.0;
        double m4 = 0.0;
        for (int i = 0; i < k; i++) {
            double p = counts[i] / n;
            double d = (double) i / (k - 1) - mean;
            double d2 = d * d;
            m2 += p * d2;
            m3 += p * d2 * d;
            m4 += p * d2 * d2;
        }
        double sigma = Math.sqrt(m2);
        double standardError = sigma / Math.sqrt(n);
        Interval scoreInterval = ScoreInterval.of(counts, confidence);
        double elo = EloScale.scoreToElo(mean);
        Interval eloInterval = new Interval(EloScale.scoreToElo(scoreInterval.low()),
                EloScale.scoreToElo(scoreInterval.high()));
        long mode = 0;
        for (long c : counts) {
            mode = Math.max(mode, c);
        }
        if (m2 == 0.0) {
            // Every observation equal (a clean sweep, all draws, ...): the spread about ½ instead
            // of the zero observed one, |μ − ½|, so z = ±√n, or no side favoured at μ = ½.
            double los = mean == 0.5 ? 0.5 : StatMath.phi(Math.signum(mean - 0.5) * Math.sqrt(n));
            return new ScoreStatistics(mean, m2, scoreInterval, elo, eloInterval, Double.NaN, Interval.UNDEFINED, los);
        }
        double los = StatMath.phi((mean - 0.5) / standardError);
        if (total - mode < EloScale.NELO_MIN_OFF_MODE) {
            return new ScoreStatistics(mean, m2, scoreInterval, elo, eloInterval, Double.NaN, Interval.UNDEFINED, los);
        }

        // Normalized Elo: t = (μ - ½)/σ, whose asymptotic variance is
        // (1 - t·skew + t²·(exkurt + 2)/4) / n (fishtest t_conf, clamped at 0 for rounding).
        double scale = EloScale.NELO_PER_NT / ntDivisor;
        double t = (mean - 0.5) / sigma;
        double nElo = scale * t;
        double skewness = m3 / (m2 * sigma);
        double excessKurtosis = m4 / (m2 * m2) - 3.0;
        double varT = Math.max(1.0 - t * skewness + 0.25 * t * t * (excessKurtosis + 2.0), 0.0);
        double half = scale * z * Math.sqrt(varT / n);
        Interval nEloInterval = new Interval(nElo - half, nElo + half);
        return new ScoreStatistics(mean, m2, scoreInterval, elo, eloInterval, nElo, nEloInterval, los);
    }
}
