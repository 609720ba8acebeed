package richelieu.runner.report.chart;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import richelieu.runner.report.chart.ChartData.BotEstimate;
import richelieu.runner.report.chart.ChartData.BotEstimates;
import richelieu.runner.report.chart.ChartData.Estimate;
import richelieu.runner.report.chart.ChartData.Rating;
import richelieu.runner.report.chart.ChartData.SeatAdvantage;
import richelieu.runner.report.chart.ChartData.SeatWinShares;
import richelieu.runner.report.chart.ChartData.VariantScores;
import richelieu.runner.studystats.MarginCounts;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every reference line of every chart kind stands where its value is on the chart's own axis,
 * with one bot and with several. The axis is read from the SVG itself: the stroke of each
 * interval along the value axis runs from its low end to its high end, which the test knows, so
 * two of them fix the pixel of every value; the reference lines are the strokes in the reference
 * colour across it. (A single-bot chart used to draw its 50% line at about 54.5%.)
 */
class ChartReferenceLinesTest {
    @TempDir
    Path dir;

    /** Strokes of the series (Okabe–Ito and a dark yellow) and of the reference lines. */
    private static final Set<String> SERIES = Set.of("rgb(0,114,178)", "rgb(213,94,0)", "rgb(0,158,115)",
            "rgb(230,159,0)", "rgb(204,121,167)", "rgb(86,180,233)", "rgb(0,0,0)", "rgb(179,155,0)");
    private static final String REFERENCE = "rgb(85,85,85)";
    private static final double PIXEL = 1.0;

    private static Estimate e(double value, double low, double high) {
        return new Estimate(value, low, high);
    }

    // ------------------------------------------------------------------ one test per chart kind

    @Test
    void seatAdvantage_oneBotAndSeveral_fiftyPercentLineOnTheAxis() throws Exception {
        List<Estimate> one = List.of(e(0.559, 0.537, 0.581));
        Charts.seatAdvantage(List.of(new SeatAdvantage("deck", List.of(new BotEstimate("random", one.get(0), 2000)))),
                BotOrder.none(), dir.resolve("one"));
        assertReferenceLines(read("one"), one, 0.5);

        List<Estimate> two = List.of(e(0.559, 0.537, 0.581), e(0.53, 0.51, 0.55));
        Charts.seatAdvantage(List.of(new SeatAdvantage("deck", List.of(new BotEstimate("random", two.get(0), 2000),
                new BotEstimate("greedy", two.get(1), 2000)))), BotOrder.none(), dir.resolve("two"));
        assertReferenceLines(read("two"), two, 0.5);
    }

    @Test
    void variants_oneBotAndSeveral_fiftyPercentLineOnTheAxis() throws Exception {
        List<Estimate> one = List.of(e(0.552, 0.54, 0.564), e(0.548, 0.536, 0.56));
        Charts.variants(new VariantScores(List.of("base", "three-row"), List.of(new BotEstimates("greedy", one, 4000))), "",
                BotOrder.none(), dir.resolve("one"));
        assertReferenceLines(read("one"), one, 0.5);

        List<Estimate> a = List.of(e(0.552, 0.54, 0.564), e(0.548, 0.536, 0.56));
        List<Estimate> b = List.of(e(0.51, 0.49, 0.53), e(0.505, 0.485, 0.525));
        Charts.variants(new VariantScores(List.of("base", "three-row"), List.of(new BotEstimates("greedy", a, 4000),
                new BotEstimates("random", b, 4000))), "", BotOrder.none(), dir.resolve("two"));
        // series order: base of every bot, then three-row of every bot
        assertReferenceLines(read("two"), List.of(a.get(0), b.get(0), a.get(1), b.get(1)), 0.5);
    }

    @Test
    void winRateBySeat_oneBotAndSeveral_equalShareLineOnTheAxis() throws Exception {
        List<Estimate> one = List.of(e(0.30, 0.28, 0.32), e(0.27, 0.25, 0.29), e(0.24, 0.22, 0.26), e(0.19, 0.17, 0.21));
        Charts.winRateBySeat(new SeatWinShares(4, List.of(new BotEstimates("random", one, 6000))), "", BotOrder.none(),
                dir.resolve("one"));
        assertReferenceLines(read("one"), one, 0.25);

        List<Estimate> other = List.of(e(0.36, 0.34, 0.38), e(0.33, 0.31, 0.35), e(0.31, 0.29, 0.33));
        List<Estimate> first = List.of(e(0.40, 0.38, 0.42), e(0.33, 0.31, 0.35), e(0.27, 0.25, 0.29));
        Charts.winRateBySeat(new SeatWinShares(3, List.of(new BotEstimates("random", first, 6000),
                new BotEstimates("greedy", other, 6000))), "", BotOrder.none(), dir.resolve("two"));
        List<Estimate> bySeat = new ArrayList<>();
        for (int s = 0; s < 3; s++) { // series per seat, bots inside
            bySeat.add(first.get(s));
            bySeat.add(other.get(s));
        }
        assertReferenceLines(read("two"), bySeat, 1.0 / 3);
    }

