package richelieu.runner.report.chart;

import richelieu.runner.UserError;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * One chart on a {@value Style#WIDTH}×{@value Style#HEIGHT} canvas: the title on top, the legend
 * at the bottom, the axis titles, and between them the plot, which a kind of figure fills
 * ({@link EstimateFigure}, {@link LineFigure}, {@link HeatMapFigure}). Every word is laid out
 * before anything is drawn: titles and legend entries wrap onto more lines rather than run off
 * the canvas, and a kind of figure gives its tick labels the room they need. Painting records
 * where each text went ({@link #texts}), and a text outside the canvas is an error, not a cut label.
 *
 * <p>The words are drawn as text ({@code drawString}), so the SVG keeps them as {@code <text>}
 * elements that can be searched and checked.
 */
abstract class Figure {
    /** A legend entry: a marker, a line sample, or both. */
    record Entry(String name, Color colour, Style.Marker marker, BasicStroke line) {
    }

    /** A text as painted: its words and the box it covers on the canvas. */
    record Placed(String text, Rectangle2D box) {
    }

    private String title;
    private String xTitle;
    private String yTitle;
    final List<Entry> legend = new ArrayList<>();

    private List<String> titleLines;
    private List<String> xTitleLines;
    private List<String> yTitleLines;
    private List<List<Entry>> legendRows;
    private final List<List<List<String>>> legendLines = new ArrayList<>();
    /** The plot area, once laid out. */
    Rectangle2D.Double plot;
    private final List<Placed> placed = new ArrayList<>();
    /** Where on the canvas the figure goes: all of it, or a panel's cell. */
    private Rectangle2D.Double area = new Rectangle2D.Double(0, 0, Style.WIDTH, Style.HEIGHT);
    private Font titleFont = Style.TITLE;
    private boolean panel;

    Figure(String title, String xTitle, String yTitle) {
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
    }

    String title() {
        return title;
    }

    /**
     * Makes this figure a panel of another: drawn in {@code cell}, its title in the panel's font,
     * its series named in the other's legend rather than its own.
     */
    void asPanel(Rectangle2D.Double cell) {
        area = cell;
        titleFont = Style.PANEL_TITLE;
        panel = true;
        plot = null;
    }

    /** New titles (a chart's single panel becomes the chart). */
    void retitle(String title, String xTitle, String yTitle) {
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
        plot = null;
    }

    /** The panels this figure is made of (none: it is one plot). */
    List<Figure> panels() {
        return List.of();
    }

    String xTitle() {
        return xTitle;
    }

    String yTitle() {
        return yTitle;
    }

    /** The room left of the plot for its labels, for a plot this high. */
    abstract double leftLabels(double plotHeight);

    /** The room under the plot for its labels, for a plot this wide. */
    abstract double bottomLabels(double plotWidth);

    /** The room right of the plot its labels need beyond the margin (half a tick label, say). */
    double rightLabels() {
        return 0;
    }

    /** Draws the plot: grid, data, tick and category labels. */
    abstract void paintPlot(Painter p);

    // ------------------------------------------------------------------ layout

    private static final double LEGEND_SAMPLE = 34;
    private static final double LEGEND_GAP = 20;

    private void layout() {
        if (plot != null) {
            return;
        }
        titleLines = Text.wrap(title, titleFont, area.width - 2 * Style.PAD);
        double top = area.y + Style.PAD + titleLines.size() * Text.lineHeight(titleFont) + (titleLines.isEmpty() ? 0 : 10);
        double legendHeight = layoutLegend(area.width - 2 * Style.PAD);
        double bottom = area.y + area.height - Style.PAD - legendHeight;
        double axisLine = Text.lineHeight(Style.AXIS_TITLE);
        double right = area.x + area.width - Style.PAD - rightLabels();
        double plotBottom = bottom;
        double labelsLeft = 0;
        double left = area.x + Style.PAD;
        for (int pass = 0; pass < 4; pass++) { // the labels' room depends on the plot's size, and back
            yTitleLines = Text.wrap(yTitle, Style.AXIS_TITLE, 0.95 * (plotBottom - top));
            left = area.x + Style.PAD + yTitleLines.size() * axisLine + (yTitleLines.isEmpty() ? 0 : 6);
            labelsLeft = leftLabels(plotBottom - top);
            double plotWidth = right - left - labelsLeft;
            xTitleLines = Text.wrap(xTitle, Style.AXIS_TITLE, plotWidth);
            plotBottom = bottom - xTitleLines.size() * axisLine - (xTitleLines.isEmpty() ? 0 : 6) - bottomLabels(plotWidth);
        }
        plot = new Rectangle2D.Double(left + labelsLeft, top, right - left - labelsLeft, plotBottom - top);
        if (plot.width < 100 || plot.height < 80) {
            throw new UserError("chart '" + title + "': its " + legend.size() + " series and their labels leave no room "
                    + "for the plot on " + Style.WIDTH + "×" + Style.HEIGHT + " (draw fewer or shorter names)");
        }
    }

    /** Lays the legend out in rows under the plot; its height (0 without entries). */
    private double layoutLegend(double width) {
        legendRows = new ArrayList<>();
        legendLines.clear();
        if (legend.isEmpty() || panel) {
            return 0;
        }
        List<Entry> row = new ArrayList<>();
        List<List<String>> rowLines = new ArrayList<>();
        double used = 0;
        for (Entry e : legend) {
            List<String> lines = Text.wrap(e.name(), Style.LEGEND, width - LEGEND_SAMPLE);
            double need = LEGEND_SAMPLE + Text.width(lines, Style.LEGEND) + LEGEND_GAP;
            if (!row.isEmpty() && used + need > width + LEGEND_GAP) {
                legendRows.add(row);
                legendLines.add(rowLines);
                row = new ArrayList<>();
                rowLines = new ArrayList<>();
                used = 0;
            }
            row.add(e);
            rowLines.add(lines);
            used += need;
        }
        legendRows.add(row);
        legendLines.add(rowLines);
        double height = 8;
        for (List<List<String>> r : legendLines) {
            height += rowHeight(r);
        }
        return height;
    }

    private static double rowHeight(List<List<String>> row) {
        int lines = 1;
        for (List<String> l : row) {
            lines = Math.max(lines, l.size());
        }
        return lines * Text.lineHeight(Style.LEGEND) + 4;
    }

    // ------------------------------------------------------------------ painting

    /** Paints the figure on {@code g} (a PNG's image or the SVG's vector graphics). */
    final void paint(Graphics2D g) {
        layout();
        placed.clear();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        Painter p = new Painter(g, placed);
        if (!panel) { // a panel lies on its chart's white, partly over its margins
            g.setColor(Color.WHITE);
            g.fill(area);
        }
        double y = area.y + Style.PAD;
        for (String line : titleLines) {
            p.text(line, titleFont, Style.TEXT, area.getCenterX(), y, 0.5, 0);
            y += Text.lineHeight(titleFont);
        }
        double axisLine = Text.lineHeight(Style.AXIS_TITLE);
        for (int i = 0; i < yTitleLines.size(); i++) {
            p.verticalText(yTitleLines.get(i), Style.AXIS_TITLE, Style.TEXT, area.x + Style.PAD + i * axisLine,
                    plot.getCenterY());
        }
        double xt = area.y + area.height - Style.PAD - legendHeight() - xTitleLines.size() * axisLine;
        for (int i = 0; i < xTitleLines.size(); i++) {
            p.text(xTitleLines.get(i), Style.AXIS_TITLE, Style.TEXT, plot.getCenterX(), xt + i * axisLine, 0.5, 0);
        }
        paintLegend(p);
        paintPlot(p);
        for (Figure panel : panels()) {
            panel.paint(g);
            placed.addAll(panel.texts());
        }
        for (Placed t : placed) {
            if (!new Rectangle2D.Double(0, 0, Style.WIDTH, Style.HEIGHT).contains(t.box())) {
                throw new IllegalStateException("chart '" + title + "': the label '" + t.text() + "' runs off the canvas");
            }
        }
    }

    private double legendHeight() {
        double height = legendRows.isEmpty() ? 0 : 8;
        for (List<List<String>> r : legendLines) {
            height += rowHeight(r);
        }
        return height;
    }

    private void paintLegend(Painter p) {
        double y = area.y + area.height - Style.PAD - legendHeight() + 8;
        double line = Text.lineHeight(Style.LEGEND);
        for (int r = 0; r < legendRows.size(); r++) {
            List<Entry> row = legendRows.get(r);
            List<List<String>> lines = legendLines.get(r);
            double width = -LEGEND_GAP;
            for (List<String> l : lines) {
                width += LEGEND_SAMPLE + Text.width(l, Style.LEGEND) + LEGEND_GAP;
            }
            double x = Math.max(area.x + Style.PAD, area.x + (area.width - width) / 2);
            for (int i = 0; i < row.size(); i++) {
                Entry e = row.get(i);
                double cy = y + line / 2;
                if (e.line() != null) {
                    p.line(x + 2, cy, x + LEGEND_SAMPLE - 6, cy, e.colour(), e.line());
                }
                if (e.marker() != null) {
                    p.marker(e.marker(), x + (LEGEND_SAMPLE - 4) / 2, cy, 10, e.colour());
                }
                List<String> l = lines.get(i);
                for (int k = 0; k < l.size(); k++) {
                    p.text(l.get(k), Style.LEGEND, Style.TEXT, x + LEGEND_SAMPLE, y + k * line, 0, 0);
                }
                x += LEGEND_SAMPLE + Text.width(l, Style.LEGEND) + LEGEND_GAP;
            }
            y += rowHeight(lines);
        }
    }

    /** Every text painted last time, with its box (for the checks of the tests). */
    final List<Placed> texts() {
        return List.copyOf(placed);
    }

    /** The frame round the plot. */
    void frame(Painter p) {
        p.g.setColor(Style.FRAME);
        p.g.setStroke(Style.THIN);
        p.g.draw(plot);
    }

    // ------------------------------------------------------------------ drawing with records of the texts

    /** Draws on a Graphics2D and records where each text goes. */
    static final class Painter {
        final Graphics2D g;
        private final List<Placed> placed;

        Painter(Graphics2D g, List<Placed> placed) {
            this.g = g;
            this.placed = placed;
        }

        /**
         * Horizontal text whose box has its point ({@code hAlign} of the width, {@code vAlign} of the
         * height) at (x, y): (0, 0) is the top left corner, (0.5, 0.5) the centre.
         */
        void text(String s, Font f, Color c, double x, double y, double hAlign, double vAlign) {
            double w = Text.width(s, f);
            double h = Text.ascent(f) + Text.descent(f);
            double left = x - hAlign * w;
            double top = y - vAlign * h;
            g.setFont(f);
            g.setColor(c);
            g.drawString(s, (float) left, (float) (top + Text.ascent(f)));
            placed.add(new Placed(s, new Rectangle2D.Double(left, top, w, h)));
        }

        /** Text turned a quarter to the left (read upwards), its top at x and centred on y. */
        void verticalText(String s, Font f, Color c, double x, double y) {
            turned(s, f, c, x, y, 0.5);
        }

        /**
         * Text turned a quarter to the left: the box before turning has its point ({@code hAlign}
         * of the width, the top) at (x, y) after turning; hAlign 1 ends the text at y (reading up to it).
         */
        void turned(String s, Font f, Color c, double x, double y, double hAlign) {
            double w = Text.width(s, f);
            double h = Text.ascent(f) + Text.descent(f);
            AffineTransform saved = g.getTransform();
            g.translate(x, y);
            g.rotate(-Math.PI / 2);
            g.setFont(f);
            g.setColor(c);
            g.drawString(s, (float) (-(1 - hAlign) * w), (float) Text.ascent(f));
            g.setTransform(saved);
            // turned: the text runs upwards from y + (1 - hAlign) w to y - hAlign w, over x .. x + h
            placed.add(new Placed(s, new Rectangle2D.Double(x, y - hAlign * w, h, w)));
        }

        void line(double x1, double y1, double x2, double y2, Color c, BasicStroke stroke) {
            g.setColor(c);
            g.setStroke(stroke);
            g.draw(new Line2D.Double(x1, y1, x2, y2));
        }

        void marker(Style.Marker m, double x, double y, double size, Color c) {
            Shape s = m.at(x, y, size);
            g.setColor(c);
            if (m.stroked()) {
                g.setStroke(new BasicStroke(2.4f));
                g.draw(s);
            } else {
                g.fill(s);
            }
        }
    }

    // ------------------------------------------------------------------ a numeric axis

    /**
     * A numeric axis from {@code min} to {@code max}: ticks at round steps (1, 2, 2.5 or 5 times a
     * power of ten), about one per {@code spacing} pixels, labelled with a decimal pattern. A
     * {@link #log} axis spaces powers of ten evenly and has a tick at each.
     */
    static final class Axis {
        final double min;
        final double max;
        private final DoubleFunction<String> format;
        private final boolean log;

        Axis(double min, double max, String pattern) {
            this(min, max, new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT))::format, false);
        }

        private Axis(double min, double max, DoubleFunction<String> format, boolean log) {
            this.min = min;
            this.max = max > min ? max : min + 1;
            this.format = format;
            this.log = log;
        }

        /**
         * A logarithmic axis over the powers of ten around [{@code low}, {@code high}] (both above
         * 0), each tick labelled by {@code label}.
         */
        static Axis log(double low, double high, DoubleFunction<String> label) {
            double min = Math.pow(10, Math.floor(Math.log10(low)));
            double max = Math.pow(10, Math.ceil(Math.log10(Math.max(high, low * 10))));
            return new Axis(min, max, label, true);
        }

        /** The share of the way from min to max of v. */
        double fraction(double v) {
            if (log) {
                return Math.log(v / min) / Math.log(max / min);
            }
            return (v - min) / (max - min);
        }

        List<Double> ticks(double pixels, double spacing) {
            if (log) {
                List<Double> ticks = new ArrayList<>();
                for (double t = min; t <= max * (1 + 1e-9); t *= 10) {
                    ticks.add(t);
                }
                return ticks;
            }
            double target = Math.max(2, pixels / spacing);
            double raw = (max - min) / target;
            double mag = Math.pow(10, Math.floor(Math.log10(raw)));
            double step = mag;
            for (double m : new double[]{1, 2, 2.5, 5, 10}) {
                if (m * mag >= raw) {
                    step = m * mag;
                    break;
                }
            }
            List<Double> ticks = new ArrayList<>();
            for (double t = Math.ceil(min / step - 1e-9) * step; t <= max + 1e-9 * step; t += step) {
                ticks.add(Math.abs(t) < step * 1e-9 ? 0 : t);
            }
            return ticks;
        }

        String label(double v) {
            return format.apply(v);
        }

        /** The widest tick label. */
        double labelWidth(double pixels, double spacing, Font f) {
            double w = 0;
            for (double t : ticks(pixels, spacing)) {
                w = Math.max(w, Text.width(label(t), f));
            }
            return w;
        }
    }
}
