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
        int m = 0;
        for (double x : p) {
            if (!Double.isNaN(x)) {
                m++;
            }
        }
        Integer[] order = new Integer[p.length];
        for (int i = 0; i < p.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(
                Double.isNaN(p[a]) ? Double.POSITIVE_INFINITY : p[a], Double.isNaN(p[b]) ? Double.POSITIVE_INFINITY : p[b]));
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
}
