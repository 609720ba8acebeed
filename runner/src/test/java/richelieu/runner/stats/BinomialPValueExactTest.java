package richelieu.runner.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/**
 * The exact two-sided binomial test against an independent computation in exact or 50-digit
 * arithmetic, for every outcome up to 300 trials and a sample up to a million: a p-value a user
 * quotes must not be too small because a floating-point comparison stopped a tail one term early.
 *
 * <p>At p = ½ the p-value is 2·P(X ≤ min(k, n − k)) capped at 1, the outcomes no more likely than
 * the observed one being the two tails. At any other p it is R's {@code binom.test}: the total
 * probability of the outcomes whose probability is at most the observed one's times 1 + 10⁻⁷.
 */
class BinomialPValueExactTest {

    private static final MathContext DIGITS = new MathContext(50);

    /** Relative agreement demanded: a few units in the last place of a double. */
    private static final double RELATIVE = 1e-12;

    @Test
    void binomialTwoSidedPValue_everyOutcomeUpTo300TrialsAtHalf_equalsExactRationalSum() {
        List<String> wrong = new ArrayList<>();
        for (int n = 1; n <= 300; n++) {
            BigInteger[] cumulative = cumulativeBinomialCoefficients(n);
            BigDecimal total = new BigDecimal(BigInteger.ONE.shiftLeft(n));
            for (int k = 0; k <= n; k++) {
                BigDecimal tail = new BigDecimal(cumulative[Math.min(k, n - k)]);
                double exact = Math.min(1.0, tail.multiply(BigDecimal.valueOf(2)).divide(total, DIGITS).doubleValue());
                double actual = Proportions.binomialTwoSidedPValue(k, n, 0.5);
                if (!close(exact, actual)) {
                    wrong.add(k + " of " + n + ": " + actual + " instead of " + exact);
                }
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " wrong, e.g. " + wrong.subList(0, Math.min(5, wrong.size())));
    }

    @Test
    void binomialTwoSidedPValue_quotedExamples_areExact() {
        // 47 of 76 split deals: the McNemar test of a 1,000-pair match
        assertEquals(0.05045241024721763, Proportions.binomialTwoSidedPValue(47, 76, 0.5), 1e-15);
        assertEquals(1.0, Proportions.binomialTwoSidedPValue(2, 3, 0.5), 0.0);
        assertEquals(2.0 * 378 / 8192, Proportions.binomialTwoSidedPValue(3, 13, 0.5), 1e-15);
    }

    @Test
    void binomialTwoSidedPValue_sampleUpToAMillionTrialsAtHalf_equalsExactSum() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (int n : new int[] {301, 1_000, 4_999, 20_000, 123_457, 1_000_000}) {
            // outcomes from the centre to far out: p from 1 down to about 1e-300
            List<Integer> ks = new ArrayList<>();
            for (double sds : new double[] {0, 0.1, 0.5, 1, 1.5, 1.96, 2, 2.5, 3, 4, 6, 10, 20, 37}) {
                int k = (int) Math.floor(n / 2.0 - sds * Math.sqrt(n) / 2.0);
                if (k >= 0) {
                    ks.add(k);
                    ks.add(n - k);
                }
            }
            ks.add(0);
            ks.add(1);
            ks.add(n);
            int deepest = ks.stream().mapToInt(k -> Math.min(k, n - k)).max().orElseThrow();
            BigDecimal[] lowerTail = halfBinomialTails(n, deepest);
            for (int k : ks) {
                BigDecimal two = lowerTail[Math.min(k, n - k)].multiply(BigDecimal.valueOf(2));
                double exact = two.compareTo(BigDecimal.ONE) >= 0 ? 1.0 : two.doubleValue();
                double actual = Proportions.binomialTwoSidedPValue(k, n, 0.5);
                checked++;
                if (!close(exact, actual)) {
                    wrong.add(k + " of " + n + ": " + actual + " instead of " + exact);
                }
            }
        }
        assertTrue(checked > 150, "checked " + checked);
        assertTrue(wrong.isEmpty(), wrong.size() + " wrong, e.g. " + wrong.subList(0, Math.min(5, wrong.size())));
    }

