package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompensationCurveTest {

    @Test
    void curve_countsWinsAboveTheBonusAndHalfAtIt_inHalfPointSteps() {
        // margins −3 ×2, 0 ×1, 1 ×3, 2 ×4 (10 games), by hand:
        // c = 0: 7 above, 1 at, 2 below → 0.75; ½: 7 above → 0.7; 1: 4, 3, 3 → 0.55; 1½: 4 → 0.4; 2: 0, 4, 6 → 0.2; ≥ 2½: 0.
        CompensationCurve c = CompensationCurve.of(new int[]{2, -3, 0, 1}, new long[]{4, 2, 1, 3}, 5, 0.95);
        assertEquals(11, c.points().size());
        double[] expected = {0.75, 0.7, 0.55, 0.4, 0.2, 0, 0, 0, 0, 0, 0};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(i / 2.0, c.points().get(i).bonus(), 0.0);
            assertEquals(expected[i], c.points().get(i).score(), 1e-12, "c = " + i / 2.0);
            assertTrue(c.points().get(i).interval().contains(c.points().get(i).score()), c.points().get(i).toString());
        }
        assertEquals(4, c.points().get(2).wins());
        assertEquals(3, c.points().get(2).draws());
        assertEquals(3, c.points().get(2).losses());
        assertEquals(10, c.games());
    }

    /**
     * The fair bonus is the half-point bonus whose expected score is closest to ½ (here 1 point:
     * 55%, against 40% at 1½), and its interval the median's order-statistic interval widened by ½:
     * Binomial(10, ½) puts 1.1% below 2 and 5.5% below 3, so j = 2: M_(2) = −3 and M_(9) = 2.
     */
    @Test
    void fairBonus_closestToHalf_intervalFromTheMediansOrderStatistics() {
        CompensationCurve c = CompensationCurve.of(new int[]{2, -3, 0, 1}, new long[]{4, 2, 1, 3}, 5, 0.95);
        assertEquals(1.0, c.fairBonus(), 0.0);
        assertEquals(0.55, c.seat0AtFair(), 1e-12);
        assertEquals(new Interval(-3.5, 2.5), c.fairInterval());
    }

    /** A half point fairer than either whole point next to it: margins −1 ×44, 0 ×7, 1 ×49 give E(0) 52.5%, E(½) 49%, E(1) 24.5%. */
    @Test
    void fairBonus_canBeAHalfPoint_whichLeavesNoTie() {
        CompensationCurve c = CompensationCurve.of(new int[]{-1, 0, 1}, new long[]{44, 7, 49}, 2, 0.95);
        assertEquals(0.525, c.points().get(0).score(), 1e-12); // 49 + 3.5
        assertEquals(0.49, c.points().get(1).score(), 1e-12);  // 49 above ½
        assertEquals(0.5, c.fairBonus(), 0.0);
        assertEquals(0.49, c.seat0AtFair(), 1e-12);
        assertTrue(c.fairInterval().contains(c.fairBonus()), c.fairInterval().toString());
    }

    /** Seat 1 favoured: the fair bonus is negative (seat 0 gets it), not cut off at 0. */
    @Test
    void fairBonus_secondPlayerFavoured_isNegative() {
        CompensationCurve c = CompensationCurve.of(new int[]{-3, -1, 2}, new long[]{40, 30, 30}, 3, 0.95);
        // E(−1) = (30 + 15)/100 = 45%, E(−1½) = 60%, E(−2) = 60%; closest: −1 (5 off)
        assertEquals(-1.0, c.fairBonus(), 0.0);
        assertEquals(0.45, c.seat0AtFair(), 1e-12);
    }

    @Test
    void withoutTies_theIntervalIsWilsons() {
        // 7 of 10 above the bonus, none at it: Wilson 95% for 7/10 is [0.3968, 0.8922] (published tables).
        CompensationCurve c = CompensationCurve.of(new int[]{-1, 5}, new long[]{3, 7}, 0, 0.95);
        assertEquals(0.396777, c.points().get(0).interval().low(), 1e-5);
        assertEquals(0.892209, c.points().get(0).interval().high(), 1e-5);
    }

    @Test
    void extremes_allDrawsFewGamesNoGames() {
        CompensationCurve draws = CompensationCurve.of(new int[]{0}, new long[]{50}, 5, 0.95);
        assertEquals(0.5, draws.points().get(0).score(), 0.0);
        assertTrue(draws.points().get(0).interval().width() > 0);
        assertTrue(draws.points().get(0).includesHalf());
        assertEquals(0.0, draws.fairBonus(), 0.0);
        assertEquals(new Interval(-0.5, 0.5), draws.fairInterval());
        CompensationCurve one = CompensationCurve.of(new int[]{7}, new long[]{1}, 5, 0.95);
        assertEquals(1.0, one.points().get(10).score(), 0.0);
        assertEquals(1.0, one.points().get(10).interval().high(), 0.0);
        assertTrue(one.points().get(10).interval().low() > 0 && one.points().get(10).interval().low() < 1);
        assertEquals(7.0, one.fairBonus(), 0.0);
        // below 6 games no order-statistic interval reaches 95%: undefined, not a 50% interval called 95%
        assertTrue(Double.isNaN(one.fairInterval().low()));
        CompensationCurve five = CompensationCurve.of(new int[]{-5, -3}, new long[]{2, 3}, 0, 0.95);
        assertTrue(Double.isNaN(five.fairInterval().low()));
        CompensationCurve six = CompensationCurve.of(new int[]{-5, -3}, new long[]{3, 3}, 0, 0.95);
        assertEquals(new Interval(-5.5, -2.5), six.fairInterval());
        CompensationCurve none = CompensationCurve.of(new int[0], new long[0], 5, 0.95);
        assertTrue(Double.isNaN(none.fairBonus()));
        assertTrue(Double.isNaN(none.points().get(0).score()));
        assertTrue(Double.isNaN(none.points().get(0).interval().low()));
    }
}
