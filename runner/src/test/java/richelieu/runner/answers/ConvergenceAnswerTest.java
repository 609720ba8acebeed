package richelieu.runner.answers;

import org.junit.jupiter.api.Test;
import richelieu.runner.answers.ConvergenceAnswer.Kind;
import richelieu.runner.answers.ConvergenceAnswer.Point;
import richelieu.runner.answers.ConvergenceAnswer.Reading;
import richelieu.runner.answers.ConvergenceAnswer.Series;
import richelieu.runner.studystats.BotRating;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.WeightedTrend;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The convergence answer on synthetic bots: a trend, none, and too few bots for a test. */
class ConvergenceAnswerTest {
    private static final Source STUDY = new Source("first-player", "./richelieu first-player x", null);

    /** A bot at {@code elo} (±5 Elo) whose answer is {@code pp} ± 1.96·se. */
    private static Point bot(String name, double elo, double pp, double se) {
        return new Point(name, STUDY, new BotRating(1, name, elo, new Interval(elo - 10, elo + 10), 5, 1000, 0.5), pp,
                new Interval(pp - 1.959963984540054 * se, pp + 1.959963984540054 * se), se);
    }

    @Test
    void series_answerFallsOneHalfPointPer100Elo_trendDetected() {
        List<Point> bots = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            bots.add(bot("b" + i, -500 + 200 * i, 5 - 1.0 * i, 0.2));
        }
        Series s = Series.of(Kind.SEAT_ADVANTAGE, bots, List.of(), List.of());
        assertEquals(Reading.TREND, s.reading());
        assertEquals(-0.5, s.trend().slope(), 1e-3); // per 100 Elo, slightly above 0.5 in size for the ratings' error
        assertTrue(s.trend().p() < 1e-3); // t ≈ 21 on 4 degrees of freedom
        assertEquals("b5", s.top().bot());
        assertEquals(0.0, s.atTop().value(), 1e-3);
    }

    @Test
    void series_sameAnswerForEveryBot_noChangeWithinTheMargin() {
        List<Point> bots = new ArrayList<>();
        double[] noise = {0.05, -0.04, 0.02, -0.03, 0.0, 0.01};
        for (int i = 0; i < 6; i++) {
            bots.add(bot("b" + i, -1000 + 300 * i, 2.5 + noise[i], 0.3));
        }
        Series s = Series.of(Kind.SEAT_ADVANTAGE, bots, List.of(), List.of());
        assertEquals(Reading.NO_CHANGE, s.reading());
        assertTrue(s.trend().p() > 0.05);
        assertTrue(s.equivalence().equivalent());
        assertTrue(s.equivalence().interval().low() > -ConvergenceAnswer.MARGIN
                && s.equivalence().interval().high() < ConvergenceAnswer.MARGIN);
    }

    @Test
    void series_noTrendButWideErrors_undetermined() {
        List<Point> bots = List.of(bot("a", 0, 2, 3), bot("b", 100, 2.5, 3), bot("c", 200, 1.5, 3));
        Series s = Series.of(Kind.BALANCE, bots, List.of(), List.of());
        assertEquals(Reading.UNDETERMINED, s.reading());
        assertFalse(s.equivalence().equivalent());
    }

    @Test
    void series_oneBot_noTestButItsOwnAnswerAtTheTop() {
        Series s = Series.of(Kind.SEAT_ADVANTAGE, List.of(bot("only", 300, 2.9, 0.5)), List.of("unrated"), List.of());
        assertEquals(Reading.NO_TEST, s.reading());
        assertEquals(WeightedTrend.Status.SAME_X, s.trend().status());
        assertEquals("only", s.top().bot());
        assertTrue(Double.isNaN(s.atTop().value()));
        assertEquals(List.of("unrated"), s.notRated());
    }

    @Test
    void series_twoBots_noTest() {
        Series s = Series.of(Kind.SEAT_ADVANTAGE, List.of(bot("x", 300, 2.9, 0.5), bot("y", -100, 3.5, 0.5)), List.of(),
                List.of());
        assertEquals(Reading.NO_TEST, s.reading());
        assertEquals(WeightedTrend.Status.TWO_POINTS, s.trend().status());
        assertTrue(Double.isNaN(s.trend().p()));
        assertEquals("x", s.top().bot()); // the points are ordered by Elo, whatever order they came in
        assertEquals("y", s.points().get(0).bot());
    }

    @Test
    void series_noBot_noTopNothingFitted() {
        Series s = Series.of(Kind.BALANCE, List.of(), List.of(), List.of());
        assertNull(s.top());
        assertEquals(Reading.NO_TEST, s.reading());
        assertNull(new ConvergenceAnswer(List.of(s, s), java.util.Map.of()).top());
    }

    @Test
    void eloError_withoutBootstrapError_fromTheInterval() {
        BotRating r = new BotRating(1, "a", 100, new Interval(80.4, 119.6), Double.NaN, 10, 0.5);
        assertEquals(19.6 / 1.959963984540054, ConvergenceAnswer.eloError(r), 1e-9);
    }
}
