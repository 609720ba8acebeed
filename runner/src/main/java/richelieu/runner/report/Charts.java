package richelieu.runner.report;

import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import richelieu.runner.UserError;
import richelieu.runner.results.MarginCounts;
import richelieu.runner.results.StoredResult;
import richelieu.runner.results.StudyStatistics;
import richelieu.runner.report.ChartData.BotEstimate;
import richelieu.runner.report.ChartData.BotEstimates;
import richelieu.runner.report.ChartData.Estimate;
import richelieu.runner.report.ChartData.PairScores;
import richelieu.runner.report.ChartData.Rating;
import richelieu.runner.report.ChartData.SeatAdvantage;
import richelieu.runner.report.ChartData.SeatShares;
import richelieu.runner.report.ChartData.VariantScores;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.NavigableMap;

/**
 * Charts of study results, each written as {@code <base>.png} and {@code <base>.svg}
 * ({@value #WIDTH}×{@value #HEIGHT}), headless, with XChart.
 *
 * <p><b>Intervals.</b> Every estimate is drawn as a marker at its value and a line with end caps
 * over its exact 95% interval, which is often asymmetric (Wilson, bootstrap, Elo). XChart's error
 * bars are symmetric, so the estimates are drawn on an XY chart instead: category i at x = i, the
 * series of a category side by side around it, each interval a line series of its own (not in
 * the legend). The exact intervals are also in each SVG's {@code <desc>}. An interval with an
 * infinite side (an Elo of a bot that lost every game) runs past the edge of the plot, without a
 * cap there, and the x-axis title says so.
 *
 * <p>Colours are the Okabe–Ito palette (distinguishable with the common colour-vision
 * deficiencies); series also differ by marker shape or line dash. Numbers are formatted with
 * {@link Locale#ROOT}, so the output does not depend on the machine's locale.
 */
public final class Charts {
    static {
        ChartFiles.headless(); // before any AWT class is initialised
    }

    public static final int WIDTH = 900;
    public static final int HEIGHT = 540;

