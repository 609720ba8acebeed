package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BalanceVerdictTest {
    private static PairedEquivalence test(double pTost, double pDiff) {
        return new PairedEquivalence(100, 0, 0.01, 0.015, 0.05, new Interval(-0.01, 0.01), pTost, pTost, pTost, pDiff);
    }

    @Test
    void equivalence_isClaimedOnlyWhenTheHolmAdjustedTostRejects() {
        // Holm by hand: 0.01 and 0.04 → 0.02 and max(0.02, 0.04) = 0.04: both below 0.05.
        List<BalanceVerdict> v = BalanceVerdict.holm(List.of(test(0.01, 0.9), test(0.04, 0.8)),
                new double[]{0.52, 0.52}, new double[]{0.52, 0.52}, 0.05);
        assertEquals(BalanceVerdict.Kind.EQUALLY_BALANCED, v.get(0).kind());
        assertEquals(BalanceVerdict.Kind.EQUALLY_BALANCED, v.get(1).kind());
        assertEquals(0.04, v.get(1).pEquivalence(), 1e-12);
        // 0.03 and 0.04 → 0.06 and 0.06: neither, though each alone is below 0.05
        v = BalanceVerdict.holm(List.of(test(0.03, 0.9), test(0.04, 0.8)),
                new double[]{0.52, 0.52}, new double[]{0.52, 0.52}, 0.05);
        assertEquals(BalanceVerdict.Kind.INCONCLUSIVE, v.get(0).kind());
        assertEquals(BalanceVerdict.Kind.INCONCLUSIVE, v.get(1).kind());
        assertEquals(0.06, v.get(0).pEquivalence(), 1e-12);
    }

    @Test
    void direction_followsSeatZerosDistanceFromOneHalf() {
        List<PairedEquivalence> sig = List.of(test(0.5, 0.001), test(0.5, 0.001), test(0.5, 0.001), test(0.5, 0.001));
        List<BalanceVerdict> v = BalanceVerdict.holm(sig, new double[]{0.53, 0.51, 0.52, 0.47},
                new double[]{0.51, 0.53, 0.48, 0.49}, 0.05);
        assertEquals(BalanceVerdict.Kind.MORE_BALANCED, v.get(0).kind());
        assertEquals(BalanceVerdict.Kind.LESS_BALANCED, v.get(1).kind());
        assertEquals(BalanceVerdict.Kind.DIFFERENT, v.get(2).kind());
        assertEquals("differently balanced (seat 0's score changes, across 50%)", v.get(2).kind().words("1.5"));
        assertEquals(BalanceVerdict.Kind.MORE_BALANCED, v.get(3).kind());
        assertFalse(v.get(0).withinMargin());
    }

    @Test
    void bothTestsRejecting_giveTheDirectionWithinTheMargin() {
        BalanceVerdict v = BalanceVerdict.holm(List.of(test(0.001, 0.001)), new double[]{0.53}, new double[]{0.52}, 0.05)
                .get(0);
        assertEquals(BalanceVerdict.Kind.MORE_BALANCED, v.kind());
        assertTrue(v.withinMargin());
    }

    @Test
    void untestable_isInconclusive() {
        BalanceVerdict v = BalanceVerdict.holm(List.of(test(Double.NaN, Double.NaN)), new double[]{1.0}, new double[]{0.0},
                0.05).get(0);
        assertEquals(BalanceVerdict.Kind.INCONCLUSIVE, v.kind());
        assertEquals("inconclusive at this sample", v.kind().words("1.5"));
        assertEquals("equally balanced within ±1.5 pp", BalanceVerdict.Kind.EQUALLY_BALANCED.words("1.5"));
    }
}
