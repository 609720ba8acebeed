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

    @Test
    void divisors_rejectedAtTheirOwnStep_keptAtTheStepWhereHolmStopped() {
        // sorted 0.005 (÷4, rejected), 0.01 (÷3, rejected), 0.03 (÷2 = 0.025: kept, Holm stops), 0.04 (decided there too,
        // though 0.04 alone at ÷1 would be rejected)
        assertArrayEquals(new int[]{3, 2, 2, 4}, Holm.divisors(0.05, 0.01, 0.04, 0.03, 0.005));
        assertArrayEquals(new int[]{2, 0, 1}, Holm.divisors(0.05, 0.01, Double.NaN, 0.04));
        assertArrayEquals(new int[]{1}, Holm.divisors(0.05, 0.3));
    }

    @Test
    void divisors_theIntervalAtOneMinusAlphaOverK_agreesWithTheAdjustedP() {
        // the duality the verdict intervals rest on: k·p < α exactly where the adjusted p is below α
        java.util.SplittableRandom r = new java.util.SplittableRandom(7);
        for (int trial = 0; trial < 2000; trial++) {
            double[] p = new double[1 + r.nextInt(10)];
            for (int i = 0; i < p.length; i++) {
                p[i] = Math.pow(r.nextDouble(), 3) * 0.2;
            }
            double[] adjusted = Holm.adjust(p);
            int[] k = Holm.divisors(0.05, p);
            for (int i = 0; i < p.length; i++) {
                assertTrue((k[i] * p[i] < 0.05) == (adjusted[i] < 0.05),
                        java.util.Arrays.toString(p) + " at " + i + ": k " + k[i] + ", adjusted " + adjusted[i]);
            }
        }
    }
}
