package richelieu.runner.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * The verdict on "is the three-row variant better balanced?" for a family of bots, each with its
 * paired difference of seat 0's score (base − three-row) tested by {@link PairedEquivalence}.
 *
 * <p>Both families of p-values — the TOST p-values and the difference p-values — are
 * Holm-adjusted over the bots ({@link Holm}), so each kind of claim keeps a family-wise error of
 * at most α. Per bot:
 * <ul>
 *   <li>{@link Kind#EQUALLY_BALANCED} only when the adjusted TOST p is below α ("equally
 *       balanced within ±margin");</li>
 *   <li>{@link Kind#MORE_BALANCED} / {@link Kind#LESS_BALANCED} only when the adjusted difference
 *       p is below α and seat 0's score moves towards / away from ½ — judged from the two
 *       variants' seat 0 scores being on the same side of ½; if they lie on opposite sides the
 *       change is real but which variant is closer to ½ is not decided: {@link Kind#DIFFERENT};</li>
 *   <li>{@link Kind#INCONCLUSIVE} otherwise ("inconclusive at this sample").</li>
 * </ul>
 * When both tests reject (a real but small change), the difference verdict is given and
 * {@code withinMargin} says it is smaller than the margin.
 *
 * @param kind          the verdict
 * @param withinMargin  true if TOST also rejects (the change is within ±margin)
 * @param pEquivalence  Holm-adjusted TOST p
 * @param pDifference   Holm-adjusted difference p
 * @param differenceDivisor  k of the Holm step that decided the difference ({@link Holm#divisors}; 1 for
 *                           a bot alone, 0 without a test): the test was at α/k
 * @param equivalenceDivisor k of the Holm step that decided the TOST: each one-sided test at α/k
 */
public record BalanceVerdict(Kind kind, boolean withinMargin, double pEquivalence, double pDifference,
                             int differenceDivisor, int equivalenceDivisor) {

    /**
     * The intervals that go with a verdict: the difference's at 1 − α/k and the TOST's at
     * 1 − 2α/k, each k of the Holm step that decided that test. The difference interval leaves 0 out
     * exactly when the verdict is more, less or differently balanced; the TOST interval lies inside
     * ±margin exactly when the TOST rejects (up to rounding at the boundary). For a bot tested alone
     * they are the plain 95% and 90% intervals.
     */
    public record Intervals(Interval difference, double differenceConfidence, Interval equivalence,
                            double equivalenceConfidence) {
    }

    /** This verdict's intervals for the bot's paired differences, each test at level {@code alpha}. */
    public Intervals intervals(BoundedMean differences, double alpha) {
        double dc = differenceDivisor == 0 ? Double.NaN : 1 - alpha / differenceDivisor;
        double ec = equivalenceDivisor == 0 ? Double.NaN : 1 - 2 * alpha / equivalenceDivisor;
        return new Intervals(Double.isNaN(dc) ? Interval.UNDEFINED : differences.interval(dc), dc,
                Double.isNaN(ec) ? Interval.UNDEFINED : differences.interval(ec), ec);
    }

    /** What the data say about the change of balance. */
    public enum Kind {
        EQUALLY_BALANCED("equally balanced within ±%s pp"),
        MORE_BALANCED("more balanced"),
        LESS_BALANCED("less balanced"),
        DIFFERENT("differently balanced (seat 0's score changes, across 50%)"),
        INCONCLUSIVE("inconclusive at this sample");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        /** The words of the verdict; {@code marginPp} fills in the margin of "equally balanced". */
        public String words(String marginPp) {
            return words.contains("%s") ? String.format(java.util.Locale.ROOT, words, marginPp) : words;
        }
    }

    /**
     * Verdicts for a family of bots.
     *
     * @param tests        each bot's test of seat 0's score, base − three-row
     * @param baseScores   each bot's seat 0 score under the base rules
     * @param threeScores  each bot's seat 0 score under the three-row variant
     * @param alpha        family-wise level of each kind of claim, e.g. 0.05
     */
    public static List<BalanceVerdict> holm(List<PairedEquivalence> tests, double[] baseScores, double[] threeScores,
                                            double alpha) {
        int m = tests.size();
        double[] tost = new double[m];
        double[] diff = new double[m];
        for (int i = 0; i < m; i++) {
            tost[i] = tests.get(i).pEquivalence();
            diff[i] = tests.get(i).pDifference();
        }
        return holm(tost, diff, baseScores, threeScores, alpha);
    }

    /**
     * Verdicts for a family of bots from their unadjusted p-values.
     *
     * @param pEquivalence each bot's TOST p ({@link PairedEquivalence#pEquivalence()})
     * @param pDifference  each bot's p of no difference ({@link PairedEquivalence#pDifference()})
     */
    public static List<BalanceVerdict> holm(double[] pEquivalence, double[] pDifference, double[] baseScores,
                                            double[] threeScores, double alpha) {
        int m = pEquivalence.length;
        if (pDifference.length != m || baseScores.length != m || threeScores.length != m) {
            throw new IllegalArgumentException("one TOST p, difference p, base and three-row score per bot");
        }
        double[] tost = pEquivalence;
        double[] diff = pDifference;
        double[] tostAdj = Holm.adjust(tost);
        double[] diffAdj = Holm.adjust(diff);
        int[] tostK = Holm.divisors(alpha, tost);
        int[] diffK = Holm.divisors(alpha, diff);
        List<BalanceVerdict> out = new ArrayList<>(m);
        for (int i = 0; i < m; i++) {
            boolean equivalent = tostAdj[i] < alpha;
            boolean different = diffAdj[i] < alpha;
            Kind kind;
            if (different) {
                double base = baseScores[i] - 0.5;
                double three = threeScores[i] - 0.5;
                if (base * three < 0) {
                    kind = Kind.DIFFERENT;
                } else {
                    kind = Math.abs(three) < Math.abs(base) ? Kind.MORE_BALANCED : Kind.LESS_BALANCED;
                }
            } else {
                kind = equivalent ? Kind.EQUALLY_BALANCED : Kind.INCONCLUSIVE;
            }
            out.add(new BalanceVerdict(kind, equivalent, tostAdj[i], diffAdj[i], diffK[i], tostK[i]));
        }
        return out;
    }
}
