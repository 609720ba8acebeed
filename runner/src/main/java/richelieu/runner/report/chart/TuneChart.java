package richelieu.runner.report.chart;

import richelieu.runner.UserError;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.strategies.StrategyFactory;

import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A tuning run's course: each parameter's θ against the iterations, on one axis where 0 is the
 * low end of its range and 1 the high end (so parameters of any scale share it; the legend gives
 * each range and the start and tuned values), the ranges shaded grey, and around each line, in
 * its colour, the band θ ± c_k of the two points the games compared; more than
 * {@value Style#MAX_SERIES} parameters go into panels side by side. {@code who} says who played
 * (players, variant, opponent): tunings of one bot differ by it.
 */
final class TuneChart {
    private TuneChart() {
    }

    static void draw(StudyStatistics.Tune t, String who, String context, Path base) {
        Charts.requireFonts();
        if (t.iterationsPlayed() == 0) {
            throw new UserError("the tune chart needs at least one iteration played");
        }
        long perIteration = t.games() / t.iterationsPlayed();
        double[] x = new double[t.path().size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = t.path().get(i);
        }
        List<List<StudyStatistics.Tune.Value>> groups = PanelsFigure.split(t.parameters(),
                PanelsFigure.count(t.parameters().size(), Style.MAX_SERIES));
        List<LineFigure> panels = new ArrayList<>();
        List<String> desc = new ArrayList<>();
        desc.add("Each tuned parameter's θ after each iteration, as a share of its range (0 = low end, 1 = high end); "
                + "grey: the ranges; bands: θ ± c_k, the two points each iteration played.");
        Charts.addContext(desc, context);
        int p = 0;
        for (List<StudyStatistics.Tune.Value> group : groups) {
            LineFigure f = new LineFigure(String.format(Locale.ROOT, "parameters %d–%d of %d", p + 1, p + group.size(),
                    t.parameters().size()), "", "", new Figure.Axis(0, x[x.length - 1], "#,##0"),
                    new Figure.Axis(-0.02, 1.02, "0.##"));
            f.area(new double[]{x[0], x[x.length - 1], x[x.length - 1], x[0]}, new double[]{0, 0, 1, 1},
                    new Color(0xF0F0F0));
            for (StudyStatistics.Tune.Value v : group) {
                line(f, x, v, p);
                desc.add(String.format(Locale.ROOT, "%s (range %s..%s%s): start %s, after %,d iterations %s (moved %+.1f%% "
                                + "of the range)", v.name(), num(v.min()), num(v.max()), v.integer() ? ", integer" : "",
                        num(v.start()), t.iterationsPlayed(), v.value(), 100 * v.moved()));
                p++;
            }
            panels.add(f);
        }
        Figure f = PanelsFigure.of(Charts.withContext("Tuning " + t.start().replaceFirst(":.*", "") + " (" + who
                        + "): θ by iteration", context),
                String.format(Locale.ROOT, "iteration (%,d games each; %,d in all)", perIteration, t.games()),
                "θ in its range (0 = low end, 1 = high end)", panels, panels.size());
        Charts.write(f, base, desc);
    }

    /** Parameter p's line, in its colour, and its band around it. */
    private static void line(LineFigure f, double[] x, StudyStatistics.Tune.Value v, int p) {
        Color colour = Style.colour(p);
        double span = v.max() - v.min();
        double[] y = new double[x.length];
        double[] band = new double[2 * x.length];
        double[] bandX = new double[2 * x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = (v.path().get(i) - v.min()) / span;
            double c = v.perturbation().get(i) / span;
            bandX[i] = x[i];
            band[i] = Math.min(1, y[i] + c);
            bandX[2 * x.length - 1 - i] = x[i];
            band[2 * x.length - 1 - i] = Math.max(0, y[i] - c);
        }
        f.area(bandX, band, new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 40));
        f.line(String.format(Locale.ROOT, "%s %s..%s: %s → %s", v.name(), num(v.min()), num(v.max()), num(v.start()),
                v.value()), x, y, colour, Style.dash(p / 8));
    }

    /** A parameter's bound or start as the bots list take it: {@code 0.1}, {@code 4}, {@code 1000}. */
    private static String num(double x) {
        return StrategyFactory.Parameter.format(x);
    }
}
