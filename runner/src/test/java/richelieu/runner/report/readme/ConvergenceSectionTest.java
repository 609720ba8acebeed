package richelieu.runner.report.readme;

import org.junit.jupiter.api.Test;
import richelieu.runner.answers.ConvergenceAnswer;
import richelieu.runner.answers.ConvergenceAnswer.Kind;
import richelieu.runner.answers.ConvergenceAnswer.Point;
import richelieu.runner.answers.ConvergenceAnswer.Series;
import richelieu.runner.answers.Source;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.studystats.BotRating;
import richelieu.runner.stats.Interval;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The convergence section's words: each verdict claims only what its tests support, at the extremes too. */
class ConvergenceSectionTest {
    private static final Source STUDY = new Source("first-player-strong", "./richelieu first-player x", null);

    private static Point bot(String name, double elo, double pp, double se) {
        return new Point(name, STUDY, new BotRating(1, name, elo, new Interval(elo - 10, elo + 10), 5, 1000, 0.5), pp,
                new Interval(pp - 1.959963984540054 * se, pp + 1.959963984540054 * se), se);
    }

    /** Bots 300 Elo apart from −1000, their answer 3 pp + slope·(Elo/100) + noise. */
    private static List<Point> line(double slopePer100, double se, double[] noise) {
        List<Point> bots = new ArrayList<>();
        for (int i = 0; i < noise.length; i++) {
            bots.add(bot("bot" + i, -1000 + 300 * i, 3 + slopePer100 * (-10 + 3 * i) + noise[i], se));
        }
        return bots;
    }

    private static Series empty(Kind kind) {
        return Series.of(kind, List.of(), List.of(), List.of());
    }

    /**
     * The perfect-play sentence cites the distance study for the top bot, or, when only the same
     * bot with other settings was measured, for that one, naming it and saying the top was not.
     */
    @Test
    void perfectPlay_topNotMeasured_citesTheSameBotWithOtherSettingsAndSaysSo() {
        DistanceResult distance = richelieu.runner.study.PerfectPlayStudy.read(java.nio.file.Path.of("..", "results", "distance", "distance.json"));
        assertTrue(distance.bots().contains("pimc") && !distance.bots().contains("pimc:iterations=4000"));
        List<Point> withDefault = List.of(bot("random", -1000, 5, 0.3), bot("greedy", -500, 2, 0.3), bot("pimc", 500, 4, 0.5));
        List<Point> withLarger = new ArrayList<>(withDefault);
        withLarger.add(bot("pimc:iterations=4000", 670, 4, 0.6));
        for (List<Point> bots : List.of(withDefault, withLarger)) {
            ConvergenceAnswer a = new ConvergenceAnswer(List.of(Series.of(Kind.SEAT_ADVANTAGE, bots, List.of(), List.of()),
                    empty(Kind.BALANCE)), Map.of());
            StringBuilder md = new StringBuilder();
            ConvergenceSection.write(md, a, distance);
            String text = md.substring(md.indexOf("**What it says about perfect play:**"));
            if (bots == withDefault) {
                assertTrue(text.contains("nothing beyond pimc, the strongest bot fitted (+500 Elo): the line is not extended "
                        + "past it, and it is still measurably short of perfect play: it gives away game value in "), text);
            } else {
                assertTrue(text.contains("nothing beyond pimc:iterations=4000, the strongest bot fitted (+670 Elo): the line "
                        + "is not extended past it. The same bot with other settings, pimc, is still measurably short of "
                        + "perfect play: it gives away game value in "), text);
                assertTrue(text.contains("; pimc:iterations=4000 itself was not measured. "), text);
            }
        }
    }

    @Test
    void verdict_flatWithinTheMargin_doesNotChangeAndTheTopBotsOwnAnswer() {
        Series s = Series.of(Kind.SEAT_ADVANTAGE, line(0, 0.3, new double[]{0.05, -0.04, 0.02, -0.03, 0.0, 0.01}),
                List.of(), List.of());
        String v = ConvergenceSection.verdict(s);
        assertTrue(v.startsWith("seat 0's advantage does not detectably change with strength: slope "), v);
        assertTrue(v.contains("within ±0.5 pp per 100 Elo by the two one-sided tests"), v);
        assertTrue(v.contains("at the top (bot5, +500 Elo) it is +3.0 pp [+2.4, +3.6] in its own games (the line there: "), v);
        assertFalse(v.contains("differ from the line"), v);
    }

