package richelieu.runner;

import org.junit.jupiter.api.Test;
import richelieu.runner.stats.EloModel;
import richelieu.runner.stats.SprtDecision;
import richelieu.runner.stats.SprtParameters;
import richelieu.runner.study.SprtStudy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SprtStudyTest {
    private static final SprtParameters NEGATIVE = new SprtParameters(-80, -40, 0.05, 0.05, EloModel.LOGISTIC);

    @Test
    void verdict_negativeHypotheses_neverSaysStronger() {
        assertEquals("H1 accepted: the games favour a against b at -40.0 Elo over -80.0 (a is less than 80.0 Elo "
                + "weaker than b)", SprtStudy.verdict(SprtDecision.ACCEPT_H1, "a", "b", NEGATIVE));
        assertEquals("H0 accepted: the games favour a against b at -80.0 Elo over -40.0 (a is more than 40.0 Elo "
                + "weaker than b)", SprtStudy.verdict(SprtDecision.ACCEPT_H0, "a", "b", NEGATIVE));
    }

    @Test
    void verdict_usualHypotheses_readAsStrongerOrNot() {
        SprtParameters p = new SprtParameters(0, 10, 0.05, 0.05, EloModel.LOGISTIC);
        assertEquals("H1 accepted: the games favour a against b at +10.0 Elo over +0.0 (a is stronger than b)",
                SprtStudy.verdict(SprtDecision.ACCEPT_H1, "a", "b", p));
        assertEquals("H0 accepted: the games favour a against b at +0.0 Elo over +10.0 (a is less than 10.0 Elo "
                + "stronger than b)", SprtStudy.verdict(SprtDecision.ACCEPT_H0, "a", "b", p));
        SprtParameters below = new SprtParameters(-10, 0, 0.05, 0.05, EloModel.NORMALIZED);
        assertEquals("H0 accepted: the games favour a against b at -10.0 nElo over +0.0 (a is weaker than b)",
                SprtStudy.verdict(SprtDecision.ACCEPT_H0, "a", "b", below));
    }

    @Test
    void verdict_wideHypotheses_claimsOnlyTheBoundTheTestSupports() {
        // Before: "random at least 1000 Elo weaker than greedy" from H0 of --elo0 -1000 --elo1 1000, while the
        // estimate was -604 [-734, -470]: accepting H0 rules out H1's +1000, it does not prove H0's -1000.
        SprtParameters wide = new SprtParameters(-1000, 1000, 0.001, 0.001, EloModel.LOGISTIC);
        String v = SprtStudy.verdict(SprtDecision.ACCEPT_H0, "random", "greedy", wide);
        assertEquals("H0 accepted: the games favour random against greedy at -1000.0 Elo over +1000.0 (random is less "
                + "than 1000.0 Elo stronger than greedy)", v);
        assertFalse(v.contains("at least"), v);
    }

    @Test
    void report_interruptedBetweenLooks_LLRPastABound_noDecision_notStoppedEarly() {
        // Before: results/search-mast-equal-time.json (1,460 games, stopped before its first look at 2,000)
        // reported "H0 accepted" and stoppedEarly, which the run never did; a resume stopped there too.
        richelieu.runner.resultfile.ResultFile f = richelieu.runner.study.ResultReader.readFile(
                java.nio.file.Path.of("..", "results", "search-mast-equal-time.json"));
        richelieu.runner.study.StudyOutcome r = richelieu.runner.study.ResultReader.reportOf(f);
        richelieu.runner.studystats.StudyStatistics.Sprt s = (richelieu.runner.studystats.StudyStatistics.Sprt) r.stats();
        assertTrue(s.sprt().llr() < s.sprt().lowerBound(), "the LLR is past the lower bound");
        assertEquals(SprtDecision.CONTINUE, s.sprt().decision());
        assertFalse(s.sprt().stoppedEarly());
        assertTrue(r.text().contains("note: the LLR lies past a bound, but 730 pairs are no look of the test (it looks "
                + "every 1,000 pairs)"), r.text());
    }

    @Test
    void report_earlyStop_labelsFixedSampleStatisticsBiased() {
        Cli c = Cli.run("sprt", "greedy", "random", "--elo0", "-80", "--elo1", "-40", "--seed", "4", "--batch", "10");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("H1 accepted: the games favour greedy against random at -40.0 Elo over -80.0 (greedy is "
                + "less than 80.0 Elo weaker than random)"), c.out);
        assertFalse(c.out.contains("stronger than random by"), c.out);
        assertTrue(c.out.contains(SprtStudy.EARLY_STOP_NOTE), c.out);
    }

    @Test
    void maxGames_odd_refusedAsMatchRefusesOddGames() {
        // Before: --max-games 3 silently became 2 (one deal), while match --games 3 was refused.
        Cli c = Cli.run("sprt", "greedy", "random", "--max-games", "3", "--no-progress");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("--max-games must be a positive multiple of 2 (each deal is played 2 times)"), c::toString);
        assertEquals("", c.out, c::toString);
    }
}
