package richelieu.runner.report.chart;

import richelieu.runner.report.chart.ChartData.Estimate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The equivalence chart of the three-row question: per bot, seat 0's score base − three-row
 * (paired by deal) with its 90% interval, the interval of the two one-sided tests, and lines at 0
 * and at ±margin: a bar wholly inside the band is "equally balanced within ±margin" (before the
 * Holm correction the README applies). The intervals are symmetric.
 */
final class BalanceChart {
    private BalanceChart() {
    }

    static void draw(List<String> unordered, List<Estimate> unorderedDifferences, double margin, BotOrder order,
                     Path base) {
        Charts.requireFonts();
        List<String> bots = order.sort(unordered);
        List<Estimate> differences = new ArrayList<>();
        for (String b : bots) {
            differences.add(unorderedDifferences.get(unordered.indexOf(b)));
        }
        List<Estimate> all = new ArrayList<>(differences);
        all.add(new Estimate(-margin, -margin, -margin));
        all.add(new Estimate(margin, margin, margin));
        Range range = Range.of(all, 0);
        EstimateFigure f = new EstimateFigure("Seat 0's score, base − three-row, paired by deal", "bot (plays itself)",
                String.format(Locale.ROOT, "difference in seat 0's score (90%% interval; dashed: the margin ±%.1f pp)",
                        100 * margin) + range.cutNote(), bots, EstimateFigure.Orientation.ROWS, range, "+0.0%;-0.0%");
        f.reference(0, false).reference(margin, true).reference(-margin, true).add("base − three-row", differences, false);
        List<String> desc = new ArrayList<>();
        desc.add(String.format(Locale.ROOT, "Seat 0's score under the base rules minus under the three-row variant, paired "
                + "by deal, with its 90%% interval (the two one-sided tests at 5%%); lines: 0 and the equivalence margin "
                + "±%.1f percentage points.", 100 * margin));
        for (int i = 0; i < bots.size(); i++) {
            Estimate e = differences.get(i);
            desc.add(String.format(Locale.ROOT, "%s: %+.2f pp [%+.2f, %+.2f]", bots.get(i), 100 * e.value(), 100 * e.low(),
                    100 * e.high()));
        }
        Charts.write(f, base, desc);
    }
}
