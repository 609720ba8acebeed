package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The weighted trend against values computed independently by runner/src/test/python/trend_reference.py
 * (numpy.polyfit with weights 1/s and its unscaled covariance, scipy.stats t and chi-square; numpy
 * 2.4.6, scipy 1.17.1), and its answers at the extremes, where it must claim nothing.
 */
class WeightedTrendTest {
    private static final double TOL = 1e-9;

    private static double[] zeros(int n) {
        return new double[n];
    }

    @Test
    void fit_pointsOnALineWithinTheirErrors_slopeIntervalAndTestAsNumpy() {
        WeightedTrend t = WeightedTrend.fit(new double[]{0, 1, 2, 3, 4}, zeros(5), new double[]{10.1, 11.9, 14.2, 15.8, 18.1},
                new double[]{0.5, 0.5, 1, 1, 2});
        assertEquals(WeightedTrend.Status.FITTED, t.status());
        assertEquals(1.9533622559652937, t.slope(), TOL);
        assertEquals(0.2982232272568454, t.standardError(), TOL);
        assertEquals(1.0042828482319623, t.interval().low(), 1e-8);
        assertEquals(2.902441663698625, t.interval().high(), 1e-8);
        assertEquals(0.007235260352117502, t.p(), 1e-9);
        assertEquals(0.13798264642082353, t.q(), TOL);
        assertEquals(0.9869187574476423, t.pFit(), 1e-9);
        assertEquals(1.0, t.dispersion(), 0);
        assertEquals(3, t.df());
        WeightedTrend.Equivalence e = t.equivalence(0.5, 0.05);
        assertEquals(1.2515346175304392, e.interval().low(), 1e-8);
        assertEquals(2.655189894400148, e.interval().high(), 1e-8);
        assertEquals(0.9917445592703749, e.p(), 1e-9);
        assertFalse(e.equivalent());
        WeightedTrend.Fit top = t.at(4, 0);
        assertEquals(17.861388286334062, top.value(), TOL);
        assertEquals(0.954496153331438, top.standardError(), TOL);
        assertEquals(14.823755529756916, top.interval().low(), 1e-8);
        assertEquals(20.899021042911208, top.interval().high(), 1e-8);
    }

    @Test
    void fit_scatterBeyondTheErrorsAndErrorsInX_scaledByDispersionCorrectedByReliability() {
        WeightedTrend t = WeightedTrend.fit(new double[]{-11.82, -5.91, 0.95, 2.38, 3.80},
                new double[]{0.24, 0.12, 0.06, 0.06, 0.06}, new double[]{4.9, 2.3, 2.9, 2.7, 2.9},
                new double[]{0.255, 0.255, 0.51, 0.51, 0.51});
        assertEquals(-0.14175605646017303, t.slope(), TOL);
        assertEquals(0.08634034439044637, t.standardError(), TOL);
        assertEquals(-0.41652956646247197, t.interval().low(), 1e-8);
        assertEquals(0.1330174535421259, t.interval().high(), 1e-8);
        assertEquals(0.19916505150094868, t.p(), 1e-9);
        assertEquals(30.030034615905443, t.q(), 1e-8);
        assertEquals(1.360126124591323e-06, t.pFit(), 1e-12);
        assertEquals(10.010011538635148, t.dispersion(), 1e-9);
        assertEquals(0.9994477513782944, t.reliability(), TOL);
        WeightedTrend.Equivalence e = t.equivalence(0.5, 0.05);
        assertEquals(-0.34494626589684624, e.interval().low(), 1e-8);
        assertEquals(0.06143415297650018, e.interval().high(), 1e-8);
        assertEquals(0.012718740151034233, e.p(), 1e-9);
        assertTrue(e.equivalent());
        WeightedTrend.Fit top = t.at(3.80, 0.06);
        assertEquals(2.030179818033667, top.value(), TOL);
        assertEquals(0.961069463560911, top.standardError(), TOL);
        assertEquals(-1.0283721453967494, top.interval().low(), 1e-8);
        assertEquals(5.088731781464084, top.interval().high(), 1e-8);
    }

    @Test
    void fit_threePointsWithoutTrend_largePAndNoEquivalenceAtATightMargin() {
        WeightedTrend t = WeightedTrend.fit(new double[]{0, 5, 10}, zeros(3), new double[]{2.0, 2.1, 1.9},
                new double[]{0.2, 0.2, 0.2});
        assertEquals(-0.01, t.slope(), TOL);
        assertEquals(0.02828427124746191, t.standardError(), TOL);
        assertEquals(-0.36938574128375024, t.interval().low(), 1e-8);
        assertEquals(0.7836531040612144, t.p(), 1e-9);
        assertEquals(0.5402913746074194, t.pFit(), 1e-9);
        WeightedTrend.Equivalence e = t.equivalence(0.1, 0.05);
        assertEquals(0.0969241796511853, e.p(), 1e-9);
        assertFalse(e.equivalent()); // one degree of freedom: even a flat line cannot show |slope| < 0.1
        assertEquals(1.95, t.at(10, 0).value(), TOL);
        assertEquals(-0.36982498476061987, t.at(10, 0).interval().low(), 1e-8);
    }

