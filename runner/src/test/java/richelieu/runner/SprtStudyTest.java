package richelieu.runner;

import richelieu.runner.study.SprtStudy;
import org.junit.jupiter.api.Test;
import richelieu.runner.stats.EloModel;
import richelieu.runner.stats.SprtDecision;
import richelieu.runner.stats.SprtParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SprtStudyTest {
    private static final SprtParameters NEGATIVE = new SprtParameters(-80, -40, 0.05, 0.05, EloModel.LOGISTIC);

    @Test
    void verdict_negativeHypotheses_neverSaysStronger() {
        // Before: "H1 accepted: a is stronger than b by about elo1 or more" for --elo0 -80 --elo1 -40.
        assertEquals("H1 accepted: a against b is about -40.0 Elo or more (a at most 40.0 Elo weaker than b), "
                + "not -80.0 or less", SprtStudy.verdict(SprtDecision.ACCEPT_H1, "a", "b", NEGATIVE));
        assertEquals("H0 accepted: a against b is about -80.0 Elo or less (a at least 80.0 Elo weaker than b), "
                + "not -40.0 or more", SprtStudy.verdict(SprtDecision.ACCEPT_H0, "a", "b", NEGATIVE));
    }

    @Test
    void verdict_usualHypotheses_readAsStrongerOrNot() {
        SprtParameters p = new SprtParameters(0, 10, 0.05, 0.05, EloModel.LOGISTIC);
        assertEquals("H1 accepted: a against b is about +10.0 Elo or more (a at least 10.0 Elo stronger than b), "
                + "not +0.0 or less", SprtStudy.verdict(SprtDecision.ACCEPT_H1, "a", "b", p));
        assertEquals("H0 accepted: a against b is about +0.0 Elo or less (a at most as strong as b), "
                + "not +10.0 or more", SprtStudy.verdict(SprtDecision.ACCEPT_H0, "a", "b", p));
    }

    @Test
    void report_earlyStop_labelsFixedSampleStatisticsBiased() {
        Cli c = Cli.run("sprt", "greedy", "random", "--elo0", "-80", "--elo1", "-40", "--seed", "4", "--batch", "10");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("H1 accepted: greedy against random is about -40.0 Elo or more"), c.out);
        assertFalse(c.out.contains("stronger than random by"), c.out);
        assertTrue(c.out.contains(SprtStudy.EARLY_STOP_NOTE), c.out);
    }
}
