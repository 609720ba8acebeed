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
        assertEquals(0.5036945529095281, s.scoreInterval().low(), TIGHT);
        assertEquals(0.510037876559119, s.scoreInterval().high(), TIGHT);
        assertEquals(4.7714346199460875, s.elo(), TIGHT);
        assertEquals(2.567285031045809, s.eloInterval().low(), TIGHT);
        assertEquals(6.9759683286614775, s.eloInterval().high(), TIGHT);
        assertEquals(2.2043416488078345, s.eloPlusMinus(), TIGHT);
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
        assertEquals(0.48140126054109816, s.scoreInterval().low(), TIGHT);
        assertEquals(0.6185987394589019, s.scoreInterval().high(), TIGHT);
        assertEquals(34.86007028756008, s.elo(), TIGHT);
        assertEquals(-12.929693470337863, s.eloInterval().low(), TIGHT);
        assertEquals(84.01076264940247, s.eloInterval().high(), TIGHT);
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
        assertEquals(0.45984597437578856, s.scoreInterval().low(), TIGHT);
        assertEquals(0.6401540256242115, s.scoreInterval().high(), TIGHT);
        assertEquals(-27.962091288723055, s.eloInterval().low(), TIGHT);
        assertEquals(100.06713293654077, s.eloInterval().high(), TIGHT);
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
    void of_allWins_eloIsPositiveInfinity() {
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(12, 0, 0));
        assertEquals(1.0, s.score(), 0.0);
        assertEquals(0.0, s.variance(), 0.0);
        assertEquals(Double.POSITIVE_INFINITY, s.elo());
        assertEquals(new Interval(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY), s.eloInterval());
        assertEquals(0.0, s.eloPlusMinus(), 0.0);
        assertEquals(Double.POSITIVE_INFINITY, s.nElo());
        assertEquals(1.0, s.los(), 0.0);
    }

    @Test
    void of_allLosses_eloIsNegativeInfinity() {
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(0, 0, 7));
        assertEquals(Double.NEGATIVE_INFINITY, s.elo());
        assertEquals(Double.NEGATIVE_INFINITY, s.eloInterval().high());
        assertEquals(0.0, s.los(), 0.0);
    }

    @Test
    void of_allDraws_eloZeroAndLosUndefined() {
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(0, 9, 0));
        assertEquals(0.0, s.elo(), 0.0);
        assertEquals(new Interval(0.0, 0.0), s.eloInterval());
        assertTrue(Double.isNaN(s.los()), "(μ - ½)/σ is 0/0");
        assertTrue(Double.isNaN(s.nElo()));
        assertEquals(1.0, s.drawRatio(), 0.0);
    }

    @Test
    void of_scoreIntervalBeyondOne_mapsUpperEloEndToInfinity() {
        // 9 wins, 1 loss: μ = 0.9, σ = 0.3, μ + 1.96·0.3/√10 ≈ 1.086 > 1.
        TrinomialSummary s = TrinomialSummary.of(new TrinomialCounts(9, 0, 1));
        assertTrue(s.scoreInterval().high() > 1.0);
        assertEquals(Double.POSITIVE_INFINITY, s.eloInterval().high());
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
