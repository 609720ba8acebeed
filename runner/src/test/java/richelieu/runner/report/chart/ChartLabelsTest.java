package richelieu.runner.report.chart;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import richelieu.runner.report.chart.ChartData.BotEstimate;
import richelieu.runner.report.chart.ChartData.BotEstimates;
import richelieu.runner.report.chart.ChartData.Compensation;
import richelieu.runner.report.chart.ChartData.Estimate;
import richelieu.runner.report.chart.ChartData.PairScores;
import richelieu.runner.report.chart.ChartData.Rating;
import richelieu.runner.report.chart.ChartData.SeatAdvantage;
import richelieu.runner.report.chart.ChartData.SeatWinShares;
import richelieu.runner.report.chart.ChartData.VariantScores;
import richelieu.runner.studystats.MarginCounts;
import richelieu.runner.studystats.StudyStatistics;

import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.Font;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every chart kind, drawn with long bot names and many series, keeps each of its words as text
 * in the SVG, every one of them whole and inside the canvas: the test reads each {@code <text>}
 * element's position, font and turn from the SVG and measures it with the same font.
 */
class ChartLabelsTest {
    @TempDir
    Path dir;

    /** Bot names as long as shipped specs get, and longer. */
    private static List<String> bots(int n) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            names.add(switch (i % 4) {
                case 0 -> "ismcts-mast:iterations=1000,rollout=random,c=0.25" + i;
                case 1 -> "heuristic-2p:marker=4.29698,cardCost=0.037338,markSpot=0.19214,openSpot=1.0233," + i;
                case 2 -> "a-plug-in-bot-with-a-name-that-has-no-place-to-break-at-all-" + i;
                default -> "mine" + i + "=exec:python3 examples/python-bot/my_bot.py --depth " + i;
            });
        }
        return names;
    }

    private static Estimate e(double v, double spread) {
        return new Estimate(v, v - spread, v + spread);
    }

    @Test
    void ratings_twelveLongNames_everyNameWholeAndInside() throws Exception {
        List<String> bots = bots(12);
        List<Rating> ratings = new ArrayList<>();
        for (int i = 0; i < bots.size(); i++) {
            ratings.add(new Rating(bots.get(i), e(500 - 90 * i, 15 + i), 9600));
        }
        RatingsChart.draw(ratings, "deck: standard (docs/rules.md)", dir.resolve("r"));
        assertLabels("r", bots);
    }

    @Test
    void pairwise_twelveLongNames_everyNameWholeAndInside() throws Exception {
        List<String> bots = bots(12);
        int n = bots.size();
        double[][] score = new double[n][n];
        long[][] games = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                score[i][j] = i == j ? Double.NaN : (j + 1.0) / (i + j + 2.0);
                games[i][j] = i == j ? 0 : 1200;
            }
        }
        Charts.allOrNothing(() -> PairwiseChart.draw(new PairScores(bots, score, games), List.of(), "", dir.resolve("p")));
        List<String> labels = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            labels.add(HeatMapFigure.number(k) + " " + bots.get(k));
        }
        assertLabels("p", labels);
    }

    @Test
    void seatAdvantage_tenBotsOnFourDecks_everyNameAndSeriesInside() throws Exception {
        List<String> bots = bots(10);
        List<SeatAdvantage> decks = new ArrayList<>();
        List<String> series = List.of("standard deck", "flat deck", "doubles-heavy deck", "a deck of a very long name");
        for (String deck : series) {
            List<BotEstimate> estimates = new ArrayList<>();
            for (String b : bots) {
                estimates.add(new BotEstimate(b, e(0.5 + 0.002 * b.length() % 7, 0.01), 10_000));
            }
            decks.add(new SeatAdvantage(deck, estimates));
        }
        Charts.seatAdvantage(decks, BotOrder.none(), dir.resolve("s"));
        assertLabels("s", concat(bots, series));
    }

    @Test
    void winRateBySeat_eightBotsFourSeats_everyNameInside() throws Exception {
        List<String> bots = bots(8);
        List<BotEstimates> estimates = new ArrayList<>();
        for (String b : bots) {
            estimates.add(new BotEstimates(b, List.of(e(0.31, 0.01), e(0.30, 0.01), e(0.22, 0.01), e(0.17, 0.01)), 6000));
        }
        Charts.winRateBySeat(new SeatWinShares(4, estimates), "all bots", BotOrder.none(), dir.resolve("w"));
        assertLabels("w", concat(bots, List.of("seat 0 (starts)", "seat 1", "seat 2", "seat 3")));
    }

    @Test
    void variants_tenBots_everyNameInside() throws Exception {
        List<String> bots = bots(10);
        List<BotEstimates> estimates = new ArrayList<>();
        for (int i = 0; i < bots.size(); i++) {
            estimates.add(new BotEstimates(bots.get(i), List.of(e(0.52, 0.01), e(0.51, 0.01)), i < 5 ? 40_000 : 16_000));
        }
        Charts.variants(new VariantScores(List.of("base", "three-row"), estimates), "all bots, self-play", BotOrder.none(),
                dir.resolve("v"));
        assertLabels("v", concat(bots, List.of("base", "three-row")));
    }

    @Test
    void balanceDifferences_tenBots_everyNameInside() throws Exception {
        List<String> bots = bots(10);
        List<Estimate> d = new ArrayList<>();
        for (int i = 0; i < bots.size(); i++) {
            d.add(e(0.001 * i - 0.005, 0.008));
        }
        Charts.balanceDifferences(bots, d, 0.015, BotOrder.none(), dir.resolve("b"));
        assertLabels("b", bots);
    }

    @Test
    void compensation_twentyCurvesOfLongNames_panelsOfAtMostSixSeriesEachBotOneLook() throws Exception {
        List<String> bots = bots(10);
        List<Compensation> curves = new ArrayList<>();
        List<Double> bonuses = List.of(0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0);
        for (String b : bots) {
            for (String variant : List.of("base", "three-row")) {
                List<Estimate> scores = new ArrayList<>();
                for (double bonus : bonuses) {
                    scores.add(e(0.55 - 0.02 * bonus, 0.01));
                }
                curves.add(new Compensation(b, variant, bonuses, scores, e(2.5, 0.5), 0.5));
            }
        }
        // the order ranks the bots backwards: the panels follow it
        List<String> ranked = new ArrayList<>(bots);
        java.util.Collections.reverse(ranked);
        Charts.compensation(curves, BotOrder.of(ranked, List.of()), dir.resolve("c"));
        assertLabels("c", bots);
        Document svg = read("c");
        List<List<String>> panels = panels(svg);
        assertEquals(4, panels.size(), "two variants × two groups of five bots: " + panels);
        assertEquals(ranked.subList(0, 5), panels.get(0));
        assertEquals(ranked.subList(5, 10), panels.get(3));
        assertAtMostTwoCaptionLines("c", svg);
        Map<String, String> looks = looks(svg);
        assertEquals(10, looks.size());
        assertEquals(10, new HashSet<>(looks.values()).size(), "every bot its own look: " + looks);
    }

    @Test
    void margins_twelveLines_aPanelPerRuleSetOfSixLines() throws Exception {
        List<String> bots = bots(6);
        List<MarginCounts> margins = new ArrayList<>();
        for (String b : bots) {
            for (String rules : List.of("base", "three-row")) {
                margins.add(new MarginCounts(b, rules, "seat 0 − seat 1", new TreeMap<>(Map.of(-10, 5L, 0, 20L, 3, 9L))));
            }
        }
        Charts.allOrNothing(() -> MarginsChart.draw(margins, "", BotOrder.none(), dir.resolve("m12")));
        List<List<String>> panels = panels(read("m12"));
        assertEquals(2, panels.size(), panels.toString());
        for (List<String> p : panels) {
            assertEquals(6, p.size(), p.toString());
        }
    }

    @Test
    void botOrder_theLaddersFirstThenOthersByName_unknownNamesLastWithLooksOfTheirOwn() {
        BotOrder order = BotOrder.of(List.of("pimc", "heuristic", "random"), List.of("zeta", "greedy", "pimc"));
        assertEquals(List.of("pimc", "heuristic", "random", "greedy", "zeta", "a − b"),
                order.sort(List.of("a − b", "zeta", "random", "greedy", "pimc", "heuristic")));
        assertEquals(List.of(2, 5, 6, 5), order.looks(List.of("random", "a − b", "c − d", "a − b")));
        Set<String> looks = new HashSet<>();
        for (int i = 0; i < 16; i++) {
            assertTrue(looks.add(Style.colour(i) + " " + Style.marker(i)), "look " + i + " repeats an earlier one");
        }
    }

    @Test
    void convergence_tenBotsOfLongNamesSomeAtCloseElo_everyNameNumberAndSeriesInsideEachWithItsOwnStyle() throws Exception {
        List<String> bots = bots(10);
        List<ChartData.Trend> trends = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            List<ChartData.AtElo> points = new ArrayList<>();
            List<ChartData.AtElo> line = new ArrayList<>();
            for (int i = 0; i < bots.size(); i++) {
                // the last bots 5 Elo apart: their numbers must still stand apart
                double elo = i < 6 ? -1200 + 250 * i : 300 + 5 * i;
                points.add(new ChartData.AtElo(bots.get(i), elo, e(3 - s - 0.001 * elo, 0.5 + 0.1 * i)));
                line.add(new ChartData.AtElo("", elo, e(3 - s - 0.001 * elo, 1.5)));
            }
            String name = "an answer of a long name number " + s;
            String fit = "slope -0.10 pp per 100 Elo [-0.40, +0.20], p = 0.45";
            trends.add(new ChartData.Trend(name, points, line, fit));
            names.add(name + " (" + fit + ")");
        }
        Charts.allOrNothing(() -> Charts.convergence(trends, dir.resolve("g")));
        for (int i = 0; i < bots.size(); i++) {
            names.add(bots.get(i)); // in the legend's key, after the bot's number
        }
        assertLabels("g", names);
        Set<String> styles = new HashSet<>();
        for (int g = 0; g < trends.size(); g++) {
            assertTrue(styles.add(Style.colour(g) + " " + Style.marker(g)), "series " + g + " repeats an earlier style");
        }
    }

    @Test
    void convergence_oneBotNoLine_drawnWithItsName() throws Exception {
        ChartData.Trend t = new ChartData.Trend("seat 0's advantage, 2 players",
                List.of(new ChartData.AtElo("ismcts-mast", 380, e(2.9, 1))), List.of(), "no line: 1 bot");
        Charts.allOrNothing(() -> Charts.convergence(List.of(t), dir.resolve("g1")));
        assertLabels("g1", List.of("1 ismcts-mast (+380)", "seat 0's advantage, 2 players (no line: 1 bot)"));
    }

    @Test
    void margins_sixLineupsTwoRuleSets_everySeriesInside() throws Exception {
        List<String> bots = bots(6);
        List<MarginCounts> margins = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String b : bots) {
            for (String rules : List.of("base", "three-row")) {
                margins.add(new MarginCounts(b, rules, "seat 0 − seat 1", new TreeMap<>(Map.of(-10, 5L, 0, 20L, 3, 9L, 12, 2L))));
                names.add(b + " (36 games)"); // a panel per rule set: the line needs no rule set
            }
        }
        Charts.allOrNothing(() -> MarginsChart.draw(margins, "deck: standard (docs/rules.md)", BotOrder.none(),
                dir.resolve("m")));
        assertLabels("m", names);
    }

    @Test
    void tune_twelveParametersOfLongNames_everySeriesInside() throws Exception {
        List<StudyStatistics.Tune.Value> values = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int p = 0; p < 12; p++) {
            String name = "aParameterWithAVeryLongName" + p;
            values.add(new StudyStatistics.Tune.Value(name, 1, 1.5, "1.5", 0, 10, 0.05, false,
                    List.of(1.0, 1.2, 1.5), List.of(0.5, 0.4, 0.3)));
            names.add(name + " 0..10: 1 → 1.5");
        }
        StudyStatistics.Tune t = new StudyStatistics.Tune(2, 2, 64, values,
                "a-plug-in-bot-with-a-long-name:iterations=1000", "x", "ismcts:iterations=1000", null, null,
                List.of(0L, 1L, 2L), null, false, Map.of());
        Charts.allOrNothing(() -> TuneChart.draw(t, "4 players, base, against ismcts:iterations=1000",
                "deck: a deck with a long name", dir.resolve("t")));
        assertLabels("t", names);
    }

    @Test
    void solveTimes_fourLinesAndTwoReferences_everySeriesAndTickInside() throws Exception {
        double[] cards = {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
        List<ChartData.TimeLine> lines = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            double[] seconds = new double[cards.length];
            for (int i = 0; i < cards.length; i++) {
                seconds[i] = 2e-4 * Math.pow(4 + k, i);
            }
            String name = (k < 2 ? "exact value" : "win/draw/loss (null windows)") + (k % 2 == 0 ? ", median" : ", 95th percentile")
                    + " of thread CPU time";
            lines.add(new ChartData.TimeLine(name, cards, seconds, k / 2, k % 2 == 1));
            names.add(name);
        }
        List<ChartData.TimeReference> refs = List.of(new ChartData.TimeReference(1, "1 s: the goal at 12 cards"),
                new ChartData.TimeReference(10, "10 s: where the frontier ends"));
        Charts.allOrNothing(() -> Charts.solveTimes("The exact solver's frontier (2 players, base game, one core)", lines,
                refs, List.of("a note"), dir.resolve("f")));
        names.addAll(List.of("1 s: the goal at 12 cards", "10 s: where the frontier ends", "cards left on the table",
                "time per solve (log scale)", "100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s", "100 s"));
        assertLabels("f", names);
    }

    // ------------------------------------------------------------------ every committed chart

    /**
     * Every chart committed under results/: each axis title on at most two lines, at most
     * {@value Style#MAX_SERIES} series in a plot (in each panel of small multiples), and each bot
     * in the same colour and marker in every chart that draws it as a series, a look no other bot
     * of those charts has, painted in the chart.
     */
    @Test
    void committedCharts_captionsOfTwoLinesAtMost_fewSeriesPerPanel_oneLookPerBot() throws Exception {
        List<Path> files;
        try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(Path.of("../results"))) {
            files = walk.filter(f -> f.toString().endsWith(".svg")).sorted().toList();
        }
        assertTrue(files.size() > 30, "the committed charts are found: " + files.size());
        Map<String, String> lookOf = new TreeMap<>();
        Map<String, String> where = new TreeMap<>();
        for (Path f : files) {
            Document svg = parse(f);
            String name = f.toString();
            assertAtMostTwoCaptionLines(name, svg);
            List<List<String>> panels = panels(svg);
            if (panels.isEmpty()) {
                panels = List.of(series(svg));
            }
            for (List<String> p : panels) {
                assertTrue(p.size() <= Style.MAX_SERIES, name + ": a plot of " + p.size() + " series: " + p);
            }
            String text = java.nio.file.Files.readString(f);
            for (Map.Entry<String, String> e : looks(svg).entrySet()) {
                String before = lookOf.putIfAbsent(e.getKey(), e.getValue());
                assertTrue(before == null || before.equals(e.getValue()), name + ": " + e.getKey() + " looks " + e.getValue()
                        + " but " + before + " in " + where.get(e.getKey()));
                where.putIfAbsent(e.getKey(), name);
                String colour = rgb(e.getValue().split(" ")[0]);
                assertTrue(text.contains("fill:" + colour) || text.contains("stroke:" + colour), name + ": " + e.getKey()
                        + "'s colour is not painted");
            }
        }
        assertTrue(lookOf.size() >= 10, "the bots drawn as series are found: " + lookOf);
        Map<String, String> botOf = new TreeMap<>();
        for (Map.Entry<String, String> e : lookOf.entrySet()) {
            String other = botOf.putIfAbsent(e.getValue(), e.getKey());
            assertTrue(other == null, e.getKey() + " and " + other + " share the look " + e.getValue());
        }
    }

    /** "#0072b2" as the SVG writes it: "rgb(0,114,178)". */
    private static String rgb(String hex) {
        int c = Integer.parseInt(hex.substring(1), 16);
        return "rgb(" + (c >> 16) + "," + (c >> 8 & 0xFF) + "," + (c & 0xFF) + ")";
    }

    private Document read(String name) throws Exception {
        return parse(dir.resolve(name + ".svg"));
    }

    private static Document parse(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(file.toFile());
    }

    private static List<String> desc(Document svg) {
        NodeList d = svg.getElementsByTagNameNS("*", "desc");
        return d.getLength() == 0 ? List.of() : List.of(d.item(0).getTextContent().split("\n"));
    }

    private static List<String> list(String s) {
        return s.isBlank() ? List.of() : List.of(s.split("; "));
    }

    /** The series of the chart's legend (the desc's "series:" line). */
    private static List<String> series(Document svg) {
        return desc(svg).stream().filter(l -> l.startsWith("series: ")).findFirst().map(l -> list(l.substring(8)))
                .orElse(List.of());
    }

    /** The series of each panel of small multiples (the desc's "panel …: series …" lines), none for one plot. */
    private static List<List<String>> panels(Document svg) {
        List<List<String>> out = new ArrayList<>();
        for (String l : desc(svg)) {
            if (l.startsWith("panel ")) {
                out.add(list(l.substring(l.indexOf(": series ") + 9)));
            }
        }
        return out;
    }

    /** Each bot's look ("#0072b2 circle") as the desc's "bot looks:" line records it. */
    private static Map<String, String> looks(Document svg) {
        Map<String, String> out = new TreeMap<>();
        for (String l : desc(svg)) {
            if (l.startsWith("bot looks: ")) {
                for (String part : list(l.substring(11))) {
                    String[] w = part.split(" ");
                    out.put(String.join(" ", List.of(w).subList(0, w.length - 2)), w[w.length - 2] + " " + w[w.length - 1]);
                }
            }
        }
        return out;
    }

    /** The axis titles (plain 14 px text: turned is the y axis's) take at most two lines each. */
    private static void assertAtMostTwoCaptionLines(String name, Document svg) {
        NodeList texts = svg.getElementsByTagNameNS("*", "text");
        List<String> x = new ArrayList<>();
        List<String> y = new ArrayList<>();
        for (int i = 0; i < texts.getLength(); i++) {
            Element t = (Element) texts.item(i);
            String style = t.getAttribute("style");
            if (!style.contains("font-size:14px") || style.contains("bold")) {
                continue;
            }
            boolean turned = t.getParentNode() instanceof Element g && MATRIX.matcher(g.getAttribute("transform")).find();
            (turned ? y : x).add(t.getTextContent());
        }
        assertTrue(x.size() <= 2, name + ": the x axis title takes " + x.size() + " lines: " + x);
        assertTrue(y.size() <= 2, name + ": the y axis title takes " + y.size() + " lines: " + y);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    // ------------------------------------------------------------------ reading the words of the SVG

    private static final Pattern SIZE = Pattern.compile("font-size:([0-9.]+)px");
    private static final Pattern MATRIX = Pattern.compile("matrix\\(([-0-9.e ]+)\\)");

    /** Every expected label is in the SVG's text (wrapped lines joined), and every text lies inside the canvas. */
    private void assertLabels(String name, List<String> expected) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document svg = f.newDocumentBuilder().parse(dir.resolve(name + ".svg").toFile());
        NodeList texts = svg.getElementsByTagNameNS("*", "text");
        assertTrue(texts.getLength() > expected.size(), name + ": too few texts");
        StringBuilder all = new StringBuilder();
        Rectangle2D canvas = new Rectangle2D.Double(-0.5, -0.5, Charts.WIDTH + 1, Charts.HEIGHT + 1);
        for (int i = 0; i < texts.getLength(); i++) {
            Element t = (Element) texts.item(i);
            String words = t.getTextContent();
            all.append(words);
            String style = t.getAttribute("style");
            Matcher m = SIZE.matcher(style);
            assertTrue(m.find(), style);
            Font font = new Font(Font.SANS_SERIF, style.contains("font-weight:bold") ? Font.BOLD : Font.PLAIN,
                    (int) Math.round(Double.parseDouble(m.group(1))));
            double x = Double.parseDouble(t.getAttribute("x"));
            double y = Double.parseDouble(t.getAttribute("y"));
            double w = font.getStringBounds(words, Text.FRC).getWidth();
            double[] matrix = {1, 0, 0, 1, 0, 0};
            if (t.getParentNode() instanceof Element g) {
                Matcher mm = MATRIX.matcher(g.getAttribute("transform"));
                if (mm.find()) {
                    String[] parts = mm.group(1).trim().split("\\s+");
                    for (int k = 0; k < 6; k++) {
                        matrix[k] = Double.parseDouble(parts[k]);
                    }
                }
            }
            for (double[] corner : new double[][]{{x, y - Text.ascent(font)}, {x + w, y - Text.ascent(font)},
                    {x, y + Text.descent(font)}, {x + w, y + Text.descent(font)}}) {
                Point2D p = new Point2D.Double(matrix[0] * corner[0] + matrix[2] * corner[1] + matrix[4],
                        matrix[1] * corner[0] + matrix[3] * corner[1] + matrix[5]);
                assertTrue(canvas.contains(p), name + ": '" + words + "' runs off the canvas at " + p);
            }
        }
        String joined = all.toString().replaceAll("\\s", "");
        for (String label : expected) {
            assertTrue(joined.contains(label.replaceAll("\\s", "")), name + ": the label '" + label + "' is not drawn: "
                    + all);
        }
        assertEquals(Charts.WIDTH + "px", svg.getDocumentElement().getAttribute("width"));
    }
}
