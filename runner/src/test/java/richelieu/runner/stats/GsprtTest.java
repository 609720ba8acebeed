package richelieu.runner.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Sources of expected values:
 * <ul>
 *   <li>LLRs printed by fishtest (2 decimals) in official-stockfish/Stockfish pull requests, with
 *       the pentanomial counts printed beside them: logistic bounds are written {a,b}, normalized
 *       &lt;a,b&gt;;</li>
 *   <li>{@code runner/src/test/python/stats_reference.py}, section "GsprtTest": LLRcalc's
 *       LLR_logistic / LLR_normalized re-implemented with bisection instead of scipy's brentq; they
 *       agree with fishtest's own LLRcalc (run under scipy) to 2e-11.</li>
 * </ul>
 */
class GsprtTest {

    private static final double REFERENCE = 1e-7;

    private static PentanomialCounts p(long... c) {
        return PentanomialCounts.of(c);
    }

    private static String f2(double x) {
        return String.format(Locale.ROOT, "%.2f", x);
    }

    @Test
    void llr_logisticPublishedRuns_reproducesPrintedLlr() {
        // PR #3209 STC: "LLR: 2.94 (-2.94,2.94) {-0.25,1.25} Ptnml(0-2): 253, 4282, 17604, 4431, 286"
        assertEquals("2.94", f2(Gsprt.llr(EloModel.LOGISTIC, -0.25, 1.25, p(253, 4282, 17604, 4431, 286))));
        // PR #3209 LTC: "LLR: 2.97 (-2.94,2.94) {0.25,1.25} Ptnml(0-2): 58, 3302, 33130, 3518, 84"
        assertEquals("2.97", f2(Gsprt.llr(EloModel.LOGISTIC, 0.25, 1.25, p(58, 3302, 33130, 3518, 84))));
        // PR #2493 STC: "LLR: 2.94 (-2.94,2.94) {-1.00,3.00} Ptnml(0-2): 424, 2948, 5832, 3045, 460"
        assertEquals("2.94", f2(Gsprt.llr(EloModel.LOGISTIC, -1.0, 3.0, p(424, 2948, 5832, 3045, 460))));
        // PR #2493 LTC: "LLR: 2.94 (-2.94,2.94) {0.00,2.00} Ptnml(0-2): 1284, 17437, 55536, 18085, 1292"
        assertEquals("2.94", f2(Gsprt.llr(EloModel.LOGISTIC, 0.0, 2.0, p(1284, 17437, 55536, 18085, 1292))));
    }

    @Test
    void llr_normalizedPublishedRuns_reproducesPrintedLlr() {
        // PR #4493 STC: "LLR: 3.22 (-2.94,2.94) <0.00,2.00> Ptnml(0-2): 2002, 72968, 180891, 74129, 2034"
        assertEquals("3.22", f2(Gsprt.llr(EloModel.NORMALIZED, 0.0, 2.0, p(2002, 72968, 180891, 74129, 2034))));
        // PR #4493 LTC: "LLR: 2.94 (-2.94,2.94) <0.50,2.50> Ptnml(0-2): 24, 7350, 23669, 7717, 28"
        assertEquals("2.94", f2(Gsprt.llr(EloModel.NORMALIZED, 0.5, 2.5, p(24, 7350, 23669, 7717, 28))));
        // PR #4160: "LLR: 2.95 (-2.94,2.94) <0.50,2.50> Ptnml(0-2): 12, 2318, 9925, 2598, 3"
        assertEquals("2.95", f2(Gsprt.llr(EloModel.NORMALIZED, 0.5, 2.5, p(12, 2318, 9925, 2598, 3))));
        // PR #6255 STC: "LLR: 2.96 (-2.94,2.94) <-1.75,0.25> Ptnml(0-2): 317, 12094, 28735, 12231, 319"
        assertEquals("2.96", f2(Gsprt.llr(EloModel.NORMALIZED, -1.75, 0.25, p(317, 12094, 28735, 12231, 319))));
    }

    @Test
    void llr_logisticPentanomial_matchesReferenceScript() {
        assertEquals(2.93839189153298, Gsprt.llr(EloModel.LOGISTIC, -0.25, 1.25, p(253, 4282, 17604, 4431, 286)),
                REFERENCE);
        assertEquals(2.966591342866624, Gsprt.llr(EloModel.LOGISTIC, 0.25, 1.25, p(58, 3302, 33130, 3518, 84)),
                REFERENCE);
        assertEquals(2.9434164100504367, Gsprt.llr(EloModel.LOGISTIC, -1.0, 3.0, p(424, 2948, 5832, 3045, 460)),
                REFERENCE);
        assertEquals(2.9402392044024928,
                Gsprt.llr(EloModel.LOGISTIC, 0.0, 2.0, p(1284, 17437, 55536, 18085, 1292)), REFERENCE);
    }

