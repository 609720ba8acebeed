package richelieu.runner.stats;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The score interval of a bounded multinomial mean. Reference values: {@code
 * runner/src/test/python/stats_reference.py}, section "ScoreIntervalTest (scipy)", which finds the
 * restricted maximum-likelihood distribution numerically (SLSQP over the simplex) instead of by
 * the closed forms of {@link ScoreInterval}; it agrees to ~1e-9 (SLSQP's tolerance).
 */
class ScoreIntervalTest {

    static Stream<Arguments> reference() {
        return Stream.of(
                Arguments.of(new long[]{2, 3, 15}, 0.6347541645617456, 0.9232919716793145),
                Arguments.of(new long[]{0, 0, 20}, 0.8388748419471806, 1.0),
                Arguments.of(new long[]{0, 20, 0}, 0.4194374209735904, 0.5805625790264096),
                Arguments.of(new long[]{20, 50, 30}, 0.4804410963624385, 0.6176109069525316),
                Arguments.of(new long[]{8160, 23253, 8711}, 0.5036942912305787, 0.5100377297801135),
                Arguments.of(new long[]{3, 10, 20, 12, 5}, 0.4565645514931139, 0.6026186650074479),
                Arguments.of(new long[]{0, 1, 4, 9, 6}, 0.6291561317474812, 0.8331408326410775),
                Arguments.of(new long[]{39, 5335, 18992, 5622, 12}, 0.5002159293313624, 0.503666861210053));
    }

    @ParameterizedTest
    @MethodSource("reference")
    void of_matchesScipyReference(long[] counts, double low, double high) {
        Interval i = ScoreInterval.of(counts, 0.95);
        assertEquals(low, i.low(), 1e-8);
        assertEquals(high, i.high(), 1e-8);
    }

    @Test
    void of_twoCategories_isWilson() {
        for (long[] c : new long[][]{{0, 20}, {1, 19}, {7, 13}, {10, 10}, {20, 0}, {123, 4567}}) {
            Interval w = Proportions.wilson(c[1], c[0] + c[1], 0.95);
            Interval s = ScoreInterval.of(c, 0.95);
            assertEquals(w.low(), s.low(), 1e-12);
            assertEquals(w.high(), s.high(), 1e-12);
        }
    }

    @Test
    void of_trinomialWithoutDraws_isWilson() {
        Interval w = Proportions.wilson(19, 20, 0.95);
        Interval s = ScoreInterval.of(new long[]{1, 0, 19}, 0.95);
        assertEquals(w.low(), s.low(), 1e-12);
        assertEquals(w.high(), s.high(), 1e-12);
    }

    @Test
    void of_mirroredCounts_mirrorsInterval() {
        Interval a = ScoreInterval.of(new long[]{3, 10, 20, 12, 5}, 0.95);
        Interval b = ScoreInterval.of(new long[]{5, 12, 20, 10, 3}, 0.95);
        assertEquals(1 - a.high(), b.low(), 1e-12);
        assertEquals(1 - a.low(), b.high(), 1e-12);
    }

    @Test
    void of_noData_isUndefined() {
        assertEquals(Interval.UNDEFINED, ScoreInterval.of(new long[3], 0.95));
    }

    @Test
    void of_extremes_stayInsideUnitIntervalWithPositiveWidth() {
        for (long[] c : new long[][]{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1_000_000}, {0, 0, 0, 0, 3}, {0, 0, 7, 0, 0},
                {1, 0, 999_999}, {0, 1, 0, 0, 0}}) {
            Interval i = ScoreInterval.of(c, 0.95);
            assertTrue(i.low() >= 0 && i.high() <= 1 && i.width() > 0, java.util.Arrays.toString(c) + " " + i);
        }
    }

    @Test
    void statistic_atEnds_isTheCriticalValue() {
        long[] c = {3, 10, 20, 12, 5};
        Interval i = ScoreInterval.of(c, 0.95);
        double z2 = Math.pow(StatMath.twoSidedZ(0.95), 2);
        assertEquals(z2, ScoreInterval.statistic(c, i.low()), 1e-6);
        assertEquals(z2, ScoreInterval.statistic(c, i.high()), 1e-6);
    }

    @Test
    void of_allDraws_isHalfPlusMinusZSquaredOverTwoTimesNPlusZSquared() {
        // the class comment's closed form: ½ ± z²/(2(N + z²)), on the trinomial and the pair grid
        double z = StatMath.twoSidedZ(0.95);
        for (long n : new long[] {1, 9, 20, 1000}) {
            double half = z * z / (2 * (n + z * z));
            Interval games = ScoreInterval.of(new long[] {0, n, 0}, 0.95);
            assertEquals(0.5 - half, games.low(), 1e-12, "N = " + n);
            assertEquals(0.5 + half, games.high(), 1e-12, "N = " + n);
            Interval pairs = ScoreInterval.of(new long[] {0, 0, n, 0, 0}, 0.95);
            assertEquals(0.5 - half, pairs.low(), 1e-12, "N = " + n);
        }
    }
}
