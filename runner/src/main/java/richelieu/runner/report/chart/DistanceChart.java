package richelieu.runner.report.chart;

import richelieu.runner.distance.DistanceResult;
import richelieu.runner.text.Format;

import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The distance study's two charts: per bot, across the numbers of cards on the table, the share
 * of decisions that give away game value, and the mean points lost per decision; each estimate
 * a marker on the bot's line, its 95% interval a vertical line, in the bot's look (the bots spread
 * a little sideways so the intervals stay apart). Small multiples: the bots in the report's order
 * in panels of at most {@value Style#MAX_SERIES}, side by side on the same scale.
 */
final class DistanceChart {
    private DistanceChart() {
    }

    static void share(DistanceResult r, BotOrder order, Path base) {
        draw(r, order, base, "Decisions that give away game value, by cards left (exact solver, true tokens)",
                "share of decisions (%)", c -> 100 * c.share(), c -> 100 * c.shareInterval().low(),
                c -> 100 * c.shareInterval().high(), DistanceChart::shareText);
    }

    static void points(DistanceResult r, BotOrder order, Path base) {
        draw(r, order, base, "Mean points lost per decision against perfect play, by cards left (exact solver, true tokens)",
                "points lost per decision", DistanceResult.Cell::pointsLost, c -> c.pointsLostInterval().low(),
                c -> c.pointsLostInterval().high(), DistanceChart::pointsText);
    }

    private static String shareText(DistanceResult.Cell c) {
        return Format.pct(c.share()) + " " + Format.pctInterval(c.shareInterval());
    }

    private static String pointsText(DistanceResult.Cell c) {
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", c.pointsLost(), c.pointsLostInterval().low(),
                c.pointsLostInterval().high());
    }

    private static void draw(DistanceResult r, BotOrder order, Path base, String title, String yTitle,
                             ToDoubleFunction<DistanceResult.Cell> value, ToDoubleFunction<DistanceResult.Cell> low,
                             ToDoubleFunction<DistanceResult.Cell> high, Function<DistanceResult.Cell, String> text) {
        Charts.requireFonts();
        List<Integer> cards = r.cards().stream().sorted().toList();
        List<String> bots = order.sort(r.bots());
        List<Integer> looks = order.looks(bots);
        double top = 0;
        for (DistanceResult.Cell c : r.cells()) {
            // a measure not measured at some number of cards (points lost where only win/draw/loss was solved) is NaN
            if (c.cards() != DistanceResult.ALL && c.decisions() > 0 && !Double.isNaN(high.applyAsDouble(c))) {
                top = Math.max(top, high.applyAsDouble(c));
            }
        }
        double first = cards.get(0);
        double last = cards.get(cards.size() - 1);
        List<List<String>> groups = PanelsFigure.split(bots, PanelsFigure.count(bots.size(), Style.MAX_SERIES));
        List<LineFigure> panels = new ArrayList<>();
        List<String> desc = new ArrayList<>();
        desc.add("Per bot and number of cards on the table: the estimate on the bot's line, its 95% interval as a "
                + "vertical line. " + r.positionsLine());
        desc.add(BotOrder.looksLine(bots, looks));
        int done = 0;
        for (List<String> group : groups) {
            LineFigure f = new LineFigure(String.format(Locale.ROOT, "bots %d–%d of %d", done + 1, done + group.size(),
                    bots.size()), "", "", new Figure.Axis(first - 1, last + 1, "0"),
                    new Figure.Axis(0, top <= 0 ? 1 : top * 1.05, "0.##"));
            double spread = group.size() > 1 ? 0.5 / (group.size() - 1) : 0;
            for (int b = 0; b < group.size(); b++) {
                String bot = group.get(b);
                int look = looks.get(done + b);
                Color colour = Style.colour(look);
                double dx = group.size() > 1 ? -0.25 + b * spread : 0;
                List<Double> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                List<String> parts = new ArrayList<>();
                for (int c : cards) {
                    DistanceResult.Cell cell = r.cell(bot, c);
                    if (cell.decisions() == 0 || Double.isNaN(value.applyAsDouble(cell))) {
                        continue;
                    }
                    double x = c + dx;
                    xs.add(x);
                    ys.add(value.applyAsDouble(cell));
                    f.point(x, value.applyAsDouble(cell), low.applyAsDouble(cell), high.applyAsDouble(cell), colour,
                            Style.marker(look));
                    parts.add(c + " cards: " + text.apply(cell) + " (" + cell.decisions() + " decisions)");
                }
                f.line(null, xs.stream().mapToDouble(Double::doubleValue).toArray(),
                        ys.stream().mapToDouble(Double::doubleValue).toArray(), colour, Style.dash(look / 8));
                f.entry(bot, colour, Style.marker(look), Style.dash(look / 8));
                desc.add(bot + ": " + String.join("; ", parts));
            }
            panels.add(f);
            done += group.size();
        }
        Figure f = PanelsFigure.of(title, String.format(Locale.ROOT, "cards on the table (%,d positions in all; "
                + "interval: 95%%)", r.positionsWith(DistanceResult.ALL)), yTitle, panels, panels.size());
        Charts.write(f, base, desc);
    }
}
