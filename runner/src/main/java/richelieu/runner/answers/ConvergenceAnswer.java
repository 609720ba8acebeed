package richelieu.runner.answers;

import richelieu.runner.studystats.BotRating;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.WeightedTrend;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Does the answer converge as play gets stronger? For every bot rated on the ladder that has the
 * study, its answer against its Bradley–Terry Elo — seat 0's advantage in 2-player self-play and
 * the base − three-row difference — with a weighted line through them ({@link WeightedTrend}: weights
 * 1/variance of each bot's estimate, x in hundreds of Elo so that the slope is per 100 Elo), the test
 * of "no trend", the equivalence test of the slope against ±{@link #MARGIN} pp per 100 Elo, and the
 * line's value at the top bot's Elo beside that bot's own estimate.
 *
 * <p>Each bot's standard error is its 95% interval's half-width ÷ 1.96 (the Wilson interval of a
 * share, the paired t interval of a difference): never 0, even at 0% or 100%. A bot studied twice
 * counts once, by its last study (as {@link StrongPlayAnswer} reads it).
 *
 * <p>3 and 4 players are left out of the trend: the ladder rates bots in 2-player games only, and a
 * bot's strength with 2 players is not a measured strength with 3 or 4 (the search bots are tuned
 * per player count for that reason); {@link #multiPlayer} lists the bots those studies have, so the
 * page can say what is not fitted.
 *
 * @param series      seat advantage, then balance, each even when no bot has both (then empty)
 * @param multiPlayer players → the bots of the 3- and 4-player first-player studies (none fitted)
 */
public record ConvergenceAnswer(List<Series> series, Map<Integer, List<String>> multiPlayer) {

    /** The equivalence margin of the slope, in percentage points per 100 Elo. */
    public static final double MARGIN = 0.5;
    /** Level of each test (each one-sided test of the equivalence). */
    public static final double ALPHA = 0.05;
    private static final double Z95 = 1.959963984540054;

    /** The answers that are fitted against Elo. */
    public enum Kind {
        SEAT_ADVANTAGE("seat 0's advantage", "seat 0's share of the decisive 2-player games − 50%"),
        BALANCE("the base − three-row difference", "seat 0's score base − three-row, paired by deal");

        private final String words;
        private final String measure;

        Kind(String words, String measure) {
            this.words = words;
            this.measure = measure;
        }

        /** What it is called in a sentence ("seat 0's advantage"). */
        public String words() {
            return words;
        }

        /** What is measured, in percentage points. */
        public String measure() {
            return measure;
        }
    }

    /**
     * One bot: its rating and its answer in percentage points.
     *
     * @param standardError the answer's, in percentage points (its 95% interval's half-width ÷ 1.96)
     */
    public record Point(String bot, Source from, BotRating rating, double value, Interval interval, double standardError) {
        public double elo() {
            return rating.elo();
        }
    }

    /** How a series' slope reads. */
    public enum Reading {
        /** Too few bots (or all at one Elo) for a test. */
        NO_TEST,
        /** The slope differs from 0. */
        TREND,
        /** No trend detected, and the two one-sided tests put the slope inside ±{@link #MARGIN}. */
        NO_CHANGE,
        /** No trend detected, but slopes beyond the margin are not excluded. */
        UNDETERMINED
    }

    /**
     * One answer against Elo.
     *
     * @param points      by Elo, weakest first
     * @param notRated    bots with the study but not on the ladder
     * @param noError     bots left out for an answer without a standard error (no decisive game, say)
     * @param equivalence the TOST of the slope at ±{@link #MARGIN}
     * @param top         the strongest bot of the points, or null
     * @param atTop       the line's value at the top bot's Elo (NaN unless fitted)
     */
    public record Series(Kind kind, List<Point> points, List<String> notRated, List<String> noError, WeightedTrend trend,
                         WeightedTrend.Equivalence equivalence, Point top, WeightedTrend.Fit atTop) {

        public Reading reading() {
            if (!trend.fitted()) {
                return Reading.NO_TEST;
            }
            if (trend.p() < ALPHA) {
                return Reading.TREND;
            }
            return equivalence.equivalent() ? Reading.NO_CHANGE : Reading.UNDETERMINED;
        }

        /** The series of these bots, fitted; {@code rated} in any order. */
        public static Series of(Kind kind, List<Point> rated, List<String> notRated, List<String> noError) {
            List<Point> points = new ArrayList<>(rated);
            points.sort(Comparator.comparingDouble(Point::elo));
            int n = points.size();
            double[] x = new double[n];
            double[] xError = new double[n];
            double[] y = new double[n];
            double[] yError = new double[n];
            for (int i = 0; i < n; i++) {
                Point p = points.get(i);
                x[i] = p.elo() / 100;
                xError[i] = eloError(p.rating()) / 100;
                y[i] = p.value();
                yError[i] = p.standardError();
            }
            WeightedTrend trend = WeightedTrend.fit(x, xError, y, yError);
            Point top = n == 0 ? null : points.get(n - 1);
            WeightedTrend.Fit atTop = trend.at(top == null ? Double.NaN : top.elo() / 100,
                    top == null ? 0 : eloError(top.rating()) / 100);
            return new Series(kind, List.copyOf(points), List.copyOf(notRated), List.copyOf(noError), trend,
                    trend.equivalence(MARGIN, ALPHA), top, atTop);
        }
    }

    /** The convergence of the answers over the ladder's ratings. */
    public static ConvergenceAnswer of(LadderAnswer ladder, FirstPlayerAnswer firstPlayer, BalanceAnswer balance,
                                       SeatOrderAnswer seatOrder) {
        Map<String, Candidate> seats = new LinkedHashMap<>();
        for (FirstPlayerAnswer.Bot b : firstPlayer.bots()) {
            seats.remove(b.bot()); // the last study of a bot, in the studies' order
            seats.put(b.bot(), new Candidate(b.from(), b.pp(), new Interval(100 * (b.interval().low() - 0.5),
                    100 * (b.interval().high() - 0.5))));
        }
        Map<String, Candidate> balances = new LinkedHashMap<>();
        for (BalanceAnswer.Bot b : balance.bots()) {
            Interval d = b.stats().difference() == null ? Interval.UNDEFINED : b.stats().difference().interval();
            balances.remove(b.bot());
            balances.put(b.bot(), new Candidate(b.from(), 100 * b.difference(), new Interval(100 * d.low(), 100 * d.high())));
        }
        Map<Integer, Set<String>> multi = new LinkedHashMap<>();
        for (SeatOrderAnswer.Row r : seatOrder.rows()) {
            multi.computeIfAbsent(r.players(), k -> new LinkedHashSet<>()).add(r.bot());
        }
        Map<Integer, List<String>> multiPlayer = new LinkedHashMap<>();
        multi.forEach((k, bots) -> multiPlayer.put(k, List.copyOf(bots)));
        return new ConvergenceAnswer(List.of(series(Kind.SEAT_ADVANTAGE, seats, ladder),
                series(Kind.BALANCE, balances, ladder)), multiPlayer);
    }

    private record Candidate(Source from, double value, Interval interval) {
    }

    private static Series series(Kind kind, Map<String, Candidate> candidates, LadderAnswer ladder) {
        List<Point> rated = new ArrayList<>();
        List<String> notRated = new ArrayList<>();
        List<String> noError = new ArrayList<>();
        candidates.forEach((bot, c) -> {
            BotRating rating = ladder.rating(bot);
            double se = c.interval().halfWidth() / Z95;
            if (rating == null || !Double.isFinite(rating.elo())) {
                notRated.add(bot);
            } else if (!(se > 0) || !Double.isFinite(se) || !Double.isFinite(c.value())) {
                noError.add(bot);
            } else {
                rated.add(new Point(bot, c.from(), rating, c.value(), c.interval(), se));
            }
        });
        return Series.of(kind, rated, notRated, noError);
    }

    /** A rating's standard error: the bootstrap's, else its interval's half-width ÷ 1.96, else 0. */
    static double eloError(BotRating r) {
        if (r.standardError() >= 0 && Double.isFinite(r.standardError())) {
            return r.standardError();
        }
        double h = r.interval() == null ? Double.NaN : r.interval().halfWidth() / Z95;
        return Double.isFinite(h) && h >= 0 ? h : 0;
    }

    /** The strongest bot of any series (the one the perfect-play sentence is about), or null. */
    public Point top() {
        Point best = null;
        for (Series s : series) {
            if (s.top() != null && (best == null || s.top().elo() > best.elo())) {
                best = s.top();
            }
        }
        return best;
    }

    public Series seatAdvantage() {
        return series.get(0);
    }

    public Series balance() {
        return series.get(1);
    }
}
