package richelieu.runner.report.chart;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.report.chart.ChartData.Estimate;
import richelieu.runner.report.chart.ChartData.Rating;
import richelieu.runner.studystats.StoredResult;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiConsumer;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every chart drawn from the sample result files: files, sizes, well-formed SVG, text, determinism. */
class ChartsTest {
    @TempDir
    Path dir;

    static StoredResult sample(String name) throws IOException {
        try (InputStream in = ChartsTest.class.getResourceAsStream("/samples/" + name + ".json")) {
            assertNotNull(in, "sample " + name);
            return richelieu.runner.study.ResultReader.of(richelieu.runner.study.ResultReader.parseFile(new String(in.readAllBytes(), StandardCharsets.UTF_8), name));
        }
    }

    // ------------------------------------------------------------------ each chart from the samples

    @Test
    void ratings_tournament_botsAndAxisTitlesDrawn() throws Exception {
        StoredResult t = sample("tournament");
        Document svg = drawTwiceIdentical((r, base) -> Charts.ratings(r, base), t);
        assertText(svg, "heuristic", "ismcts:iterations=100", "greedy", "random", "y axis: bot (best first",
                "x axis: Elo, mean of the bots = 0 (lines: 95% CI", "Elo +499.6 [+412.6, +636.5]");
        assertTrue(title(svg).startsWith("Ratings (Bradley–Terry, round robin)"), title(svg));
        assertText(svg, "deck: standard (docs/rules.md)"); // in the title when it fits, always in desc
    }

    @Test
    void pairwise_tournament_cellsInPercent() throws Exception {
        Document svg = drawTwiceIdentical((r, base) -> Charts.pairwise(r, base), sample("tournament"));
        assertText(svg, "x axis: opponent (column", "y axis: bot (row)", "heuristic vs random: 100.0% of 40 games",
                "random vs heuristic: 0.0% of 40 games", "greedy vs ismcts:iterations=100: 20.0% of 40 games");
    }

    @Test
    void seatAdvantage_firstPlayer_wilsonIntervalsAndDeckSeries() throws Exception {
        Document svg = drawTwiceIdentical((r, base) -> Charts.seatAdvantage(r, base), sample("first-player"));
        assertText(svg, "random", "greedy", "series: standard (docs/rules.md)",
                "x axis: seat 0 win rate, decisive games, draws left out (lines: 95% CI", "random: 55.7% [53.9%, 57.5%]");
    }

    @Test
    void seatAdvantage_severalGroups_oneSeriesPerGroup() throws Exception {
        StoredResult fp = sample("first-player");
        List<ChartData.SeatAdvantage> groups = List.of(ChartData.seatAdvantage("deck A", fp),
                ChartData.seatAdvantage("deck B", fp));
        Path base = dir.resolve("groups");
        Charts.seatAdvantage(groups, BotOrder.none(), base);
        Document svg = assertChartFiles(base);
        assertText(svg, "series: deck A; deck B", "deck B, greedy: 53.3%");
        assertThrows(UserError.class, () -> Charts.seatAdvantage(List.of(groups.get(0), groups.get(0)), BotOrder.none(),
                dir.resolve("dup")));
    }

    @Test
    void winRateBySeat_fourPlayers_seriesPerSeatAndEqualLine() throws Exception {
        StoredResult r4 = sample("first-player-4p");
        Document svg = drawTwiceIdentical((r, base) -> Charts.winRateBySeat(r, base), r4);
        // random's seat 3: its share of the games won alone with Goodman's simultaneous interval (Wilson at
        // 1 − 0.05/4), from the raw counts, as the text and the README give it
        richelieu.runner.resultfile.Tally.SeatBlock random = r4.tally().seat(0, r4.config().labels().indexOf("random"));
        long alone = 0;
        for (int p = 0; p < 4; p++) {
            alone += random.soleWins(p);
        }
        richelieu.runner.stats.Interval ci = richelieu.runner.stats.Proportions.wilson(random.soleWins(3), alone,
                1 - 0.05 / 4);
        assertText(svg, "random", "greedy", "series: seat 0 (starts); seat 1; seat 2; seat 3", "line: 1/4;",
                "simultaneous 95%", "share of the games won alone", "random, seat 3: "
                        + Charts.pct(random.soleWins(3) / (double) alone) + " [" + Charts.pct(ci.low()) + ", "
                        + Charts.pct(ci.high()) + "]");
    }

    @Test
    void winRateBySeat_twoPlayers_seat1IsTheComplement() throws Exception {
        ChartData.SeatWinShares s = ChartData.seatShares(sample("first-player"));
        assertEquals(2, s.players());
        Estimate seat0 = s.bots().get(0).values().get(0);
        Estimate seat1 = s.bots().get(0).values().get(1);
        assertEquals(1.0, seat0.value() + seat1.value(), 1e-12);
        assertEquals(1.0, seat0.low() + seat1.high(), 1e-12);
        Path base = dir.resolve("two");
        Charts.winRateBySeat(s, "", BotOrder.none(), base);
        assertText(assertChartFiles(base), "line: 1/2;");
    }

