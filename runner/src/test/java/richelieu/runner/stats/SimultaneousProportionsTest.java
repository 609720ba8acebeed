package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SimultaneousProportionsTest {

    @Test
    void threeSeats_useWilsonAtTheBonferroniLevel() {
        // m = 3 at 95% jointly: each at 1 − 0.05/3, z = Φ⁻¹(1 − 0.05/6) = 2.393980 (normal table).
        // Wilson by hand for 50/100: centre ½; half = z·√(0.25/100 + z²/40000)/(1 + z²/100) = 0.116410.
        List<Interval> ci = SimultaneousProportions.goodman(new long[]{50, 30, 15}, 100, 0.95);
        assertEquals(3, ci.size());
        assertEquals(0.5 - 0.116410, ci.get(0).low(), 2e-6);
        assertEquals(0.5 + 0.116410, ci.get(0).high(), 2e-6);
        // wider than the one-at-a-time 95% interval
        Interval single = Proportions.wilson(30, 100, 0.95);
        assertTrue(ci.get(1).low() < single.low() && ci.get(1).high() > single.high());
    }

    @Test
    void extremes_zeroAllAndNoTrials() {
        List<Interval> ci = SimultaneousProportions.goodman(new long[]{0, 7, 0}, 7, 0.95);
        assertEquals(0.0, ci.get(0).low(), 0.0);
        assertTrue(ci.get(0).high() > 0);
        assertEquals(1.0, ci.get(1).high(), 0.0);
        assertTrue(ci.get(1).low() < 1);
        List<Interval> none = SimultaneousProportions.goodman(new long[]{0, 0}, 0, 0.95);
        assertSame(Interval.UNDEFINED, none.get(0));
        // n = 1: the interval of 1/1 at level 1 − 0.05/2 is [1/(1 + z²), 1], z = 2.241403
        List<Interval> one = SimultaneousProportions.goodman(new long[]{1, 0}, 1, 0.95);
        assertEquals(1 / (1 + 2.241403 * 2.241403), one.get(0).low(), 1e-6);
    }

    @Test
    void countsBeyondTheTrials_throw() {
        assertThrows(IllegalArgumentException.class, () -> SimultaneousProportions.goodman(new long[]{6, 5}, 10, 0.95));
        assertThrows(IllegalArgumentException.class, () -> SimultaneousProportions.goodman(new long[0], 10, 0.95));
    }
}
