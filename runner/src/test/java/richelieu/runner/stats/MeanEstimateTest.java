package richelieu.runner.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Sample {3, -2, 5, 0, 7, 1, -4, 2, 6, 4}: n = 10, Σx = 22, Σx² = 160, mean 2.2, s² = 12.4 and
 * standard error sqrt(1.24) (exact rational arithmetic,
 * {@code runner/src/test/python/stats_reference.py} section "MeanEstimateTest"); Student t quantile
 * t(0.975; 9) = 2.262157 from the t table (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.2: 2.262;
 * scipy.stats.t.ppf(0.975, 9) = 2.2621571627982053; the Java quantile itself is checked against scipy
 * for 1 to 1e9 degrees of freedom).
 */
class MeanEstimateTest {

    private static final double HALF_WIDTH = 2.2621571627982053 * Math.sqrt(1.24);

    @Test
    void fromSums_exactIntegerSums_matchesHandComputation() {
        MeanEstimate m = MeanEstimate.fromSums(10, 22L, 160L, 0.95);
        assertEquals(2.2, m.mean(), 1e-15);
        assertEquals(12.4, m.sampleVariance(), 1e-14);
        assertEquals(1.1135528725660044, m.standardError(), 1e-14);
        assertEquals(2.2 - HALF_WIDTH, m.interval().low(), 1e-8);
        assertEquals(2.2 + HALF_WIDTH, m.interval().high(), 1e-8);
    }

    @Test
    void fromSums_doubleSums_matchesIntegerVersion() {
        MeanEstimate exact = MeanEstimate.fromSums(10, 22L, 160L, 0.95);
        MeanEstimate floating = MeanEstimate.fromSums(10, 22.0, 160.0, 0.95);
        assertEquals(exact.sampleVariance(), floating.sampleVariance(), 1e-13);
        assertEquals(exact.interval().high(), floating.interval().high(), 1e-12);
    }

    @Test
    void fromSums_largeOffset_integerVersionHasNoCancellation() {
        // x = 1e9 + {1, 2, 3}: variance exactly 1, Σx² = 3000000012000000014 still fits a long.
        long sum = 3_000_000_006L;
        long sumSq = 3_000_000_012_000_000_014L;
        MeanEstimate m = MeanEstimate.fromSums(3, sum, sumSq, 0.95);
        assertEquals(1.0, m.sampleVariance(), 0.0);
        assertEquals(1_000_000_002.0, m.mean(), 0.0);
    }

    @Test
    void fromSums_hugeSample_intervalUsesTQuantileCloseToNormal() {
        // n = 1e9 + 1: t(0.975; 1e9) = 1.959963986912325 (scipy.stats.t.ppf), z + 2.4e-9.
        long n = 1_000_000_001L;
        MeanEstimate m = MeanEstimate.fromSums(n, n / 2.0, n / 2.0, 0.95);
        assertEquals(1.959963986912325 * m.standardError(), m.interval().halfWidth(), 1e-10 * m.standardError());
    }

    @Test
    void studentTQuantile_acrossDegreesOfFreedom_matchesScipy() {
        // scipy.stats.t.ppf(0.975, df); df = 1 is the Cauchy quantile tan(0.475π).
        assertEquals(12.706204736174694, StatMath.studentTQuantile(0.975, 1), 1e-9);
        assertEquals(4.302652729749462, StatMath.studentTQuantile(0.975, 2), 1e-11);
        assertEquals(2.262157162798205, StatMath.studentTQuantile(0.975, 9), 1e-11);
        assertEquals(1.9839715185235518, StatMath.studentTQuantile(0.975, 100), 1e-11);
        assertEquals(1.9623390808264083, StatMath.studentTQuantile(0.975, 1000), 1e-13);
        assertEquals(1.959966356814107, StatMath.studentTQuantile(0.975, 1e6), 1e-13);
        assertEquals(1.959963986912325, StatMath.studentTQuantile(0.975, 1e9), 1e-13);
    }

    @Test
    void fromSums_emptyAndSingleton_areUndefinedNotExceptions() {
        MeanEstimate empty = MeanEstimate.fromSums(0, 0L, 0L, 0.95);
        assertTrue(Double.isNaN(empty.mean()) && Double.isNaN(empty.interval().low()));
        MeanEstimate one = MeanEstimate.fromSums(1, 7L, 49L, 0.95);
        assertEquals(7.0, one.mean(), 0.0);
        assertTrue(Double.isNaN(one.sampleVariance()) && Double.isNaN(one.interval().high()));
    }

    /**
     * Every value the same nonzero number: s = 0 says nothing about the next value, so the interval
     * and the t-test are undefined, not a zero-width interval with "p < 1e-300" (a bounded mean has
     * the exact answer, BoundedMean).
     */
    @Test
    void fromSums_noSpread_intervalAndTestUndefinedNotCertain() {
        MeanEstimate same = MeanEstimate.fromSums(3, 3L, 3L, 0.95);
        assertEquals(1.0, same.mean(), 0.0);
        assertTrue(Double.isNaN(same.pValueMeanZero()), "p = " + same.pValueMeanZero());
        assertTrue(Double.isNaN(same.interval().low()) && Double.isNaN(same.interval().high()), same.interval().toString());
    }

    @Test
    void fromSums_impossibleSums_throw() {
        // Σx² < (Σx)²/n cannot happen for real data.
        assertThrows(IllegalArgumentException.class, () -> MeanEstimate.fromSums(2, 10L, 20L, 0.95));
        assertThrows(IllegalArgumentException.class, () -> MeanEstimate.fromSums(-1, 0L, 0L, 0.95));
    }
}
