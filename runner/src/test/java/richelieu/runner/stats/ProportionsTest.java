package richelieu.runner.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Sources: Newcombe, "Two-sided confidence intervals for the single proportion: comparison of
 * seven methods", Statistics in Medicine 17:857-872 (1998), Table II, method 3 (Wilson score,
 * 4 decimals); R's documentation example {@code binom.test(682, 925, p = 0.75)}, p-value = 0.3825;
 * {@code runner/src/test/python/stats_reference.py}, section "ProportionsTest": the closed-form
 * Wilson interval and exact two-sided binomial p-values summed in rational arithmetic
 * ({@code fractions.Fraction}), outcomes with pmf ≤ pmf(observed)·(1 + 1e-7) as R does.
 */
class ProportionsTest {

    @Test
    void wilson_newcombeTableExamples_matchPublishedLimits() {
        assertInterval(0.2553, 0.3662, Proportions.wilson(81, 263, 0.95), 5e-5);
        assertInterval(0.0624, 0.1605, Proportions.wilson(15, 148, 0.95), 5e-5);
        assertInterval(0.0000, 0.1611, Proportions.wilson(0, 20, 0.95), 5e-5);
        assertInterval(0.0061, 0.1718, Proportions.wilson(1, 29, 0.95), 5e-5);
    }

    @Test
    void wilson_examples_matchReferenceScriptToFullPrecision() {
        assertInterval(0.2552885198782743, 0.3662095769828001, Proportions.wilson(81, 263, 0.95), 1e-12);
        assertInterval(0.0623863995307363, 0.160487241723308, Proportions.wilson(15, 148, 0.95), 1e-12);
        assertInterval(0.006113214292762653, 0.17175521879320282, Proportions.wilson(1, 29, 0.95), 1e-12);
    }

    @Test
    void wilson_ninetyPercent_isNarrowerAndMatchesReferenceScript() {
        assertInterval(0.2633136171884814, 0.35656634960848815, Proportions.wilson(81, 263, 0.90), 1e-12);
    }

    @Test
    void wilson_extremeCounts_pinEndsToZeroAndOne() {
        assertEquals(0.0, Proportions.wilson(0, 20, 0.95).low(), 0.0);
        assertEquals(1.0, Proportions.wilson(29, 29, 0.95).high(), 0.0);
        assertEquals(1.0 - 0.1611251580528193, Proportions.wilson(20, 20, 0.95).low(), 1e-12);
    }

    @Test
    void wilson_noTrials_isUndefined() {
        assertEquals(Interval.UNDEFINED, Proportions.wilson(0, 0, 0.95));
    }

    @Test
    void binomialTwoSidedPValue_rDocumentationExample_matchesPublishedValue() {
        assertEquals(0.3825, Proportions.binomialTwoSidedPValue(682, 925, 0.75), 5e-5);
    }

    @Test
    void binomialTwoSidedPValue_examples_matchExactRationalSums() {
        assertEquals(0.3824915595748517, Proportions.binomialTwoSidedPValue(682, 925, 0.75), 1e-9);
        // 7 of 20 at p = ½: 2·P(X ≤ 7) = 2·137980/2^20 = 0.26317596435546875 exactly.
        assertEquals(0.26317596435546875, Proportions.binomialTwoSidedPValue(7, 20, 0.5), 1e-12);
        assertEquals(0.059042966603656336, Proportions.binomialTwoSidedPValue(3, 30, 0.25), 1e-9);
        assertEquals(0.21744829320414094, Proportions.binomialTwoSidedPValue(520, 1000, 0.5), 1e-9);
        assertEquals(0.623427284692, Proportions.binomialTwoSidedPValue(0, 12, 0.1), 1e-9);
    }

    @Test
    void binomialTwoSidedPValue_noTrials_isOne() {
        assertEquals(1.0, Proportions.binomialTwoSidedPValue(0, 0, 0.3), 0.0);
    }

    @Test
    void binomialTwoSidedPValue_invalidInput_throws() {
        assertThrows(IllegalArgumentException.class, () -> Proportions.binomialTwoSidedPValue(5, 4, 0.5));
        assertThrows(IllegalArgumentException.class, () -> Proportions.binomialTwoSidedPValue(1, 4, 1.5));
        assertThrows(IllegalArgumentException.class,
                () -> Proportions.binomialTwoSidedPValue(1, 3_000_000_000L, 0.5));
    }

    private static void assertInterval(double low, double high, Interval actual, double tolerance) {
        assertEquals(low, actual.low(), tolerance, "low end of " + actual);
        assertEquals(high, actual.high(), tolerance, "high end of " + actual);
    }
}
