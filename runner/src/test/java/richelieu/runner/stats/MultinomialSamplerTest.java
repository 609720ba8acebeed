package richelieu.runner.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

/**
 * The sampler is checked against the exact binomial law (Commons Math pmf) by a chi-square
 * goodness-of-fit test and by moments. Seeds are fixed, so each check is deterministic; a biased
 * sampler (e.g. an off-by-one in the inversion walk) fails them by a wide margin.
 */
class MultinomialSamplerTest {

    @Test
    void binomial_smallN_frequenciesFitExactPmf() {
        int n = 20;
        double p = 0.3;
        int draws = 200_000;
        long[] observed = new long[n + 1];
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < draws; i++) {
            observed[(int) MultinomialSampler.binomial(random, n, p)]++;
        }
        BinomialDistribution exact = new BinomialDistribution(null, n, p);
        // Pool the tails so every expected count is at least 5.
        double statistic = 0.0;
        int cells = 0;
        double expectedPool = 0.0;
        long observedPool = 0;
        for (int k = 0; k <= n; k++) {
            expectedPool += draws * exact.probability(k);
            observedPool += observed[k];
            if (expectedPool >= 5.0 || k == n) {
                statistic += (observedPool - expectedPool) * (observedPool - expectedPool) / expectedPool;
                cells++;
                expectedPool = 0.0;
                observedPool = 0;
            }
        }
        double pValue = StatMath.chiSquareUpperTail(statistic, cells - 1);
        assertTrue(pValue > 1e-3, "chi-square " + statistic + " on " + (cells - 1) + " df, p = " + pValue);
    }

    @Test
    void binomial_largeN_meanAndVarianceMatchNpAndNpq() {
        long n = 1_000_000;
        double p = 0.37;
        int draws = 4000;
        SplittableRandom random = new SplittableRandom(7);
        double sum = 0.0;
        double sumSq = 0.0;
        for (int i = 0; i < draws; i++) {
            double x = MultinomialSampler.binomial(random, n, p);
            sum += x;
            sumSq += x * x;
        }
        double mean = sum / draws;
        double variance = (sumSq - sum * mean) / (draws - 1);
        double npq = n * p * (1 - p);
        assertEquals(n * p, mean, 4.0 * Math.sqrt(npq / draws));
        // sd of the sample variance ≈ npq·sqrt(2/(draws-1)) ≈ 0.022·npq
        assertEquals(npq, variance, 0.1 * npq);
    }

    @Test
    void binomial_degenerateParameters_returnObviousValues() {
        SplittableRandom random = new SplittableRandom(1);
        assertEquals(0, MultinomialSampler.binomial(random, 0, 0.4));
        assertEquals(0, MultinomialSampler.binomial(random, 50, 0.0));
        assertEquals(50, MultinomialSampler.binomial(random, 50, 1.0));
        long tiny = MultinomialSampler.binomial(random, 1000, 1e-9);
        assertTrue(tiny >= 0 && tiny <= 1);
        assertThrows(IllegalArgumentException.class, () -> MultinomialSampler.binomial(random, 5, 1.5));
    }

    @Test
    void resample_sameSeed_identicalDrawsPreservingTotalAndEmptyCells() {
        long[] counts = {39, 5335, 0, 5622, 12};
        long[] a = MultinomialSampler.resample(new SplittableRandom(99), counts);
        long[] b = MultinomialSampler.resample(new SplittableRandom(99), counts);
        assertArrayEquals(a, b);
        long total = 0;
        for (long x : a) {
            total += x;
        }
        assertEquals(39 + 5335 + 5622 + 12, total);
        assertEquals(0, a[2]);
    }

    @Test
    void resample_manyDraws_marginalMeansMatchCounts() {
        long[] counts = {10, 30, 60, 40, 20};
        double[] sums = new double[5];
        int draws = 20_000;
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < draws; i++) {
            long[] d = MultinomialSampler.resample(random, counts);
            for (int k = 0; k < 5; k++) {
                sums[k] += d[k];
            }
        }
        for (int k = 0; k < 5; k++) {
            double p = counts[k] / 160.0;
            double se = Math.sqrt(160 * p * (1 - p) / draws);
            assertEquals(counts[k], sums[k] / draws, 4 * se, "category " + k);
        }
    }
}