    @Test
    void verdict_noTrendWideErrors_saysWhatTheDataCannotExclude() {
        Series s = Series.of(Kind.BALANCE, line(0, 3, new double[]{0.5, -0.5, 0.2}), List.of(), List.of());
        String v = ConvergenceSection.verdict(s);
        assertTrue(v.startsWith("no trend of the base − three-row difference with strength detected"), v);
        assertTrue(v.contains("but the data cannot exclude one between "), v);
        assertFalse(v.contains("does not detectably change"), v);
    }

    @Test
    void verdict_aClearTrend_changesWithStrength() {
        Series s = Series.of(Kind.SEAT_ADVANTAGE, line(-1, 0.1, new double[6]), List.of(), List.of());
        String v = ConvergenceSection.verdict(s);
        assertTrue(v.startsWith("seat 0's advantage changes with strength: slope -1.00 pp per 100 Elo"), v);
    }

    @Test
    void verdict_scatterBeyondTheLineButFlat_noTrendThoughSingleBotsDiffer() {
        Series s = Series.of(Kind.SEAT_ADVANTAGE, line(0, 0.1, new double[]{0.3, -0.3, 0.3, -0.3, 0.3, -0.3}), List.of(),
                List.of());
        assertEquals(ConvergenceAnswer.Reading.NO_CHANGE, s.reading());
        assertTrue(s.trend().pFit() < 0.05);
        String v = ConvergenceSection.verdict(s);
        assertTrue(v.startsWith("seat 0's advantage has no trend with strength"), v);
        assertTrue(v.contains("single bots' answers still differ"), v);
        assertFalse(v.contains("does not detectably change"), v);
    }

    @Test
    void verdict_oneBot_noStatisticOfATrend() {
        Series s = Series.of(Kind.SEAT_ADVANTAGE, List.of(bot("solo", 200, 2.7, 0.5)), List.of(), List.of());
        assertEquals("one bot is rated and studied: no trend can be fitted; at the top (solo, +200 Elo) it is +2.7 pp "
                + "[+1.7, +3.7] in its own games", ConvergenceSection.verdict(s));
    }

    @Test
    void verdict_twoBots_noSlopeNoP() {
        Series s = Series.of(Kind.BALANCE, List.of(bot("a", 0, 0.1, 0.5), bot("b", 100, -0.4, 0.5)), List.of(), List.of());
        String v = ConvergenceSection.verdict(s);
        assertTrue(v.startsWith("two bots are rated and studied: a line passes through both"), v);
        assertFalse(v.contains("slope") || v.contains("p = "), v);
    }

    @Test
    void verdict_everyBotAtOneElo_noTrend() {
        Series s = Series.of(Kind.BALANCE, List.of(bot("a", 50, 0.1, 0.5), bot("b", 50, -0.4, 0.5), bot("c", 50, 0, 0.5)),
                List.of(), List.of());
        assertTrue(ConvergenceSection.verdict(s).startsWith("every bot studied has the same Elo: no trend can be fitted"));
    }

    @Test
    void write_noRatedBot_noSectionAndNoBriefSentence() {
        ConvergenceAnswer a = new ConvergenceAnswer(List.of(empty(Kind.SEAT_ADVANTAGE), empty(Kind.BALANCE)), Map.of());
        StringBuilder md = new StringBuilder();
        ConvergenceSection.write(md, a, null);
        assertEquals("", md.toString());
        assertNull(ConvergenceSection.brief(a));
    }

