package richelieu.runner.answers;

import org.junit.jupiter.api.Test;
import richelieu.runner.studystats.MatchStats;
import richelieu.runner.studystats.PentanomialStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.studystats.TrinomialStats;
import richelieu.runner.stats.PentanomialCounts;
import richelieu.runner.stats.PentanomialSummary;
import richelieu.runner.stats.TrinomialCounts;
import richelieu.runner.stats.TrinomialSummary;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plain answers of match, tournament and first-player are true at the extremes: 0%, 100%,
 * all draws, a single game or pair, and no game; "no difference" only from an equivalence test,
 * never from a wide interval.
 */
class VerdictsAtTheExtremesTest {

    /** A match of pairs counted as LL, LD, WL+DD, WD, WW (A's view; the even pairs as two draws), with its game counts. */
    private static MatchStats pairs(long... c) {
        long w = c[3] + 2 * c[4];
        long d = c[1] + 2 * c[2] + c[3];
        long l = c[1] + 2 * c[0];
        TrinomialStats t = TrinomialStats.of(TrinomialSummary.of(new TrinomialCounts(w, d, l), StudyStatistics.CONFIDENCE));
        PentanomialStats p = PentanomialStats.of(PentanomialSummary.of(new PentanomialCounts(c[0], c[1], c[2], c[3], c[4]),
                StudyStatistics.CONFIDENCE));
        return new MatchStats(w + d + l, w, d, l, t, p, null, "a", "b");
    }

    /** Single games (unpaired) W, D, L. */
    private static MatchStats games(long w, long d, long l) {
        TrinomialStats t = TrinomialStats.of(TrinomialSummary.of(new TrinomialCounts(w, d, l), StudyStatistics.CONFIDENCE));
        return new MatchStats(w + d + l, w, d, l, t, null, null, "a", "b");
    }

    private static HeadToHead.Kind kind(MatchStats m) {
        return HeadToHead.of(m, HeadToHead.MARGIN_ELO).kind();
    }

    @Test
    void headToHead_everyPairWonOrLost_namesTheStronger_andNeverEqual() {
        assertEquals(HeadToHead.Kind.A_STRONGER, kind(pairs(0, 0, 0, 0, 50)));
        assertEquals(HeadToHead.Kind.B_STRONGER, kind(pairs(50, 0, 0, 0, 0)));
        assertEquals(HeadToHead.Kind.A_STRONGER, kind(games(40, 0, 0)));
        assertEquals(HeadToHead.Kind.B_STRONGER, kind(games(0, 0, 40)));
    }

    @Test
    void headToHead_allDraws_equalOnlyWhenEnoughGamesBoundIt() {
        HeadToHead many = HeadToHead.of(pairs(0, 0, 2000, 0, 0), HeadToHead.MARGIN_ELO);
        assertEquals(HeadToHead.Kind.EQUAL, many.kind());
        assertTrue(many.pEquivalence() < HeadToHead.ALPHA);
        assertEquals(HeadToHead.Kind.NOT_TOLD_APART, kind(pairs(0, 0, 2, 0, 0)), "one even pair shows nothing");
        assertEquals(HeadToHead.Kind.NOT_TOLD_APART, kind(games(0, 1, 0)), "one draw shows nothing");
        assertEquals(HeadToHead.Kind.EQUAL, kind(games(0, 5000, 0)));
    }

    @Test
    void headToHead_anEvenScoreWithAWideInterval_isNotEquality() {
        HeadToHead h = HeadToHead.of(pairs(10, 0, 0, 0, 10), HeadToHead.MARGIN_ELO);
        assertEquals(0.5, h.estimate().score(), 1e-12);
        assertEquals(HeadToHead.Kind.NOT_TOLD_APART, h.kind());
        assertFalse(h.withinMargin());
    }

    @Test
    void headToHead_noGames_tellsNothing() {
        HeadToHead h = HeadToHead.of(games(0, 0, 0), HeadToHead.MARGIN_ELO);
        assertEquals(HeadToHead.Kind.NOT_TOLD_APART, h.kind());
        assertEquals(0, h.units());
    }

    private static FirstPlayerVerdict.Kind firstPlayer(long seat0, long seat1, long forfeits) {
        return FirstPlayerVerdict.of(List.of(new FirstPlayerVerdict.Games(seat0, seat1, forfeits)),
                FirstPlayerVerdict.MARGIN).get(0).kind();
    }

    @Test
    void firstPlayer_atTheExtremes_claimsOnlyWhatTheGamesShow() {
        assertEquals(FirstPlayerVerdict.Kind.FIRST, firstPlayer(40, 0, 0), "seat 0 won every decisive game");
        assertEquals(FirstPlayerVerdict.Kind.SECOND, firstPlayer(0, 40, 0));
        assertEquals(FirstPlayerVerdict.Kind.NOT_TOLD, firstPlayer(1, 0, 0), "one game");
        assertEquals(FirstPlayerVerdict.Kind.NOT_TOLD, firstPlayer(0, 0, 0), "only draws");
        assertEquals(FirstPlayerVerdict.Kind.NOT_TOLD, firstPlayer(50, 50, 0), "even, but a wide interval");
        assertEquals(FirstPlayerVerdict.Kind.EQUAL, firstPlayer(50_000, 50_000, 0));
        assertEquals(FirstPlayerVerdict.Kind.NOT_TESTED, firstPlayer(50_000, 50_000, 3), "forfeits decided games");
    }

    @Test
    void firstPlayer_severalBots_eachClaimHolmCorrected() {
        // p = 0.0339 for one bot alone: an advantage; Holm over 3 bots lifts it above 5%
        List<FirstPlayerVerdict> v = FirstPlayerVerdict.of(List.of(new FirstPlayerVerdict.Games(300, 250, 0),
                new FirstPlayerVerdict.Games(100, 100, 0), new FirstPlayerVerdict.Games(100, 100, 0)), FirstPlayerVerdict.MARGIN);
        assertEquals(FirstPlayerVerdict.Kind.FIRST, FirstPlayerVerdict.of(List.of(new FirstPlayerVerdict.Games(300, 250, 0)),
                FirstPlayerVerdict.MARGIN).get(0).kind());
        assertEquals(FirstPlayerVerdict.Kind.NOT_TOLD, v.get(0).kind());
        assertEquals(3, v.get(0).family());
    }
}