    /** Okabe & Ito (2008), "Color Universal Design": blue, vermillion, bluish green, orange, reddish purple, sky blue, black. */
    private static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73),
            new Color(0xE69F00), new Color(0xCC79A7), new Color(0x56B4E9), new Color(0x000000)};
    private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.DIAMOND, SeriesMarkers.SQUARE,
            SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS, SeriesMarkers.PLUS};
    private static final BasicStroke[] DASHES = {
            new BasicStroke(2.2f),
            new BasicStroke(2.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[]{8f, 5f}, 0f),
            new BasicStroke(2.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[]{2f, 4f}, 0f)};
    private static final Color REFERENCE = new Color(0x555555);
    private static final BasicStroke INTERVAL = new BasicStroke(2f);
    private static final BasicStroke REFERENCE_STROKE = new BasicStroke(1f);
    private static final String FONT = Font.SANS_SERIF;
    private static final Font TITLE_FONT = new Font(FONT, Font.BOLD, 17);
    private static final Font TICK_FONT = new Font(FONT, Font.PLAIN, 13);
    private static final String BARS = "lines: 95% CI";

    private Charts() {
    }

    // ================================================================== from result files

    /**
     * Writes every chart the study supports to {@code dir/<stem>-<chart>.png|svg} and returns the
     * base paths: tournament → ratings, pairwise; first-player → seat-advantage (2 players) or
     * win-rate-by-seat (3-4), and margins (2 players); balance → variants, margins; match → margins.
     */
    public static List<Path> all(StoredResult result, Path dir, String stem) {
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
                    seatAdvantage(result, add(written, dir, stem, "seat-advantage"));
                    margins(result, add(written, dir, stem, "margins"));
                } else {
                    winRateBySeat(result, add(written, dir, stem, "win-rate-by-seat"));
                }
            }
            case "balance" -> {
                variants(result, add(written, dir, stem, "variants"));
                margins(result, add(written, dir, stem, "margins"));
            }
            case "match" -> margins(result, add(written, dir, stem, "margins"));
            case "tune" -> {
                StudyStatistics.Tune t = ChartData.tune(result);
                String who = String.format(Locale.ROOT, "%d players, %s, %s", result.config().players(),
                        result.config().ruleSets().get(0).variant().jsonName(),
                        t.opponent() != null ? "against " + t.opponent()
                                : result.config().players() == 2 ? "head to head" : "self-play");
                tune(t, who, context(result), add(written, dir, stem, "theta"));
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
        ratings(ChartData.ratings(tournament), context(tournament), base);
    }

    /** Pairwise score matrix of a tournament result, bots in rating order when the file has ratings. */
    public static void pairwise(StoredResult tournament, Path base) {
        PairScores scores = ChartData.pairScores(tournament);
        List<String> order = new ArrayList<>();
        if (ChartData.hasRatings(tournament)) {
            for (Rating r : ChartData.ratings(tournament)) {
                order.add(r.bot());
            }
        }
        pairwise(scores, order, context(tournament), base);
    }

    /** Seat advantage of one 2-player first-player result, labelled by its deck. */
    public static void seatAdvantage(StoredResult firstPlayer, Path base) {
        seatAdvantage(List.of(ChartData.seatAdvantage(deckLabel(firstPlayer), firstPlayer)), base);
    }

    /** Win rate by seat of a first-player result (3-4 players: sole wins per game, simultaneous intervals). */
    public static void winRateBySeat(StoredResult firstPlayer, Path base) {
        winRateBySeat(ChartData.seatShares(firstPlayer), context(firstPlayer), base);
    }

    /** Seat 0's score under each rule variant of a balance result. */
    public static void variants(StoredResult balance, Path base) {
        variants(ChartData.variantScores(balance), context(balance), base);
    }

    /** Score-margin distributions of a 2-player result (per lineup and rule set). */
    public static void margins(StoredResult result, Path base) {
        margins(ChartData.margins(result), context(result), base);
    }

    private static String deckLabel(StoredResult result) {
        String deck = result.config().deck().name();
        return deck.isEmpty() ? "deck" : deck;
    }

    private static String context(StoredResult result) {
        String deck = result.config().deck().name();
        return deck.isEmpty() ? "" : "deck: " + deck;
    }

    // ================================================================== the charts

    /** 1. Elo per bot with 95% interval, best first. */
    public static void ratings(List<Rating> ratings, String context, Path base) {
        ChartFiles.requireFonts();
        List<Rating> sorted = new ArrayList<>(ratings);
        sorted.sort(Comparator.comparingDouble((Rating r) -> Double.isNaN(r.elo().value()) ? Double.NEGATIVE_INFINITY
                : r.elo().value()).reversed());
        List<String> bots = new ArrayList<>();
        List<Estimate> elo = new ArrayList<>();
        List<String> desc = new ArrayList<>();
        desc.add("Bradley–Terry rating on the Elo scale (mean of the bots = 0), point estimate and 95% bootstrap interval.");
        List<Long> games = new ArrayList<>();
        for (Rating r : sorted) {
            bots.add(r.bot());
            elo.add(r.elo());
            games.add(r.games());
            desc.add(String.format(Locale.ROOT, "%s: Elo %s [%s, %s], %d games", r.bot(), elo(r.elo().value()),
                    elo(r.elo().low()), elo(r.elo().high()), r.games()));
        }
        addContext(desc, context);
        String title = withContext("Ratings (Bradley–Terry, round robin)", context);
        Range range = Range.of(elo, 0);
        EstimatePlot plot = new EstimatePlot(title, "bot (best first; " + sizes(bots, games, "games") + ")" + range.cutNote(),
                "Elo, mean of the bots = 0 (" + BARS + ")", bots, 1, range);
        XYChart chart = plot.chart;
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setYAxisDecimalPattern("+0;-0");
        plot.reference(0);
        plot.add(0, "Elo", elo);
        desc.add("line: 0 = the mean bot");
        ChartFiles.write(chart, base, desc);
    }

    /**
     * 2. Heat map of row's score against column, labelled in percent; rows and columns in
     * {@code order} (bots missing from it follow in the file's order), the first row on top.
     */
    public static void pairwise(PairScores scores, List<String> order, String context, Path base) {
        ChartFiles.requireFonts();
        List<String> bots = new ArrayList<>();
        for (String b : order) {
            if (scores.bots().contains(b) && !bots.contains(b)) {
                bots.add(b);
            }
        }
        for (String b : scores.bots()) {
            if (!bots.contains(b)) {
                bots.add(b);
            }
        }
        int n = bots.size();
        if (n < 2) {
            throw new UserError("the pairwise chart needs at least 2 bots");
        }
        List<String> rows = new ArrayList<>(bots);
        java.util.Collections.reverse(rows); // XChart's y axis runs upward: the first bot goes on top
        List<Number[]> cells = new ArrayList<>();
        List<String> desc = new ArrayList<>();
        desc.add("Score of the row's bot against the column's bot (win 1, draw ½), over all games they met in.");
        for (int x = 0; x < n; x++) {
            int j = scores.bots().indexOf(bots.get(x));
            for (int y = 0; y < n; y++) {
                int i = scores.bots().indexOf(rows.get(y));
                double s = scores.score()[i][j];
                if (i != j && !Double.isNaN(s)) {
                    // rounded half-up to 0.1% here, as the text report does; XChart's label rounds half-even
                    cells.add(new Number[]{x, y, Math.round(s * 1000) / 1000.0});
                }
            }
        }
        for (String row : bots) {
            int i = scores.bots().indexOf(row);
            for (String col : bots) {
                int j = scores.bots().indexOf(col);
                if (i != j && scores.games()[i][j] > 0) {
                    desc.add(String.format(Locale.ROOT, "%s vs %s: %.1f%% of %d games", row, col, 100 * scores.score()[i][j],
                            scores.games()[i][j]));
                }
            }
        }
        addContext(desc, context);
        if (cells.isEmpty()) {
            throw new UserError("the pairwise chart has no games between different bots to show");
        }
        String title = withContext("Pairwise score, row against column", context);
        HeatMapChart chart = new HeatMapChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("opponent (column); cell: row's score, win 1 draw ½ (blue: above 50%, red: below)")
                .yAxisTitle("bot (row)").build();
        style(chart.getStyler());
        chart.getStyler().setPlotGridLinesVisible(false);
        chart.getStyler().setShowValue(true);
        chart.getStyler().setValueFont(new Font(FONT, Font.BOLD, 15));
        chart.getStyler().setValueFontColor(Color.BLACK);
        chart.getStyler().setHeatMapValueDecimalPattern("0.0%");
        chart.getStyler().setMin(0).setMax(1);
        // diverging: red (row loses) – white (even) – blue (row wins); readable with red-green deficiency
        chart.getStyler().setRangeColors(new Color[]{new Color(0xD6604D), new Color(0xF7F7F7), new Color(0x4393C3)});
        // XChart labels its colour scale "0.0".."1.0" whatever the pattern; the cells carry the numbers instead
        chart.getStyler().setLegendVisible(false);
        List<String> columns = new ArrayList<>();
        for (String b : bots) {
            columns.add(axisLabel(b));
        }
        List<String> rowLabels = new ArrayList<>();
        for (String b : rows) {
            rowLabels.add(axisLabel(b));
        }
        chart.getStyler().setXAxisLabelRotation(rotation(columns, WIDTH - 200));
        chart.addSeries("score", columns, rowLabels, cells);
        ChartFiles.write(chart, base, desc);
    }

    /** A bot spec shortened for a crowded axis: "ismcts:iterations=300" becomes "ismcts 300". */
    static String axisLabel(String bot) {
        int colon = bot.indexOf(':');
        if (colon < 0) {
            return bot;
        }
        StringBuilder sb = new StringBuilder(bot.substring(0, colon));
        for (String kv : bot.substring(colon + 1).split(",")) {
            int eq = kv.indexOf('=');
            sb.append(' ').append(eq < 0 ? kv : kv.substring(eq + 1));
        }
        return sb.toString();
    }

    /**
     * 3. Seat 0's win rate among decisive games per bot, one series per group (e.g. per deck),
     * with the 50% line.
     */
    public static void seatAdvantage(List<SeatAdvantage> groups, Path base) {
        ChartFiles.requireFonts();
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
        List<String> bots = new ArrayList<>(botSet);
        Range range = Range.of(all, 0.5);
        List<String> sized = new ArrayList<>();
        List<Long> n = new ArrayList<>();
        for (SeatAdvantage g : groups) {
            for (BotEstimate b : g.bots()) {
                sized.add(groups.size() == 1 ? b.bot() : b.bot() + " (" + g.label() + ")");
                n.add(b.n());
            }
        }
        String title = "Seat advantage in self-play (2 players)";
        EstimatePlot plot = new EstimatePlot(title, "bot (plays itself; " + sizes(sized, n, "games") + ", draws left out)"
                + range.cutNote(), "seat 0 win rate, decisive games (" + BARS + ")", bots, groups.size(), range);
        XYChart chart = plot.chart;
        plot.reference(0.5);
        chart.getStyler().setYAxisDecimalPattern("0.#%");
        List<String> desc = new ArrayList<>();
        desc.add("Share of decisive games (draws left out) won by seat 0, with 95% Wilson interval; "
                + "line: 50% = no seat advantage.");
        for (int gi = 0; gi < groups.size(); gi++) {
            SeatAdvantage g = groups.get(gi);
            List<Estimate> values = new ArrayList<>();
            for (String bot : bots) {
                values.add(g.bots().stream().filter(b -> b.bot().equals(bot)).map(BotEstimate::estimate).findFirst()
                        .orElse(new Estimate(Double.NaN, Double.NaN, Double.NaN)));
            }
            plot.add(gi, g.label(), values);
            for (BotEstimate b : g.bots()) {
                desc.add(String.format(Locale.ROOT, "%s, %s: %s [%s, %s], %d games", g.label(), b.bot(),
                        pct(b.estimate().value()), pct(b.estimate().low()), pct(b.estimate().high()), b.n()));
            }
        }
        legendBelow(chart.getStyler(), new ArrayList<>(labels));
        ChartFiles.write(chart, base, desc);
    }

    /** 4. Win rate by seat per bot (3-4 players: share of the games won alone, simultaneous intervals; 2 works too), with the 1/k line. */
    public static void winRateBySeat(SeatShares shares, String context, Path base) {
        ChartFiles.requireFonts();
        int k = shares.players();
        List<String> bots = new ArrayList<>();
        List<Long> n = new ArrayList<>();
        List<Estimate> all = new ArrayList<>();
        for (BotEstimates b : shares.bots()) {
            bots.add(b.bot());
            n.add(b.n());
            all.addAll(b.values());
        }
        double equal = 1.0 / k;
        Range range = Range.of(all, equal);
        String title = withContext("Win rate by seat, " + k + " players in self-play", context);
        EstimatePlot plot = new EstimatePlot(title, "bot (plays itself; " + sizes(bots, n, "games") + ")" + range.cutNote(),
                (k == 2 ? "share of decisive games (" + BARS : "share of the games won alone (lines: simultaneous 95% CI")
                        + "; line: 1/" + k + ")", bots, k, range);
        XYChart chart = plot.chart;
        plot.reference(equal);
        chart.getStyler().setYAxisDecimalPattern("0.#%");
        List<String> desc = new ArrayList<>();
        desc.add(k == 2 ? "Share of the decisive games won by each seat, with 95% Wilson interval; line: 1/2 = seats equal."
                : "Each seat's share of the games won alone (games won by several seats are left out), with Goodman's "
                        + "simultaneous 95% intervals (all seats' intervals of a bot hold together); line: 1/" + k
                        + " = seats equal.");
        addContext(desc, context);
        for (int s = 0; s < k; s++) {
            List<Estimate> values = new ArrayList<>();
            for (BotEstimates b : shares.bots()) {
                values.add(b.values().get(s));
                Estimate e = b.values().get(s);
                desc.add(String.format(Locale.ROOT, "%s, seat %d: %s [%s, %s]", b.bot(), s, pct(e.value()), pct(e.low()),
                        pct(e.high())));
            }
            plot.add(s, "seat " + s + (s == 0 ? " (starts)" : ""), values);
        }
        legendBelow(chart.getStyler(), shownSeries(chart));
        ChartFiles.write(chart, base, desc);
    }

    /** 5. Seat 0's score per bot under each rule variant, side by side, with the 50% line. */
    public static void variants(VariantScores scores, String context, Path base) {
        ChartFiles.requireFonts();
        List<String> bots = new ArrayList<>();
        List<Long> n = new ArrayList<>();
        List<Estimate> all = new ArrayList<>();
        for (BotEstimates b : scores.bots()) {
            bots.add(b.bot());
            n.add(b.n());
            all.addAll(b.values());
        }
        Range range = Range.of(all, 0.5);
        String title = withContext("Seat 0's score: " + String.join(" vs ", scores.variants()), context);
        EstimatePlot plot = new EstimatePlot(title, "bot (self-play, the same deals in each variant; "
                + sizes(bots, n, "deals") + ")" + range.cutNote(), "seat 0 score, win 1 draw ½ (" + BARS + ")", bots,
                scores.variants().size(), range);
        XYChart chart = plot.chart;
        plot.reference(0.5);
        chart.getStyler().setYAxisDecimalPattern("0.#%");
        List<String> desc = new ArrayList<>();
        desc.add("Seat 0's score (win 1, draw ½) under each rule variant, with 95% interval; "
                + "line: 50% = no seat advantage.");
        addContext(desc, context);
        for (int v = 0; v < scores.variants().size(); v++) {
            List<Estimate> values = new ArrayList<>();
            for (BotEstimates b : scores.bots()) {
                Estimate e = b.values().get(v);
                values.add(e);
                desc.add(String.format(Locale.ROOT, "%s, %s: %s [%s, %s], %d deals", b.bot(), scores.variants().get(v),
                        pct(e.value()), pct(e.low()), pct(e.high()), b.n()));
            }
            plot.add(v, scores.variants().get(v), values);
        }
        legendBelow(chart.getStyler(), scores.variants());
        ChartFiles.write(chart, base, desc);
    }

    /**
     * 6. Distributions of the score margin (seat 0 − seat 1 in self-play, bot a − bot b between two
     * bots), one line per lineup and rule set (colour = lineup, dash = rule set), as the share of
     * games per bin. Bins are an odd number
     * of points wide, centred on multiples of the width (so 0 is a bin centre), chosen to give
     * about 45 bins over the margins seen; lines join bin centres.
     */
    public static void margins(List<MarginCounts> margins, String context, Path base) {
        ChartFiles.requireFonts();
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (MarginCounts m : margins) {
            if (!m.counts().isEmpty()) {
                min = Math.min(min, m.counts().firstKey());
                max = Math.max(max, m.counts().lastKey());
            }
        }
        if (min > max) {
            throw new UserError("the margins chart has no scored games to show");
        }
        int width = binWidth(min, max);
        int kMin = Math.floorDiv(min + width / 2, width) - 1;
        int kMax = Math.floorDiv(max + width / 2, width) + 1;
        String title = withContext("Score margin distribution", context);
        List<String> whats = margins.stream().map(MarginCounts::what).distinct().toList();
        String what = whats.size() == 1 ? whats.get(0) : "as in the legend";
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("score margin, " + what + " (points" + (width == 1 ? "" : "; bins of " + width) + ")")
                .yAxisTitle("share of games" + (width == 1 ? "" : " per bin")).build();
        style(chart.getStyler());
        chart.getStyler().setYAxisDecimalPattern("0.#%");
        chart.getStyler().setXAxisDecimalPattern("+0;-0");
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE); // the tails leave the corners empty
        chart.getStyler().setYAxisMin(0.0);
        List<String> lineups = new ArrayList<>();
        List<String> ruleSets = new ArrayList<>();
        for (MarginCounts m : margins) {
            if (!lineups.contains(m.lineup())) {
                lineups.add(m.lineup());
            }
            if (!ruleSets.contains(m.ruleSet())) {
                ruleSets.add(m.ruleSet());
            }
        }
        List<String> desc = new ArrayList<>();
        desc.add("Distribution of the score margin " + what + ", as the share of each line's games per bin of "
                + width + " point" + (width == 1 ? "" : "s") + " (bin centres at multiples of " + width + ").");
        addContext(desc, context);
        for (MarginCounts m : margins) {
            long total = m.total();
            if (total == 0) {
                continue;
            }
            double sum = 0;
            for (Map.Entry<Integer, Long> e : m.counts().entrySet()) {
                sum += (double) e.getKey() * e.getValue();
            }
            double[] x = new double[kMax - kMin + 1];
            for (int k = kMin; k <= kMax; k++) {
                x[k - kMin] = (double) k * width;
            }
            double[] y = binShares(m.counts(), width, kMin, kMax);
            String name = m.lineup() + (ruleSets.size() > 1 ? " · " + m.ruleSet() : "") + " (" + total + " games)";
            XYSeries s = chart.addSeries(name, x, y);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            s.setMarker(SeriesMarkers.NONE);
            Color c = PALETTE[lineups.indexOf(m.lineup()) % PALETTE.length];
            s.setLineColor(c);
            s.setMarkerColor(c);
            s.setLineStyle(DASHES[ruleSets.indexOf(m.ruleSet()) % DASHES.length]);
            desc.add(String.format(Locale.ROOT, "%s, %s: %d games, mean margin %+.2f", m.lineup(), m.ruleSet(), total, sum / total));
        }
        AnnotationLine zero = new AnnotationLine(0, true, false);
        chart.addAnnotation(zero);
        ChartFiles.write(chart, base, desc);
    }

    /**
     * Share of the games in each bin k = kMin..kMax (bin k holds margins within width/2 of
     * k·width; width odd), out of all the games counted.
     */
    static double[] binShares(NavigableMap<Integer, Long> counts, int width, int kMin, int kMax) {
        long total = 0;
        long[] bins = new long[kMax - kMin + 1];
        for (Map.Entry<Integer, Long> e : counts.entrySet()) {
            int k = Math.floorDiv(e.getKey() + width / 2, width);
            if (k >= kMin && k <= kMax) {
                bins[k - kMin] += e.getValue();
            }
            total += e.getValue();
        }
        double[] shares = new double[bins.length];
        for (int i = 0; i < bins.length; i++) {
            shares[i] = total == 0 ? 0 : bins[i] / (double) total;
        }
        return shares;
    }

    /** Smallest odd width giving at most about 45 bins over [min, max]. */
    static int binWidth(int min, int max) {
        int w = Math.max(1, (int) Math.ceil((max - min + 1) / 45.0));
        return w % 2 == 0 ? w + 1 : w;
    }

    // ================================================================== building blocks

    /**
     * An XY chart of estimates by category: category i at x = i, labelled on the x axis; the
     * {@code groups} series of a category side by side around it. Each estimate is a marker at its
     * value and, under it, a line with end caps over its exact interval.
     */
    static final class EstimatePlot {
        final XYChart chart;
        private final List<String> categories;
        private final int groups;
        private final Range range;

        EstimatePlot(String title, String xTitle, String yTitle, List<String> categories, int groups, Range range) {
            this.categories = categories;
            this.groups = groups;
            this.range = range;
            chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
            style(chart.getStyler());
            chart.getStyler().setMarkerSize(11);
            chart.getStyler().setPlotGridVerticalLinesVisible(false);
            chart.getStyler().setXAxisMin(-0.5);
            chart.getStyler().setXAxisMax(categories.size() - 0.5);
            // One tick per category: a tick spacing hint of 0.8 category widths keeps XChart's step at 1. XChart drops
            // every label when the longest does not fit in the hint, so the labels are turned as far as needed.
            List<String> labels = categories.stream().map(Charts::axisLabel).toList();
            int hint = Math.max(1, (int) (0.8 * (WIDTH - 160) / categories.size()));
            chart.getStyler().setXAxisTickMarkSpacingHint(hint);
            chart.getStyler().setXAxisLabelRotation(labelRotation(labels, hint));
            chart.setCustomXAxisTickLabelsFormatter(x -> {
                long i = Math.round(x);
                if (Math.abs(x - i) < 1e-6 && i >= 0 && i < labels.size()) {
                    return labels.get((int) i);
                }
                // XChart refuses a set of tick labels with repeats: blanks of different lengths off the categories
                return " ".repeat(1 + 2 * (int) Math.abs(Math.round(2 * x)) + (x < 0 ? 1 : 0));
            });
            range.apply(chart.getStyler());
        }

        /** The x of group g's estimate for category i. */
        double x(int i, int g) {
            double step = Math.min(0.22, 0.7 / groups);
            return i + (g - (groups - 1) / 2.0) * step;
        }

        /**
         * A horizontal reference line at {@code y} across the plot, drawn as a series under the
         * estimates so that it goes through the same axis as they do. (XChart's AnnotationLine drew
         * it at the wrong height on a chart with a single category: 54.5% for a 50% line.)
         */
        void reference(double y) {
            XYSeries line = chart.addSeries("reference " + y, new double[]{-0.5, categories.size() - 0.5},
                    new double[]{y, y});
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(REFERENCE);
            line.setLineStyle(REFERENCE_STROKE);
            line.setShowInLegend(false);
        }

        /** Adds group g: its intervals (not in the legend), then its markers, in colour g. */
        void add(int g, String name, List<Estimate> values) {
            Color colour = PALETTE[g % PALETTE.length];
            double cap = Math.min(0.06, 0.25 / groups);
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                Estimate e = values.get(i);
                double[][] path = range.intervalPath(x(i, g), cap, e);
                if (path != null) {
                    XYSeries line = chart.addSeries(name + " · interval " + (i + 1), path[0], path[1]);
                    line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                    line.setMarker(SeriesMarkers.NONE);
                    line.setLineColor(colour);
                    line.setLineStyle(INTERVAL);
                    line.setShowInLegend(false);
                }
                if (Double.isFinite(e.value())) {
                    xs.add(x(i, g));
                    ys.add(e.value());
                }
            }
            if (xs.isEmpty()) { // nothing to mark; the legend still names the group
                xs.add(Double.NaN);
                ys.add(Double.NaN);
            }
            XYSeries points = chart.addSeries(name, xs, ys);
            points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            points.setMarker(MARKERS[g % MARKERS.length]);
            points.setMarkerColor(colour);
            points.setLineColor(colour);
        }
    }

    /**
     * The sample sizes for an axis title: "1,000 games each" when all are equal, else by size
     * ("40,000 deals for random, greedy; 1,000 for heuristic").
     */
    static String sizes(List<String> names, List<Long> n, String unit) {
        java.util.Map<Long, List<String>> bySize = new java.util.LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            bySize.computeIfAbsent(n.get(i), x -> new ArrayList<>()).add(axisLabel(names.get(i)));
        }
        if (bySize.size() <= 1) {
            return String.format(Locale.ROOT, "%,d %s each", n.isEmpty() ? 0 : n.get(0), unit);
        }
        List<String> parts = new ArrayList<>();
        for (java.util.Map.Entry<Long, List<String>> e : bySize.entrySet()) {
            parts.add(String.format(Locale.ROOT, "%,d%s for %s", e.getKey(), parts.isEmpty() ? " " + unit : "",
                    String.join(", ", e.getValue())));
        }
        return String.join("; ", parts);
    }

    /**
     * The equivalence chart of the three-row question: per bot, seat 0's score base − three-row
     * (paired by deal) with its 90% interval, the interval of the two one-sided tests, and lines
     * at 0 and at ±{@code margin}: a bar wholly inside the band is "equally balanced within
     * ±margin" (before the Holm correction the README applies). The intervals are symmetric.
     */
    public static void balanceDifferences(List<String> bots, List<Estimate> differences, double margin, Path base) {
        ChartFiles.requireFonts();
        List<Estimate> all = new ArrayList<>(differences);
        all.add(new Estimate(-margin, -margin, -margin));
        all.add(new Estimate(margin, margin, margin));
        Range range = Range.of(all, 0);
        EstimatePlot plot = new EstimatePlot("Seat 0's score, base − three-row, paired by deal",
                "bot (plays itself)" + range.cutNote(), "difference in seat 0's score (90% interval)", bots, 1, range);
        XYChart chart = plot.chart;
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setYAxisDecimalPattern("+0.0%;-0.0%");
        plot.reference(0);
        plot.reference(margin);
        plot.reference(-margin);
        plot.add(0, "base − three-row", differences);
        List<String> desc = new ArrayList<>();
        desc.add(String.format(Locale.ROOT, "Seat 0's score under the base rules minus under the three-row variant, paired "
                + "by deal, with its 90%% interval (the two one-sided tests at 5%%); lines: 0 and the equivalence margin "
                + "±%.1f percentage points.", 100 * margin));
        for (int i = 0; i < bots.size(); i++) {
            Estimate e = differences.get(i);
            desc.add(String.format(Locale.ROOT, "%s: %+.2f pp [%+.2f, %+.2f]", bots.get(i), 100 * e.value(), 100 * e.low(),
                    100 * e.high()));
        }
        ChartFiles.write(chart, base, desc);
    }

    /**
     * The compensation curves: seat 0's expected score (pointwise 95% interval) when seat 1 gets a
     * bonus of b points, one series per bot and variant (named with its fair bonus), with the line
     * at 50%.
     *
     * @param curves every curve with the same bonuses, b = 0 first
     */
    public static void compensation(List<ChartData.Compensation> curves, Path base) {
        ChartFiles.requireFonts();
        List<String> categories = new ArrayList<>();
        for (double b : curves.get(0).bonuses()) {
            categories.add("b = " + Format.bonus(b));
        }
        List<Estimate> all = new ArrayList<>();
        curves.forEach(c -> all.addAll(c.scores()));
        Range range = Range.of(all, 0.5);
        EstimatePlot plot = new EstimatePlot("A bonus for seat 1: seat 0's expected score",
                "points given to seat 1 at the end of the game" + range.cutNote(),
                "seat 0 score, win 1 tie ½ (" + BARS + ")", categories, curves.size(), range);
        XYChart chart = plot.chart;
        plot.reference(0.5);
        chart.getStyler().setYAxisDecimalPattern("0.#%");
        List<String> desc = new ArrayList<>();
        desc.add("Seat 0's expected score if seat 1 gets b extra points, from the recorded score margins (a margin equal "
                + "to b counts as a tie; a half-point bonus leaves none); pointwise 95% score intervals; line: 50% = fair. "
                + "Each series names its fair bonus: the half-point bonus that brings seat 0's score closest to 50%, with its "
                + "95% interval.");
        List<String> names = new ArrayList<>();
        int g = 0;
        for (ChartData.Compensation c : curves) {
            Estimate fair = c.fairBonus();
            String name = String.format(Locale.ROOT, "%s (fair bonus %s)", c.name(), Format.signed(fair.value(), 1));
            names.add(name);
            plot.add(g++, name, c.scores());
            StringBuilder line = new StringBuilder(c.name()).append(':');
            for (int b = 0; b < c.scores().size(); b++) {
                Estimate x = c.scores().get(b);
                line.append(String.format(Locale.ROOT, " b=%s %s [%s, %s]", Format.bonus(c.bonuses().get(b)), pct(x.value()),
                        pct(x.low()), pct(x.high())));
            }
            line.append(String.format(Locale.ROOT, "; fair bonus %s [%s, %s], seat 0 then %s", Format.signed(fair.value(), 1),
                    Format.signed(fair.low(), 1), Format.signed(fair.high(), 1), pct(c.seat0AtFair())));
            desc.add(line.toString());
        }
        legendBelow(chart.getStyler(), names);
        ChartFiles.write(chart, base, desc);
    }

    /**
     * 7. A tuning run's course: each parameter's θ against the iterations, on one axis where 0 is
     * the low end of its range and 1 the high end (so parameters of any scale share it; the
     * legend gives each range and the start and tuned values), the ranges shaded grey, and around
     * each line, in its colour, the band θ ± c_k of the two points the games compared. {@code who}
     * says who played (players, variant, opponent): tunings of one bot differ by it.
     */
    public static void tune(StudyStatistics.Tune t, String who, String context, Path base) {
        ChartFiles.requireFonts();
        if (t.iterationsPlayed() == 0) {
            throw new UserError("the tune chart needs at least one iteration played");
        }
        long perIteration = t.games() / t.iterationsPlayed();
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(withContext("Tuning " + t.start().replaceFirst(":.*", "") + " (" + who + "): θ by iteration", context))
                .xAxisTitle(String.format(Locale.ROOT, "iteration (%,d games each; %,d in all)", perIteration, t.games()))
                .yAxisTitle("θ in its range (0 = low end, 1 = high end)").build();
        style(chart.getStyler());
        chart.getStyler().setYAxisMin(-0.02);
        chart.getStyler().setYAxisMax(1.02);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax((double) t.path().get(t.path().size() - 1));
        chart.getStyler().setXAxisDecimalPattern("#,##0");
        chart.getStyler().setYAxisDecimalPattern("0.##");
        double[] x = new double[t.path().size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = t.path().get(i);
        }
        XYSeries range = chart.addSeries("the ranges", new double[]{x[0], x[x.length - 1], x[x.length - 1], x[0]},
                new double[]{0, 0, 1, 1});
        range.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
        range.setFillColor(new Color(0xF0F0F0));
        range.setLineColor(new Color(0xF0F0F0));
        range.setMarker(SeriesMarkers.NONE);
        range.setShowInLegend(false);
        List<String> desc = new ArrayList<>();
        desc.add("Each tuned parameter's θ after each iteration, as a share of its range (0 = low end, 1 = high end); "
                + "grey: the ranges; bands: θ ± c_k, the two points each iteration played.");
        addContext(desc, context);
        List<String> names = new ArrayList<>();
        for (int p = 0; p < t.parameters().size(); p++) {
            StudyStatistics.Tune.Value v = t.parameters().get(p);
            Color colour = PALETTE[p % PALETTE.length];
            double span = v.max() - v.min();
            double[] y = new double[x.length];
            double[] band = new double[2 * x.length];
            double[] bandX = new double[2 * x.length];
            for (int i = 0; i < x.length; i++) {
                y[i] = (v.path().get(i) - v.min()) / span;
                double c = v.perturbation().get(i) / span;
                bandX[i] = x[i];
                band[i] = Math.min(1, y[i] + c);
                bandX[2 * x.length - 1 - i] = x[i];
                band[2 * x.length - 1 - i] = Math.max(0, y[i] - c);
            }
            XYSeries b = chart.addSeries(v.name() + " ± c", bandX, band);
            b.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
            b.setFillColor(new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 40));
            b.setLineColor(new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 0));
            b.setMarker(SeriesMarkers.NONE);
            b.setShowInLegend(false);
            String name = String.format(Locale.ROOT, "%s %s..%s: %s → %s", v.name(), num(v.min()), num(v.max()),
                    num(v.start()), v.value());
            names.add(name);
            XYSeries line = chart.addSeries(name, x, y);
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(colour);
            line.setLineStyle(DASHES[p / PALETTE.length % DASHES.length]);
            desc.add(String.format(Locale.ROOT, "%s (range %s..%s%s): start %s, after %,d iterations %s (moved %+.1f%% "
                            + "of the range)", v.name(), num(v.min()), num(v.max()), v.integer() ? ", integer" : "",
                    num(v.start()), t.iterationsPlayed(), v.value(), 100 * v.moved()));
        }
        legendBelow(chart.getStyler(), names);
        ChartFiles.write(chart, base, desc);
    }

    /** A parameter's bound or start as the bots list take it: {@code 0.1}, {@code 4}, {@code 1000}. */
    private static String num(double x) {
        return richelieu.strategies.StrategyFactory.Parameter.format(x);
    }

    /** House look: white, large readable fonts, the palette, root locale. */
    private static void style(AxesChartStyler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderColor(new Color(0x999999));
        s.setChartFontColor(new Color(0x222222));
        s.setLegendBackgroundColor(Color.WHITE);
        s.setLegendBorderColor(new Color(0xBBBBBB));
        s.setPlotGridLinesColor(new Color(0xE3E3E3));
        s.setPlotGridLinesStroke(new BasicStroke(1f));
        s.setAxisTickMarksColor(new Color(0x999999));
        s.setAxisTickLabelsColor(new Color(0x222222));
        s.setChartTitleBoxVisible(false);
        s.setChartTitleFont(TITLE_FONT);
        s.setAxisTitleFont(new Font(FONT, Font.PLAIN, 14));
        s.setAxisTickLabelsFont(TICK_FONT);
        s.setLegendFont(new Font(FONT, Font.PLAIN, 13));
        s.setBaseFont(new Font(FONT, Font.PLAIN, 13));
        s.setSeriesColors(PALETTE);
        s.setSeriesMarkers(MARKERS);
        s.setAntiAlias(true);
        s.setLocale(Locale.ROOT);
        s.setChartPadding(12);
        s.setToolTipsEnabled(false);
    }

    /** Legend under the plot, in one row when the names fit side by side. */
    private static void legendBelow(AxesChartStyler s, List<String> names) {
        int needed = 0;
        for (String n : names) {
            needed += 8 * n.length() + 48; // marker and gaps
        }
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(needed <= WIDTH - 40 ? Styler.LegendLayout.Horizontal : Styler.LegendLayout.Vertical);
    }

    /** The smallest turn (0, 30, 45, 60 or 90 degrees) that fits the longest label in {@code width} pixels with 15% to spare. */
    static int labelRotation(List<String> labels, int width) {
        FontRenderContext frc = new FontRenderContext(null, true, false);
        double w = 0;
        double h = 0;
        for (String l : labels) {
            java.awt.geom.Rectangle2D b = new TextLayout(l.isEmpty() ? " " : l, TICK_FONT, frc).getBounds();
            w = Math.max(w, b.getWidth());
            h = Math.max(h, b.getHeight());
        }
        for (int degrees : new int[]{0, 30, 45, 60}) {
            double r = Math.toRadians(degrees);
            if ((w * Math.cos(r) + h * Math.sin(r)) * 1.15 < width) {
                return degrees;
            }
        }
        return 90;
    }

    /** Tick labels turned when they would not fit side by side. */
    private static int rotation(List<String> labels, int width) {
        int needed = 0;
        for (String l : labels) {
            needed += 8 * l.length() + 24; // ~8 px per character at 13 pt
        }
        return needed <= width ? 0 : 25;
    }

    /** The names of the series shown in the legend (not the interval and reference lines). */
    private static List<String> shownSeries(XYChart chart) {
        List<String> names = new ArrayList<>();
        chart.getSeriesMap().forEach((name, series) -> {
            if (series.isShowInLegend()) {
                names.add(name);
            }
        });
        return names;
    }

    /**
     * The y range of a chart of estimates: the finite values and interval ends, and a reference
     * value, with 6% padding. An infinite end of an interval is drawn past the edge.
     */
    record Range(double min, double max, boolean cut) {
        static Range of(List<Estimate> values, double reference) {
            double lo = reference;
            double hi = reference;
            boolean cut = false;
            for (Estimate e : values) {
                for (double v : new double[]{e.value(), e.low(), e.high()}) {
                    if (Double.isFinite(v)) {
                        lo = Math.min(lo, v);
                        hi = Math.max(hi, v);
                    } else if (Double.isInfinite(v) && Double.isFinite(e.value())) {
                        cut = true;
                    }
                }
            }
            double pad = hi > lo ? 0.06 * (hi - lo) : Math.max(1e-3, Math.abs(hi) * 0.1);
            return new Range(lo - pad, hi + pad, cut);
        }

        /**
         * The interval of {@code e} at x as a polyline {xs, ys}: the bottom cap, the line up, the
         * top cap; an infinite end runs past the edge of the plot without a cap. Null when an end
         * is NaN.
         */
        double[][] intervalPath(double x, double cap, Estimate e) {
            double lo = e.low();
            double hi = e.high();
            if (Double.isNaN(lo) || Double.isNaN(hi)) {
                return null;
            }
            double span = max - min;
            List<double[]> points = new ArrayList<>();
            if (Double.isInfinite(lo)) {
                points.add(new double[]{x, lo > 0 ? max + span : min - span});
            } else {
                points.addAll(List.of(new double[]{x - cap, lo}, new double[]{x + cap, lo}, new double[]{x, lo}));
            }
            if (Double.isInfinite(hi)) {
                points.add(new double[]{x, hi > 0 ? max + span : min - span});
            } else {
                points.addAll(List.of(new double[]{x, hi}, new double[]{x - cap, hi}, new double[]{x + cap, hi}));
            }
            double[][] path = new double[2][points.size()];
            for (int i = 0; i < points.size(); i++) {
                path[0][i] = points.get(i)[0];
                path[1][i] = points.get(i)[1];
            }
            return path;
        }

        void apply(AxesChartStyler s) {
            s.setYAxisMin(min);
            s.setYAxisMax(max);
        }

        /** For the x-axis title: where a line stands for an interval with an infinite side. */
        String cutNote() {
            return cut ? " · a line past the edge: interval unbounded on that side" : "";
        }
    }

    /** The title with its context ("deck: …") when both fit on the chart's title line, else the title alone. */
    private static void addContext(List<String> desc, String context) {
        if (context != null && !context.isEmpty()) {
            desc.add(context);
        }
    }

    private static String withContext(String title, String context) {
        if (context == null || context.isEmpty()) {
            return title;
        }
        String full = title + " · " + context;
        FontRenderContext frc = new FontRenderContext(null, true, true);
        double width = new TextLayout(full, TITLE_FONT, frc).getBounds().getWidth();
        return width <= WIDTH - 220 ? full : title; // room for the y axis, its title and the margins
    }

    static String pct(double x) {
        return Format.pct(x);
    }

    static String elo(double e) {
        return Format.elo(e);
    }
}
