package richelieu.runner.report.chart;

import richelieu.runner.UserError;
import richelieu.runner.report.chart.ChartData.AtElo;
import richelieu.runner.report.chart.ChartData.Trend;

import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Answers against playing strength: per answer (a series, in its own colour and marker) each bot's
 * estimate with its 95% interval at the bot's Elo, and the fitted line with its pointwise 95% band
 * in the series' colour. The bots are numbered strongest first (the order of every chart) along
 * the top of the plot (a faint line down to their points) and named in the legend, so that close
 * ratings keep readable names.
 */
final class ConvergenceChart {
    private ConvergenceChart() {
    }

    static void draw(List<Trend> trends, Path base) {
        Charts.requireFonts();
        Map<String, Double> bots = new LinkedHashMap<>();
        double lo = 0;
        double hi = 0;
        for (Trend t : trends) {
            for (AtElo p : t.points()) {
                bots.putIfAbsent(p.bot(), p.elo());
                lo = min(lo, p.estimate().low(), p.estimate().value());
                hi = max(hi, p.estimate().high(), p.estimate().value());
            }
            for (AtElo p : t.line()) {
                lo = min(lo, p.estimate().low(), p.estimate().value());
                hi = max(hi, p.estimate().high(), p.estimate().value());
            }
        }
        if (bots.isEmpty()) {
            throw new UserError("the convergence chart needs at least one bot with a rating and an answer");
        }
        double minElo = bots.values().stream().min(Double::compare).orElseThrow();
        double maxElo = bots.values().stream().max(Double::compare).orElseThrow();
        double pad = Math.max(50, 0.06 * (maxElo - minElo));
        double span = hi - lo;
        LineFigure f = new LineFigure("Do the answers move with playing strength? Each answer against Elo, with the "
                + "weighted line", "Elo on the ladder (Bradley–Terry, mean of its bots 0); bots numbered strongest first",
                "percentage points (lines: 95% CI; bands: the line's 95% CI)",
                new Figure.Axis(minElo - pad, maxElo + pad, "+#,##0;-#,##0"),
                new Figure.Axis(lo - 0.05 * span, hi + 0.22 * span, "+0.#;-0.#"));
        f.reference(0);
        List<String> desc = new ArrayList<>();
        desc.add("Each answer of each bot at its Elo on the ladder, with its 95% interval; the weighted least-squares line "
                + "(weights 1/variance) with its pointwise 95% band, over the bots' Elo only; line at 0: no advantage, "
                + "no difference.");
        for (int s = 0; s < trends.size(); s++) {
            Trend t = trends.get(s);
            Color colour = Style.colour(s);
            Style.Marker marker = Style.marker(s);
            if (t.line().size() > 1) {
                int n = t.line().size();
                double[] x = new double[n];
                double[] y = new double[n];
                double[] bandX = new double[2 * n];
                double[] band = new double[2 * n];
                for (int i = 0; i < n; i++) {
                    AtElo p = t.line().get(i);
                    x[i] = p.elo();
                    y[i] = p.estimate().value();
                    bandX[i] = p.elo();
                    band[i] = p.estimate().high();
                    bandX[2 * n - 1 - i] = p.elo();
                    band[2 * n - 1 - i] = p.estimate().low();
                }
                f.area(bandX, band, new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 40));
                f.line(null, x, y, colour, Style.dash(s));
            }
            StringBuilder line = new StringBuilder(t.name()).append(':');
            for (AtElo p : t.points()) {
                f.point(p.elo(), p.estimate().value(), p.estimate().low(), p.estimate().high(), colour, marker);
                line.append(String.format(Locale.ROOT, " %s at %s Elo %s [%s, %s];", p.bot(), Charts.elo(p.elo()),
                        num(p.estimate().value()), num(p.estimate().low()), num(p.estimate().high())));
            }
            f.entry(t.name() + (t.fit().isEmpty() ? "" : " (" + t.fit() + ")"), colour, marker,
                    t.line().size() > 1 ? Style.dash(s) : null);
            desc.add(line + " " + t.fit());
        }
        List<Map.Entry<String, Double>> order = new ArrayList<>(bots.entrySet());
        order.sort(Map.Entry.comparingByValue(Comparator.reverseOrder()));
        for (int i = 0; i < order.size(); i++) {
            String number = Integer.toString(i + 1);
            f.tag(order.get(i).getValue(), number);
            f.entry(number + " " + order.get(i).getKey() + " (" + String.format(Locale.ROOT, "%+.0f",
                    order.get(i).getValue()) + ")", Style.TEXT, null, null);
        }
        Charts.write(f, base, desc);
    }

    private static double min(double a, double b, double c) {
        return Math.min(a, Math.min(Double.isFinite(b) ? b : a, Double.isFinite(c) ? c : a));
    }

    private static double max(double a, double b, double c) {
        return Math.max(a, Math.max(Double.isFinite(b) ? b : a, Double.isFinite(c) ? c : a));
    }

    private static String num(double x) {
        return String.format(Locale.ROOT, "%+.2f", x);
    }
}
