package richelieu.runner.distance;

import org.junit.jupiter.api.Test;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.Proportions;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PairedComparisonTest {
    private static final List<String> BOTS = List.of("a", "b");

    /**
     * A won position (best margin +4, worst −2, a loss) where each bot's choice is given by
     * {@code away}: true plays the losing action, false the best one.
     */
    private static DistanceStudy.Position position(int game, boolean... away) {
        List<DistanceStudy.Choice> choices = new ArrayList<>();
        for (boolean x : away) {
            choices.add(x ? new DistanceStudy.Choice("bad", -2, -1) : new DistanceStudy.Choice("best", 4, 1));
        }
        return new DistanceStudy.Position(game, 10, 4, 0, 2, 4, -2, 1, -1, choices);
    }

    private static DistanceResult result(List<String> bots, List<DistanceStudy.Position> positions) {
        return DistanceResult.of(1, "base", "standard", bots, List.of("x", "y"), positions.size(), List.of(4),
                List.of(0), positions);
    }

    private static boolean contains(Interval i, double x) {
        return i.low() <= x && x <= i.high();
    }

    @Test
    void noDiscordantDecision_pIsOne_andTheIntervalsStillBoundTheDifference() {
        List<DistanceStudy.Position> positions = new ArrayList<>();
        for (int g = 0; g < 1000; g++) {
            positions.add(position(g, g % 10 == 0, g % 10 == 0)); // both give value away at the same positions
        }
        PairedComparison c = PairedComparison.of(BOTS, positions).get(0);
        assertEquals(0, c.onlyLeader());
        assertEquals(0, c.onlyOther());
        assertEquals(1.0, c.p());
        assertEquals(1.0, c.holm());
        assertFalse(c.leaderBetter());
        assertEquals(0.0, c.shareDifference());
        // every difference 0: not a zero-width interval, but the exact one of 1,000 zeros in [-1, 1] (±0.37 pp)
        assertTrue(c.shareInterval().high() > 0.003 && c.shareInterval().high() < 0.004, c.shareInterval().toString());
        assertEquals(-c.shareInterval().high(), c.shareInterval().low(), 1e-12);
        assertEquals(0.0, c.pointsDifference());
        assertTrue(c.pointsInterval().high() > 0 && c.pointsInterval().low() < 0, c.pointsInterval().toString());
        String verdict = result(BOTS, positions).pairedVerdict();
        assertTrue(verdict.contains("not told apart from 1 other bot"), verdict);
        assertTrue(verdict.startsWith("a gives away game value as seldom as b in this sample"), verdict);
        assertFalse(verdict.contains("least often:"), verdict);
    }

    @Test
    void onePosition_nothingIsClaimed_andEveryIntervalIsDefined() {
        PairedComparison c = PairedComparison.of(BOTS, List.of(position(0, true, false))).get(0);
        assertEquals("b", c.leader(), "the bot that gives nothing away leads");
        assertEquals("a", c.other());
        assertEquals(1, c.onlyOther());
        assertEquals(1.0, c.p(), "one discordant decision of one: p = 1");
        assertFalse(c.leaderBetter());
        assertEquals(1.0, c.shareDifference());
        assertTrue(contains(c.shareInterval(), 0.0) && contains(c.shareInterval(), 1.0), c.shareInterval().toString());
        assertEquals(6.0, c.pointsDifference());
        // one value: the exact interval from the bounds [-6, +6], not a t interval of nothing
        assertTrue(contains(c.pointsInterval(), 6.0) && c.pointsInterval().low() < 0, c.pointsInterval().toString());
        assertTrue(c.pointsInterval().low() >= -6 && c.pointsInterval().high() <= 6);
    }

    @Test
    void everyPositionTheSame_theLeaderIsShownBetter_andTheIntervalLeavesZeroOut() {
        List<DistanceStudy.Position> positions = new ArrayList<>();
        for (int g = 0; g < 10; g++) {
            positions.add(position(g, true, false));
        }
        PairedComparison c = PairedComparison.of(BOTS, positions).get(0);
        assertEquals(10, c.onlyOther());
        assertEquals(2 * Math.pow(0.5, 10), c.p(), 1e-15);
        assertTrue(c.leaderBetter());
        assertTrue(c.shareInterval().low() > 0, c.shareInterval().toString());
        assertEquals(1.0, c.shareInterval().high(), 1e-12);
        assertEquals(6.0, c.pointsDifference());
        assertTrue(contains(c.pointsInterval(), 6.0) && c.pointsInterval().low() > 0, c.pointsInterval().toString());
        String verdict = result(BOTS, positions).pairedVerdict();
        assertTrue(verdict.startsWith("b gives away game value least often: on the same positions it gives it away less "
                + "often than each of the 1 other bots"), verdict);
    }

    @Test
    void holm_countsEveryComparison_andTheVerdictFollowsTheAdjustedP() {
        // c beats a clearly (30 vs 0) and b barely (6 vs 0: exact p = 2 · 0.5^6 = 0.031, above 5%/2, below 5%/1)
        List<String> bots = List.of("a", "b", "c");
        List<DistanceStudy.Position> positions = new ArrayList<>();
        for (int g = 0; g < 60; g++) {
            positions.add(position(g, g < 30, g < 6, false));
        }
        List<PairedComparison> pairs = PairedComparison.of(bots, positions);
        assertEquals(2, pairs.size());
        PairedComparison vsA = pairs.get(0);
        PairedComparison vsB = pairs.get(1);
        assertEquals("c", vsA.leader());
        assertEquals(0.03125, vsB.p(), 1e-12);
        assertTrue(vsA.leaderBetter());
        // Holm: the larger p is tested at 5%/1 once the smaller is rejected
        assertEquals(0.03125, vsB.holm(), 1e-12);
        assertTrue(vsB.leaderBetter());
        for (PairedComparison c : pairs) {
            assertEquals(c.leaderBetter(), c.shareInterval().low() > 0, c + ": the interval goes with the verdict");
        }
    }

    @Test
    void clopperPearson_matchesTheExactTestAtOneHalf() {
        Interval none = Proportions.clopperPearson(0, 10, 0.95);
        assertEquals(0.0, none.low());
        assertEquals(0.3085, none.high(), 1e-4);
        Interval half = Proportions.clopperPearson(5, 10, 0.95);
        assertEquals(0.1871, half.low(), 1e-4);
        assertEquals(0.8129, half.high(), 1e-4);
        assertEquals(Interval.UNDEFINED, Proportions.clopperPearson(0, 0, 0.95));
        for (int m = 1; m <= 40; m++) {
            for (int x = 0; x <= m; x++) {
                double p = Proportions.binomialTwoSidedPValue(x, m, 0.5);
                Interval i = Proportions.clopperPearson(x, m, 0.95);
                if (Math.abs(p - 0.05) > 1e-9) {
                    assertEquals(p < 0.05, !contains(i, 0.5), x + " of " + m + ": p " + p + ", interval " + i);
                }
            }
        }
    }

    /**
     * A tie says how large a difference the sample still allows and about how many positions would
     * resolve the observed one: 5 against 13 discordant decisions of 1,200 (exact p = 0.096) need
     * (1.96·½ + 0.842·√(π(1−π)))² / (π − ½)² ≈ 37.3 discordant decisions at π = 13/18, that is about
     * 37.3 · 1,200 / 18 ≈ 2,486 positions for 80% power at 5%.
     */
    @Test
    void tie_saysWhatIsExcluded_andHowManyPositionsWouldResolveIt() {
        List<DistanceStudy.Position> positions = new ArrayList<>();
        for (int g = 0; g < 1200; g++) {
            positions.add(position(g, g < 5, g >= 5 && g < 18));
        }
        PairedComparison c = PairedComparison.of(BOTS, positions).get(0);
        assertEquals("a", c.leader());
        assertFalse(c.leaderBetter(), c.toString());
        double need = c.positionsToResolve(0.05, 0.8);
        assertTrue(need >= 2480 && need <= 2492, "positions to resolve: " + need);
        assertTrue(c.positionsToResolve(0.01, 0.8) > need, "a stricter level needs more positions");
        String verdict = result(BOTS, positions).pairedVerdict();
        assertTrue(verdict.contains("not told apart") && verdict.contains("a difference beyond +1.")
                && verdict.contains("pp is excluded, and about 2,4"), verdict);
        // an even split has nothing to resolve; no discordant decision, no rate to scale by
        List<DistanceStudy.Position> even = List.of(position(0, true, false), position(1, false, true));
        assertEquals(Double.POSITIVE_INFINITY, PairedComparison.of(BOTS, even).get(0).positionsToResolve(0.05, 0.8));
        List<DistanceStudy.Position> none = List.of(position(0, false, false));
        assertTrue(Double.isNaN(PairedComparison.of(BOTS, none).get(0).positionsToResolve(0.05, 0.8)));
    }
}
