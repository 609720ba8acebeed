package richelieu.runner.stats;

/**
 * Holm's step-down adjustment of a family of p-values (Holm, "A simple sequentially rejective
 * multiple test procedure", Scandinavian Journal of Statistics 6:65-70, 1979): sort the m p-values,
 * multiply the i-th smallest (i from 0) by m − i, carry the running maximum so the order is kept,
 * cap at 1. Rejecting where the adjusted p-value is below α keeps the chance of any false
 * rejection in the family at most α, under any dependence between the tests. NaN (a test that could
 * not be run) stays NaN and does not count towards m.
 */
public final class Holm {
    private Holm() {
    }

    /** Holm-adjusted p-values, in the order given. */
    public static double[] adjust(double... p) {
        int m = tested(p);
        Integer[] order = ascending(p);
        double[] adjusted = new double[p.length];
        double running = 0.0;
        for (int rank = 0; rank < p.length; rank++) {
            int i = order[rank];
            if (Double.isNaN(p[i])) {
                adjusted[i] = Double.NaN;
                continue;
            }
            running = Math.max(running, Math.min(1.0, (m - rank) * p[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }

    /**
     * For each hypothesis, k of the Holm step that decided it: Holm tests the i-th smallest p (i from
     * 0) at α/(m − i) while every smaller one was rejected, and stops at the first that is not. A
     * rejected hypothesis was decided at its own step; one left standing, at the step where Holm
     * stopped (its p is at least that step's, so the test at that step keeps it too). The interval of
     * confidence 1 − α/k (of 1 − 2α/k for two one-sided tests at α/k each) therefore leaves the null value out
     * exactly when the adjusted p is below α: it is the interval that goes with the verdict. 0 for NaN.
     */
    public static int[] divisors(double alpha, double... p) {
        double[] adjusted = adjust(p);
        int m = tested(p);
        Integer[] order = ascending(p);
        int[] out = new int[p.length];
        int stoppedAt = -1;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            if (stoppedAt < 0 && !(adjusted[i] < alpha)) {
                stoppedAt = rank;
            }
            out[i] = m - (stoppedAt < 0 ? rank : stoppedAt);
        }
        return out;
    }

    /** The p-values that are not NaN: the family's size m. */
    private static int tested(double[] p) {
        int m = 0;
        for (double x : p) {
            if (!Double.isNaN(x)) {
                m++;
            }
        }
        return m;
    }

    /** The indices of p from the smallest p to the largest, NaN last, ties in the order given. */
    private static Integer[] ascending(double[] p) {
        Integer[] order = new Integer[p.length];
        for (int i = 0; i < p.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(
                Double.isNaN(p[a]) ? Double.POSITIVE_INFINITY : p[a], Double.isNaN(p[b]) ? Double.POSITIVE_INFINITY : p[b]));
        return order;
    }
}
