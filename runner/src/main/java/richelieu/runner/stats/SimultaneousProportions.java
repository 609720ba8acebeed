package richelieu.runner.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Simultaneous confidence intervals for several proportions of one multinomial sample, e.g. the
 * win rate of each seat of a 3- or 4-player game (games won alone by seat s / all games; shared
 * wins form a further category that gets no interval).
 *
 * <p>Goodman's intervals (L. A. Goodman, "On simultaneous confidence intervals for multinomial
 * proportions", Technometrics 7:247-254, 1965): for m intervals, each is the score (Wilson)
 * interval solving n(p̂ − p)² ≤ A·p(1 − p) with A the upper α/m quantile of χ²₁, i.e. the
 * Wilson interval at confidence 1 − α/m. By Bonferroni's inequality all m intervals hold together
 * with probability at least 1 − α, for any n (conservative, never anti-conservative). The Wilson
 * interval stays inside [0, 1] and keeps positive width at 0 and at n successes; n = 0 gives
 * {@link Interval#UNDEFINED}.
 */
public final class SimultaneousProportions {
    private SimultaneousProportions() {
    }

    /**
     * Intervals for {@code counts[i] / trials}, holding together with probability at least
     * {@code confidence}.
     *
     * @param counts     per category (their sum may be below {@code trials}: other outcomes)
     * @param trials     the sample size
     * @param confidence joint level, e.g. 0.95
     */
    public static List<Interval> goodman(long[] counts, long trials, double confidence) {
        StatMath.checkConfidence(confidence);
        StatMath.nonNegative("trials", trials);
        if (counts.length == 0) {
            throw new IllegalArgumentException("need at least one category");
        }
        long sum = 0;
        for (long c : counts) {
            sum = Math.addExact(sum, StatMath.nonNegative("count", c));
        }
        if (sum > trials) {
            throw new IllegalArgumentException("counts sum to " + sum + ", more than the " + trials + " trials");
        }
        double each = 1 - (1 - confidence) / counts.length;
        List<Interval> out = new ArrayList<>(counts.length);
        for (long c : counts) {
            out.add(Proportions.wilson(c, trials, each));
        }
        return out;
    }
}
