package richelieu.runner.stats;

import org.apache.commons.math3.distribution.BinomialDistribution;

import java.util.ArrayList;
import java.util.List;

/**
 * What bonus for the second player makes a 2-player game fair, from the recorded score margins
 * alone (no new games). Give seat 1 a bonus of c points: seat 0 then wins a game whose margin M
 * (seat 0's score minus seat 1's) exceeds c, loses below c, and a margin of exactly c is a tie
 * (½). Seat 0's expected score is E(c) = P(M &gt; c) + ½·P(M = c).
 *
 * <p><b>The fair bonus</b> is the c on the half-point grid (…, −½, 0, ½, 1, …) whose E(c) is
 * closest to ½; among equally fair bonuses the one nearest the median margin, then the smaller.
 * Scores are whole points, so a half-point bonus leaves no tie (E is exact there, while at a whole
 * point the game's tie-break on cards, which the margins do not hold, is counted as half a win).
 * E falls as c grows and crosses ½ at the median margin, so the fair bonus lies within ½ point of
 * every median: its 95% interval is the distribution-free interval of the median — the order
 * statistics M_(j) and M_(n−j+1) with j from Binomial(n, ½), which cover every population median
 * with probability at least 95% for any distribution, ties included — widened by ½ point on each
 * side. Below 6 games no pair of order statistics reaches 95% (2·½⁶ &lt; 5% &lt; 2·½⁵): the interval
 * is undefined rather than a 50% interval printed as 95%.
 *
 * <p><b>The curve</b>: E(c) with its score-test interval ({@link ScoreInterval}: inside [0, 1],
 * positive width at 0%, 100% and all ties) for c = 0, ½, 1, … up to {@code maxBonus}; pointwise.
 *
 * @param points        the curve, c = 0 first, in half-point steps
 * @param fairBonus     the fair bonus for seat 1 (points; negative: seat 0 gets it); NaN with no games
 * @param fairInterval  its interval at the given confidence (undefined below 6 games)
 * @param seat0AtFair   E at the fair bonus (NaN with no games)
 * @param games         the games counted
 */
public record CompensationCurve(List<Point> points, double fairBonus, Interval fairInterval, double seat0AtFair,
                                long games) {

    /** Seat 0's expected score and interval with bonus {@code bonus} for seat 1. */
    public record Point(double bonus, long wins, long draws, long losses, double score, Interval interval) {
        public boolean includesHalf() {
            return interval.contains(0.5);
        }
    }

    /**
     * The curve for bonuses 0, ½, …, {@code maxBonus} and the fair bonus.
     *
     * @param margins    distinct margins (seat 0 − seat 1), any order
     * @param counts     games with each margin
     * @param maxBonus   largest bonus of the curve, ≥ 0, a multiple of ½
     * @param confidence level of the curve's pointwise intervals and of the fair bonus's interval, e.g. 0.95
     */
    public static CompensationCurve of(int[] margins, long[] counts, double maxBonus, double confidence) {
        if (margins.length != counts.length) {
            throw new IllegalArgumentException("one count per margin");
        }
        if (!(maxBonus >= 0) || 2 * maxBonus != Math.rint(2 * maxBonus)) {
            throw new IllegalArgumentException("maxBonus must be a multiple of 0.5, >= 0, got " + maxBonus);
        }
        StatMath.checkConfidence(confidence);
        long n = 0;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < counts.length; i++) {
            n = Math.addExact(n, StatMath.nonNegative("count", counts[i]));
            if (counts[i] > 0) {
                min = Math.min(min, margins[i]);
                max = Math.max(max, margins[i]);
            }
        }
        List<Point> points = new ArrayList<>();
        for (int half = 0; half <= (int) (2 * maxBonus); half++) {
            points.add(point(margins, counts, n, half / 2.0, confidence));
        }
        if (n == 0) {
            return new CompensationCurve(List.copyOf(points), Double.NaN, Interval.UNDEFINED, Double.NaN, 0);
        }
        double median = (valueAtRank(margins, counts, (n + 1) / 2) + valueAtRank(margins, counts, n / 2 + 1)) / 2.0;
        double fair = Double.NaN;
        double fairScore = Double.NaN;
        for (int half = 2 * min - 1; half <= 2 * max + 1; half++) {
            double c = half / 2.0;
            double score = score(margins, counts, n, c);
            if (Double.isNaN(fair) || fairer(score, c, fairScore, fair, median)) {
                fair = c;
                fairScore = score;
            }
        }
        Interval interval = Interval.UNDEFINED;
        double alpha = 1 - confidence;
        if (2 * Math.pow(0.5, Math.min(n, 64)) <= alpha) {
            BinomialDistribution bin = new BinomialDistribution(null, (int) Math.min(n, Integer.MAX_VALUE), 0.5);
            // j with P(Bin(n, ½) ≤ j − 1) < α/2: M_(j) > median has at most that chance
            long j = Math.max(1, bin.inverseCumulativeProbability(alpha / 2));
            interval = new Interval(valueAtRank(margins, counts, j) - 0.5, valueAtRank(margins, counts, n - j + 1) + 0.5);
        }
        return new CompensationCurve(List.copyOf(points), fair, interval, fairScore, n);
    }

    /** True if bonus c with score e is fairer than the best so far: closer to ½, then nearer the median, then smaller. */
    private static boolean fairer(double e, double c, double bestE, double best, double median) {
        double d = Math.abs(e - 0.5);
        double bestD = Math.abs(bestE - 0.5);
        if (d != bestD) {
            return d < bestD;
        }
        double m = Math.abs(c - median);
        double bestM = Math.abs(best - median);
        return m != bestM ? m < bestM : c < best;
    }

    /** E(c) = (games with margin above c + ½ · games at c) / n. */
    private static double score(int[] margins, long[] counts, long n, double bonus) {
        long twice = 0;
        for (int i = 0; i < margins.length; i++) {
            twice += margins[i] > bonus ? 2 * counts[i] : margins[i] == bonus ? counts[i] : 0;
        }
        return twice / (2.0 * n);
    }

    private static Point point(int[] margins, long[] counts, long n, double bonus, double confidence) {
        long above = 0;
        long equal = 0;
        for (int i = 0; i < margins.length; i++) {
            if (margins[i] > bonus) {
                above += counts[i];
            } else if (margins[i] == bonus) {
                equal += counts[i];
            }
        }
        long below = n - above - equal;
        double score = n == 0 ? Double.NaN : score(margins, counts, n, bonus);
        return new Point(bonus, above, equal, below, score, ScoreInterval.of(new long[]{below, equal, above}, confidence));
    }

    /** The margin of 1-based rank {@code rank} in ascending order. */
    private static int valueAtRank(int[] margins, long[] counts, long rank) {
        Integer[] order = new Integer[margins.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Integer.compare(margins[a], margins[b]));
        long seen = 0;
        for (int i : order) {
            seen += counts[i];
            if (seen >= rank && counts[i] > 0) {
                return margins[i];
            }
        }
        throw new IllegalArgumentException("rank " + rank + " beyond " + seen + " margins");
    }
}
