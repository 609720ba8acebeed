package richelieu.runner.report.chart;

import richelieu.runner.UserError;
import richelieu.runner.studystats.BalanceStats;
import richelieu.runner.studystats.BotRating;
import richelieu.runner.studystats.MarginCounts;
import richelieu.runner.studystats.MatchStats;
import richelieu.runner.studystats.SeatStats;
import richelieu.runner.studystats.StoredResult;
import richelieu.runner.studystats.StudyStatistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the charts draw, as typed records, and the readers that take it out of a result file's
 * config and typed statistics ({@link StoredResult}; the margin histograms are {@link MarginCounts}). The readers check the study kind
 * and fail with a one-line {@link UserError} when a file lacks what a chart needs.
 */
public final class ChartData {
    private ChartData() {
    }

    /** The statistics of a tune result (θ's path for its chart); a one-line error for any other result. */
    public static StudyStatistics.Tune tune(StoredResult result) {
        if (!(result.statistics() instanceof StudyStatistics.Tune t)) {
            throw new UserError("the tune chart needs a tune result, not a " + result.command() + " result");
        }
        return t;
    }

    /** A point estimate and its 95% interval; any of them may be NaN or infinite. */
    public record Estimate(double value, double low, double high) {
        /** The estimate p of a proportion, mirrored: 1 − p with the interval [1 − high, 1 − low]. */
        Estimate complement() {
            return new Estimate(1 - value, 1 - high, 1 - low);
        }
    }

    /** A bot's Bradley–Terry rating (Elo scale, mean of the bots 0) from a round robin. */
    public record Rating(String bot, Estimate elo, long games) {
    }

    /**
     * Pairwise results of a round robin: {@code score[i][j]} is bot i's score (win 1, draw ½)
     * against bot j over {@code games[i][j]} games, NaN where they never met (and on the diagonal).
     */
    public record PairScores(List<String> bots, double[][] score, long[][] games) {
    }

    /** One estimate per bot, for the bots of one result, over a sample of n (games, deals). */
    public record BotEstimate(String bot, Estimate estimate, long n) {
    }

    /** Seat 0's win rate among decisive games, per bot, of one 2-player first-player result. */
    public record SeatAdvantage(String label, List<BotEstimate> bots) {
    }

    /** Several estimates for one bot: one per seat, or one per rule variant; over a sample of n each. */
    public record BotEstimates(String bot, List<Estimate> values, long n) {
    }

    /** Share of the games won alone by seat (index = seat), per bot (n: its games), of a first-player result with k players (see seatShares). */
    public record SeatWinShares(int players, List<BotEstimates> bots) {
    }

    /** Seat 0's score per rule variant (values parallel to {@code variants}), per bot (n: its deals), of a balance result. */
    public record VariantScores(List<String> variants, List<BotEstimates> bots) {
    }

    /** A bot's estimate at its Elo. */
    public record AtElo(String bot, double elo, Estimate estimate) {
    }

    /**
     * One answer against Elo: each bot's estimate, and the fitted line with its pointwise 95% band
     * over the bots' Elo ({@code line} empty when no line is fitted).
     *
     * @param fit  one sentence on the line (slope, test), for the legend and the description
     */
    public record Trend(String name, List<AtElo> points, List<AtElo> line, String fit) {
    }

    /**
     * A compensation curve: seat 0's expected score for each bonus for seat 1 (half-point steps from
     * 0), and the fair bonus with its interval and seat 0's score with it ({@link BalanceStats.Compensation}).
     */
    public record Compensation(String bot, String variant, List<Double> bonuses, List<Estimate> scores,
                               Estimate fairBonus, double seat0AtFair) {
        /** "bot, variant". */
        String name() {
            return bot + ", " + variant;
        }
    }

    /** The curve of a balance result's variant, as its statistics give it. */
    public static Compensation compensation(String bot, String variant, BalanceStats.Compensation c) {
        List<Double> bonuses = new ArrayList<>();
        List<Estimate> scores = new ArrayList<>();
        for (BalanceStats.Compensation.CurvePoint p : c.curve()) {
            bonuses.add(p.bonus());
            scores.add(new Estimate(p.seat0Score(), p.interval().low(), p.interval().high()));
        }
        return new Compensation(bot, variant, bonuses, scores, new Estimate(c.points(), c.interval().low(), c.interval().high()),
                c.seat0ScoreAfter());
    }

