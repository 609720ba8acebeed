package richelieu.runner.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * A fair compensation for the second player, from the recorded score margins alone (no new
 * games): give seat 1 a bonus of b points; seat 0 then wins a game whose margin (seat 0's score
 * minus seat 1's) exceeds b, loses below b, and a margin of exactly b counts as a draw (½). Seat
 * 0's expected score E(b) = P(M &gt; b) + ½·P(M = b), for b = 0, 1, …
 *
 * <p>Each E(b) is the mean of a win/draw/loss sample, with the score-test interval of
 * {@link ScoreInterval} (inside [0, 1], positive width at 0%, 100% and all draws). The intervals
 * are pointwise at the given confidence. The fairest bonus is the b with E(b) closest to ½ (the
 * smaller b on a tie); {@link Point#includesHalf()} says whether ½ is inside its interval.
 *
 * <p>Caveat, stated on the pages: the game breaks a tie in points by cards left, which the margin
 * histogram does not hold, so at b = 0 E(0) counts a tie in points as half a win rather than as
 * the tie-break's winner's; for b &gt; 0 the bonus decides first.
 *
 * @param points  one point per bonus, b = 0 first
 * @param fairest the bonus whose E(b) is closest to ½, or −1 with no games
 * @param games   the games counted
 */
public record CompensationCurve(List<Point> points, int fairest, long games) {

    /** Seat 0's expected score and interval with bonus {@code bonus} for seat 1. */
    public record Point(int bonus, long wins, long draws, long losses, double score, Interval interval) {
        public boolean includesHalf() {
            return interval.contains(0.5);
        }
    }

    /**
     * The curve for bonuses 0..{@code maxBonus}.
     *
     * @param margins    distinct margins (seat 0 − seat 1), any order
     * @param counts     games with each margin
     * @param maxBonus   largest bonus, ≥ 0
     * @param confidence pointwise level, e.g. 0.95
     */
    public static CompensationCurve of(int[] margins, long[] counts, int maxBonus, double confidence) {
        if (margins.length != counts.length) {
            throw new IllegalArgumentException("one count per margin");
        }
        if (maxBonus < 0) {
            throw new IllegalArgumentException("maxBonus must be >= 0, got " + maxBonus);
        }
        StatMath.checkConfidence(confidence);
        long n = 0;
        for (long c : counts) {
            n = Math.addExact(n, StatMath.nonNegative("count", c));
        }
        List<Point> points = new ArrayList<>(maxBonus + 1);
        int fairest = -1;
        double best = Double.POSITIVE_INFINITY;
        for (int b = 0; b <= maxBonus; b++) {
            long above = 0;
            long equal = 0;
            for (int i = 0; i < margins.length; i++) {
                if (margins[i] > b) {
                    above += counts[i];
                } else if (margins[i] == b) {
                    equal += counts[i];
                }
            }
            long below = n - above - equal;
            double score = n == 0 ? Double.NaN : (above + equal / 2.0) / n;
            Interval ci = ScoreInterval.of(new long[]{below, equal, above}, confidence);
            points.add(new Point(b, above, equal, below, score, ci));
            if (n > 0 && Math.abs(score - 0.5) < best) {
                best = Math.abs(score - 0.5);
                fairest = b;
            }
        }
        return new CompensationCurve(List.copyOf(points), fairest, n);
    }
}
