package richelieu.runner.report.chart;

import richelieu.runner.UserError;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.report.chart.ChartData.Rating;
import richelieu.runner.studystats.StoredResult;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.text.Format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The charts of result files, each written as {@code <base>.png} and {@code <base>.svg}
 * ({@value Style#WIDTH}×{@value Style#HEIGHT}), headless. One class per kind draws it:
 * {@link RatingsChart}, {@link PairwiseChart}, {@link SeatAdvantageChart}, {@link WinRateChart},
 * {@link VariantsChart}, {@link MarginsChart}, {@link TuneChart}, {@link CompensationChart},
 * {@link BalanceChart}, {@link ConvergenceChart}; they draw with the figures of this package ({@link EstimateFigure},
 * {@link LineFigure}, {@link HeatMapFigure}), which lay every word out before painting it, so
 * that no label is dropped or cut, and keep words as text in the SVG. Here: which charts a
 * study has, and the helpers the kinds share.
 *
 * <p>One {@link BotOrder} orders the bots of every chart of a report (the ladder's, strongest
 * first) and gives each bot one colour and marker wherever it is a series; a chart of more than
 * {@value Style#MAX_SERIES} series draws them as small multiples ({@link PanelsFigure}).
 *
 * <p>Every estimate is a marker at its value and a line with end caps over its exact 95%
 * interval; the exact intervals are also in each SVG's {@code <desc>}. Numbers are formatted
 * with {@link Locale#ROOT}, so the output does not depend on the machine's locale.
 */
public final class Charts {
    static {
        ChartFiles.headless(); // before any AWT class is initialised
    }

    public static final int WIDTH = Style.WIDTH;
    public static final int HEIGHT = Style.HEIGHT;

    /** What a legend or axis says the lines stand for. */
    static final String BARS = "lines: 95% CI";

    private Charts() {
    }

    /**
     * Writes every chart the study supports to {@code dir/<stem>-<chart>.png|svg} and returns the
     * base paths: tournament → ratings, pairwise; first-player → seat-advantage (2 players) or
     * win-rate-by-seat (3-4), and margins (2 players); balance → variants, margins; match → margins;
     * tune → theta.
     */
    public static List<Path> all(StoredResult result, Path dir, String stem) {
        return all(result, dir, stem, BotOrder.none());
    }

    /** {@link #all(StoredResult, Path, String)} with the bots in {@code order} and its looks. */
    public static List<Path> all(StoredResult result, Path dir, String stem, BotOrder order) {
        String command = result.command();
        List<Path> written = new ArrayList<>();
        switch (command) {
            case "tournament" -> {
                if (ChartData.hasRatings(result)) { // none when the games do not identify them (a clean sweep)
                    ratings(result, add(written, dir, stem, "ratings"));
                }
                pairwise(result, add(written, dir, stem, "pairwise"));
            }
            case "first-player" -> {
                if (result.players() == 2) {
                    seatAdvantage(result, order, add(written, dir, stem, "seat-advantage"));
                    margins(result, order, add(written, dir, stem, "margins"));
                } else {
                    winRateBySeat(result, order, add(written, dir, stem, "win-rate-by-seat"));
                }
            }
            case "balance" -> {
                variants(result, order, add(written, dir, stem, "variants"));
                margins(result, order, add(written, dir, stem, "margins"));
            }
            case "match" -> margins(result, order, add(written, dir, stem, "margins"));
            case "tune" -> {
                StudyStatistics.Tune t = ChartData.tune(result);
                String who = String.format(Locale.ROOT, "%d players, %s, %s", result.config().players(),
                        result.config().ruleSets().get(0).variant().jsonName(),
                        t.opponent() != null ? "against " + t.opponent()
                                : result.config().players() == 2 ? "head to head" : "self-play");
                TuneChart.draw(t, who, context(result), add(written, dir, stem, "theta"));
            }
            default -> throw new UserError("no charts for " + (command.isEmpty() ? "this file" : "a " + command + " result")
                    + " (charts exist for tournament, match, first-player, balance and tune results)");
        }
        return written;
    }

    /**
     * Runs {@code drawing} and writes the charts it draws only once all are drawn, so that a chart
     * that fails (a one-line {@link UserError}) leaves no file of the batch written.
     */
    public static void allOrNothing(Runnable drawing) {
        ChartFiles.allOrNothing(drawing);
    }

    private static Path add(List<Path> written, Path dir, String stem, String chart) {
        Path base = dir.resolve(stem + "-" + chart);
        written.add(base);
        return base;
    }

    /** Bradley–Terry ratings of a tournament result. */
    public static void ratings(StoredResult tournament, Path base) {
        RatingsChart.draw(ChartData.ratings(tournament), context(tournament), base);
    }

    /** Bradley–Terry ratings from several studies pooled; {@code context} says which. */
    public static void ratings(List<Rating> ratings, String context, Path base) {
        RatingsChart.draw(ratings, context, base);
    }

    /** Pairwise score matrix of a tournament result, bots in rating order when the file has ratings. */
    public static void pairwise(StoredResult tournament, Path base) {
        List<String> order = new ArrayList<>();
        if (ChartData.hasRatings(tournament)) {
            for (Rating r : RatingsChart.best(ChartData.ratings(tournament))) {
                order.add(r.bot());
            }
        }
        PairwiseChart.draw(ChartData.pairScores(tournament), order, context(tournament), base);
    }

    /** Seat advantage of one 2-player first-player result, labelled by its deck. */
    public static void seatAdvantage(StoredResult firstPlayer, Path base) {
        seatAdvantage(firstPlayer, BotOrder.none(), base);
    }

    static void seatAdvantage(StoredResult firstPlayer, BotOrder order, Path base) {
        String deck = firstPlayer.config().deck().name();
        SeatAdvantageChart.draw(List.of(ChartData.seatAdvantage(deck.isEmpty() ? "deck" : deck, firstPlayer)), order,
                base);
    }

    /** Win rate by seat of a first-player result (3-4 players: sole wins per game, simultaneous intervals). */
    public static void winRateBySeat(StoredResult firstPlayer, Path base) {
        winRateBySeat(firstPlayer, BotOrder.none(), base);
    }

    static void winRateBySeat(StoredResult firstPlayer, BotOrder order, Path base) {
        WinRateChart.draw(ChartData.seatShares(firstPlayer), context(firstPlayer), order, base);
    }

    /** Seat 0's score under each rule variant of a balance result. */
    public static void variants(StoredResult balance, Path base) {
        variants(balance, BotOrder.none(), base);
    }

    static void variants(StoredResult balance, BotOrder order, Path base) {
        VariantsChart.draw(ChartData.variantScores(balance), context(balance), order, base);
    }

    /** Score-margin distributions of a 2-player result (per lineup and rule set). */
    public static void margins(StoredResult result, Path base) {
        margins(result, BotOrder.none(), base);
    }

    static void margins(StoredResult result, BotOrder order, Path base) {
        MarginsChart.draw(ChartData.margins(result), context(result), order, base);
    }

    /** Seat advantage per bot, one series per group (deck, study). */
    public static void seatAdvantage(List<ChartData.SeatAdvantage> groups, BotOrder order, Path base) {
        SeatAdvantageChart.draw(groups, order, base);
    }

    /** Win rate by seat of several results' bots side by side. */
    public static void winRateBySeat(ChartData.SeatWinShares shares, String context, BotOrder order, Path base) {
        WinRateChart.draw(shares, context, order, base);
    }

    /** Seat 0's score per variant of several results' bots side by side. */
    public static void variants(ChartData.VariantScores scores, String context, BotOrder order, Path base) {
        VariantsChart.draw(scores, context, order, base);
    }

    /** The three-row question's equivalence chart: base − three-row per bot, 90% intervals, the margin. */
    public static void balanceDifferences(List<String> bots, List<ChartData.Estimate> differences, double margin,
                                          BotOrder order, Path base) {
        BalanceChart.draw(bots, differences, margin, order, base);
    }

    /** Answers against Elo, each with its weighted line and band. */
    public static void convergence(List<ChartData.Trend> trends, Path base) {
        ConvergenceChart.draw(trends, base);
    }

    /** The compensation curves of every bot and variant. */
    public static void compensation(List<ChartData.Compensation> curves, BotOrder order, Path base) {
        CompensationChart.draw(curves, order, base);
    }

    /**
     * The exact solver's solve times by cards left on the table (log scale), with reference lines;
     * {@code notes} go into the SVG's description.
     */
    public static void solveTimes(String title, List<ChartData.TimeLine> lines, List<ChartData.TimeReference> references,
                                  List<String> notes,
                                  Path base) {
        SolveTimesChart.draw(title, lines, references, notes, base);
    }

    /** The distance study's share of decisions that give away game value, by cards on the table. */
    public static void distanceShare(DistanceResult result, BotOrder order, Path base) {
        DistanceChart.share(result, order, base);
    }

    /** The distance study's mean points lost per decision, by cards on the table. */
    public static void distancePoints(DistanceResult result, BotOrder order, Path base) {
        DistanceChart.points(result, order, base);
    }

    static String context(StoredResult result) {
        String deck = result.config().deck().name();
        return deck.isEmpty() ? "" : "deck: " + deck;
    }

    // ------------------------------------------------------------------ shared by the kinds

    /** The context ("deck: …") as a line of the description, when there is one. */
    static void addContext(List<String> desc, String context) {
        if (context != null && !context.isEmpty()) {
            desc.add(context);
        }
    }

    /** The title with its context ("deck: …"); a figure wraps a title too long for one line. */
    static String withContext(String title, String context) {
        return context == null || context.isEmpty() ? title : title + " · " + context;
    }

    /**
     * The sample sizes for an axis title: "1,000 games each" when all are equal, else their range
     * ("1,000 to 40,000 deals per bot"): a list by bot would wrap the title over many lines, and
     * the description has each bot's.
     */
    static String sizes(List<Long> n, String unit) {
        long min = n.stream().mapToLong(Long::longValue).min().orElse(0);
        long max = n.stream().mapToLong(Long::longValue).max().orElse(0);
        if (min == max) {
            return String.format(Locale.ROOT, "%,d %s each", min, unit);
        }
        return String.format(Locale.ROOT, "%,d to %,d %s per bot", min, max, unit);
    }

    /** The items in the order of their bots (an item per bot). */
    static <T> List<T> inOrder(List<T> items, java.util.function.Function<T, String> bot, BotOrder order) {
        List<String> sorted = order.sort(items.stream().map(bot).toList());
        List<T> out = new ArrayList<>(items);
        out.sort(java.util.Comparator.comparingInt(t -> sorted.indexOf(bot.apply(t))));
        return out;
    }

    /** The bots of several estimates each, their sample sizes and every estimate, in order. */
    record BotColumns(List<String> names, List<Long> n, List<ChartData.Estimate> all) {
        static BotColumns of(List<ChartData.BotEstimates> bots) {
            BotColumns b = new BotColumns(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
            for (ChartData.BotEstimates e : bots) {
                b.names().add(e.bot());
                b.n().add(e.n());
                b.all().addAll(e.values());
            }
            return b;
        }
    }

    /** Each estimate of a category chart with its interval, as a desc line reads it. */
    static String estimate(String what, ChartData.Estimate e) {
        return what + ": " + pct(e.value()) + " [" + pct(e.low()) + ", " + pct(e.high()) + "]";
    }

    static void requireFonts() {
        ChartFiles.requireFonts();
    }

    static void write(Figure figure, Path base, List<String> notes) {
        ChartFiles.write(figure, base, notes);
    }

    static String pct(double x) {
        return Format.pct(x);
    }

    static String elo(double e) {
        return Format.elo(e);
    }
}
