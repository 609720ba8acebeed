package richelieu.runner.report.chart;

import richelieu.runner.UserError;
import richelieu.runner.report.chart.ChartData.BotEstimate;
import richelieu.runner.report.chart.ChartData.Estimate;
import richelieu.runner.report.chart.ChartData.SeatAdvantage;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Seat 0's win rate among decisive games per bot in 2-player self-play, one series per group (deck, study). */
final class SeatAdvantageChart {
    private SeatAdvantageChart() {
    }

    static void draw(List<SeatAdvantage> groups, BotOrder order, Path base) {
        Charts.requireFonts();
        if (groups.isEmpty()) {
            throw new UserError("the seat advantage chart needs at least one result");
        }
        Set<String> labels = new LinkedHashSet<>();
        Set<String> botSet = new LinkedHashSet<>();
        List<Estimate> all = new ArrayList<>();
        for (SeatAdvantage g : groups) {
            if (!labels.add(g.label())) {
                throw new UserError("two results have the same label \"" + g.label() + "\"; give each its own");
            }
            for (BotEstimate b : g.bots()) {
                botSet.add(b.bot());
                all.add(b.estimate());
            }
        }
        List<String> bots = order.sort(new ArrayList<>(botSet));
        Range range = Range.of(all, 0.5);
        List<Long> n = new ArrayList<>();
        for (SeatAdvantage g : groups) {
            for (BotEstimate b : g.bots()) {
                n.add(b.n());
            }
        }
        EstimateFigure f = new EstimateFigure("Seat advantage in self-play (2 players)", "bot (plays itself)",
                "seat 0 win rate, decisive games, draws left out (" + Charts.BARS + "; " + Charts.sizes(n, "games")
                        + ")" + range.cutNote(), bots, EstimateFigure.Orientation.ROWS, range, "0.#%");
        f.reference(0.5, false);
        List<String> desc = new ArrayList<>();
        desc.add("Share of decisive games (draws left out) won by seat 0, with 95% Wilson interval; "
                + "line: 50% = no seat advantage.");
        for (SeatAdvantage g : groups) {
            List<Estimate> values = new ArrayList<>();
            for (String bot : bots) {
                values.add(g.bots().stream().filter(b -> b.bot().equals(bot)).map(BotEstimate::estimate).findFirst()
                        .orElse(new Estimate(Double.NaN, Double.NaN, Double.NaN)));
            }
            f.add(g.label(), values, true);
            for (BotEstimate b : g.bots()) {
                desc.add(String.format(Locale.ROOT, "%s, %s, %d games", g.label(), Charts.estimate(b.bot(), b.estimate()),
                        b.n()));
            }
        }
        Charts.write(f, base, desc);
    }
}
