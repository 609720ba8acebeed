package richelieu.runner.report.chart;

import richelieu.runner.report.chart.ChartData.BotEstimates;
import richelieu.runner.report.chart.ChartData.Estimate;
import richelieu.runner.report.chart.ChartData.SeatWinShares;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Win rate by seat per bot in self-play, one series per seat, with the 1/k line (3-4 players:
 * the share of the games won alone, simultaneous intervals; 2 works too).
 */
final class WinRateChart {
    private WinRateChart() {
    }

    static void draw(SeatWinShares unordered, String context, BotOrder order, Path base) {
        Charts.requireFonts();
        SeatWinShares shares = new SeatWinShares(unordered.players(),
                Charts.inOrder(unordered.bots(), BotEstimates::bot, order));
        int k = shares.players();
        Charts.BotColumns columns = Charts.BotColumns.of(shares.bots());
        List<String> bots = columns.names();
        List<Long> n = columns.n();
        List<Estimate> all = columns.all();
        double equal = 1.0 / k;
        Range range = Range.of(all, equal);
        EstimateFigure f = new EstimateFigure(Charts.withContext("Win rate by seat, " + k + " players in self-play", context),
                "bot (plays itself)", (k == 2 ? "share of decisive games (" + Charts.BARS
                : "share of the games won alone (lines: simultaneous 95% CI") + "; line: 1/" + k + "; "
                + Charts.sizes(n, "games") + ")" + range.cutNote(), bots, EstimateFigure.Orientation.ROWS, range,
                "0.#%");
        f.reference(equal, false);
        List<String> desc = new ArrayList<>();
        desc.add(k == 2 ? "Share of the decisive games won by each seat, with 95% Wilson interval; line: 1/2 = seats equal."
                : "Each seat's share of the games won alone (games won by several seats are left out), with Goodman's "
                        + "simultaneous 95% intervals (all seats' intervals of a bot hold together); line: 1/" + k
                        + " = seats equal.");
        Charts.addContext(desc, context);
        for (int s = 0; s < k; s++) {
            List<Estimate> values = new ArrayList<>();
            for (BotEstimates b : shares.bots()) {
                values.add(b.values().get(s));
                desc.add(Charts.estimate(String.format(Locale.ROOT, "%s, seat %d", b.bot(), s), b.values().get(s)));
            }
            f.add("seat " + s + (s == 0 ? " (starts)" : ""), values, true);
        }
        Charts.write(f, base, desc);
    }
}