    // ================================================================== readers

    /** True if a tournament result has ratings (not when its games did not identify them). */
    public static boolean hasRatings(StoredResult result) {
        return result.statistics() instanceof StudyStatistics.Tournament t && t.ratings() != null && !t.ratings().isEmpty();
    }

    /** Bradley–Terry ratings of a tournament, in the file's order (by rank). */
    public static List<Rating> ratings(StoredResult result) {
        StudyStatistics.Tournament t = require(result, StudyStatistics.Tournament.class, "tournament", "ratings");
        if (!hasRatings(result)) {
            String why = t.ratingsNotIdentified() == null ? "" : t.ratingsNotIdentified();
            throw new UserError("the tournament result has no ratings (" + (why.isEmpty() ? "too few games between the bots?"
                    : "not identified: " + why) + ")");
        }
        List<Rating> out = new ArrayList<>();
        for (BotRating r : t.ratings()) {
            out.add(new Rating(r.bot(), new Estimate(r.elo(), r.interval().low(), r.interval().high()), r.games()));
        }
        return out;
    }

    /** The pairwise score matrix of a tournament, from each pair's wins, draws and losses. */
    public static PairScores pairScores(StoredResult result) {
        StudyStatistics.Tournament t = require(result, StudyStatistics.Tournament.class, "tournament", "pairwise score");
        List<String> bots = result.config().labels();
        int n = bots.size();
        long[][] points2 = new long[n][n]; // doubled points: win 2, draw 1
        long[][] games = new long[n][n];
        for (MatchStats p : t.pairwise() == null ? List.<MatchStats>of() : t.pairwise()) {
            int a = bots.indexOf(p.a());
            int b = bots.indexOf(p.b());
            if (a < 0 || b < 0 || a == b) {
                throw new UserError("the tournament result's pairwise entry " + p.a() + " vs " + p.b()
                        + " names a bot that is not in config.bots");
            }
            points2[a][b] += 2 * p.wins() + p.draws();
            points2[b][a] += 2 * p.losses() + p.draws();
            games[a][b] += p.games();
            games[b][a] += p.games();
        }
        double[][] score = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                score[i][j] = games[i][j] == 0 ? Double.NaN : points2[i][j] / (2.0 * games[i][j]);
            }
        }
        return new PairScores(bots, score, games);
    }

    /** Seat 0's win rate among decisive games per bot, of a 2-player first-player result. */
    public static SeatAdvantage seatAdvantage(String label, StoredResult result) {
        StudyStatistics.FirstPlayer f = require(result, StudyStatistics.FirstPlayer.class, "first-player", "seat advantage");
        if (result.players() != 2) {
            throw new UserError("the seat advantage chart is for 2 players; this first-player result has "
                    + result.players() + " (use the win rate by seat chart)");
        }
        List<BotEstimate> out = new ArrayList<>();
        for (Map.Entry<String, SeatStats> e : botEntries(result, f.bots()).entrySet()) {
            out.add(new BotEstimate(e.getKey(), seat0Share(e.getKey(), e.getValue()), e.getValue().games()));
        }
        return new SeatAdvantage(label, out);
    }

    /**
     * Each seat's share of the games won alone per bot, of a first-player result: with 3-4 players
     * with Goodman's simultaneous 95% intervals (all seats' intervals hold together), as the text
     * and the README give them; with 2 players seat 0's share of the decisive games and seat 1's
     * the complement.
     */
    public static SeatWinShares seatShares(StoredResult result) {
        StudyStatistics.FirstPlayer f = require(result, StudyStatistics.FirstPlayer.class, "first-player", "win rate by seat");
        int k = result.players();
        List<BotEstimates> out = new ArrayList<>();
        for (Map.Entry<String, SeatStats> e : botEntries(result, f.bots()).entrySet()) {
            SeatStats s = e.getValue();
            List<Estimate> seats = new ArrayList<>();
            if (k == 2) {
                Estimate e0 = seat0Share(e.getKey(), s);
                seats.add(e0);
                seats.add(e0.complement());
            } else {
                for (SeatStats.SeatShare share : s.shares()) {
                    seats.add(new Estimate(share.shareOfSoleWins(), share.interval().low(), share.interval().high()));
                }
            }
            out.add(new BotEstimates(e.getKey(), seats, s.games()));
        }
        return new SeatWinShares(k, out);
    }

    /** Seat 0's score (win 1, draw ½) under each rule variant, per bot, of a balance result. */
    public static VariantScores variantScores(StoredResult result) {
        StudyStatistics.Balance b = require(result, StudyStatistics.Balance.class, "balance", "base vs three-row");
        List<String> variants = result.ruleSetNames();
        List<BotEstimates> out = new ArrayList<>();
        for (Map.Entry<String, BalanceStats> e : botEntries(result, b.bots()).entrySet()) {
            List<Estimate> values = new ArrayList<>();
            long deals = 0;
            List<BalanceStats.VariantStats> stats = Arrays.asList(e.getValue().base(), e.getValue().threeRow());
            for (int v = 0; v < variants.size(); v++) {
                BalanceStats.VariantStats s = v < stats.size() ? stats.get(v) : null;
                if (s == null || s.seats() == null) {
                    throw new UserError("the balance result has no \"" + variants.get(v) + "\" statistics for " + e.getKey());
                }
                deals = Math.max(deals, s.seats().games());
                SeatStats.Seat0 s0 = s.seats().seat0Figures();
                values.add(new Estimate(s0.score(), s0.scoreInterval().low(), s0.scoreInterval().high()));
            }
            out.add(new BotEstimates(e.getKey(), values, deals));
        }
        return new VariantScores(variants, out);
    }

    /** Score-margin histograms of a 2-player result, per rule set and lineup ({@link MarginCounts#of}). */
    public static List<MarginCounts> margins(StoredResult result) {
        return MarginCounts.of(result);
    }

    /**
     * One line of the solver's frontier: a time in seconds (above 0) at each count of cards left on
     * the table, e.g. the median solve time of the exact value.
     *
     * @param name    the legend entry
     * @param cards   the counts, ascending
     * @param seconds the time at each count
     * @param colour  the series' colour (one per kind of search)
     * @param dashed  drawn dashed (a tail percentile) rather than solid (a median)
     */
    public record TimeLine(String name, double[] cards, double[] seconds, int colour, boolean dashed) {
    }

    /** A horizontal reference line at {@code seconds}, named in the legend (e.g. a goal). */
    public record TimeReference(double seconds, String name) {
    }

    // ================================================================== helpers

    /** Seat 0's share of the decisive games (2 players, game-level), as an estimate. */
    private static Estimate seat0Share(String bot, SeatStats s) {
        SeatStats.Seat0 s0 = s.seat0();
        if (s0 == null) {
            throw new UserError("the first-player result has no seat-0 win rate for " + bot);
        }
        return new Estimate(s0.winRateDecisive(), s0.winRateDecisiveInterval().low(), s0.winRateDecisiveInterval().high());
    }

    private static <T extends StudyStatistics> T require(StoredResult result, Class<T> kind, String command, String chart) {
        if (!kind.isInstance(result.statistics())) {
            throw new UserError("the " + chart + " chart needs a " + command + " result, not a " + result.command() + " result");
        }
        return kind.cast(result.statistics());
    }

    /** The statistics of each bot, in the order of the config's bots. */
    private static <T> Map<String, T> botEntries(StoredResult result, Map<String, T> per) {
        Map<String, T> out = new LinkedHashMap<>();
        for (String bot : result.config().labels()) {
            T s = per == null ? null : per.get(bot);
            if (s == null) {
                throw new UserError("the " + result.command() + " result has no statistics for bot " + bot);
            }
            out.put(bot, s);
        }
        return out;
    }
}
