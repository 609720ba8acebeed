package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SeatPairAdvantageTest {

    @Test
    void of_greedyRandom3000Pairs_splitPairTestAsIssue() {
        // match greedy random --pairs 3000 --seed 11: seat pairs [LL, LD, WL+DD, WD, WW] from seat 0's
        // side. Before, the report gave the game-level binomial p = 0.074; split pairs: 145 vs 81,
        // scipy.stats.binomtest(145, 226).pvalue = 2.4753277027483494e-05.
        SeatPairAdvantage t = SeatPairAdvantage.of(new PentanomialCounts(81, 4, 2755, 15, 145), 0.95);
        assertEquals(145, t.seat0WonBoth());
        assertEquals(81, t.seat1WonBoth());
        assertEquals(2.4753277027483494e-05, t.signTestP(), 1e-12);
        assertTrue(t.summary().scoreInterval().low() > 0.5, "pair-level interval excludes 50%");
    }

    @Test
    void of_sameBotWinsEveryDeal_noSplitPairsNoTest() {
        // heuristic against random: heuristic wins both games of every deal, so seat 0 wins exactly
        // half the games by construction; no split pair, so no test, and the pair-level interval
        // is not the meaningless game-level Wilson interval.
        SeatPairAdvantage t = SeatPairAdvantage.of(new PentanomialCounts(0, 0, 200, 0, 0), 0.95);
        assertEquals(0, t.split());
        assertTrue(Double.isNaN(t.signTestP()));
        assertEquals(0.5, t.summary().score(), 0.0);
    }
}
