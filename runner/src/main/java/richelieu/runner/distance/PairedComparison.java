package richelieu.runner.distance;

import org.apache.commons.math3.distribution.NormalDistribution;
import richelieu.runner.stats.BoundedMean;
import richelieu.runner.stats.Holm;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.Proportions;

import java.util.ArrayList;
import java.util.List;

/**
 * The bot that gives away game value least often (all numbers of cards pooled) against each other
 * bot, paired on the same positions: every bot decided at every position, so two bots differ only
 * where one gives away value and the other does not. The exact McNemar test (the two-sided binomial
 * test at ½ of those discordant decisions; Agresti, Categorical Data Analysis, §11.1) asks whether
 * the leader gives away value less often than the other bot; the p-values are Holm-adjusted over
 * the comparisons, so "least often" is claimed only where every comparison says so. The same pairs
 * give the paired difference of the shares (other − leader), with the interval of confidence
 * 1 − 5%/k of the Holm step k that decided its test, the inverted McNemar test (so it leaves 0
 * out exactly when the verdict says the two differ; see {@link #shareInterval}), and
 * the paired difference of the mean points lost with its 95% interval (a description: no verdict
 * is drawn from it), a mean of bounded values ({@link BoundedMean}) that stays honest with one
 * position or when every position gives the same difference.
 *
 * @param leader      the bot with the fewest decisions that give away value (the first of the order on a tie)
 * @param other       the bot it is compared with
 * @param positions   the positions both decided
 * @param onlyLeader  positions where the leader gives away value and the other does not
 * @param onlyOther   positions where the other gives away value and the leader does not
 * @param p           the exact two-sided McNemar p-value (1 without a discordant position)
 * @param holm        {@code p} Holm-adjusted over the comparisons
 * @param shareDifference  other's share minus the leader's
 * @param shareInterval    its interval at 1 − 5%/k, k of the Holm step that decided the test
 * @param shareConfidence  that confidence
 * @param pointsDifference other's mean points lost minus the leader's
 * @param pointsInterval   its 95% interval
 */