    @Test
    void variants_balance_baseAndThreeRowSideBySide() throws Exception {
        Document svg = drawTwiceIdentical((r, base) -> Charts.variants(r, base), sample("balance"));
        assertText(svg, "random", "greedy", "series: base; three-row", "x axis: seat 0 score, win 1 draw ½",
                "random, base: 55.6% [53.4%, 57.8%]", "random, three-row: 55.3%");
    }

    @Test
    void margins_balance_baseAndThreeRowPerBot() throws Exception {
        Document svg = drawTwiceIdentical((r, base) -> Charts.margins(r, base), sample("balance"));
        assertText(svg, "random · base (2000 games)", "random · three-row (2000 games)", "greedy · three-row (2000 games)",
                "x axis: score margin, seat 0 − seat 1 (points; bins of 3)", "y axis: share of games per bin",
                "random, base: 2000 games, mean margin +1.74");
    }

    @Test
    void margins_firstPlayer_oneLinePerBot() throws Exception {
        Document svg = drawTwiceIdentical((r, base) -> Charts.margins(r, base), sample("first-player"));
        assertText(svg, "series: random (3000 games); greedy (3000 games)");
    }

    @Test
    void all_everyStudyKind_writesItsCharts() throws Exception {
        assertEquals(List.of(dir.resolve("t-ratings"), dir.resolve("t-pairwise")), Charts.all(sample("tournament"), dir, "t"));
        assertEquals(List.of(dir.resolve("f-seat-advantage"), dir.resolve("f-margins")), Charts.all(sample("first-player"), dir, "f"));
        assertEquals(List.of(dir.resolve("f4-win-rate-by-seat")), Charts.all(sample("first-player-4p"), dir, "f4"));
        assertEquals(List.of(dir.resolve("b-variants"), dir.resolve("b-margins")), Charts.all(sample("balance"), dir, "b"));
        for (String base : List.of("t-ratings", "t-pairwise", "f-seat-advantage", "f-margins", "f4-win-rate-by-seat",
                "b-variants", "b-margins")) {
            assertChartFiles(dir.resolve(base));
        }
        assertEquals(List.of(dir.resolve("m-margins")), Charts.all(sample("match"), dir, "m"));
        assertChartFiles(dir.resolve("m-margins"));
    }

    // ------------------------------------------------------------------ wrong input, edge cases

    @Test
    void readers_wrongStudyKind_oneLineUserError() throws Exception {
        UserError e = assertThrows(UserError.class, () -> Charts.ratings(sample("balance"), dir.resolve("x")));
        assertEquals("the ratings chart needs a tournament result, not a balance result", e.getMessage());
        e = assertThrows(UserError.class, () -> Charts.seatAdvantage(sample("first-player-4p"), dir.resolve("x")));
        assertTrue(e.getMessage().contains("for 2 players"), e.getMessage());
        e = assertThrows(UserError.class, () -> Charts.margins(sample("first-player-4p"), dir.resolve("x")));
        assertTrue(e.getMessage().contains("2 players only"), e.getMessage());
        assertTrue(Files.notExists(dir.resolve("x.png")));
    }

    @Test
    void ratings_unboundedIntervalAndNaN_drawnAndNoted() throws Exception {
        List<Rating> ratings = List.of(
                new Rating("strong", new Estimate(300, 200, Double.POSITIVE_INFINITY), 10),
                new Rating("weak", new Estimate(-300, -450, -180), 10),
                new Rating("unknown", new Estimate(Double.NaN, Double.NaN, Double.NaN), 0));
        Path base = dir.resolve("edge");
        RatingsChart.draw(ratings, "", base);
        Document svg = assertChartFiles(base);
        assertText(svg, "a line to the edge: interval unbounded on that side", "strong: Elo +300.0 [+200.0, +inf]", "unknown: Elo n/a [n/a, n/a]");
    }

