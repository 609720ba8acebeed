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
 *   <li>{@code runner/src/test/python/stats_reference.py}, section "PentanomialSummaryTest":
 *       summary(counts, sqrt(2)), the fishtest formulas (stat_util.get_elo and the nelo5 / t_conf
 *       of the results box) re-implemented with the standard library.</li>
 * </ul>
 */
class PentanomialSummaryTest {

    private static final double TIGHT = 1e-9;
    /** Score-interval references come from scipy's SLSQP (stats_reference.py score_interval), good to ~1e-9. */
    private static final double SCORE_REF = 1e-8;
    private static final double ELO_REF = 1e-5;

    private static String f(String pattern, double x) {
        return String.format(Locale.ROOT, pattern, x);
    }

    @Test
    void of_publishedFishtestRun_reproducesPrintedEloNEloAndLos() {
        // official-stockfish/Stockfish PR #4160, tests/view/631836b437f41b13973d7da1:
        // "Elo: 1.35 +-1.2 (95%) LOS: 98.6%  Ptnml(0-2): 39, 5335, 18992, 5622, 12
        //  nElo: 3.13 +-2.8 (95%) PairsRatio: 1.05"
        PentanomialSummary s = PentanomialSummary.of(new PentanomialCounts(39, 5335, 18992, 5622, 12));
        assertEquals("1.35", f("%.2f", s.elo()));
        assertEquals("1.2", f("%.1f", s.eloPlusMinus()));
        assertEquals("98.6", f("%.1f", 100 * s.los()));
        assertEquals("3.13", f("%.2f", s.nElo()));
        assertEquals("2.8", f("%.1f", s.nEloInterval().halfWidth()));
        assertEquals("1.05", f("%.2f", s.pairsRatio()));
        assertEquals(60000, s.games());
    }

    @Test
    void of_publishedNegativeRun_reproducesPrintedEloAndLos() {
        // nodchip/Stockfish issue #151, tests/view/5f5e0d2861bdd7a0007e76fa:
        // "ELO: -6.79 +-1.7 (95%) LOS: 0.0%  Ptnml(0-2): 1254, 7452, 13560, 6681, 1053"
        PentanomialSummary s = PentanomialSummary.of(new PentanomialCounts(1254, 7452, 13560, 6681, 1053));
        assertEquals("-6.79", f("%.2f", s.elo()));
        assertEquals("1.7", f("%.1f", s.eloPlusMinus()));
        assertEquals("0.0", f("%.1f", 100 * s.los()));
    }

    @Test
    void of_publishedRun_matchesReferenceScriptInEveryField() {
        // stats_reference.py: summary([39, 5335, 18992, 5622, 12], sqrt(2))
        PentanomialSummary s = PentanomialSummary.of(new PentanomialCounts(39, 5335, 18992, 5622, 12));
        assertEquals(0.5019416666666666, s.score(), TIGHT);
        assertEquals(0.02324831326388889, s.pairVariance(), TIGHT);
        assertEquals(2 * 0.02324831326388889, s.perGameVariance(), TIGHT);
        assertEquals(0.5002159293313624, s.scoreInterval().low(), SCORE_REF); // score_interval(...)
        assertEquals(0.503666861210053, s.scoreInterval().high(), SCORE_REF);
        assertEquals(1.349214972652181, s.elo(), TIGHT);
        assertEquals(0.1500430766745623, s.eloInterval().low(), ELO_REF);
        assertEquals(2.548041824600959, s.eloInterval().high(), ELO_REF);
        assertEquals(1.1989993739631983, s.eloPlusMinus(), ELO_REF);
        assertEquals(3.1285150674251248, s.nElo(), TIGHT);
        assertEquals(0.34790741834876027, s.nEloInterval().low(), TIGHT);
        assertEquals(5.909122716501489, s.nEloInterval().high(), TIGHT);
        assertEquals(0.986296272514333, s.los(), TIGHT);
        assertEquals(18992.0 / 30000.0, s.pairDrawRatio(), 0.0);
    }

    @Test
    void of_negativeRun_matchesReferenceScript() {
        // stats_reference.py: summary([1254, 7452, 13560, 6681, 1053], sqrt(2))
        PentanomialSummary s = PentanomialSummary.of(new PentanomialCounts(1254, 7452, 13560, 6681, 1053));
        assertEquals(0.490225, s.score(), TIGHT);
        assertEquals(0.048573199375, s.pairVariance(), TIGHT);
        assertEquals(-8.526962539120044, s.eloInterval().low(), ELO_REF); // score_interval(...)
        assertEquals(-5.059496714602325, s.eloInterval().high(), ELO_REF);
        assertEquals(-10.89626637022504, s.nElo(), TIGHT);
        assertEquals(-13.678586952040604, s.nEloInterval().low(), TIGHT);
        assertEquals(-8.113945788409477, s.nEloInterval().high(), TIGHT);
        assertEquals(7.826071578483661e-15, s.los(), 1e-23); // scipy (fishtest): 7.826071578483592e-15
    }

