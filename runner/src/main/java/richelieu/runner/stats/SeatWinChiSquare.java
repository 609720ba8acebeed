package richelieu.runner.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Pearson chi-square goodness-of-fit test that every seat of a k-player game (k = 3 or 4, any
 * k ≥ 2 accepted) wins equally often.
 *
 * <p>Input: the number of games each seat won, counting only games with exactly one winner (a game
 * with shared or no winner must be left out, or the counts are not multinomial). Under H0 the
 * counts are multinomial with probability 1/k each, expected E = total/k per seat; the statistic
 * X² = Σ (O - E)²/E has k - 1 degrees of freedom; the p-value is P(χ²_{k-1} ≥ X²), computed as the
 * regularized upper incomplete gamma function so small p-values keep their precision. The
 * asymptotic test wants E ≥ 5 ({@link #expectedCountsAdequate()}).
 *
 * @param winsPerSeat       observed wins of each seat, seat 0 first
 * @param expectedPerSeat   E = total / k
 * @param statistic         X²
 * @param degreesOfFreedom  k - 1
 * @param pValue            upper tail probability of X²; NaN when no game was counted
 * @param winRateIntervals  Wilson interval of each seat's share of the wins, at {@code confidence}
 * @param confidence        level of {@code winRateIntervals}
 */
public record SeatWinChiSquare(List<Long> winsPerSeat, double expectedPerSeat, double statistic, int degreesOfFreedom,
        double pValue, List<Interval> winRateIntervals, double confidence) {

    public SeatWinChiSquare {
        winsPerSeat = List.copyOf(winsPerSeat);
        winRateIntervals = List.copyOf(winRateIntervals);
    }

    /** Tests equal win rates; per-seat intervals at 95%. */
    public static SeatWinChiSquare equalWinRates(long... winsPerSeat) {
        return equalWinRates(0.95, winsPerSeat);
    }

    /** Tests equal win rates; per-seat Wilson intervals at the given confidence. */
    public static SeatWinChiSquare equalWinRates(double confidence, long... winsPerSeat) {
        int k = winsPerSeat.length;
        if (k < 2) {
            throw new IllegalArgumentException("need at least 2 seats, got " + k);
        }
        StatMath.checkConfidence(confidence);
        long total = 0;
        List<Long> observed = new ArrayList<>(k);
        for (long w : winsPerSeat) {
            total = Math.addExact(total, StatMath.nonNegative("wins", w));
            observed.add(w);
        }
        List<Interval> intervals = new ArrayList<>(k);
        for (long w : winsPerSeat) {
            intervals.add(Proportions.wilson(w, total, confidence));
        }
        if (total == 0) {
            return new SeatWinChiSquare(observed, 0.0, Double.NaN, k - 1, Double.NaN, intervals, confidence);
        }
        double expected = (double) total / k;
        double statistic = 0.0;
        for (long w : winsPerSeat) {
            double d = w - expected;
            statistic += d * d / expected;
        }
        double p = StatMath.chiSquareUpperTail(statistic, k - 1);
        return new SeatWinChiSquare(observed, expected, statistic, k - 1, p, intervals, confidence);
    }

    /** Total number of games counted. */
    public long games() {
        long total = 0;
        for (long w : winsPerSeat) {
            total += w;
        }
        return total;
    }

    /** True if every expected count is at least 5, the usual condition for the chi-square approximation. */
    public boolean expectedCountsAdequate() {
        return expectedPerSeat >= 5.0;
    }
}
