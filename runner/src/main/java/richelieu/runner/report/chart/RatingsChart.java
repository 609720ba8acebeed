package richelieu.runner.report.chart;

import richelieu.runner.report.chart.ChartData.Estimate;
import richelieu.runner.report.chart.ChartData.Rating;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The ladder: each bot's Bradley–Terry rating with its 95% interval, one row per bot, best on top. */
final class RatingsChart {
    private RatingsChart() {
    }

    /** The ratings best first (a rating that is not a number last). */
    static List<Rating> best(List<Rating> ratings) {
        List<Rating> sorted = new ArrayList<>(ratings);
        sorted.sort(Comparator.comparingDouble((Rating r) -> Double.isNaN(r.elo().value()) ? Double.NEGATIVE_INFINITY
                : r.elo().value()).reversed());
        return sorted;
    }

    static void draw(List<Rating> ratings, String context, Path base) {
        Charts.requireFonts();
        List<String> bots = new ArrayList<>();
        List<Estimate> elo = new ArrayList<>();
        List<Long> games = new ArrayList<>();
        List<String> desc = new ArrayList<>();
        desc.add("Bradley–Terry rating on the Elo scale (mean of the bots = 0), point estimate and 95% bootstrap interval.");
        for (Rating r : best(ratings)) {
            bots.add(r.bot());
            elo.add(r.elo());
            games.add(r.games());
            desc.add(String.format(Locale.ROOT, "%s: Elo %s [%s, %s], %d games", r.bot(), Charts.elo(r.elo().value()),
                    Charts.elo(r.elo().low()), Charts.elo(r.elo().high()), r.games()));
        }
        Charts.addContext(desc, context);
        Range range = Range.of(elo, 0);
        EstimateFigure f = new EstimateFigure(Charts.withContext("Ratings (Bradley–Terry, round robin)", context),
                "bot (best first)", "Elo, mean of the bots = 0 (" + Charts.BARS + "; "
                + Charts.sizes(games, "games") + ")" + range.cutNote(), bots, EstimateFigure.Orientation.ROWS, range,
                "+0;-0");
        f.reference(0, false).add("Elo", elo, false);
        desc.add("line: 0 = the mean bot");
        Charts.write(f, base, desc);
    }
}