    @Test
    void llr_normalizedPentanomial_matchesReferenceScript() {
        assertEquals(3.2204484502571242,
                Gsprt.llr(EloModel.NORMALIZED, 0.0, 2.0, p(2002, 72968, 180891, 74129, 2034)), REFERENCE);
        assertEquals(2.9369914679185216, Gsprt.llr(EloModel.NORMALIZED, 0.5, 2.5, p(24, 7350, 23669, 7717, 28)),
                REFERENCE);
        assertEquals(2.9461325358942645, Gsprt.llr(EloModel.NORMALIZED, 0.5, 2.5, p(12, 2318, 9925, 2598, 3)),
                REFERENCE);
        assertEquals(2.9571587867567954,
                Gsprt.llr(EloModel.NORMALIZED, -1.75, 0.25, p(317, 12094, 28735, 12231, 319)), REFERENCE);
    }

    @Test
    void llr_zeroCellsRegularizedAsFishtest_matchesReferenceScript() {
        // Two empty cells are replaced by 0.001 before the MLE, as LLRcalc.regularize does.
        assertEquals(0.09088225875899604, Gsprt.llr(EloModel.LOGISTIC, 0.0, 5.0, p(0, 10, 50, 12, 0)), REFERENCE);
        assertEquals(0.058733948430819444, Gsprt.llr(EloModel.NORMALIZED, 0.0, 5.0, p(0, 10, 50, 12, 0)),
                REFERENCE);
    }

    @Test
    void llr_degenerateRuns_finiteAndMatchReferenceScript() {
        // Only double wins, or only one-point pairs: four of five cells regularized.
        // (fishtest's own LLRcalc under scipy: 0.5740008853896633, 0.8107681649746467,
        // -0.570370660011218, -0.004706725759865187.)
        assertEquals(0.5740008853896875, Gsprt.llr(EloModel.LOGISTIC, 0.0, 2.0, p(0, 0, 0, 0, 100)), REFERENCE);
        assertEquals(0.8107681649746257, Gsprt.llr(EloModel.NORMALIZED, 0.0, 2.0, p(0, 0, 0, 0, 100)), REFERENCE);
        assertEquals(-0.570370660011218, Gsprt.llr(EloModel.LOGISTIC, 0.0, 2.0, p(0, 0, 100, 0, 0)), REFERENCE);
        assertEquals(-0.004706725759865152, Gsprt.llr(EloModel.NORMALIZED, 0.0, 2.0, p(0, 0, 100, 0, 0)),
                REFERENCE);
    }

    @Test
    void llr_trinomialCounts_matchesReferenceScript() {
        // fishtest's stat_util self-test counts, W 65388 L 65804 D 56553, and a small match.
        TrinomialCounts big = new TrinomialCounts(65388, 56553, 65804);
        TrinomialCounts small = new TrinomialCounts(160, 300, 120);
        assertEquals(2.049042617981811, Gsprt.llr(EloModel.LOGISTIC, -3.0, 1.0, big), REFERENCE);
        assertEquals(0.49171177626811247, Gsprt.llr(EloModel.NORMALIZED, -3.0, 1.0, big), REFERENCE);
        assertEquals(1.0690580611045284, Gsprt.llr(EloModel.LOGISTIC, 0.0, 5.0, small), REFERENCE);
        assertEquals(0.7685842351688612, Gsprt.llr(EloModel.NORMALIZED, 0.0, 5.0, small), REFERENCE);
    }

    @Test
    void llr_swappedHypotheses_negatesLlr() {
        PentanomialCounts counts = p(424, 2948, 5832, 3045, 460);
        for (EloModel model : EloModel.values()) {
            double forward = Gsprt.llr(model, -1.0, 3.0, counts);
            double backward = Gsprt.llr(model, 3.0, -1.0, counts);
            assertEquals(-forward, backward, 1e-9, model.name());
        }
    }

    @Test
    void llr_noGames_isZero() {
        assertEquals(0.0, Gsprt.llr(EloModel.LOGISTIC, 0.0, 2.0, p(0, 0, 0, 0, 0)), 0.0);
        assertEquals(0.0, Gsprt.llr(EloModel.NORMALIZED, 0.0, 2.0, new TrinomialCounts(0, 0, 0)), 0.0);
    }

