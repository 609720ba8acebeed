package richelieu.runner.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sources: chi-square critical values from the standard table (e.g. NIST/SEMATECH e-Handbook of
 * Statistical Methods, 1.3.6.7.4: upper 5% points 3.841 (1 df), 5.991 (2 df), 7.815 (3 df); upper
 * 1% point 11.345 (3 df)); {@code runner/src/test/python/stats_reference.py}, section
 * "SeatWinChiSquareTest": the statistic by hand and the p-value from the closed-form chi-square
 * survival functions for 1-3 degrees of freedom (also equal to scipy.stats.chisquare).
 */
class SeatWinChiSquareTest {

    @Test
    void chiSquareUpperTail_tableCriticalValues_giveTabulatedLevels() {
        assertEquals(0.05, StatMath.chiSquareUpperTail(3.841458820694124, 1), 1e-12);
        assertEquals(0.05, StatMath.chiSquareUpperTail(5.991464547107979, 2), 1e-12);
        assertEquals(0.05, StatMath.chiSquareUpperTail(7.814727903251178, 3), 1e-12);
        assertEquals(0.01, StatMath.chiSquareUpperTail(11.344866730144373, 3), 1e-12);
        // 3-decimal table entries bracket the level.
        assertTrue(StatMath.chiSquareUpperTail(7.815, 3) < 0.05 && StatMath.chiSquareUpperTail(7.814, 3) > 0.05);
    }

    @Test
    void equalWinRates_fourSeatsMildImbalance_matchesReference() {
        // E = 25; X² = (25 + 25 + 0 + 0)/25 = 2; P(χ²₃ ≥ 2) = 0.5724067044708798.
        SeatWinChiSquare t = SeatWinChiSquare.equalWinRates(30, 20, 25, 25);
        assertEquals(25.0, t.expectedPerSeat(), 0.0);
        assertEquals(2.0, t.statistic(), 1e-12);
        assertEquals(3, t.degreesOfFreedom());
        assertEquals(0.5724067044708798, t.pValue(), 1e-12);
        assertEquals(100, t.games());
        assertEquals(List.of(30L, 20L, 25L, 25L), t.winsPerSeat());
    }

    @Test
    void equalWinRates_threeSeatsStrongFirstSeat_matchesReference() {
        // E = 1000/3; X² = 20.6; P(χ²₂ ≥ 20.6) = exp(-10.3).
        SeatWinChiSquare t = SeatWinChiSquare.equalWinRates(400, 310, 290);
        assertEquals(20.6, t.statistic(), 1e-12);
        assertEquals(2, t.degreesOfFreedom());
        assertEquals(3.363309518571897e-05, t.pValue(), 1e-16);
    }

    @Test
    void equalWinRates_fourSeatsLarge_matchesReference() {
        SeatWinChiSquare t = SeatWinChiSquare.equalWinRates(2700, 2500, 2400, 2400);
        assertEquals(24.0, t.statistic(), 1e-12);
        assertEquals(2.497997772465201e-05, t.pValue(), 1e-16);
    }

    @Test
    void equalWinRates_perfectlyBalanced_statisticZeroPValueOne() {
        SeatWinChiSquare t = SeatWinChiSquare.equalWinRates(1000, 1000, 1000, 1000);
        assertEquals(0.0, t.statistic(), 0.0);
        assertEquals(1.0, t.pValue(), 0.0);
    }

    @Test
    void equalWinRates_perSeatIntervals_areWilsonOfWinShare() {
        SeatWinChiSquare t = SeatWinChiSquare.equalWinRates(0.95, 30, 20, 25, 25);
        assertEquals(Proportions.wilson(30, 100, 0.95), t.winRateIntervals().get(0));
        assertEquals(Proportions.wilson(20, 100, 0.95), t.winRateIntervals().get(1));
        assertEquals(4, t.winRateIntervals().size());
    }

    @Test
    void equalWinRates_smallExpectedCounts_flaggedInadequate() {
        assertFalse(SeatWinChiSquare.equalWinRates(3, 4, 5).expectedCountsAdequate());
        assertTrue(SeatWinChiSquare.equalWinRates(5, 5, 5).expectedCountsAdequate());
    }

    @Test
    void equalWinRates_noGames_isUndefined() {
        SeatWinChiSquare t = SeatWinChiSquare.equalWinRates(0, 0, 0);
        assertTrue(Double.isNaN(t.statistic()) && Double.isNaN(t.pValue()));
    }

    @Test
    void equalWinRates_invalidInput_throws() {
        assertThrows(IllegalArgumentException.class, () -> SeatWinChiSquare.equalWinRates(5));
        assertThrows(IllegalArgumentException.class, () -> SeatWinChiSquare.equalWinRates(5, -1, 3));
    }
}