public record PairedComparison(String leader, String other, long positions, long onlyLeader, long onlyOther, double p,
                               double holm, double shareDifference, Interval shareInterval, double shareConfidence,
                               double pointsDifference, Interval pointsInterval) {
    /** The family-wise level of the verdicts. */
    public static final double ALPHA = 0.05;

    /** True when the leader gives away value less often than the other bot, by the Holm-adjusted test. */
    public boolean leaderBetter() {
        return holm < ALPHA && onlyLeader < onlyOther;
    }

    /** True when the other bot gives away value less often than the leader, by the Holm-adjusted test. */
    public boolean otherBetter() {
        return holm < ALPHA && onlyOther < onlyLeader;
    }

    /**
     * The leader of {@code bots} (index by {@code bots}' order) against each other bot over
     * {@code positions}; none with fewer than two bots or no position.
     */
    static List<PairedComparison> of(List<String> bots, List<DistanceStudy.Position> positions) {
        if (bots.size() < 2 || positions.isEmpty()) {
            return List.of();
        }
        int leader = 0;
        long fewest = Long.MAX_VALUE;
        int bound = 1; // a bound of 0 (no worse action anywhere) still needs a range
        long exact = 0; // positions whose margins were solved: the points-lost difference is theirs alone
        for (DistanceStudy.Position p : positions) {
            if (p.exact()) {
                bound = Math.max(bound, p.best() - p.worst());
                exact++;
            }
        }
        for (int b = 0; b < bots.size(); b++) {
            long away = 0;
            for (DistanceStudy.Position p : positions) {
                away += givesAway(p, b) ? 1 : 0;
            }
            if (away < fewest) {
                fewest = away;
                leader = b;
            }
        }
        List<Integer> others = new ArrayList<>();
        double[] ps = new double[bots.size() - 1];
        long[][] counts = new long[bots.size() - 1][];
        for (int b = 0; b < bots.size(); b++) {
            if (b == leader) {
                continue;
            }
            long onlyLeader = 0;
            long onlyOther = 0;
            long pointSum = 0;
            long pointSquares = 0;
            for (DistanceStudy.Position p : positions) {
                boolean l = givesAway(p, leader);
                boolean o = givesAway(p, b);
                onlyLeader += l && !o ? 1 : 0;
                onlyOther += o && !l ? 1 : 0;
                if (p.exact()) {
                    long d = (long) p.choices().get(leader).margin() - p.choices().get(b).margin(); // other's loss − leader's
                    pointSum += d;
                    pointSquares += d * d;
                }
            }
            int i = others.size();
            others.add(b);
            counts[i] = new long[]{onlyLeader, onlyOther, pointSum, pointSquares};
            ps[i] = Proportions.binomialTwoSidedPValue(onlyLeader, onlyLeader + onlyOther, 0.5);
        }
        double[] holm = Holm.adjust(ps);
        int[] steps = Holm.divisors(ALPHA, ps);
        long n = positions.size();
        List<PairedComparison> out = new ArrayList<>();
        for (int i = 0; i < others.size(); i++) {
            long[] c = counts[i];
            // per position the other's share minus the leader's is −1, 0 or +1: Σd = onlyOther − onlyLeader, Σd² their sum
            BoundedMean points = BoundedMean.fromSums(exact, c[2], c[3], 1, -bound, bound);
            double confidence = 1 - ALPHA / steps[i];
            out.add(new PairedComparison(bots.get(leader), bots.get(others.get(i)), n, c[0], c[1], ps[i], holm[i],
                    (double) (c[1] - c[0]) / n, shareInterval(n, c[0], c[1], confidence), confidence, points.mean(),
                    exact == 0 ? Interval.UNDEFINED : points.interval(DistanceResult.CONFIDENCE)));
        }
        return List.copyOf(out);
    }

    /**
     * The interval of the share difference that goes with the McNemar test: the exact
     * (Clopper–Pearson) interval of the discordant decisions' split, π the share of them where only
     * the other bot gives value away, as a difference (2π − 1)·m/n — it leaves 0 out exactly when
     * the test rejects at 1 − confidence. Without a discordant decision there is no split to bound:
     * every position's difference is 0, and the interval is the exact one of a mean of values in
     * [−1, 1] that were all 0 ({@link BoundedMean}), which still says how small the difference must be.
     */
    static Interval shareInterval(long n, long onlyLeader, long onlyOther, double confidence) {
        long m = onlyLeader + onlyOther;
        if (m == 0) {
            return BoundedMean.fromSums(n, 0, 0, 1, -1, 1).interval(confidence);
        }
        Interval split = Proportions.clopperPearson(onlyOther, m, confidence);
        double scale = (double) m / n;
        return new Interval((2 * split.low() - 1) * scale, (2 * split.high() - 1) * scale);
    }

    /**
     * About how many positions a paired comparison needs to tell this difference apart, were the
     * observed rates the true ones: the discordant positions m that the McNemar test at level
     * {@code alpha} (two-sided) rejects with probability {@code power}, by the normal
     * approximation of the sign test (m = (z₁₋α/₂·½ + z_power·√(π(1−π)))² / (π − ½)², π the share
     * of discordant positions where only the other bot gives value away; Connor, Biometrics 1987),
     * scaled by the observed share of discordant positions. Infinite when the split is even (no
     * difference to resolve), NaN without a discordant position (no rate to scale by).
     */
    public double positionsToResolve(double alpha, double power) {
        long m = onlyLeader + onlyOther;
        if (m == 0) {
            return Double.NaN;
        }
        double pi = (double) onlyOther / m;
        if (pi == 0.5) {
            return Double.POSITIVE_INFINITY;
        }
        NormalDistribution normal = new NormalDistribution(null, 0, 1);
        double za = normal.inverseCumulativeProbability(1 - alpha / 2);
        double zb = normal.inverseCumulativeProbability(power);
        double root = za * 0.5 + zb * Math.sqrt(pi * (1 - pi));
        double discordant = root * root / ((pi - 0.5) * (pi - 0.5));
        return Math.ceil(discordant * positions / m);
    }

    private static boolean givesAway(DistanceStudy.Position p, int bot) {
        return p.choices().get(bot).outcome() < p.outcome();
    }
}
