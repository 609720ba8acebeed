package richelieu.runner;

import org.junit.jupiter.api.Test;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.TrinomialCounts;
import richelieu.runner.stats.TrinomialSummary;
import richelieu.runner.study.Analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AnalysisTest {

    @Test
    void elo_twentyNil_saysAtLeastTheLowerBound() {
        // match greedy random --pairs 10 --seed 1 printed "Elo +inf [+inf, +inf]".
        TrinomialSummary t = TrinomialSummary.of(new TrinomialCounts(20, 0, 0));
        assertEquals("at least +286.6", Analysis.elo(t.elo(), t.eloInterval()));
        TrinomialSummary lost = TrinomialSummary.of(new TrinomialCounts(0, 0, 20));
        assertEquals("at most -286.6", Analysis.elo(lost.elo(), lost.eloInterval()));
    }

    @Test
    void elo_finiteEstimate_printsEstimateAndInterval() {
        assertEquals("+12.0 [+1.5, +30.0]", Analysis.elo(12.0, new Interval(1.5, 30.0)));
    }
}
