package richelieu.runner.report.chart;

import richelieu.runner.report.chart.ChartData.BotEstimates;
import richelieu.runner.report.chart.ChartData.Estimate;
import richelieu.runner.report.chart.ChartData.VariantScores;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Seat 0's score per bot under each rule variant, side by side, with the 50% line. */
final class VariantsChart {
    private VariantsChart() {
    }

    static void draw(VariantScores unordered, String context, BotOrder order, Path base) {
        Charts.requireFonts();
        VariantScores scores = new VariantScores(unordered.variants(), Charts.inOrder(unordered.bots(), BotEstimates::bot,
                order));
        Charts.BotColumns columns = Charts.BotColumns.of(scores.bots());
        List<String> bots = columns.names();
        List<Long> n = columns.n();
        List<Estimate> all = columns.all();
        Range range = Range.of(all, 0.5);
        EstimateFigure f = new EstimateFigure(Charts.withContext("Seat 0's score: " + String.join(" vs ", scores.variants()),
                context), "bot (self-play, the same deals in each variant)", "seat 0 score, win 1 draw ½ (" + Charts.BARS
                + "; " + Charts.sizes(n, "deals") + ")" + range.cutNote(), bots, EstimateFigure.Orientation.ROWS,
                range, "0.#%");
        f.reference(0.5, false);
        List<String> desc = new ArrayList<>();
        desc.add("Seat 0's score (win 1, draw ½) under each rule variant, with 95% interval; "
                + "line: 50% = no seat advantage.");
        Charts.addContext(desc, context);
        for (int v = 0; v < scores.variants().size(); v++) {
            List<Estimate> values = new ArrayList<>();
            for (BotEstimates b : scores.bots()) {
                values.add(b.values().get(v));
                desc.add(String.format(Locale.ROOT, "%s, %d deals", Charts.estimate(b.bot() + ", " + scores.variants().get(v),
                        b.values().get(v)), b.n()));
            }
            f.add(scores.variants().get(v), values, true);
        }
        Charts.write(f, base, desc);
    }
}