    @Test
    void binomialTwoSidedPValue_otherProbabilities_equalExactSumWithRsTolerance() {
        List<String> wrong = new ArrayList<>();
        for (double p : new double[] {0.1, 0.25, 0.3, 1.0 / 3, 0.75, 0.9, 0.999}) {
            for (int n = 1; n <= 300; n += n < 60 ? 1 : 17) {
                RTwoSided exact = new RTwoSided(pmf(n, p));
                for (int k = 0; k <= n; k++) {
                    double actual = Proportions.binomialTwoSidedPValue(k, n, p);
                    if (!close(exact.pValue(k), actual)) {
                        wrong.add(k + " of " + n + " at " + p + ": " + actual + " instead of " + exact.pValue(k));
                    }
                }
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " wrong, e.g. " + wrong.subList(0, Math.min(5, wrong.size())));
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} of {1}")
    @org.junit.jupiter.params.provider.CsvSource({"3, 7", "4, 7", "5, 11", "50, 101", "49, 99", "0, 1", "1, 1", "2, 4",
            "1000, 2001", "499999, 999999"})
    void binomialTwoSidedPValue_aMostLikelyOutcomeAtHalf_isExactlyOne(long successes, long trials) {
        // Before: 0.9999999999999999 for an odd number of trials split as evenly as it can be.
        assertEquals(1.0, Proportions.binomialTwoSidedPValue(successes, trials, 0.5));
    }

    @Test
    void binomialTwoSidedPValue_certainOutcomes_areOneOrZero() {
        assertEquals(1.0, Proportions.binomialTwoSidedPValue(0, 10, 0.0), 0.0);
        assertEquals(0.0, Proportions.binomialTwoSidedPValue(1, 10, 0.0), 0.0);
        assertEquals(1.0, Proportions.binomialTwoSidedPValue(10, 10, 1.0), 0.0);
        assertEquals(0.0, Proportions.binomialTwoSidedPValue(9, 10, 1.0), 0.0);
    }

    @Test
    void binomialTwoSidedPValue_largestTrialCount_isFiniteAndSymmetric() {
        int n = Integer.MAX_VALUE;
        int k = n / 2 - 50_000; // about 2.2 standard deviations below the centre
        double low = Proportions.binomialTwoSidedPValue(k, n, 0.5);
        assertEquals(low, Proportions.binomialTwoSidedPValue(n - k, n, 0.5), 0.0);
        // normal approximation with continuity correction, good to about 1e-4 here
        double z = (n / 2.0 - k - 0.5) / (Math.sqrt(n) / 2.0);
        assertEquals(2 * StatMath.phi(-z), low, 1e-4);
    }

    /**
     * R's binom.test: Σ pmf(i) over pmf(i) ≤ pmf(k)·(1 + 1e-7), capped at 1; the probabilities
     * sorted once, so that each k is a binary search and a prefix sum.
     */
    private static final class RTwoSided {
        private final BigDecimal[] pmf;
        private final BigDecimal[] sorted;
        private final BigDecimal[] prefix;

        RTwoSided(BigDecimal[] pmf) {
            this.pmf = pmf;
            sorted = pmf.clone();
            java.util.Arrays.sort(sorted);
            prefix = new BigDecimal[sorted.length + 1];
            prefix[0] = BigDecimal.ZERO;
            for (int i = 0; i < sorted.length; i++) {
                prefix[i + 1] = prefix[i].add(sorted[i]);
            }
        }

        double pValue(int k) {
            BigDecimal bound = pmf[k].multiply(new BigDecimal("1.0000001"));
            int lo = 0;
            int hi = sorted.length; // count of sorted values ≤ bound
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid].compareTo(bound) <= 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            BigDecimal sum = prefix[lo];
            return sum.compareTo(BigDecimal.ONE) >= 0 ? 1.0 : sum.doubleValue();
        }
    }

    /** Σ_{j ≤ i} C(n, j) for every i, exactly. */
    private static BigInteger[] cumulativeBinomialCoefficients(int n) {
        BigInteger[] out = new BigInteger[n + 1];
        BigInteger c = BigInteger.ONE;
        BigInteger sum = BigInteger.ZERO;
        for (int j = 0; j <= n; j++) {
            sum = sum.add(c);
            out[j] = sum;
            c = c.multiply(BigInteger.valueOf(n - j)).divide(BigInteger.valueOf(j + 1));
        }
        return out;
    }

    /** P(X ≤ i) for X ~ Binomial(n, ½) and every i ≤ upTo, to 50 digits. */
    private static BigDecimal[] halfBinomialTails(int n, int upTo) {
        BigDecimal[] out = new BigDecimal[upTo + 1];
        BigDecimal term = new BigDecimal("0.5").pow(n, DIGITS);
        BigDecimal sum = BigDecimal.ZERO;
        for (int j = 0; j <= upTo; j++) {
            sum = sum.add(term, DIGITS);
            out[j] = sum;
            term = term.multiply(BigDecimal.valueOf(n - j), DIGITS).divide(BigDecimal.valueOf(j + 1), DIGITS);
        }
        return out;
    }

    /** The Binomial(n, p) probabilities to 50 digits, p taken exactly as the double it is. */
    private static BigDecimal[] pmf(int n, double p) {
        BigDecimal success = new BigDecimal(p);
        BigDecimal failure = BigDecimal.ONE.subtract(success);
        BigDecimal odds = success.divide(failure, DIGITS);
        BigDecimal[] out = new BigDecimal[n + 1];
        out[0] = failure.pow(n, DIGITS);
        for (int j = 0; j < n; j++) {
            out[j + 1] = out[j].multiply(odds, DIGITS).multiply(BigDecimal.valueOf(n - j), DIGITS)
                    .divide(BigDecimal.valueOf(j + 1), DIGITS);
        }
        return out;
    }

    private static boolean close(double exact, double actual) {
        if (exact < PValue.FLOOR) {
            return actual < PValue.FLOOR; // below what a double holds accurately: printed as a bound
        }
        return Math.abs(actual - exact) <= RELATIVE * exact;
    }
}
