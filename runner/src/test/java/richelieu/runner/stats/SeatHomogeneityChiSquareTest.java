package richelieu.runner.stats;

import org.apache.commons.math3.special.Erf;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SeatHomogeneityChiSquareTest {

    @Test
    void twoByTwo_matchesTheHandComputation() {
        // rows 30, 70; columns 40, 60; N 100; E = 12, 18, 28, 42;
        // X² = 4/12 + 4/18 + 4/28 + 4/42 = 0.7936508; with 1 df, p = erfc(√(X²/2)).
        SeatHomogeneityChiSquare t = SeatHomogeneityChiSquare.of(new long[][]{{10, 20}, {30, 40}});
        assertEquals(0.7936508, t.statistic(), 1e-7);
        assertEquals(1, t.degreesOfFreedom());
        assertEquals(Erf.erfc(Math.sqrt(0.7936508 / 2)), t.pValue(), 1e-7);
        assertEquals(0.3730, t.pValue(), 1e-4);
        assertTrue(t.expectedCountsAdequate());
    }

    @Test
    void twoByThree_matchesTheClosedFormForTwoDegreesOfFreedom() {
        // E per row = 25, 30, 45; X² = 2·(25/25 + 0 + 25/45) = 3.111111; with 2 df p = exp(−X²/2).
        SeatHomogeneityChiSquare t = SeatHomogeneityChiSquare.of(new long[][]{{20, 30, 50}, {30, 30, 40}});
        assertEquals(3.1111111, t.statistic(), 1e-6);
        assertEquals(2, t.degreesOfFreedom());
        assertEquals(Math.exp(-3.1111111 / 2), t.pValue(), 1e-7);
    }

    @Test
    void sameShares_giveStatisticZeroAndPOne() {
        SeatHomogeneityChiSquare t = SeatHomogeneityChiSquare.of(new long[][]{{300, 200, 100}, {30, 20, 10}});
        assertEquals(0.0, t.statistic(), 1e-12);
        assertEquals(1.0, t.pValue(), 0.0);
    }

    @Test
    void emptySeat_isLeftOutOfTheDegreesOfFreedom() {
        SeatHomogeneityChiSquare t = SeatHomogeneityChiSquare.of(new long[][]{{10, 0, 20}, {30, 0, 40}});
        assertEquals(1, t.degreesOfFreedom());
        assertEquals(0.7936508, t.statistic(), 1e-7);
    }

    @Test
    void extremes_oneGameOrOneBot_giveNoTest() {
        assertTrue(Double.isNaN(SeatHomogeneityChiSquare.of(new long[][]{{1, 0}, {0, 0}}).pValue()));
        assertTrue(Double.isNaN(SeatHomogeneityChiSquare.of(new long[][]{{5, 7, 9}}).pValue()));
        assertTrue(Double.isNaN(SeatHomogeneityChiSquare.of(new long[][]{{5, 0}, {9, 0}}).pValue()));
        assertTrue(Double.isNaN(SeatHomogeneityChiSquare.of(new long[0][]).pValue()));
        // one game each, different seats: E = 0.5 everywhere, X² = 4·0.25/0.5 = 2, p = erfc(1); flagged as inadequate
        SeatHomogeneityChiSquare two = SeatHomogeneityChiSquare.of(new long[][]{{1, 0}, {0, 1}});
        assertEquals(2.0, two.statistic(), 1e-12);
        assertEquals(Erf.erfc(1.0), two.pValue(), 1e-9);
        assertFalse(two.expectedCountsAdequate());
    }

    @Test
    void badTables_throw() {
        assertThrows(IllegalArgumentException.class, () -> SeatHomogeneityChiSquare.of(new long[][]{{1, 2}, {3}}));
        assertThrows(IllegalArgumentException.class, () -> SeatHomogeneityChiSquare.of(new long[][]{{1, -2}, {3, 4}}));
    }
}
