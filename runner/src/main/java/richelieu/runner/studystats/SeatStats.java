package richelieu.runner.studystats;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.stats.DealSeatChiSquare;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PentanomialCounts;
import richelieu.runner.stats.Proportions;
import richelieu.runner.stats.SeatPairAdvantage;
import richelieu.runner.stats.SeatWinChiSquare;
import richelieu.runner.stats.SimultaneousProportions;
import richelieu.runner.stats.TrinomialCounts;
import richelieu.runner.stats.TrinomialSummary;

import java.util.ArrayList;
import java.util.List;

/**
 * Seat advantage of a block of games. One of three views is present: {@code seatPairs} (2
 * players, every deal played twice with the seats swapped: the pair-level test), {@code seat0} (2
 * players otherwise: game-level), or {@code chiSquare} with {@code winRate} (3-4 players); none
 * when a game was forfeited (a forfeit, not the seat, decided it).
 *
 * @param soleWins  games won by each seat alone
 * @param margin    score margin seat 0 − seat 1 (2 players, at least two scored games), else null
 * @param meanScore each seat's mean score (at least two scored games), else null
 * @param turns     game length in turns (at least two scored games), else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SeatStats(long games, long sharedWins, long forfeits, long[] soleWins, SeatPairs seatPairs, Seat0 seat0,
                        ChiSquare chiSquare, List<SeatShare> winRate, MeanStats margin, List<MeanStats> meanScore,
                        MeanStats turns) {

    /**
     * The pair-level seat test ({@link SeatPairAdvantage}): seat 0's score per game with its pair-level
     * interval, and the exact McNemar test on the split deals.
     *
     * @param counts deals by seat 0's half-points over both games, 0..4
     */
    public record SeatPairs(long[] counts, long pairs, double score, Interval scoreInterval, double elo,
                            Interval eloInterval, long seat0WonBoth, long seat1WonBoth,
                            @JsonSerialize(using = PValueJson.class) double signTestP) {
        /** Split deals, where each bot won one game. */
        public long split() {
            return seat0WonBoth + seat1WonBoth;
        }
    }

    /**
     * Seat 0 in 2-player games not played in pairs: its share of the decisive games with the
     * Wilson interval and the exact binomial test at ½, and its score (draws ½).
     */
    public record Seat0(double winRateDecisive, Interval winRateDecisiveInterval,
                        @JsonSerialize(using = PValueJson.class) double exactBinomialP, double score,
                        Interval scoreInterval, double elo, Interval eloInterval) {
    }

    /**
     * The test that every seat wins alone equally often: over games, each its own deal, Pearson's
     * chi-square ({@link SeatWinChiSquare}); over deals when every deal was played in all rotations
     * (its games are not independent), the cluster-robust Wald test ({@link DealSeatChiSquare}).
     *
     * @param deals the deals of a test over deals; null for a test over games
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ChiSquare(double statistic, int degreesOfFreedom, @JsonSerialize(using = PValueJson.class) double p,
                            Long deals) {
    }

    /**
     * One seat's share of the games won alone — fair is exactly 1/k, what the chi-square test of
     * equal seats tests — with Goodman's simultaneous 95% interval (all seats' intervals hold
     * together: {@link SimultaneousProportions}); and its sole wins per game.
     */
    public record SeatShare(double shareOfSoleWins, Interval interval, double winRatePerGame) {
    }

    /** The statistics of a block with {@code players} seats. */
    public static SeatStats of(Tally.SeatBlock s, int players) {
        long[] sole = new long[players];
        for (int p = 0; p < players; p++) {
            sole[p] = s.soleWins(p);
        }
        boolean scored = s.scored() > 1;
        MeanStats margin = players == 2 && scored ? MeanStats.fromSums(s.scored(), s.marginSum(), s.marginSq()) : null;
        SeatPairs pairs = seatPairs(s, players);
        Seat0 seat0 = null;
        ChiSquare chi = null;
        List<SeatShare> rates = null;
        if (s.forfeits() > 0) {
            // a forfeit, not the seat, decided those games: no seat test
        } else if (pairs == null && players == 2) {
            seat0 = seat0(sole[0], s.sharedGames(), sole[1]);
        } else if (pairs == null) {
            SeatWinChiSquare test = SeatWinChiSquare.equalWinRates(StudyStatistics.CONFIDENCE, sole);
            if (s.rotatedDeals() > 0 && s.rotatedDeals() * players == s.games()) {
                DealSeatChiSquare d = DealSeatChiSquare.of(s.rotatedDeals(), sole, s.dealWinsCross());
                chi = new ChiSquare(d.statistic(), d.degreesOfFreedom(), d.pValue(), d.deals());
            } else {
                chi = new ChiSquare(test.statistic(), test.degreesOfFreedom(), test.pValue(), null);
            }
            rates = shares(sole, s.games());
        }
        List<MeanStats> scores = null;
        MeanStats turns = null;
        if (scored) {
            scores = new ArrayList<>();
            for (int p = 0; p < players; p++) {
                scores.add(MeanStats.fromSums(s.scored(), s.scoreSum(p), s.scoreSq(p)));
            }
            turns = MeanStats.fromSums(s.scored(), s.turnsSum(), s.turnsSq());
        }
        return new SeatStats(s.games(), s.sharedGames(), s.forfeits(), sole, pairs, seat0, chi, rates, margin, scores, turns);
    }

    /**
     * Each seat's share of the games won alone with its simultaneous interval: {@link #winRate()},
     * or when a forfeit left the seat test out, the same figures computed from the counts (a chart
     * shows them regardless).
     */
    public List<SeatShare> shares() {
        return winRate != null ? winRate : shares(soleWins, games);
    }

    private static List<SeatShare> shares(long[] sole, long games) {
        long sum = 0;
        for (long w : sole) {
            sum += w;
        }
        List<Interval> simultaneous = SimultaneousProportions.goodman(sole, sum, StudyStatistics.CONFIDENCE);
        List<SeatShare> out = new ArrayList<>();
        for (int p = 0; p < sole.length; p++) {
            out.add(new SeatShare(sum == 0 ? Double.NaN : sole[p] / (double) sum, simultaneous.get(p),
                    games == 0 ? Double.NaN : sole[p] / (double) games));
        }
        return out;
    }

    /**
     * The pair-level seat test when every game of the block belongs to a deal played twice with the
     * seats swapped (2 players, paired), else null. Files written before the seat pairs were
     * counted have none; they keep the game-level figures.
     */
    private static SeatPairs seatPairs(Tally.SeatBlock s, int players) {
        long[] c = s.seatPairs();
        long pairs = 0;
        for (long x : c) {
            pairs += x;
        }
        if (players != 2 || pairs == 0 || 2 * pairs != s.games() || s.forfeits() > 0) {
            return null;
        }
        SeatPairAdvantage t = SeatPairAdvantage.of(PentanomialCounts.of(c), StudyStatistics.CONFIDENCE);
        return new SeatPairs(t.pairs().toArray(), t.pairs().pairs(), t.summary().score(), t.summary().scoreInterval(),
                t.summary().elo(), t.summary().eloInterval(), t.seat0WonBoth(), t.seat1WonBoth(), t.signTestP());
    }

    /**
     * Seat 0's figures of a 2-player block: {@link #seat0()}, or when a forfeit left the seat test out,
     * the same figures computed from the counts (the balance study shows seat 0's score regardless).
     */
    public Seat0 seat0Figures() {
        return seat0 != null ? seat0 : seat0(soleWins[0], sharedWins, soleWins[1]);
    }

    private static Seat0 seat0(long w0, long draws, long w1) {
        long decisive = w0 + w1;
        TrinomialSummary t = TrinomialSummary.of(new TrinomialCounts(w0, draws, w1), StudyStatistics.CONFIDENCE);
        return new Seat0(decisive == 0 ? Double.NaN : w0 / (double) decisive,
                decisive == 0 ? Interval.UNDEFINED : Proportions.wilson(w0, decisive, StudyStatistics.CONFIDENCE),
                decisive == 0 ? Double.NaN : Proportions.binomialTwoSidedPValue(w0, decisive, 0.5), t.score(),
                t.scoreInterval(), t.elo(), t.eloInterval());
    }

    /** Games with a sole winner (with 2 players: the decisive games). */
    public long decisive() {
        long sum = 0;
        for (long w : soleWins) {
            sum += w;
        }
        return sum;
    }
}
