package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PairedEquivalenceTest {

    @Test
    void tost_atTheMarginOfThe90PercentInterval_hasPExactly005() {
        // Student t table: t(0.95, 9 df) = 1.833113. With x̄ = 0 and SE = 0.1, a margin of
        // 0.1833113 puts the 90% interval's ends on the margin: both one-sided p are 0.05.
        PairedEquivalence e = PairedEquivalence.of(10, 0.0, 0.1, 0.1833113, 0.05);
        assertEquals(0.05, e.pLower(), 1e-6);
        assertEquals(0.05, e.pUpper(), 1e-6);
        assertEquals(0.05, e.pEquivalence(), 1e-6);
        assertEquals(-0.1833113, e.equivalenceInterval().low(), 1e-6);
        assertEquals(0.1833113, e.equivalenceInterval().high(), 1e-6);
        assertTrue(PairedEquivalence.of(10, 0.0, 0.1, 0.1834, 0.05).equivalent());
        assertFalse(PairedEquivalence.of(10, 0.0, 0.1, 0.1832, 0.05).equivalent());
    }

    @Test
    void tost_offCentre_isDecidedByTheNearerMargin() {
        // x̄ = 0.05, SE = 0.1, 9 df: the upper test has t = (0.05 - m)/0.1; at m = 0.05 + 0.1833113
        // it sits on t(0.95, 9), p = 0.05; the lower test is then far from rejecting-limited (p tiny).
        PairedEquivalence e = PairedEquivalence.of(10, 0.05, 0.1, 0.2333113, 0.05);
        assertEquals(0.05, e.pUpper(), 1e-6);
        assertTrue(e.pLower() < 0.01, "lower test: t = 2.83, p < 0.01");
        assertEquals(e.pUpper(), e.pEquivalence(), 0.0);
    }

    @Test
    void difference_atTheTableQuantile_hasPExactly005() {
        // t(0.975, 9 df) = 2.262157: a mean of 2.262157 standard errors has two-sided p = 0.05.
        assertEquals(0.05, PairedEquivalence.differencePValue(10, 0.2262157, 0.1), 1e-6);
        assertEquals(0.05, PairedEquivalence.differencePValue(10, -0.2262157, 0.1), 1e-6);
        assertEquals(1.0, PairedEquivalence.differencePValue(10, 0.0, 0.1), 1e-12);
    }

    @Test
    void manyPairs_approachTheNormalTest() {
        // 10,000 df: within 1e-4 of the normal two-sided p at z = 2, 2(1 - Φ(2)) = 0.0455003.
        assertEquals(0.0455003, PairedEquivalence.differencePValue(10_001, 0.01, 0.005), 1e-4);
    }

    @Test
    void equivalence_isTheNinetyPercentIntervalInsideTheMargin() {
        double[][] cases = {{0.001, 0.004}, {-0.006, 0.005}, {0.012, 0.002}, {0.0, 0.0092}, {0.0, 0.0090}};
        for (double[] c : cases) {
            PairedEquivalence e = PairedEquivalence.of(5000, c[0], c[1], 0.015, 0.05);
            boolean inside = e.equivalenceInterval().low() > -0.015 && e.equivalenceInterval().high() < 0.015;
            assertEquals(inside, e.equivalent(), java.util.Arrays.toString(c));
        }
    }

    @Test
    void fromHalfPointSums_scalesMeanAndErrorToScore() {
        // d in half-points: 2, 0, 0, -2 → in points 1, 0, 0, -1: mean 0, s² = 2/3, SE = √(2/3)/2.
        PairedEquivalence e = PairedEquivalence.of(BoundedMean.fromSums(4, 0L, 8L, 0.5, -1, 1), 0.5, 0.05);
        assertEquals(0.0, e.mean(), 0.0);
        assertEquals(Math.sqrt(2.0 / 3.0) / 2.0, e.standardError(), 1e-12);
    }

    @Test
    void extremes_noPairs_isInconclusive_unboundedWithoutSpread_claimsNothing() {
        assertTrue(Double.isNaN(PairedEquivalence.of(0, Double.NaN, Double.NaN, 0.015, 0.05).pEquivalence()));
        PairedEquivalence none = PairedEquivalence.of(BoundedMean.fromSums(0, 0L, 0L, 0.5, -1, 1), 0.015, 0.05);
        assertFalse(none.equivalent());
        assertTrue(Double.isNaN(none.pDifference()));
        // no bounds and no spread: nothing to go on
        PairedEquivalence unbounded = PairedEquivalence.of(1000, 0.0, 0.0, 0.015, 0.05);
        assertFalse(unbounded.equivalent());
        assertTrue(Double.isNaN(unbounded.pDifference()) && Double.isNaN(unbounded.pEquivalence()));
    }

    /**
     * Without spread a bounded difference has the exact answer of BoundedMean, the same one the
     * difference's own interval and p-value give: every deal a draw in both variants is equivalent
     * within ±1.5 pp at 1,000 deals; seat 0 winning every base game and losing every three-row one
     * is a difference, never "inconclusive".
     */
    @Test
    void extremes_noSpread_exactAnswerFromTheBounds_agreesWithTheDifferenceItself() {
        BoundedMean zeros = BoundedMean.fromSums(1000, 0L, 0L, 0.5, -1, 1);
        PairedEquivalence draws = PairedEquivalence.of(zeros, 0.015, 0.05);
        assertTrue(draws.equivalent(), draws.toString());
        assertEquals(Math.pow(0.985, 1000), draws.pEquivalence(), 1e-12 * Math.pow(0.985, 1000));
        assertEquals(1.0, draws.pDifference(), 0.0);
        assertEquals(zeros.interval(0.90), draws.equivalenceInterval());
        // d = 2 half-points = 1 point every deal
        BoundedMean ones = BoundedMean.fromSums(1000, 2000L, 4000L, 0.5, -1, 1);
        PairedEquivalence all = PairedEquivalence.of(ones, 0.015, 0.05);
        assertFalse(all.equivalent());
        assertEquals(1.0, all.mean(), 0.0);
        assertEquals(ones.pValue(0), all.pDifference(), 0.0);
        assertTrue(all.pDifference() < 1e-300 && all.pDifference() >= 0, "2·2^-1000: " + all.pDifference());
        // a single deal is a sample without spread too
        PairedEquivalence one = PairedEquivalence.of(BoundedMean.fromSums(1, 2L, 4L, 0.5, -1, 1), 0.015, 0.05);
        assertFalse(one.equivalent());
        assertEquals(1.0, one.pDifference(), 0.0);
    }

    @Test
    void badArguments_throw() {
        assertThrows(IllegalArgumentException.class, () -> PairedEquivalence.of(10, 0, 0.1, 0, 0.05));
        assertThrows(IllegalArgumentException.class, () -> PairedEquivalence.of(10, 0, 0.1, 0.1, 0.5));
        assertThrows(IllegalArgumentException.class, () -> PairedEquivalence.of(-1, 0, 0.1, 0.1, 0.05));
    }
}
