package richelieu.runner.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Sources of expected values:
 * <ul>
 *   <li>fishtest output published in pull requests (rounded as printed there);</li>
 *   <li>{@code runner/src/test/python/stats_reference.py}, section "TrinomialSummaryTest": the
 *       fishtest formulas re-implemented with the Python standard library (summary(counts, 1)),
 *       which also agree to 1e-12 with fishtest's own stat_util.get_elo run under scipy.</li>
 * </ul>
 */
class TrinomialSummaryTest {

    private static final double TIGHT = 1e-9;
    /** Score-interval references come from scipy's SLSQP (stats_reference.py score_interval), good to ~1e-9. */
    private static final double SCORE_REF = 1e-8;
    private static final double ELO_REF = 1e-5;

    private static String f2(double x) {
        return String.format(Locale.ROOT, "%.2f", x);
    }

    private static String f1(double x) {
        return String.format(Locale.ROOT, "%.1f", x);
    }

    @Test
    void of_publishedFishtestRun_reproducesPrintedEloPlusMinusAndLos() {
        // official-stockfish/Stockfish PR #311 (2015), fishtest fixed-games result:
        // "ELO: 4.77 +-2.2 (95%) LOS: 100.0%  Total: 40124 W: 8711 L: 8160 D: 23253"
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(8711, 23253, 8160));
        assertEquals("4.77", f2(s.elo()));
        assertEquals("2.2", f1(s.eloPlusMinus()));
        assertEquals("100.0", f1(100 * s.los()));
        assertEquals(40124, s.games());
    }

    @Test
    void of_publishedLowDrawRun_reproducesPrintedEloPlusMinusAndLos() {
        // ddugovic/Stockfish PR #401 (variant fishtest, same stat_util): "ELO: 12.51 +-9.6 (95%)
        // LOS: 99.5%  Total: 5000 W: 2558 L: 2378 D: 64"
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(2558, 64, 2378));
        assertEquals("12.51", f2(s.elo()));
        assertEquals("9.6", f1(s.eloPlusMinus()));
        assertEquals("99.5", f1(100 * s.los()));
    }

    @Test
    void of_largeRun_matchesReferenceScriptInEveryField() {
        // stats_reference.py: summary([8160, 23253, 8711], 1)
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(8711, 23253, 8160));
        assertEquals(0.5068662147343236, s.score(), TIGHT);
        assertEquals(0.10507073965309276, s.variance(), TIGHT);
        assertEquals(0.5036942912305787, s.scoreInterval().low(), SCORE_REF); // score_interval([8160, 23253, 8711])
        assertEquals(0.5100377297801135, s.scoreInterval().high(), SCORE_REF);
        assertEquals(4.7714346199460875, s.elo(), TIGHT);
        assertEquals(2.5671031879600767, s.eloInterval().low(), ELO_REF);
        assertEquals(6.975866295039437, s.eloInterval().high(), ELO_REF);
        assertEquals(2.2043815535396805, s.eloPlusMinus(), ELO_REF);
        assertEquals(7.359541947070013, s.nElo(), TIGHT);
        assertEquals(3.9592644602614833, s.nEloInterval().low(), TIGHT);
        assertEquals(10.759819433878542, s.nEloInterval().high(), TIGHT);
        assertEquals(0.9999889751010121, s.los(), TIGHT);
        assertEquals(23253.0 / 40124.0, s.drawRatio(), 0.0);
    }

    @Test
    void of_smallRun_matchesReferenceScriptInEveryField() {
        // stats_reference.py: summary([20, 50, 30], 1); score 0.55 and variance 0.1225 also by hand:
        // (30 + 25)/100 and (30·0.45² + 50·0.05² + 20·0.55²)/100.
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(30, 50, 20));
        assertEquals(0.55, s.score(), 1e-15);
        assertEquals(0.1225, s.variance(), 1e-15);
        assertEquals(0.4804410963624385, s.scoreInterval().low(), SCORE_REF); // score_interval([20, 50, 30])
        assertEquals(0.6176109069525316, s.scoreInterval().high(), SCORE_REF);
        assertEquals(34.86007028756008, s.elo(), TIGHT);
        assertEquals(-13.597856933915725, s.eloInterval().low(), ELO_REF);
        assertEquals(83.2837842700071, s.eloInterval().high(), ELO_REF);
        assertEquals(49.6336550746574, s.nElo(), TIGHT);
        assertEquals(-19.318355204325798, s.nEloInterval().low(), TIGHT);
        assertEquals(118.5856653536406, s.nEloInterval().high(), TIGHT);
        assertEquals(0.9234362744901654, s.los(), TIGHT);
        assertEquals(0.5, s.drawRatio(), 0.0);
    }

    @Test
    void of_confidence99_widensIntervalsAsReferenceScript() {
        // stats_reference.py: summary([20, 50, 30], 1, 0.99)
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(30, 50, 20), 0.99);
        assertEquals(0.4582340504060495, s.scoreInterval().low(), SCORE_REF); // score_interval([20, 50, 30], 0.99)
        assertEquals(0.6383425197786309, s.scoreInterval().high(), SCORE_REF);
        assertEquals(-29.08973930139549, s.eloInterval().low(), ELO_REF);
        assertEquals(98.7025285963475, s.eloInterval().high(), ELO_REF);
        assertEquals(-40.98464710648673, s.nEloInterval().low(), TIGHT);
        assertEquals(140.25195725580153, s.nEloInterval().high(), TIGHT);
        assertEquals(0.9234362744901654, s.los(), TIGHT);
    }

    @Test
    void of_zeroGames_allFieldsNaNWithoutException() {
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(0, 0, 0));
        assertEquals(0, s.games());
        assertTrue(Double.isNaN(s.score()));
        assertTrue(Double.isNaN(s.variance()));
        assertTrue(Double.isNaN(s.elo()));
        assertTrue(Double.isNaN(s.nElo()));
        assertTrue(Double.isNaN(s.los()));
        assertTrue(Double.isNaN(s.drawRatio()));
        assertTrue(Double.isNaN(s.eloInterval().low()) && Double.isNaN(s.eloInterval().high()));
        assertTrue(Double.isNaN(s.scoreInterval().low()) && Double.isNaN(s.nEloInterval().high()));
    }

    @Test
    void of_allWins_eloIsPositiveInfinityWithFiniteLowerBound() {
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(12, 0, 0));
        assertEquals(1.0, s.score(), 0.0);
        assertEquals(0.0, s.variance(), 0.0);
        assertEquals(Double.POSITIVE_INFINITY, s.elo());
        assertEquals(EloScale.scoreToElo(12 / (12 + Math.pow(StatMath.twoSidedZ(0.95), 2))), s.eloInterval().low(), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, s.eloInterval().high());
        assertTrue(Double.isNaN(s.nElo()), "normalized by a zero spread");
        assertEquals(StatMath.phi(Math.sqrt(12)), s.los(), 1e-15, "Φ((W − L)/√(W + L))");
    }

    @Test
    void of_cleanSweep_losIsPhiOfWinsMinusLossesStatistic() {
        // Before: LOS n/a. fishtest's Φ((μ − ½)/(σ/√n)) divides by σ = 0; with the spread under H0
        // it is Φ((W − L)/√(W + L)) = Φ(√20).
        assertEquals(0.9999961278917845, TrinomialSummary.of(new TrinomialCounts(20, 0, 0)).los(), 1e-14);
        assertEquals(3.872108215522048e-06, TrinomialSummary.of(new TrinomialCounts(0, 0, 20)).los(), 1e-17);
        assertEquals(StatMath.phi(1.0), TrinomialSummary.of(new TrinomialCounts(1, 0, 0)).los(), 1e-15);
        assertEquals(0.5, TrinomialSummary.of(new TrinomialCounts(0, 20, 0)).los(), 0.0);
    }

    @Test
    void of_nearExtremeScores_nEloUndefined() {
        // Before: nElo -15,534 for W 0 D 1 L 1,999 and -4,245 [-8,422, -68] for 1 win in 600: the
        // spread that normalizes it rests on one game.
        TrinomialSummary oneDraw = TrinomialSummary.of(new TrinomialCounts(0, 1, 1999));
        assertTrue(Double.isNaN(oneDraw.nElo()));
        TrinomialSummary oneWin = TrinomialSummary.of(new TrinomialCounts(1, 0, 599));
        assertTrue(Double.isNaN(oneWin.nElo()));
        assertTrue(Double.isNaN(oneWin.nEloInterval().low()) && Double.isNaN(oneWin.nEloInterval().high()));
        TrinomialSummary nine = TrinomialSummary.of(new TrinomialCounts(5, 4, 591));
        assertTrue(Double.isNaN(nine.nElo()), "9 games off the most common result");
        assertTrue(Double.isFinite(nine.los()) && Double.isFinite(nine.elo()), "the other figures stay");
    }

    @Test
    void of_tenGamesOffTheMostCommonResult_nEloDefined() {
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(10, 0, 590));
        double sigma = Math.sqrt(10 / 600.0 * (590 / 600.0));
        assertEquals(EloScale.NELO_PER_NT * (10 / 600.0 - 0.5) / sigma, s.nElo(), 1e-9);
        assertTrue(s.nEloInterval().low() < s.nElo() && s.nElo() < s.nEloInterval().high());
    }

    @Test
    void of_twentyNil_givesFiniteLowerEloBoundInsideUnitInterval() {
        // Before: score [100.0%, 100.0%], Elo [+inf, +inf]. Wilson's 20/(20 + z²) = 0.8389: +286.6 Elo.
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(20, 0, 0));
        assertEquals(0.8388748419471806, s.scoreInterval().low(), SCORE_REF);
        assertEquals(1.0, s.scoreInterval().high(), 0.0);
        assertEquals(286.61352544948346, s.eloInterval().low(), ELO_REF);
    }

    @Test
    void of_allDraws_intervalHasPositiveWidth() {
        // Before: [50%, 50%]. Reference: score_interval([0, 20, 0]) = [0.4194, 0.5806].
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(0, 20, 0));
        assertEquals(0.4194374209735904, s.scoreInterval().low(), SCORE_REF);
        assertEquals(0.5805625790264096, s.scoreInterval().high(), SCORE_REF);
        assertEquals(-56.472746001748106, s.eloInterval().low(), ELO_REF);
    }

    @Test
    void of_nearlyAllLosses_intervalStaysAboveZero() {
        // Before: a tournament printed 0.3% [-0.2%, 0.7%]. One draw in 170 games: score 0.29%.
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(0, 1, 169));
        assertTrue(s.scoreInterval().low() > 0.0 && s.scoreInterval().high() < 0.03, s.scoreInterval().toString());
        assertTrue(Double.isFinite(s.eloInterval().low()) && Double.isFinite(s.eloInterval().high()));
    }

    @Test
    void of_allLosses_eloIsNegativeInfinity() {
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(0, 0, 7));
        assertEquals(Double.NEGATIVE_INFINITY, s.elo());
        assertEquals(Double.NEGATIVE_INFINITY, s.eloInterval().low());
        assertTrue(Double.isFinite(s.eloInterval().high()));
    }

    @Test
    void of_allDraws_eloZeroAndLosOneHalf() {
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(0, 9, 0));
        assertEquals(0.0, s.elo(), 0.0);
        assertEquals(-s.eloInterval().low(), s.eloInterval().high(), 1e-9);
        assertTrue(s.eloInterval().width() > 0);
        assertEquals(0.5, s.los(), 0.0, "no decisive game: no side is favoured");
        assertTrue(Double.isNaN(s.nElo()));
        assertEquals(1.0, s.drawRatio(), 0.0);
    }

    @Test
    void of_normalIntervalWouldPassOne_staysBelowOne() {
        // 9 wins, 1 loss: μ = 0.9, σ = 0.3; the normal μ + 1.96·0.3/√10 ≈ 1.086 > 1 gave +inf.
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(9, 0, 1));
        assertEquals(Proportions.wilson(9, 10, 0.95).low(), s.scoreInterval().low(), 1e-12);
        assertEquals(Proportions.wilson(9, 10, 0.95).high(), s.scoreInterval().high(), 1e-12);
        assertTrue(s.scoreInterval().high() < 1.0);
        assertTrue(Double.isFinite(s.eloInterval().high()));
        assertTrue(Double.isFinite(s.eloInterval().low()));
        assertEquals(EloScale.scoreToElo(0.9), s.elo(), 1e-12);
    }

    @Test
    void of_swappedWinsAndLosses_negatesEloAndNElo() {
        TrinomialSummary a = TrinomialSummary.of(new TrinomialCounts(30, 50, 20));
        TrinomialSummary b = TrinomialSummary.of(new TrinomialCounts(20, 50, 30));
        assertEquals(-a.elo(), b.elo(), 1e-12);
        assertEquals(-a.eloInterval().high(), b.eloInterval().low(), 1e-9);
        assertEquals(-a.nElo(), b.nElo(), 1e-12);
        assertEquals(1.0 - a.los(), b.los(), 1e-12);
    }

    @Test
    void of_confidenceOutsideUnitInterval_throws() {
        TrinomialCounts counts = new TrinomialCounts(1, 1, 1);
        assertThrows(IllegalArgumentException.class, () -> TrinomialSummary.of(counts, 1.0));
        assertThrows(IllegalArgumentException.class, () -> TrinomialSummary.of(counts, 0.0));
    }

    @Test
    void counts_negative_throws() {
        assertThrows(IllegalArgumentException.class, () -> new TrinomialCounts(-1, 0, 0));
    }

    @Test
    void twoSidedZ_95percent_equalsScipyNormPpf() {
        // scipy.stats.norm.ppf(0.975) = 1.959963984540054 (the z975 of fishtest's pages)
        assertEquals(1.959963984540054, StatMath.twoSidedZ(0.95), 1e-13);
    }
}