    @Test
    void fit_noPoint_nothingClaimed() {
        WeightedTrend t = WeightedTrend.fit(new double[0], new double[0], new double[0], new double[0]);
        assertEquals(WeightedTrend.Status.NO_POINTS, t.status());
        assertTrue(Double.isNaN(t.slope()) && Double.isNaN(t.p()) && Double.isNaN(t.interval().low()));
        assertTrue(Double.isNaN(t.at(1, 0).value()));
        assertTrue(Double.isNaN(t.equivalence(0.5, 0.05).p()));
    }

    @Test
    void fit_onePoint_noSlopeNoTestNoFit() {
        WeightedTrend t = WeightedTrend.fit(new double[]{3}, zeros(1), new double[]{2.9}, new double[]{0.5});
        assertEquals(WeightedTrend.Status.SAME_X, t.status());
        assertTrue(Double.isNaN(t.slope()) && Double.isNaN(t.standardError()) && Double.isNaN(t.p()));
        assertFalse(t.equivalence(0.5, 0.05).equivalent());
        assertTrue(Double.isNaN(t.at(3, 0).value()));
    }

    @Test
    void fit_twoPoints_aSlopeButNoIntervalNorTest() {
        WeightedTrend t = WeightedTrend.fit(new double[]{0, 2}, zeros(2), new double[]{1, 2}, new double[]{0.1, 0.1});
        assertEquals(WeightedTrend.Status.TWO_POINTS, t.status());
        assertEquals(0.5, t.slope(), TOL); // through both points
        assertTrue(Double.isNaN(t.standardError()) && Double.isNaN(t.p()) && Double.isNaN(t.interval().high()));
        assertFalse(t.equivalence(10, 0.05).equivalent());
        assertTrue(Double.isNaN(t.at(1, 0).interval().low()));
    }

    @Test
    void fit_everyXTheSame_noSlope() {
        WeightedTrend t = WeightedTrend.fit(new double[]{5, 5, 5, 5}, zeros(4), new double[]{1, 2, 3, 4},
                new double[]{1, 1, 1, 1});
        assertEquals(WeightedTrend.Status.SAME_X, t.status());
        assertTrue(Double.isNaN(t.slope()) && Double.isNaN(t.p()));
        assertEquals(2.5, t.yMean(), TOL);
    }

    @Test
    void fit_pointsExactlyOnTheLine_dispersionOneAndATestFromTheKnownErrors() {
        // Q = 0: the scatter cannot shrink the errors below the points' own (φ = max(1, 0) = 1)
        WeightedTrend t = WeightedTrend.fit(new double[]{0, 1, 2}, zeros(3), new double[]{1, 2, 3}, new double[]{1, 1, 1});
        assertEquals(0, t.q(), 1e-12);
        assertEquals(1, t.dispersion(), 0);
        assertEquals(1 / Math.sqrt(2), t.standardError(), 1e-12); // √(1/Σw(x − x̄)²) = √(1/2)
        assertEquals(1.0, t.pFit(), 0);
    }

    @Test
    void fit_errorsOfXAsLargeAsTheirSpread_slopeNotIdentified() {
        WeightedTrend t = WeightedTrend.fit(new double[]{0, 1, 2}, new double[]{5, 5, 5}, new double[]{1, 2, 3},
                new double[]{1, 1, 1});
        assertEquals(WeightedTrend.Status.X_TOO_UNCERTAIN, t.status());
        assertTrue(Double.isNaN(t.slope()) && Double.isNaN(t.p()));
    }

    @Test
    void fit_aPointWithoutStandardError_refused() {
        assertThrows(IllegalArgumentException.class, () -> WeightedTrend.fit(new double[]{0, 1, 2}, zeros(3),
                new double[]{1, 2, 3}, new double[]{1, 0, 1}));
        assertThrows(IllegalArgumentException.class, () -> WeightedTrend.fit(new double[]{0, 1, 2}, zeros(3),
                new double[]{1, 2, 3}, new double[]{1, Double.NaN, 1}));
        assertThrows(IllegalArgumentException.class, () -> WeightedTrend.fit(new double[]{0, 1}, zeros(2),
                new double[]{1, 2, 3}, new double[]{1, 1}));
    }
}