    @Test
    void ratings_oneBotAndSeveral_zeroLineOnTheAxis() throws Exception {
        List<Estimate> one = List.of(e(35, 12, 60));
        RatingsChart.draw(List.of(new Rating("greedy", one.get(0), 1000)), "", dir.resolve("one"));
        assertReferenceLines(read("one"), one, 0);

        List<Estimate> three = List.of(e(300, 250, 350), e(-20, -60, 20), e(-280, -330, -230));
        RatingsChart.draw(List.of(new Rating("heuristic", three.get(0), 1000), new Rating("greedy", three.get(1), 1000),
                new Rating("random", three.get(2), 1000)), "", dir.resolve("three"));
        assertReferenceLines(read("three"), three, 0);
    }

    @Test
    void balanceDifferences_oneBotAndSeveral_zeroAndMarginLinesOnTheAxis() throws Exception {
        List<Estimate> one = List.of(e(0.004, -0.006, 0.014));
        Charts.balanceDifferences(List.of("greedy"), one, 0.015, BotOrder.none(), dir.resolve("one"));
        assertReferenceLines(read("one"), one, 0, 0.015, -0.015);

        List<Estimate> two = List.of(e(0.004, -0.006, 0.014), e(-0.002, -0.01, 0.006));
        Charts.balanceDifferences(List.of("greedy", "random"), two, 0.015, BotOrder.none(), dir.resolve("two"));
        assertReferenceLines(read("two"), two, 0, 0.015, -0.015);
    }

    @Test
    void compensation_oneCurveAndSeveral_fiftyPercentLineOnTheAxis() throws Exception {
        List<Double> bonuses = List.of(0.0, 0.5, 1.0);
        List<Estimate> curve = List.of(e(0.55, 0.53, 0.57), e(0.51, 0.49, 0.53), e(0.47, 0.45, 0.49));
        ChartData.Compensation base = new ChartData.Compensation("greedy", "base", bonuses, curve, e(0.5, 0, 1), 0.51);
        Charts.compensation(List.of(base), BotOrder.none(), dir.resolve("one"));
        assertReferenceLines(read("one"), curve, 0.5);

        List<Estimate> other = List.of(e(0.56, 0.54, 0.58), e(0.52, 0.50, 0.54), e(0.48, 0.46, 0.50));
        ChartData.Compensation three = new ChartData.Compensation("random", "base", bonuses, other, e(0.5, 0, 1), 0.52);
        Charts.compensation(List.of(base, three), BotOrder.none(), dir.resolve("two"));
        List<Estimate> all = new ArrayList<>(curve);
        all.addAll(other);
        assertReferenceLines(read("two"), all, 0.5);
    }

    @Test
    void margins_oneLineupAndSeveral_zeroLineOnTheAxis() throws Exception {
        MarginCounts a = margins("greedy", -7, 1, -3, 4, 0, 6, 2, 3, 9, 1);
        MarginsChart.draw(List.of(a), "", BotOrder.none(), dir.resolve("one"));
        assertZeroMarginLine(read("one"), List.of(a));

        MarginCounts b = margins("random", -20, 2, -5, 3, 5, 5, 30, 1);
        MarginsChart.draw(List.of(a, b), "", BotOrder.none(), dir.resolve("two"));
        assertZeroMarginLine(read("two"), List.of(a, b));
    }

    // ------------------------------------------------------------------ reading the SVG

    /** A straight stroke of the SVG. */
    record Line(String stroke, double x1, double y1, double x2, double y2) {
        boolean vertical() {
            return Math.abs(x1 - x2) < 0.01 && Math.abs(y1 - y2) > 0.01;
        }

        boolean horizontal() {
            return Math.abs(y1 - y2) < 0.01 && Math.abs(x1 - x2) > 0.01;
        }
    }

    private static final Pattern STROKE = Pattern.compile("stroke:(rgb\\(\\d+,\\d+,\\d+\\))");