    @Test
    void parameters_alphaBetaFivePercent_boundsAreWaldsLogs() {
        // ln(0.05/0.95) and ln(0.95/0.05): fishtest prints them as (-2.94,2.94).
        SprtParameters sprt = new SprtParameters(0.0, 2.0, 0.05, 0.05, EloModel.NORMALIZED);
        assertEquals(-2.9444389791664403, sprt.lowerBound(), 1e-15);
        assertEquals(2.9444389791664403, sprt.upperBound(), 1e-15);
        SprtParameters asymmetric = new SprtParameters(0.0, 2.0, 0.05, 0.10, EloModel.LOGISTIC);
        assertEquals(-2.251291798606495, asymmetric.lowerBound(), 1e-15);
        assertEquals(2.8903717578961645, asymmetric.upperBound(), 1e-15);
    }

    @Test
    void test_llrAboveUpperBound_acceptsH1() {
        SprtParameters sprt = new SprtParameters(0.25, 1.25, 0.05, 0.05, EloModel.LOGISTIC);
        SprtResult r = Gsprt.test(sprt, p(58, 3302, 33130, 3518, 84));
        assertEquals(SprtDecision.ACCEPT_H1, r.decision());
        assertEquals(2.966591342866624, r.llr(), REFERENCE);
        assertEquals(sprt.upperBound(), r.upperBound(), 0.0);
    }

    @Test
    void test_mirroredPassingRun_acceptsH0() {
        SprtParameters sprt = new SprtParameters(0.0, 2.0, 0.05, 0.05, EloModel.LOGISTIC);
        SprtResult r = Gsprt.test(sprt, p(1284, 17437, 55536, 18085, 1292).mirrored());
        assertEquals(SprtDecision.ACCEPT_H0, r.decision());
        assertTrue(r.llr() < r.lowerBound());
    }

    @Test
    void test_publishedRunStoppedByOvershootCorrection_continuesOnWaldBounds() {
        // PR #3209 STC passed on fishtest at LLR 2.938 < 2.944 thanks to the dynamic overshoot
        // correction, which needs the LLR path and is deliberately not implemented here.
        SprtParameters sprt = new SprtParameters(-0.25, 1.25, 0.05, 0.05, EloModel.LOGISTIC);
        assertEquals(SprtDecision.CONTINUE, Gsprt.test(sprt, p(253, 4282, 17604, 4431, 286)).decision());
    }

    @Test
    void test_trinomialCounts_usesSameBoundsAndModel() {
        SprtParameters sprt = new SprtParameters(-3.0, 1.0, 0.05, 0.05, EloModel.LOGISTIC);
        SprtResult r = Gsprt.test(sprt, new TrinomialCounts(65388, 56553, 65804));
        assertEquals(2.049042617981811, r.llr(), REFERENCE);
        assertEquals(SprtDecision.CONTINUE, r.decision());
    }

    @Test
    void parameters_invalid_throw() {
        assertThrows(IllegalArgumentException.class, () -> new SprtParameters(2.0, 0.0, 0.05, 0.05, EloModel.LOGISTIC));
        assertThrows(IllegalArgumentException.class, () -> new SprtParameters(0.0, 2.0, 0.5, 0.5, EloModel.LOGISTIC));
        assertThrows(IllegalArgumentException.class, () -> new SprtParameters(0.0, 2.0, 0.0, 0.05, EloModel.LOGISTIC));
        assertThrows(IllegalArgumentException.class, () -> new SprtParameters(0.0, 2.0, 0.05, 0.05, null));
    }

    @Test
    void mleWithExpectation_observedDistribution_hitsTargetMeanAndSumsToOne() {
        double[] values = {0.0, 0.25, 0.5, 0.75, 1.0};
        double[] observed = {0.1, 0.2, 0.4, 0.2, 0.1};
        double[] mle = Gsprt.mleWithExpectation(values, observed, 0.55);
        double sum = 0.0;
        double mean = 0.0;
        for (int i = 0; i < 5; i++) {
            sum += mle[i];
            mean += mle[i] * values[i];
        }
        assertEquals(1.0, sum, 1e-12);
        assertEquals(0.55, mean, 1e-12);
        // The observed mean is already 0.5: asking for 0.5 returns the observed distribution.
        assertArrayEquals(observed, Gsprt.mleWithExpectation(values, observed, 0.5), 1e-12);
    }

    @Test
    void secular_twoPointDistribution_matchesClosedFormRoot() {
        // p1·a1/(1 + x·a1) + p2·a2/(1 + x·a2) = 0 with a = (-1, 2), p = (0.5, 0.5):
        // -1/(1 - x) + 2/(1 + 2x) = 0  =>  x = 1/4.
        assertEquals(0.25, Gsprt.secular(new double[] {-1.0, 2.0}, new double[] {0.5, 0.5}), 1e-15);
    }
}
