package richelieu.runner.stats;

import java.util.Locale;

/**
 * How a p-value is printed. Below 1e-300 a double has lost it (the chi-square tail of a 40,000-game
 * 4-player study underflows to 0), so the text gives the bound {@code p < 1e-300} rather than a
 * false {@code p = 0.0e+00}, and a result file stores 1e-300 itself for it
 * ({@code results.PValueJson}).
 */
public final class PValue {
    /** Smallest p-value printed as a number. */
    public static final double FLOOR = 1e-300;

    private PValue() {
    }

    /**
     * {@code "p = n/a"} for NaN, {@code "p < 1e-300"} below {@link #FLOOR}, {@code "p = 2.5e-05"}
     * below 1e-4 or below the last of {@code decimals} places, else {@code "p = 0.0123"} with
     * {@code decimals} places.
     */
    public static String text(double p, int decimals) {
        String v = value(p, decimals);
        return v.startsWith("<") ? "p " + v : "p = " + v;
    }

    /** The value alone, for a table cell: {@code "n/a"}, {@code "< 1e-300"}, {@code "2.5e-05"}, {@code "0.0123"}. */
    public static String value(double p, int decimals) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        if (p < FLOOR) {
            return "< 1e-300";
        }
        // below its last decimal a fixed-point p would read 0.000: scientific instead
        return p < Math.max(1e-4, Math.pow(10, -decimals)) ? String.format(Locale.ROOT, "%.1e", p)
                : String.format(Locale.ROOT, "%." + decimals + "f", p);
    }
}