    private Document read(String name) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false); // no network
        return f.newDocumentBuilder().parse(dir.resolve(name + ".svg").toFile());
    }

    private static List<Line> lines(Document svg) {
        List<Line> out = new ArrayList<>();
        NodeList nodes = svg.getElementsByTagNameNS("*", "line");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element l = (Element) nodes.item(i);
            Matcher m = STROKE.matcher(l.getAttribute("style"));
            out.add(new Line(m.find() ? m.group(1) : "", d(l, "x1"), d(l, "y1"), d(l, "x2"), d(l, "y2")));
        }
        return out;
    }

    private static double d(Element e, String attribute) {
        return Double.parseDouble(e.getAttribute(attribute));
    }

    /** True when the chart's categories are rows (its value axis runs across): its intervals are horizontal. */
    private static boolean rows(Document svg) {
        return lines(svg).stream().anyMatch(l -> SERIES.contains(l.stroke()) && l.horizontal()
                && Math.abs(l.x2() - l.x1()) > 12);
    }

    /**
     * The pixel of a value on the value axis, from the interval strokes: the k-th series stroke
     * along the value axis runs from estimate k's low end to its high end (in the order the series
     * are drawn; the caps run across it).
     */
    private static double[] valueAxis(Document svg, List<Estimate> estimates, boolean rows) {
        List<Line> strokes = lines(svg).stream().filter(l -> SERIES.contains(l.stroke())
                && (rows ? l.horizontal() && Math.abs(l.x2() - l.x1()) > 12 : l.vertical() && Math.abs(l.y2() - l.y1()) > 12))
                .toList();
        assertEquals(estimates.size(), strokes.size(), "one interval stroke per estimate");
        Estimate first = estimates.get(0);
        Line l0 = strokes.get(0);
        double lo0 = rows ? l0.x1() : l0.y1();
        double hi0 = rows ? l0.x2() : l0.y2();
        double slope = (hi0 - lo0) / (first.high() - first.low());
        double offset = lo0 - slope * first.low();
        for (int k = 0; k < estimates.size(); k++) { // the same linear axis for every interval
            Line l = strokes.get(k);
            assertEquals(offset + slope * estimates.get(k).low(), rows ? l.x1() : l.y1(), PIXEL, "low end of interval " + k);
            assertEquals(offset + slope * estimates.get(k).high(), rows ? l.x2() : l.y2(), PIXEL, "high end of interval " + k);
        }
        return new double[]{offset, slope};
    }

    /** The reference lines: the strokes in the reference colour, across the value axis. */
    private static List<Double> referenceLines(Document svg, boolean rows) {
        List<Double> out = new ArrayList<>();
        for (Line l : lines(svg)) {
            if (l.stroke().equals(REFERENCE) && (rows ? l.vertical() : l.horizontal())) {
                out.add(rows ? l.x1() : l.y1());
            }
        }
        return out;
    }

    private static void assertReferenceLines(Document svg, List<Estimate> estimates, double... values) {
        boolean rows = rows(svg);
        double[] axis = valueAxis(svg, estimates, rows);
        List<Double> refs = referenceLines(svg, rows);
        assertEquals(values.length, refs.size(), "reference lines " + refs);
        List<Double> expected = new ArrayList<>();
        for (double v : values) {
            expected.add(axis[0] + axis[1] * v);
        }
        for (double r : refs) {
            if (expected.stream().noneMatch(y -> Math.abs(y - r) <= PIXEL)) {
                fail("a reference line at " + r + " px, where the axis puts the values " + Arrays.toString(values) + " at "
                        + expected + " px");
            }
        }
        for (double y : expected) {
            assertTrue(refs.stream().anyMatch(r -> Math.abs(y - r) <= PIXEL), "no line at " + y + " px: " + refs);
        }
    }

    /** A lineup's margins: value, count, value, count, … */
    private static MarginCounts margins(String lineup, int... valueCount) {
        TreeMap<Integer, Long> counts = new TreeMap<>();
        for (int i = 0; i < valueCount.length; i += 2) {
            counts.put(valueCount[i], (long) valueCount[i + 1]);
        }
        return new MarginCounts(lineup, "base", "seat 0 − seat 1", counts);
    }

    /**
     * The margin chart's line at 0 on its x axis, read from the first series: its path joins the
     * bin centres kMin·w, (kMin + 1)·w, … in order.
     */
    private static void assertZeroMarginLine(Document svg, List<MarginCounts> margins) {
        int min = margins.stream().mapToInt(m -> m.counts().firstKey()).min().orElseThrow();
        int max = margins.stream().mapToInt(m -> m.counts().lastKey()).max().orElseThrow();
        int width = MarginsChart.binWidth(min, max);
        int kMin = Math.floorDiv(min + width / 2, width) - 1;
        Element path = null;
        NodeList paths = svg.getElementsByTagNameNS("*", "path");
        for (int i = 0; i < paths.getLength() && path == null; i++) {
            Matcher m = STROKE.matcher(((Element) paths.item(i)).getAttribute("style"));
            if (m.find() && SERIES.contains(m.group(1))) {
                path = (Element) paths.item(i);
            }
        }
        assertTrue(path != null, "no series line");
        String[] points = path.getAttribute("d").replaceAll("[ML]", " ").trim().split("\\s+");
        double x0 = Double.parseDouble(points[0].split(",")[0]); // bin kMin
        double step = Double.parseDouble(points[1].split(",")[0]) - x0; // one bin
        assertEquals(x0 + 2 * step, Double.parseDouble(points[2].split(",")[0]), PIXEL, "consecutive bins");
        double zero = x0 + (0 - kMin) * step;
        List<Double> refs = referenceLines(svg, true);
        assertEquals(1, refs.size(), "one line at margin 0: " + refs);
        assertEquals(zero, refs.get(0), PIXEL, "the line at margin 0");
    }
}
