package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HolmTest {

    @Test
    void adjust_matchesStatsmodels() {
        // By hand (as R's p.adjust(..., "holm")): sorted 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06,
        // 0.04·1 = 0.04 → running maximum 0.06.
        assertArrayEquals(new double[]{0.03, 0.06, 0.06, 0.02}, Holm.adjust(0.01, 0.04, 0.03, 0.005), 1e-15);
    }

    @Test
    void adjust_capsAtOneAndSkipsNaN() {
        double[] a = Holm.adjust(0.6, Double.NaN, 0.2);
        assertArrayEquals(new double[]{0.6, Double.NaN, 0.4}, a, 1e-15);
        assertTrue(Holm.adjust(0.9, 0.8)[0] <= 1.0);
    }
}
