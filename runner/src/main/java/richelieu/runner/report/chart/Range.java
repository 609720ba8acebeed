package richelieu.runner.report.chart;

import richelieu.runner.report.chart.ChartData.Estimate;

import java.util.List;

/**
 * The range of a value axis of estimates: the finite values and interval ends, and a reference
 * value, with 6% padding. An infinite end of an interval is drawn past the edge ({@link #cut}).
 */
record Range(double min, double max, boolean cut) {
    static Range of(List<Estimate> values, double reference) {
        double lo = reference;
        double hi = reference;
        boolean cut = false;
        for (Estimate e : values) {
            for (double v : new double[]{e.value(), e.low(), e.high()}) {
                if (Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                } else if (Double.isInfinite(v) && Double.isFinite(e.value())) {
                    cut = true;
                }
            }
        }
        double pad = hi > lo ? 0.06 * (hi - lo) : Math.max(1e-3, Math.abs(hi) * 0.1);
        return new Range(lo - pad, hi + pad, cut);
    }

    /** For the axis title: where a line stands for an interval with an infinite side. */
    String cutNote() {
        return cut ? " · a line to the edge: interval unbounded on that side" : "";
    }
}