    @Test
    void of_smallRun_matchesReferenceScriptAndHandComputation() {
        // By hand: 50 pairs, mean pair score per game = (0·3 + ¼·10 + ½·20 + ¾·12 + 1·5)/50 = 0.53;
        // variance = Σ p(a - 0.53)² = 0.0666. Rest: stats_reference.py summary([3,10,20,12,5], sqrt(2)).
        PentanomialSummary s = PentanomialSummary.of(new PentanomialCounts(3, 10, 20, 12, 5));
        assertEquals(0.53, s.score(), 1e-15);
        assertEquals(0.0666, s.pairVariance(), 1e-15);
        assertEquals(0.4565645514931139, s.scoreInterval().low(), SCORE_REF); // score_interval([3,10,20,12,5])
        assertEquals(0.6026186650074479, s.scoreInterval().high(), SCORE_REF);
        assertEquals(20.87120466602867, s.elo(), TIGHT);
        assertEquals(-30.25831006383874, s.eloInterval().low(), ELO_REF);
        assertEquals(72.33404583442523, s.eloInterval().high(), ELO_REF);
        assertEquals(28.559029206879792, s.nElo(), TIGHT);
        assertEquals(-39.8085056596158, s.nEloInterval().low(), TIGHT);
        assertEquals(96.92656407337537, s.nEloInterval().high(), TIGHT);
        assertEquals(0.7944601106383424, s.los(), TIGHT);
        assertEquals(17.0 / 13.0, s.pairsRatio(), 1e-15);
    }

    @Test
    void of_mirroredCounts_negatesEloAndReflectsScore() {
        PentanomialCounts counts = new PentanomialCounts(3, 10, 20, 12, 5);
        PentanomialSummary a = PentanomialSummary.of(counts);
        PentanomialSummary b = PentanomialSummary.of(counts.mirrored());
        assertEquals(1.0 - a.score(), b.score(), 1e-15);
        assertEquals(a.pairVariance(), b.pairVariance(), 1e-15);
        assertEquals(-a.elo(), b.elo(), 1e-12);
        assertEquals(-a.nEloInterval().high(), b.nEloInterval().low(), 1e-9);
        assertEquals(1.0 - a.los(), b.los(), 1e-12);
    }

    @Test
    void of_zeroPairs_allFieldsNaNWithoutException() {
        PentanomialSummary s = PentanomialSummary.of(new PentanomialCounts(0, 0, 0, 0, 0));
        assertTrue(Double.isNaN(s.score()));
        assertTrue(Double.isNaN(s.elo()));
        assertTrue(Double.isNaN(s.nElo()));
        assertTrue(Double.isNaN(s.los()));
        assertTrue(Double.isNaN(s.pairDrawRatio()));
        assertTrue(Double.isNaN(s.pairsRatio()));
        assertTrue(Double.isNaN(s.eloInterval().low()));
    }

    @Test
    void of_allDoubleWins_eloIsPositiveInfinityWithFiniteLowerBound() {
        // Before: Elo [+inf, +inf]. With every pair WW the restricted MLE is (1 − μ₀ at LL, μ₀ at WW):
        // Wilson's 4/(4 + z²) = 0.5101 for 4 pairs.
        PentanomialSummary s = PentanomialSummary.of(new PentanomialCounts(0, 0, 0, 0, 4));
        assertEquals(Double.POSITIVE_INFINITY, s.elo());
        assertEquals(4 / (4 + Math.pow(StatMath.twoSidedZ(0.95), 2)), s.scoreInterval().low(), 1e-12);
        assertTrue(Double.isFinite(s.eloInterval().low()));
        assertEquals(Double.POSITIVE_INFINITY, s.pairsRatio());
        assertEquals(StatMath.phi(2.0), s.los(), 1e-15, "Φ(√4): the spread taken under H0");
    }

    @Test
    void of_everyPairAlike_losFromSpreadUnderHypothesis() {
        // every pair scoring ¾ (WD): μ − ½ = ¼ and Σ p (a − ½)² = 1/16, so z = √N
        assertEquals(StatMath.phi(3.0), PentanomialSummary.of(new PentanomialCounts(0, 0, 0, 9, 0)).los(), 1e-15);
        assertEquals(0.5, PentanomialSummary.of(new PentanomialCounts(0, 0, 9, 0, 0)).los(), 0.0);
    }

    @Test
    void of_nearExtremePairs_nEloUndefined() {
        assertTrue(Double.isNaN(PentanomialSummary.of(new PentanomialCounts(995, 0, 5, 0, 0)).nElo()));
        PentanomialSummary ten = PentanomialSummary.of(new PentanomialCounts(990, 0, 10, 0, 0));
        assertTrue(Double.isFinite(ten.nElo()) && Double.isFinite(ten.nEloInterval().low()));
    }

    @Test
    void counts_fromArray_roundTripsAndIndexesByHalfPoints() {
        PentanomialCounts c = PentanomialCounts.of(new long[] {1, 2, 3, 4, 5});
        assertEquals(15, c.pairs());
        assertEquals(30, c.games());
        assertEquals(4, c.count(3));
        assertEquals(2 + 6 + 12 + 20, c.halfPoints());
        assertEquals(new PentanomialCounts(5, 4, 3, 2, 1), c.mirrored());
        assertThrows(IllegalArgumentException.class, () -> PentanomialCounts.of(new long[] {1, 2, 3}));
        assertThrows(IllegalArgumentException.class, () -> c.count(5));
        assertThrows(IllegalArgumentException.class, () -> new PentanomialCounts(0, 0, -1, 0, 0));
    }
}
