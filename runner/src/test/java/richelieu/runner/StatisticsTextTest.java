package richelieu.runner;

import org.junit.jupiter.api.Test;
import richelieu.runner.studystats.MatchStats;
import richelieu.runner.studystats.TrinomialStats;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.TrinomialCounts;
import richelieu.runner.stats.TrinomialSummary;
import richelieu.runner.study.StatisticsText;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatisticsTextTest {

    @Test
    void elo_twentyNil_saysAtLeastTheLowerBound() {
        // match greedy random --pairs 10 --seed 1 printed "Elo +inf [+inf, +inf]".
        TrinomialSummary t = TrinomialSummary.of(new TrinomialCounts(20, 0, 0));
        assertEquals("at least +286.6", StatisticsText.elo(t.elo(), t.eloInterval()));
        TrinomialSummary lost = TrinomialSummary.of(new TrinomialCounts(0, 0, 20));
        assertEquals("at most -286.6", StatisticsText.elo(lost.elo(), lost.eloInterval()));
    }

    @Test
    void elo_finiteEstimate_printsEstimateAndInterval() {
        assertEquals("+12.0 [+1.5, +30.0]", StatisticsText.elo(12.0, new Interval(1.5, 30.0)));
    }

    @Test
    void pairText_oneWinInSixHundred_saysWhyNEloIsNotGiven() {
        String text = StatisticsText.pairText("a", "b", match(1, 0, 599));
        assertTrue(text.contains("nElo n/a"), text);
        assertFalse(text.contains("-4245") || text.contains("-4,245"), text);
        assertTrue(text.contains("nElo not given: fewer than 10 games differ from the most common result"), text);
    }

    @Test
    void pairText_cleanSweep_printsLos() {
        String text = StatisticsText.pairText("a", "b", match(20, 0, 0));
        assertTrue(text.contains("LOS 100.0%"), text);
        assertFalse(text.contains("LOS n/a"), text);
    }

    @Test
    void tournament_manyPairsWithoutNElo_noteOnce() {
        // 3 deals a lineup: every pair has too few results off the most common one for nElo
        Cli c = Cli.ok("tournament", "random", "greedy", "heuristic", "--pairs", "3", "--seed", "5", "--bootstrap", "50",
                "--no-progress");
        assertFalse(c.out.contains("nElo not given"), c.out);
        assertEquals(1, c.out.split("nElo n/a for ", -1).length - 1, c.out);
        assertTrue(c.out.contains("nElo n/a for 3 pairs (random vs greedy, random vs heuristic, greedy vs heuristic): fewer "
                + "than 10 games or pairs of games differ"), c.out);
    }

    @Test
    void pairText_ordinaryMatch_noNEloNote() {
        assertFalse(StatisticsText.pairText("a", "b", match(60, 10, 30)).contains("nElo not given"));
    }

    private static MatchStats match(long w, long d, long l) {
        TrinomialStats t = TrinomialStats.of(TrinomialSummary.of(new TrinomialCounts(w, d, l)));
        return new MatchStats(w + d + l, w, d, l, t, null, null, null, null);
    }
}
