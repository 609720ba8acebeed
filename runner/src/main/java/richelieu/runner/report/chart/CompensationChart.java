package richelieu.runner.report.chart;

import richelieu.runner.report.Format;
import richelieu.runner.report.chart.ChartData.Compensation;
import richelieu.runner.report.chart.ChartData.Estimate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The compensation curves: seat 0's expected score (pointwise 95% interval) when seat 1 gets a
 * bonus of b points, one series per bot and variant (named with its fair bonus, each in its own
 * colour and marker), with the line at 50%.
 */
final class CompensationChart {
    private CompensationChart() {
    }

    /** @param curves every curve with the same bonuses, b = 0 first */
    static void draw(List<Compensation> curves, Path base) {
        Charts.requireFonts();
        List<String> categories = new ArrayList<>();
        for (double b : curves.get(0).bonuses()) {
            categories.add("b = " + Format.bonus(b));
        }
        List<Estimate> all = new ArrayList<>();
        curves.forEach(c -> all.addAll(c.scores()));
        Range range = Range.of(all, 0.5);
        EstimateFigure f = new EstimateFigure("A bonus for seat 1: seat 0's expected score",
                "points given to seat 1 at the end of the game" + range.cutNote(),
                "seat 0 score, win 1 tie ½ (" + Charts.BARS + ")", categories, EstimateFigure.Orientation.COLUMNS, range,
                "0.#%");
        f.reference(0.5, false);
        List<String> desc = new ArrayList<>();
        desc.add("Seat 0's expected score if seat 1 gets b extra points, from the recorded score margins (a margin equal "
                + "to b counts as a tie; a half-point bonus leaves none); pointwise 95% score intervals; line: 50% = fair. "
                + "Each series names its fair bonus: the half-point bonus that brings seat 0's score closest to 50%, with its "
                + "95% interval.");
        for (Compensation c : curves) {
            Estimate fair = c.fairBonus();
            f.add(String.format(Locale.ROOT, "%s (fair bonus %s)", c.name(), Format.signed(fair.value(), 1)), c.scores(),
                    true);
            StringBuilder line = new StringBuilder(c.name()).append(':');
            for (int b = 0; b < c.scores().size(); b++) {
                Estimate x = c.scores().get(b);
                line.append(String.format(Locale.ROOT, " b=%s %s [%s, %s]", Format.bonus(c.bonuses().get(b)),
                        Charts.pct(x.value()), Charts.pct(x.low()), Charts.pct(x.high())));
            }
            line.append(String.format(Locale.ROOT, "; fair bonus %s [%s, %s], seat 0 then %s", Format.signed(fair.value(), 1),
                    Format.signed(fair.low(), 1), Format.signed(fair.high(), 1), Charts.pct(c.seat0AtFair())));
            desc.add(line.toString());
        }
        Charts.write(f, base, desc);
    }
}
