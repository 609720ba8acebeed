package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompensationCurveTest {

    @Test
    void curve_countsWinsAboveTheBonusAndHalfAtIt() {
        // margins −3 ×2, 0 ×1, 1 ×3, 2 ×4 (10 games), by hand:
        // b = 0: 7 above, 1 at, 2 below → 0.75; b = 1: 4, 3, 3 → 0.55; b = 2: 0, 4, 6 → 0.2; b ≥ 3: 0.
        CompensationCurve c = CompensationCurve.of(new int[]{2, -3, 0, 1}, new long[]{4, 2, 1, 3}, 5, 0.95);
        assertEquals(6, c.points().size());
        assertEquals(0.75, c.points().get(0).score(), 1e-12);
        assertEquals(0.55, c.points().get(1).score(), 1e-12);
        assertEquals(0.2, c.points().get(2).score(), 1e-12);
        assertEquals(0.0, c.points().get(5).score(), 0.0);
        assertEquals(4, c.points().get(1).wins());
        assertEquals(3, c.points().get(1).draws());
        assertEquals(3, c.points().get(1).losses());
        assertEquals(1, c.fairest());
        assertEquals(10, c.games());
        for (CompensationCurve.Point p : c.points()) {
            assertTrue(p.interval().contains(p.score()), p.toString());
        }
    }

    @Test
    void withoutTies_theIntervalIsWilsons() {
        // 7 of 10 above the bonus, none at it: Wilson 95% for 7/10 is [0.3968, 0.8922] (published tables).
        CompensationCurve c = CompensationCurve.of(new int[]{-1, 5}, new long[]{3, 7}, 0, 0.95);
        assertEquals(0.396777, c.points().get(0).interval().low(), 1e-5);
        assertEquals(0.892209, c.points().get(0).interval().high(), 1e-5);
    }

    @Test
    void extremes_allDrawsOneGameNoGames() {
        CompensationCurve draws = CompensationCurve.of(new int[]{0}, new long[]{50}, 5, 0.95);
        assertEquals(0.5, draws.points().get(0).score(), 0.0);
        assertTrue(draws.points().get(0).interval().width() > 0);
        assertTrue(draws.points().get(0).includesHalf());
        assertEquals(0, draws.fairest());
        CompensationCurve one = CompensationCurve.of(new int[]{7}, new long[]{1}, 5, 0.95);
        assertEquals(1.0, one.points().get(5).score(), 0.0);
        assertEquals(1.0, one.points().get(5).interval().high(), 0.0);
        assertTrue(one.points().get(5).interval().low() > 0 && one.points().get(5).interval().low() < 1);
        CompensationCurve none = CompensationCurve.of(new int[0], new long[0], 5, 0.95);
        assertEquals(-1, none.fairest());
        assertTrue(Double.isNaN(none.points().get(0).score()));
        assertTrue(Double.isNaN(none.points().get(0).interval().low()));
    }
}
