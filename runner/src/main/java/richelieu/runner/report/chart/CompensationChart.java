package richelieu.runner.report.chart;

import richelieu.runner.report.chart.ChartData.Compensation;
import richelieu.runner.report.chart.ChartData.Estimate;
import richelieu.runner.text.Format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The compensation curves: seat 0's expected score (pointwise 95% interval) when seat 1 gets a
 * bonus of b points, one series per bot in the bot's look, with the line at 50%. Small
 * multiples: a column of panels per variant, the bots in the report's order split into panels
 * of at most {@value Style#MAX_SERIES}, every panel on the same scale. Each curve's fair bonus
 * is in the description (the curve crosses 50% there).
 */
final class CompensationChart {
    private CompensationChart() {
    }

    /** @param curves every curve with the same bonuses, b = 0 first */
    static void draw(List<Compensation> curves, BotOrder order, Path base) {
        Charts.requireFonts();
        List<String> categories = new ArrayList<>();
        for (double b : curves.get(0).bonuses()) {
            categories.add("b = " + Format.bonus(b));
        }
        List<Estimate> all = new ArrayList<>();
        curves.forEach(c -> all.addAll(c.scores()));
        Range range = Range.of(all, 0.5);
        List<String> variants = curves.stream().map(Compensation::variant).distinct().toList();
        List<String> bots = order.sort(curves.stream().map(Compensation::bot).toList());
        List<Integer> looks = order.looks(bots);
        List<List<String>> groups = PanelsFigure.split(bots, PanelsFigure.count(bots.size(), Style.MAX_SERIES));
        List<EstimateFigure> panels = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            List<String> group = groups.get(g);
            int first = bots.indexOf(group.get(0)) + 1;
            for (String variant : variants) {
                EstimateFigure panel = new EstimateFigure(groups.size() == 1 ? variant : String.format(Locale.ROOT,
                        "%s · bots %d–%d of %d", variant, first, first + group.size() - 1, bots.size()), "", "",
                        categories, EstimateFigure.Orientation.COLUMNS, range, "0.#%");
                panel.reference(0.5, false);
                for (String bot : group) {
                    curves.stream().filter(c -> c.bot().equals(bot) && c.variant().equals(variant)).findFirst()
                            .ifPresent(c -> panel.add(bot, c.scores(), true, looks.get(bots.indexOf(bot))));
                }
                panels.add(panel);
            }
        }
        Figure f = PanelsFigure.of("A bonus for seat 1: seat 0's expected score", "points given to seat 1 at the end "
                        + "of the game" + range.cutNote(), "seat 0 score, win 1 tie ½ (" + Charts.BARS + ")", panels,
                variants.size());
        List<String> desc = new ArrayList<>();
        desc.add("Seat 0's expected score if seat 1 gets b extra points, from the recorded score margins (a margin equal "
                + "to b counts as a tie; a half-point bonus leaves none); pointwise 95% score intervals; line: 50% = fair. "
                + "Each curve's fair bonus: the half-point bonus that brings seat 0's score closest to 50%, with its "
                + "95% interval.");
        desc.add(BotOrder.looksLine(bots, looks));
        for (Compensation c : curves) {
            Estimate fair = c.fairBonus();
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
