package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BoundedMeanTest {

    @Test
    void withSpread_isTheStudentTInterval_whenItFitsTheBounds() {
        // values 1, 0, 0, -1 (half-points 2, 0, 0, -2 at scale ½): mean 0, s² = 2/3, t(0.975, 3) = 3.182446
        BoundedMean m = BoundedMean.fromSums(4, 0L, 8L, 0.5, -10, 10);
        double se = Math.sqrt(2.0 / 3.0) / 2.0;
        assertEquals(se, m.standardError(), 1e-12);
        assertEquals(-3.182446305284263 * se, m.interval(0.95).low(), 1e-9);
        assertEquals(3.182446305284263 * se, m.interval(0.95).high(), 1e-9);
        assertEquals(1.0, m.pValue(0), 1e-12);
    }

    /** Two deals, −1 and 0: t on 1 df is 12.7, so x̄ ± t·SE is [−6.85, +5.85]; the mean of values in [−1, 1] is in [−1, 1]. */
    @Test
    void withSpread_tinySample_intervalIsCutToTheBounds() {
        BoundedMean m = BoundedMean.fromSums(2, -2L, 4L, 0.5, -1, 1);
        assertEquals(-0.5, m.mean(), 0.0);
        assertEquals(new Interval(-1, 1), m.interval(0.95));
        assertEquals(0.5, m.pValue(0), 1e-9); // t = 1 on 1 df: two-sided p = 0.5
    }

    @Test
    void noSpread_allZero_exactIntervalFromTheBounds() {
        // 1,000 zeros in [−1, 1]: q = 1 − 0.025^(1/1000)
        BoundedMean m = BoundedMean.fromSums(1000, 0L, 0L, 0.5, -1, 1);
        assertTrue(m.noSpread());
        double q = 1 - Math.pow(0.025, 1.0 / 1000);
        assertEquals(-q, m.interval(0.95).low(), 1e-15);
        assertEquals(q, m.interval(0.95).high(), 1e-15);
        assertEquals(1.0, m.pValue(0), 0.0);
        // the interval is the inversion of the one-sided tests: at its ends p = α/2
        assertEquals(0.025, m.pAbove(-q), 1e-12);
        assertEquals(0.025, m.pBelow(q), 1e-12);
    }

    /** All values −½ in [−1, 1]: under mean 0, P(X = −½) ≤ 1/1.5, so P(both of 2 = −½) ≤ 4/9 and p = 8/9. */
    @Test
    void noSpread_sameNonzeroValue_exactPValueNotCertainty() {
        BoundedMean two = BoundedMean.fromSums(2, -2L, 2L, 0.5, -1, 1);
        assertEquals(8.0 / 9.0, two.pValue(0), 1e-12);
        assertTrue(two.interval(0.95).contains(0));
        // d = +1 every deal of 20: under mean 0 P(X = 1) ≤ ½, p = 2·2^-20
        BoundedMean twenty = BoundedMean.fromSums(20, 40L, 80L, 0.5, -1, 1);
        assertEquals(2 * Math.pow(0.5, 20), twenty.pValue(0), 1e-18);
        assertFalse(twenty.interval(0.95).contains(0));
        assertEquals(1.0, twenty.interval(0.95).high(), 0.0);
    }

    /** For every small sample without spread: p below 5% exactly when the 95% interval leaves 0 out. */
    @Test
    void noSpread_testAndIntervalAgree() {
        for (int n = 1; n <= 40; n++) {
            for (int v = -2; v <= 2; v++) {
                BoundedMean m = BoundedMean.fromSums(n, (long) v * n, (long) v * v * n, 0.5, -1, 1);
                Interval ci = m.interval(0.95);
                boolean outside = !ci.contains(0);
                double p = m.pValue(0);
                if (Math.abs(p - 0.05) > 1e-9) {
                    assertEquals(outside, p < 0.05, "n " + n + " v " + v + ": p " + p + " " + ci);
                }
                assertTrue(ci.low() >= -1 && ci.high() <= 1, ci.toString());
            }
        }
    }

    @Test
    void single_value_isASampleWithoutSpread_andEmptyIsUndefined() {
        BoundedMean one = BoundedMean.fromSums(1, 2L, 4L, 0.5, -1, 1);
        assertTrue(one.noSpread());
        assertEquals(new Interval(1 - 2 * 0.975, 1), one.interval(0.95));
        BoundedMean none = BoundedMean.fromSums(0, 0L, 0L, 0.5, -1, 1);
        assertTrue(Double.isNaN(none.pValue(0)) && Double.isNaN(none.interval(0.95).low()));
    }

    @Test
    void unbounded_noSpread_isUndefined() {
        BoundedMean m = new BoundedMean(10, 3.0, 0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        assertTrue(Double.isNaN(m.pValue(0)) && Double.isNaN(m.interval(0.95).low()));
    }

    @Test
    void badArguments_throw() {
        assertThrows(IllegalArgumentException.class, () -> BoundedMean.fromSums(3, 3L, 1L, 0.5, -1, 1));
        assertThrows(IllegalArgumentException.class, () -> BoundedMean.fromSums(3, 0L, 0L, 0.5, 1, -1));
        assertThrows(IllegalArgumentException.class, () -> BoundedMean.fromSums(-1, 0L, 0L, 0.5, -1, 1));
    }
}
