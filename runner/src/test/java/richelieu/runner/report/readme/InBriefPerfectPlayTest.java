package richelieu.runner.report.readme;

import org.junit.jupiter.api.Test;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.distance.DistanceStudy;
import richelieu.runner.stats.Interval;
import richelieu.runner.studystats.BotRating;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The In brief's fifth answer: how close to perfect play the strongest bot the distance study measured is. */
class InBriefPerfectPlayTest {

    private static BotRating rating(int rank, String bot) {
        return new BotRating(rank, bot, 500 - 100 * rank, new Interval(480 - 100 * rank, 520 - 100 * rank), 10, 1000, 0.5);
    }

    /** {@code n} positions at 4 cards; bot i gives value away at the first {@code away[i]} of them. */
    private static DistanceResult distance(List<String> bots, int n, int... away) {
        List<DistanceStudy.Position> positions = new ArrayList<>();
        for (int g = 0; g < n; g++) {
            List<DistanceStudy.Choice> choices = new ArrayList<>();
            for (int b = 0; b < bots.size(); b++) {
                choices.add(g < away[b] ? new DistanceStudy.Choice("bad", -2, -1) : new DistanceStudy.Choice("best", 4, 1));
            }
            positions.add(new DistanceStudy.Position(g, 10, 4, 0, 2, 4, -2, 1, -1, choices));
        }
        return DistanceResult.of(1, "base", "standard", bots, List.of("x", "y"), n, List.of(4), List.of(0), positions);
    }

    @Test
    void noDistanceStudy_saysSo() {
        assertEquals("Not measured yet (no distance study in results/distance/).",
                InBriefSection.perfectPlay(List.of(rating(1, "a")), null));
    }

    @Test
    void topNotMeasured_theNextOneIsNamed_andTheTopToo() {
        String s = InBriefSection.perfectPlay(List.of(rating(1, "top"), rating(2, "b"), rating(3, "a")),
                distance(List.of("a", "b"), 100, 40, 0));
        assertTrue(s.startsWith("`b` (rank 2 of 3 on the ladder; the strongest, top, was not measured) gives away game "
                + "value in 0.0% [0.0, 3.7] of its decisions with 4 cards on the table"), s);
        assertTrue(s.contains("it gives away value less often than every other bot measured"), s);
    }

    @Test
    void topMeasured_notToldApartFromTheLeader_saysSo() {
        // the top gives value away at 1 position of 100, the other at none: one discordant position, p = 1
        String s = InBriefSection.perfectPlay(List.of(rating(1, "a"), rating(2, "b")), distance(List.of("a", "b"), 100, 1, 0));
        assertTrue(s.startsWith("`a`, the strongest on the ladder, gives away game value in 1.0% "), s);
        assertTrue(s.contains("it is not told apart from b, which gives away value least often in this sample"), s);
    }

    @Test
    void onePosition_noBotClaimedBetter() {
        String s = InBriefSection.perfectPlay(List.of(rating(1, "a")), distance(List.of("a", "b"), 1, 0, 0));
        assertTrue(s.contains("against the exact solver of the open game (1 position);"), s);
        assertTrue(s.contains("no bot measured gives away value less often, and 1 is not told apart from it (b)"), s);
    }
}
