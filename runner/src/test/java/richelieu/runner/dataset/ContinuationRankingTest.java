package richelieu.runner.dataset;

import org.junit.jupiter.api.Test;
import richelieu.strategies.learned.LearnedEvaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ranking check: its figures are what they say, and the same seed gives the same figures. */
class ContinuationRankingTest {
    @Test
    void run_fewPositions_figuresInRange_andReproducible() {
        ContinuationRanking.Result a = ContinuationRanking.run(LearnedEvaluation.shipped2p(), 8, 4, 4, 5);
        ContinuationRanking.Result b = ContinuationRanking.run(LearnedEvaluation.shipped2p(), 8, 4, 4, 5);
        assertEquals(a, b);
        assertEquals(4, a.positions());
        assertTrue(a.siblings() >= 16 && a.siblings() <= 32, a.siblings() + " siblings");
        for (ContinuationRanking.Judge j : a.judges()) {
            assertTrue(j.within() >= -1 && j.within() <= 1 && j.pooled() >= -1 && j.pooled() <= 1, j.toString());
            assertTrue(j.bestRight() <= a.positions());
        }
        // with few cards left heuristic-2p tells good turns from bad ones
        assertTrue(a.judge("heuristic").pooled() > 0.5, a.judge("heuristic").toString());
    }

    @Test
    void corr_isPearsons_andNaNWithoutVariation() {
        assertEquals(1.0, ContinuationRanking.corr(new double[]{1, 2, 3}, new double[]{2, 4, 6}), 1e-12);
        assertEquals(-1.0, ContinuationRanking.corr(new double[]{1, 2, 3}, new double[]{3, 2, 1}), 1e-12);
        assertTrue(Double.isNaN(ContinuationRanking.corr(new double[]{1, 1, 1}, new double[]{1, 2, 3})));
    }
}
