package richelieu.runner.stats;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * Exact binomial and multinomial variates from a {@link SplittableRandom}, for the bootstrap.
 *
 * <p>Binomial(n, p) is drawn by inversion started at the mode m = ⌊(n+1)p⌋: one uniform u, the
 * cumulative probability F(m) (regularized incomplete beta, Commons Math) and P(X = m)
 * (saddle-point expansion, Commons Math), then a walk down or up the pmf with the ratio
 * P(k+1)/P(k) = (n-k)/(k+1) · p/q until F brackets u. This is exact up to floating-point rounding
 * for every n and p, and takes O(sqrt(npq)) steps (about 400 for a million pairs at p = 0.3).
 *
 * <p>A multinomial draw of total n over categories with probabilities c_i/C is a chain of
 * conditional binomials: X_0 ~ Bin(n, c_0/C), X_1 ~ Bin(n - X_0, c_1/(C - c_0)), ...
 */
final class MultinomialSampler {

    private MultinomialSampler() {
    }

    /**
     * One draw of a multinomial with {@code Σ counts} trials and category probabilities
     * {@code counts[i] / Σ counts} (the empirical distribution of the counts).
     */
    static long[] resample(SplittableRandom random, long[] counts) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        long[] draw = new long[counts.length];
        long trialsLeft = total;
        long massLeft = total;
        for (int i = 0; i < counts.length && trialsLeft > 0; i++) {
            if (i == counts.length - 1 || counts[i] == massLeft) {
                draw[i] = trialsLeft;
                trialsLeft = 0;
                break;
            }
            long x = binomial(random, trialsLeft, (double) counts[i] / massLeft);
            draw[i] = x;
            trialsLeft -= x;
            massLeft -= counts[i];
        }
        return draw;
    }

    /** One Binomial(n, p) variate. */
    static long binomial(SplittableRandom random, long n, double p) {
        if (n < 0 || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("trials must lie in [0, " + Integer.MAX_VALUE + "], got " + n);
        }
        if (!(p >= 0.0 && p <= 1.0)) {
            throw new IllegalArgumentException("p must lie in [0, 1], got " + p);
        }
        if (n == 0 || p == 0.0) {
            return 0;
        }
        if (p == 1.0) {
            return n;
        }
        double q = 1.0 - p;
        BinomialDistribution distribution = new BinomialDistribution(null, (int) n, p);
        long mode = Math.min(n, (long) Math.floor((n + 1) * p));
        double cdf = distribution.cumulativeProbability((int) mode);
        double pmf = distribution.probability((int) mode);
        double u = random.nextDouble();
        long k = mode;
        if (u < cdf) {
            // Walk down: X = k iff F(k-1) <= u < F(k).
            while (k > 0 && u < cdf - pmf) {
                cdf -= pmf;
                pmf *= (double) k / (n - k + 1) * (q / p);
                k--;
                if (pmf == 0.0) {
                    return k; // the rest of the lower tail underflows: u is a rounding artefact
                }
            }
            return k;
        }
        // Walk up: find the first k > mode with u < F(k).
        while (k < n) {
            pmf *= (double) (n - k) / (k + 1) * (p / q);
            k++;
            double next = cdf + pmf;
            if (u < next || next == cdf) {
                return k; // bracketed, or the upper tail no longer moves F (u is a rounding artefact)
            }
            cdf = next;
        }
        return n;
    }
}