    @Test
    void pairScores_tournament_rowAndColumnAddToOne() throws Exception {
        ChartData.PairScores p = ChartData.pairScores(sample("tournament"));
        int n = p.bots().size();
        assertEquals(4, n);
        for (int i = 0; i < n; i++) {
            assertTrue(Double.isNaN(p.score()[i][i]));
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    assertEquals(1.0, p.score()[i][j] + p.score()[j][i], 1e-12);
                    assertEquals(40, p.games()[i][j]);
                }
            }
        }
        int random = p.bots().indexOf("random");
        int greedy = p.bots().indexOf("greedy");
        assertEquals(0.5 / 40, p.score()[random][greedy], 1e-12); // 0 wins, 1 draw, 39 losses
    }

    @Test
    void sizes_unequalSamples_theirRange() {
        // Before, the all-bots balance chart said "1000 deals per variant" where two bots had 40,000.
        assertEquals("1,000 to 40,000 deals per bot", Charts.sizes(List.of(40_000L, 40_000L, 1_000L), "deals"));
        assertEquals("1,000 games each", Charts.sizes(List.of(1_000L, 1_000L), "games"));
    }

    @Test
    void binShares_marginsIntoOddBins_sumToOneAndCentreOnZero() {
        var counts = new java.util.TreeMap<Integer, Long>(java.util.Map.of(-2, 1L, -1, 2L, 0, 3L, 1, 4L, 2, 5L, 7, 5L));
        double[] s = MarginsChart.binShares(counts, 3, -1, 3); // bins centred on -3, 0, 3, 6, 9
        assertArrayEquals(new double[]{1 / 20.0, 9 / 20.0, 5 / 20.0, 5 / 20.0, 0}, s, 1e-12);
        assertEquals(1, MarginsChart.binWidth(-10, 30));
        assertEquals(3, MarginsChart.binWidth(-64, 64));
        assertEquals(1, MarginsChart.binWidth(-60, 60) % 2);
    }

    @Test
    void deterministicSvg_clipIdsRenumberedDecimalsRoundedMetadataEscaped() {
        String raw = "<?xml version=\"1.0\"?>\n<svg width=\"900px\"><defs><clipPath id=\"clip-1234\"/><clipPath id=\"clip99\"/></defs>"
                + "<g clip-path=\"url(#clip99)\"><path d=\"M1.23456,-0.001 L2.5,3.14159\"/></g><g clip-path=\"url(#clip-1234)\"/></svg>";
        String svg = ChartFiles.deterministicSvg(raw, "a < b & c", List.of("x \"y\""));
        assertEquals("<?xml version=\"1.0\"?>\n<svg width=\"900px\">\n  <title>a &lt; b &amp; c</title>\n  <desc>x &quot;y&quot;</desc>"
                + "<defs><clipPath id=\"clip1\"/><clipPath id=\"clip2\"/></defs>"
                + "<g clip-path=\"url(#clip2)\"><path d=\"M1.23,0 L2.5,3.14\"/></g><g clip-path=\"url(#clip1)\"/></svg>", svg);
    }

    // ------------------------------------------------------------------ helpers

    /** Draws the chart twice from the same input: both SVGs byte-identical, both PNGs too; returns the SVG. */
    private Document drawTwiceIdentical(BiConsumer<StoredResult, Path> draw, StoredResult result) throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("sub").resolve("b");
        draw.accept(result, a);
        draw.accept(result, b);
        Document svg = assertChartFiles(a);
        assertChartFiles(b);
        assertArrayEquals(Files.readAllBytes(dir.resolve("a.svg")), Files.readAllBytes(dir.resolve("sub/b.svg")),
                "same input, same SVG bytes");
        assertArrayEquals(Files.readAllBytes(dir.resolve("a.png")), Files.readAllBytes(dir.resolve("sub/b.png")),
                "same input, same PNG bytes");
        return svg;
    }

    /** Both files exist; the PNG decodes at 900×540 with dark text in its title band; the SVG is well-formed. */
    static Document assertChartFiles(Path base) throws Exception {
        Path png = base.resolveSibling(base.getFileName() + ".png");
        Path svg = base.resolveSibling(base.getFileName() + ".svg");
        assertTrue(Files.size(png) > 0, png + " is empty");
        assertTrue(Files.size(svg) > 0, svg + " is empty");
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, png + " does not decode");
        assertEquals(Charts.WIDTH, image.getWidth());
        assertEquals(Charts.HEIGHT, image.getHeight());
        assertTrue(darkPixels(image, 0, 0, Charts.WIDTH, 40) > 200, "no title text drawn in " + png);

        byte[] bytes = Files.readAllBytes(svg);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false); // no network
        DocumentBuilder builder = f.newDocumentBuilder();
        Document doc = builder.parse(new ByteArrayInputStream(bytes));
        Element root = doc.getDocumentElement();
        assertEquals("svg", root.getLocalName());
        assertEquals("900px", root.getAttribute("width"));
        assertEquals("540px", root.getAttribute("height"));
        // every word is text, not glyph outlines: the title at least
        assertTrue(doc.getElementsByTagNameNS("*", "text").getLength() > 3, "too few texts in " + svg);
        assertTrue(new String(bytes, StandardCharsets.UTF_8).contains("<title>"));
        return doc;
    }

    private static int darkPixels(BufferedImage image, int x0, int y0, int w, int h) {
        int n = 0;
        for (int y = y0; y < y0 + h; y++) {
            for (int x = x0; x < x0 + w; x++) {
                int rgb = image.getRGB(x, y);
                int lum = ((rgb >> 16) & 0xFF) + ((rgb >> 8) & 0xFF) + (rgb & 0xFF);
                if (lum < 3 * 100) {
                    n++;
                }
            }
        }
        return n;
    }

    private static String title(Document svg) {
        return svg.getElementsByTagNameNS("*", "title").item(0).getTextContent();
    }

    private static void assertText(Document svg, String... expected) {
        String text = title(svg) + "\n" + svg.getElementsByTagNameNS("*", "desc").item(0).getTextContent();
        for (String e : expected) {
            assertTrue(text.contains(e), "SVG title/desc lacks \"" + e + "\":\n" + text);
        }
    }
}
