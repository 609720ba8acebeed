package richelieu.runner.report;

import richelieu.runner.answers.Answers;
import richelieu.runner.answers.BalanceAnswer;
import richelieu.runner.answers.ConvergenceAnswer;
import richelieu.runner.answers.Source;
import richelieu.runner.studystats.BalanceStats;
import richelieu.runner.studystats.BotRating;
import richelieu.runner.report.chart.BotOrder;
import richelieu.runner.report.chart.ChartData;
import richelieu.runner.report.chart.Charts;
import richelieu.runner.report.readme.ConvergenceSection;
import richelieu.runner.stats.PValue;
import richelieu.runner.stats.WeightedTrend;
import richelieu.runner.text.Format;
import richelieu.runner.stats.Interval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's plots: every study's own charts ({@link Charts#all}), and those that combine
 * studies, picked as the answers pick them ({@link Source}): seat advantage of all bots, base vs
 * three-row of all bots, the equivalence chart and compensation curves, win rate by seat with 3 and
 * 4 players of all bots (when several studies have them), seat advantage per deck, and the answers
 * against the ladder's Elo (the convergence chart). Returns, per
 * study id (or "summary"), the base names of its plots (without .png/.svg).
 */
final class Plots {
    static final String SUMMARY = "summary";
    /** The pooled ladder's chart (when studies extend the ladder). */
    static final String LADDER = "ladder-all-bots";

    private Plots() {
    }

    /**
     * The one order of the bots for every chart: the ladder's (pooled with its extensions),
     * strongest first, then every other bot of the studies and of {@code others}, by name.
     */
    static BotOrder order(List<Source> sources, Answers answers, List<String> others) {
        List<BotRating> ratings = new ArrayList<>(answers.ladder().ratings());
        ratings.sort(Comparator.comparingDouble(BotRating::elo).reversed());
        List<String> rest = new ArrayList<>(others);
        sources.forEach(s -> rest.addAll(s.bots()));
        return BotOrder.of(ratings.stream().map(BotRating::bot).toList(), rest);
    }

    static Map<String, List<String>> draw(List<Source> sources, Answers answers, BotOrder order, Path dir,
                                          List<Path> written) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Source r : sources) {
            String command = r.result().command();
            if (!command.equals("tournament") && !command.equals("first-player") && !command.equals("balance")) {
                continue; // a match has no charts of its own
            }
            List<String> names = new ArrayList<>();
            for (Path base : Charts.all(r.result(), dir, r.id(), order)) {
                names.add(base.getFileName().toString());
                record(written, base);
            }
            out.put(r.id(), names);
        }
        List<String> summary = new ArrayList<>();
        // The ladder with the bots its extensions add, as one rating list.
        if (!answers.ladder().extensions().isEmpty() && !answers.ladder().ratings().isEmpty()) {
            List<ChartData.Rating> ratings = new ArrayList<>();
            for (BotRating r : answers.ladder().ratings()) {
                ratings.add(new ChartData.Rating(r.bot(), new ChartData.Estimate(r.elo(), r.interval().low(),
                        r.interval().high()), r.games()));
            }
            Path base = dir.resolve(LADDER);
            Charts.ratings(ratings, "the ladder pooled with " + answers.ladder().extensions().stream().map(Source::id)
                    .reduce((x, y) -> x + ", " + y).orElse(""), base);
            summary.add(base.getFileName().toString());
            record(written, base);
        }
        // Seat advantage of every bot studied in 2-player self-play on the standard deck.
        List<ChartData.BotEstimate> bots = new ArrayList<>();
        for (Source r : Source.selfPlaySeats(sources)) {
            bots.addAll(ChartData.seatAdvantage(r.id(), r.result()).bots());
        }
        if (!bots.isEmpty()) {
            Path base = dir.resolve("seat-advantage-all-bots");
            Charts.seatAdvantage(List.of(new ChartData.SeatAdvantage("standard deck", bots)), order, base);
            summary.add(base.getFileName().toString());
            record(written, base);
        }
        // Base vs three-row for every bot.
        List<ChartData.BotEstimates> variants = new ArrayList<>();
        List<String> variantNames = null;
        for (Source r : Source.balances(sources)) {
            ChartData.VariantScores v = ChartData.variantScores(r.result());
            variants.addAll(v.bots());
            variantNames = v.variants();
        }
        if (!variants.isEmpty()) {
            Path base = dir.resolve("base-vs-three-row-all-bots");
            Charts.variants(new ChartData.VariantScores(variantNames, variants), "all bots, self-play", order, base);
            summary.add(base.getFileName().toString());
            record(written, base);
        }
        // The three-row question as an equivalence test: each bot's paired difference with its 90% interval and the
        // margin; and the compensation of every bot and variant.
        List<String> balanceBots = new ArrayList<>();
        List<ChartData.Estimate> differences = new ArrayList<>();
        List<ChartData.Compensation> curves = new ArrayList<>();
        for (BalanceAnswer.Bot b : answers.balance().bots()) {
            BalanceStats.Verdict verdict = b.stats().verdict();
            Interval tost = verdict == null ? Interval.UNDEFINED : verdict.equivalenceInterval();
            balanceBots.add(b.bot());
            differences.add(new ChartData.Estimate(b.difference(), tost.low(), tost.high()));
            List<BalanceAnswer.Figures> figures = List.of(b.base(), b.threeRow());
            for (int v = 0; v < 2; v++) {
                if (figures.get(v).compensation() != null) {
                    curves.add(ChartData.compensation(b.bot(), BalanceAnswer.VARIANTS.get(v),
                            figures.get(v).compensation()));
                }
            }
        }
        if (!curves.isEmpty()) {
            Path base = dir.resolve("compensation-all-bots");
            Charts.compensation(curves, order, base);
            summary.add(base.getFileName().toString());
            record(written, base);
        }
        if (!balanceBots.isEmpty()) {
            Path base = dir.resolve("balance-equivalence-all-bots");
            double margin = answers.balance().margin();
            Charts.balanceDifferences(balanceBots, differences, Double.isNaN(margin) ? BalanceStats.DEFAULT_MARGIN : margin,
                    order, base);
            summary.add(base.getFileName().toString());
            record(written, base);
        }
        // Win rate by seat with 3 and 4 players, every bot studied on the standard deck side by side.
        for (int k = 3; k <= 4; k++) {
            List<ChartData.BotEstimates> seats = new ArrayList<>();
            int studies = 0;
            for (Source r : sources) {
                if (r.is("first-player", k) && r.standardDeck()) {
                    seats.addAll(ChartData.seatShares(r.result()).bots());
                    studies++;
                }
            }
            if (studies > 1) {
                Path base = dir.resolve("win-rate-by-seat-" + k + "p-all-bots");
                Charts.winRateBySeat(new ChartData.SeatWinShares(k, seats), "all bots", order, base);
                summary.add(base.getFileName().toString());
                record(written, base);
            }
        }
        // Seat advantage per deck, of the bots studied on several decks.
        List<ChartData.SeatAdvantage> decks = new ArrayList<>();
        Source.byDeck(sources, "first-player", r -> ChartData.seatAdvantage(r.deckLabel(), r.result()).bots(),
                        ChartData.BotEstimate::bot)
                .forEach((deck, estimates) -> decks.add(new ChartData.SeatAdvantage(deck + " deck", estimates)));
        if (decks.size() > 1) {
            Path base = dir.resolve("seat-advantage-by-deck");
            Charts.seatAdvantage(decks, order, base);
            summary.add(base.getFileName().toString());
            record(written, base);
        }
        // Each answer against the ladder's Elo, with its weighted line.
        List<ChartData.Trend> trends = new ArrayList<>();
        for (ConvergenceAnswer.Series series : answers.convergence().series()) {
            if (!series.points().isEmpty()) {
                trends.add(trend(series));
            }
        }
        if (!trends.isEmpty()) {
            Path base = dir.resolve(ConvergenceSection.CHART);
            Charts.convergence(trends, base);
            summary.add(base.getFileName().toString());
            record(written, base);
        }
        if (!summary.isEmpty()) {
            out.put(SUMMARY, summary);
        }
        return out;
    }

    /** A convergence series as its chart draws it: the bots, and the line at 41 Elo values across them. */
    private static ChartData.Trend trend(ConvergenceAnswer.Series s) {
        List<ChartData.AtElo> points = new ArrayList<>();
        for (ConvergenceAnswer.Point p : s.points()) {
            points.add(new ChartData.AtElo(p.bot(), p.elo(), new ChartData.Estimate(p.value(), p.interval().low(),
                    p.interval().high())));
        }
        List<ChartData.AtElo> line = new ArrayList<>();
        WeightedTrend t = s.trend();
        String fit;
        if (t.fitted()) {
            double from = s.points().get(0).elo();
            double to = s.top().elo();
            for (int i = 0; i <= 40; i++) {
                double elo = from + (to - from) * i / 40;
                WeightedTrend.Fit f = t.at(elo / 100, 0);
                line.add(new ChartData.AtElo("", elo, new ChartData.Estimate(f.value(), f.interval().low(),
                        f.interval().high())));
            }
            fit = String.format(Locale.ROOT, "slope %s pp per 100 Elo [%s, %s], %s", Format.signed(t.slope(), 2),
                    Format.signed(t.interval().low(), 2), Format.signed(t.interval().high(), 2), PValue.text(t.p(), 2));
        } else {
            fit = String.format(Locale.ROOT, "no line: %d bot%s", t.n(), t.n() == 1 ? "" : t.n() == 2 ? "s, a test needs 3"
                    : "s at one Elo");
        }
        String name = s.kind() == ConvergenceAnswer.Kind.SEAT_ADVANTAGE ? "seat 0's advantage, 2 players"
                : "base − three-row, seat 0's score";
        return new ChartData.Trend(name, points, line, fit);
    }

    private static void record(List<Path> written, Path base) {
        written.add(base.resolveSibling(base.getFileName() + ".png"));
        written.add(base.resolveSibling(base.getFileName() + ".svg"));
    }
}