    @Test
    void write_bothAnswers_tablesTrendLinesMultiPlayerAndPerfectPlay() {
        Series seats = Series.of(Kind.SEAT_ADVANTAGE, line(0, 0.3, new double[]{0.05, -0.04, 0.02, -0.03, 0.0, 0.01}),
                List.of("unrated-bot"), List.of());
        Series balance = Series.of(Kind.BALANCE, List.of(bot("a", 0, 0.1, 0.5)), List.of(), List.of());
        StringBuilder out = new StringBuilder();
        ConvergenceSection.write(out, new ConvergenceAnswer(List.of(seats, balance), Map.of(3, List.of("random", "greedy"))),
                null);
        String md = out.toString();
        assertTrue(md.startsWith("### Does the answer converge as play gets stronger?\n\n"), md);
        assertTrue(md.contains("| bot5 | +500 [+490, +510] | +3.0 pp [+2.4, +3.6] | [first-player-strong](first-player-strong.md) |"), md);
        assertTrue(md.contains("(t test of no trend on 4 degrees of freedom: p = "), md);
        assertTrue(md.contains("Left out (not on the ladder: unrated-bot)."), md);
        assertTrue(md.contains("One bot is rated and studied: no trend can be fitted."), md);
        assertTrue(md.contains("**3 and 4 players are not fitted.**") && md.contains("(studied: 3 players: random, greedy)"), md);
        assertTrue(md.contains("**What it says about perfect play:** nothing beyond bot5, the strongest bot fitted (+500 Elo)"), md);
        assertTrue(md.contains("[convergence-by-elo](convergence-by-elo.png)"), md);
    }

    @Test
    void brief_bothAnswers_oneSentenceWithAClauseEach() {
        Series seats = Series.of(Kind.SEAT_ADVANTAGE, List.of(bot("solo", 200, 2.7, 0.5)), List.of(), List.of());
        Series bal = Series.of(Kind.BALANCE, List.of(bot("solo", 200, 0.04, 0.5)), List.of(), List.of());
        String b = ConvergenceSection.brief(new ConvergenceAnswer(List.of(seats, bal), Map.of()));
        assertEquals("Seat 0's advantage: one bot is rated and studied: no trend can be fitted, and +2.7 pp [+1.7, +3.7] "
                + "at the top (solo, +200 Elo); the base − three-row difference: one bot is rated and studied: no trend "
                + "can be fitted, and +0.04 pp [-0.94, +1.02] at the top (solo, +200 Elo).", b);
    }

    @Test
    void brief_flatButScattered_noTrendAndSaysSingleBotsScatter() {
        Series s = Series.of(Kind.SEAT_ADVANTAGE, line(0, 0.1, new double[]{0.3, -0.3, 0.3, -0.3, 0.3, -0.3}), List.of(),
                List.of());
        String b = ConvergenceSection.brief(new ConvergenceAnswer(List.of(s), Map.of()));
        assertTrue(b.startsWith("Seat 0's advantage: no trend with strength (slope "), b);
        assertTrue(b.contains("; within ±0.5 by TOST, p = ") && b.contains("single bots scatter about the line"), b);
        assertTrue(b.endsWith("at the top (bot5, +500 Elo)."), b);
        assertTrue(b.length() < ConvergenceSection.verdict(s).length(), "shorter than the section's verdict: " + b);
    }

    @Test
    void brief_wideErrors_undeterminedNotNoChange() {
        Series s = Series.of(Kind.BALANCE, line(0, 3, new double[]{0.5, -0.5, 0.2}), List.of(), List.of());
        String b = ConvergenceSection.brief(new ConvergenceAnswer(List.of(s), Map.of()));
        assertTrue(b.startsWith("The base − three-row difference: undetermined (slope "), b);
        assertFalse(b.contains("no trend"), b);
    }

    @Test
    void brief_aClearTrend_changesWithStrength() {
        Series s = Series.of(Kind.SEAT_ADVANTAGE, line(-1, 0.1, new double[6]), List.of(), List.of());
        String b = ConvergenceSection.brief(new ConvergenceAnswer(List.of(s), Map.of()));
        assertTrue(b.startsWith("Seat 0's advantage: changes with strength (slope -1.00 pp per 100 Elo"), b);
    }
}
