package richelieu.runner.report;

import java.util.Locale;

/** The one way a percentage and an Elo difference read, in the text reports, the findings and the charts. */
public final class Format {
    private Format() {
    }

    /** A proportion as a percentage with one decimal ("53.2%"); "n/a" for NaN, "±inf" for infinities. */
    public static String pct(double x) {
        if (Double.isNaN(x)) {
            return "n/a";
        }
        return Double.isInfinite(x) ? (x > 0 ? "+inf" : "-inf") : String.format(Locale.ROOT, "%.1f%%", 100 * x);
    }

    /** An Elo difference with sign and one decimal ("+35.2"); "n/a" for NaN, "±inf" for infinities. */
    public static String elo(double e) {
        if (Double.isNaN(e)) {
            return "n/a";
        }
        return Double.isInfinite(e) ? (e > 0 ? "+inf" : "-inf") : String.format(Locale.ROOT, "%+.1f", e);
    }
}
