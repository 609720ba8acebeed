package richelieu.runner.report.chart;

import richelieu.runner.UserError;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.nio.file.Path;

/**
 * The exact solver's frontier: solve time against the cards left on the table, on a log scale
 * (a solve grows about fivefold per card), one line per series (colour = kind of search, solid =
 * median, dashed = tail percentile), and grey dotted reference lines at given times (a goal, the
 * frontier's end), each named in the legend.
 */
final class SolveTimesChart {
    private SolveTimesChart() {
    }

    static void draw(String title, List<ChartData.TimeLine> lines, List<ChartData.TimeReference> references, List<String> notes,
                     Path base) {
        Charts.requireFonts();
        double low = Double.MAX_VALUE;
        double high = 0;
        double first = Double.MAX_VALUE;
        double last = -Double.MAX_VALUE;
        for (ChartData.TimeLine l : lines) {
            for (int i = 0; i < l.cards().length; i++) {
                if (!(l.seconds()[i] > 0)) {
                    throw new UserError("the solve-time chart needs times above 0, not " + l.seconds()[i] + " (" + l.name() + ")");
                }
                low = Math.min(low, l.seconds()[i]);
                high = Math.max(high, l.seconds()[i]);
                first = Math.min(first, l.cards()[i]);
                last = Math.max(last, l.cards()[i]);
            }
        }
        if (high == 0) {
            throw new UserError("the solve-time chart has no times to show");
        }
        for (ChartData.TimeReference r : references) {
            low = Math.min(low, r.seconds());
            high = Math.max(high, r.seconds());
        }
        LineFigure f = new LineFigure(title, "cards left on the table", "time per solve (log scale)",
                new Figure.Axis(first, last, "0"), Figure.Axis.log(low, high, SolveTimesChart::time));
        for (ChartData.TimeReference r : references) {
            f.line(r.name(), new double[]{first, last}, new double[]{r.seconds(), r.seconds()}, Style.REFERENCE, Style.dash(2));
        }
        List<String> desc = new ArrayList<>(notes);
        for (ChartData.TimeLine l : lines) {
            f.line(l.name(), l.cards(), l.seconds(), Style.colour(l.colour()), Style.dash(l.dashed() ? 1 : 0));
            StringBuilder d = new StringBuilder(l.name()).append(':');
            for (int i = 0; i < l.cards().length; i++) {
                d.append(String.format(Locale.ROOT, " %.0f cards %.4g s;", l.cards()[i], l.seconds()[i]));
            }
            desc.add(d.toString());
        }
        Charts.write(f, base, desc);
    }

    /** A power of ten of seconds in its unit: 10 µs, 1 ms, 100 ms, 1 s, 100 s. */
    static String time(double seconds) {
        long exponent = Math.round(Math.log10(seconds));
        String[] units = {"ns", "µs", "ms", "s"};
        int unit = (int) Math.max(0, Math.min(3, Math.floorDiv(exponent + 9, 3)));
        return new java.math.BigDecimal(seconds).round(new java.math.MathContext(3)).scaleByPowerOfTen(9 - 3 * unit)
                .stripTrailingZeros().toPlainString() + " " + units[unit];
    }
}
