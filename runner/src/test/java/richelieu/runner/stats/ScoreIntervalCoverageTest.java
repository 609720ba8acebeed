package richelieu.runner.stats;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage of the 95% {@link ScoreInterval} on synthetic counts with known probabilities: 20,000 simulated
 * samples per case, fixed seed, at n = 20, 100 and 2,000 games and true scores 0.5, 0.9 and 0.99, for games (trinomial) and game pairs (pentanomial, from
 * two independent games: n/2 pairs), with draws (draw rate 20%, 10%, 1%) and without (the binomial,
 * where the interval is Wilson's). Monte Carlo standard error of a coverage near 95%: 0.15 points.
 *
 * <p>Expected: 94-96%, give or take 3 Monte Carlo standard errors (0.46 points: a true coverage of
 * 95.9% must not fail because this seed's sample says 96.1%). Where 94-96% is not reachable, the
 * exact coverage (by enumerating every outcome, {@code P = Σ pmf · [interval covers]}, computed in
 * Python with the same statistic) is stated and the simulation must agree with it within 4
 * standard errors (0.6 points):
 * <ul>
 *   <li>Discreteness. Ordering outcomes by their score statistic at the true mean, the levels a
 *       95% interval of this kind can take are steps of the outcome probabilities:
 *       <ul>
 *         <li>no draws, score 0.99, n = 20: P(20–0) = 0.818, P(19–1) = 0.165: any interval
 *             covers 81.8% or ≥ 98.3% (exact 98.31%);</li>
 *         <li>no draws, 0.99, n = 100: P(≤ 2 losses) = 0.921, P(≤ 3) = 0.982: 92.06% exact;</li>
 *         <li>no draws, 0.9, n = 100: 85 and 95 wins (statistic 2.78) are in, 84 and 96 (4.00,
 *             p = 1.9% and 1.6%) out: 93.64% exact; taking both gives 97.16%. Only an interval
 *             that treats 84 and 96 wins differently (unequal tails) could reach 95.2%;</li>
 *         <li>draws 1%, 0.99, n = 20: P(20 wins) = 0.739, one draw 0.150, one loss 0.075, two
 *             draws 0.015: levels 88.9, 90.3, 96.4, 97.9%; exact 96.43%;</li>
 *         <li>pairs, draws 1%, 0.99, 10 pairs: P(10 × WW) = 0.739, one WL/DD pair 0.076 (in), the
 *             rest ≤ 1.4% each (out): 88.9% or 96.50% (exact);</li>
 *         <li>draws 10%, 0.9, n = 20: 14 W 4 D 2 L (statistic 3.33) and 15 W 1 D 4 L (3.80) are
 *             just inside 3.84: exact 96.41%; without the last, 95.98%.</li>
 *       </ul></li>
 *   <li>Method: pairs with draws 10%, 0.9, n = 100 (50 pairs) covers 96.8% (simulated only; 316k
 *       outcomes were not enumerated): the interval is conservative there by 1.8 points.</li>
 * </ul>
 * At n = 2,000 every case is inside 94-96%.
 */
@Tag("slow")
class ScoreIntervalCoverageTest {
    private static final int SAMPLES = 20_000;
    /** Standard error of a simulated coverage near 95%: sqrt(0.95 · 0.05 / 20,000) = 0.0015. */
    private static final double STANDARD_ERROR = Math.sqrt(0.95 * 0.05 / SAMPLES);

    /**
     * @param name     label in messages
     * @param p        category probabilities, lowest score first
     * @param games    games per sample (pairs: games / 2 pairs)
     * @param expected exact coverage where 94-96% is not reached, NaN otherwise
     */
    record Case(String name, double[] p, int games, double expected) {
        double mean() {
            double m = 0;
            int k = p.length;
            for (int i = 0; i < k; i++) {
                m += p[i] * i / (k - 1);
            }
            return m;
        }

        long sampleSize() {
            return p.length == 3 ? games : games / 2;
        }
    }

    /** The pair distribution of two independent games with the given [L, D, W] probabilities. */
    static double[] pairsOf(double[] g) {
        double[] p = new double[5];
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                p[a + b] += g[a] * g[b];
            }
        }
        return p;
    }

    static List<Case> cases() {
        double nan = Double.NaN;
        double[] d50 = {0.4, 0.2, 0.4};
        double[] d90 = {0.05, 0.1, 0.85};
        double[] d99 = {0.005, 0.01, 0.985};
        double[] b50 = {0.5, 0, 0.5};
        double[] b90 = {0.1, 0, 0.9};
        double[] b99 = {0.01, 0, 0.99};
        List<Case> c = new ArrayList<>();
        for (int n : new int[]{20, 100, 2000}) {
            c.add(new Case("games, draws 20%, score 0.5", d50, n, nan));
            c.add(new Case("games, draws 10%, score 0.9", d90, n, n == 20 ? 0.9641 : nan));
            c.add(new Case("games, draws 1%, score 0.99", d99, n, n == 20 ? 0.9643 : nan));
            c.add(new Case("pairs, draws 20%, score 0.5", pairsOf(d50), n, nan));
            c.add(new Case("pairs, draws 10%, score 0.9", pairsOf(d90), n, n == 100 ? 0.968 : nan));
            c.add(new Case("pairs, draws 1%, score 0.99", pairsOf(d99), n, n == 20 ? 0.9650 : nan));
            c.add(new Case("games, no draws, score 0.5", b50, n, nan));
            c.add(new Case("games, no draws, score 0.9", b90, n, n == 100 ? 0.9364 : nan));
            c.add(new Case("games, no draws, score 0.99", b99, n, n == 20 ? 0.9831 : n == 100 ? 0.9206 : nan));
        }
        return c;
    }

    @Test
    void coverage_95PercentScoreInterval_within94To96WhereDiscretenessAllows() {
        SplittableRandom random = new SplittableRandom(20261123L);
        StringBuilder failures = new StringBuilder();
        StringBuilder table = new StringBuilder();
        for (Case c : cases()) {
            double mean = c.mean();
            int covered = 0;
            for (int s = 0; s < SAMPLES; s++) {
                if (ScoreInterval.of(sample(random, c.p(), c.sampleSize()), 0.95).contains(mean)) {
                    covered++;
                }
            }
            double coverage = covered / (double) SAMPLES;
            table.append(String.format(Locale.ROOT, "%-30s n=%4d  %.2f%%%n", c.name(), c.games(), 100 * coverage));
            boolean ok = Double.isNaN(c.expected())
                    ? coverage >= 0.94 - 3 * STANDARD_ERROR && coverage <= 0.96 + 3 * STANDARD_ERROR
                    : Math.abs(coverage - c.expected()) <= 4 * STANDARD_ERROR;
            if (!ok) {
                failures.append(String.format(Locale.ROOT, "%s, n = %d: coverage %.4f, expected %s%n", c.name(), c.games(),
                        coverage, Double.isNaN(c.expected()) ? "[0.94, 0.96]" : c.expected() + " ± " + 4 * STANDARD_ERROR));
            }
        }
        assertTrue(failures.length() == 0, failures + "\n" + table);
    }

    /**
     * A multinomial draw: n categorical draws against the cumulative probabilities for small n, a
     * chain of conditional binomials ({@link MultinomialSampler#binomial}) for large n.
     */
    static long[] sample(SplittableRandom random, double[] p, long n) {
        if (n > 200) {
            long[] c = new long[p.length];
            long left = n;
            double mass = 1.0;
            for (int i = 0; i < p.length - 1 && left > 0; i++) {
                long x = p[i] == 0 ? 0 : MultinomialSampler.binomial(random, left, Math.min(1.0, p[i] / mass));
                c[i] = x;
                left -= x;
                mass -= p[i];
            }
            c[p.length - 1] += left;
            return c;
        }
        double[] cumulative = new double[p.length];
        double sum = 0;
        for (int i = 0; i < p.length; i++) {
            sum += p[i];
            cumulative[i] = sum;
        }
        long[] c = new long[p.length];
        for (long j = 0; j < n; j++) {
            double u = random.nextDouble() * sum;
            int i = 0;
            while (i < p.length - 1 && u >= cumulative[i]) {
                i++;
            }
            c[i]++;
        }
        return c;
    }
}
