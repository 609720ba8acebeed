package richelieu.runner.report.chart;

import richelieu.runner.report.chart.ChartData.Estimate;

import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.List;

/**
 * Estimates by category, each a marker at its value over a line with end caps across its exact
 * interval (often asymmetric: Wilson, bootstrap, Elo); the groups of a category (seats, variants,
 * decks) side by side, each in its own colour and marker. With {@link Orientation#ROWS} the
 * categories are rows labelled on the left, so a bot's whole name reads across (wrapped where
 * it must be); with {@link Orientation#COLUMNS} they are columns labelled below.
 *
 * <p>An interval with an infinite side (the Elo of a bot that lost every game) runs to the
 * edge of the plot without a cap there; {@link Range#cutNote} says so in the axis title.
 */
final class EstimateFigure extends Figure {
    enum Orientation { ROWS, COLUMNS }

    /** A group of estimates, drawn in look {@code look} of {@link Style}. */
    private record Group(String name, List<Estimate> values, int look) {
    }

    private record Reference(double value, BasicStroke stroke) {
    }

    private static final double TICK_SPACING_X = 90;
    private static final double TICK_SPACING_Y = 55;
    /** The widest a row label may be before it wraps, as a share of the canvas. */
    private static final double ROW_LABEL_SHARE = 0.36;

    private final List<String> categories;
    private final Orientation orientation;
    private final Axis axis;
    private final List<Group> groups = new ArrayList<>();
    private final List<Reference> references = new ArrayList<>();
    private List<List<String>> labels = List.of();

    /**
     * @param categoryTitle the title of the category axis (left with rows, below with columns)
     * @param valueTitle    the title of the value axis
     * @param pattern       the decimal pattern of the value axis's tick labels
     */
    EstimateFigure(String title, String categoryTitle, String valueTitle, List<String> categories,
                   Orientation orientation, Range range, String pattern) {
        super(title, orientation == Orientation.ROWS ? valueTitle : categoryTitle,
                orientation == Orientation.ROWS ? categoryTitle : valueTitle);
        this.categories = List.copyOf(categories);
        this.orientation = orientation;
        this.axis = new Axis(range.min(), range.max(), pattern);
    }

    /** Adds a group: one estimate per category (NaN where it has none), its name in the legend when {@code inLegend}. */
    EstimateFigure add(String name, List<Estimate> values, boolean inLegend) {
        return add(name, values, inLegend, groups.size());
    }

    /** Adds a group drawn in look {@code look} (a bot's, so that it looks the same in every chart). */
    EstimateFigure add(String name, List<Estimate> values, boolean inLegend, int look) {
        groups.add(new Group(name, List.copyOf(values), look));
        if (inLegend) {
            legend.add(new Entry(name, Style.colour(look), Style.marker(look), null));
        }
        return this;
    }

    /** A line across the plot at {@code value} of the value axis (0, 50%, a margin). */
    EstimateFigure reference(double value, boolean dashed) {
        references.add(new Reference(value, dashed ? new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                10f, new float[]{5f, 4f}, 0f) : Style.THIN));
        return this;
    }

    private boolean rows() {
        return orientation == Orientation.ROWS;
    }

    @Override
    double leftLabels(double plotHeight) {
        if (!rows()) {
            return axis.labelWidth(plotHeight, TICK_SPACING_Y, Style.TICK) + 8;
        }
        double rowHeight = plotHeight / categories.size();
        int fits = Math.max(1, (int) Math.floor(rowHeight / Text.lineHeight(Style.TICK)));
        double max = ROW_LABEL_SHARE * Style.WIDTH;
        labels = new ArrayList<>();
        for (String c : categories) {
            List<String> lines = Text.wrap(c, Style.TICK, max);
            if (lines.size() > fits) { // fewer, longer lines rather than lines over the next row's
                lines = Text.wrap(c, Style.TICK, Math.min(0.5 * Style.WIDTH, max * lines.size() / fits));
            }
            labels.add(lines);
        }
        double w = 0;
        for (List<String> l : labels) {
            w = Math.max(w, Text.width(l, Style.TICK));
        }
        return w + 10;
    }

    @Override
    double bottomLabels(double plotWidth) {
        if (rows()) {
            return Text.lineHeight(Style.TICK) + 6;
        }
        double column = plotWidth / categories.size();
        labels = new ArrayList<>();
        int most = 1;
        for (String c : categories) {
            List<String> lines = Text.wrap(c, Style.TICK, column - 6);
            labels.add(lines);
            most = Math.max(most, lines.size());
        }
        return most * Text.lineHeight(Style.TICK) + 6;
    }

    @Override
    double rightLabels() {
        return rows() ? Math.max(0, axis.labelWidth(Style.WIDTH / 2.0, TICK_SPACING_X, Style.TICK) / 2 - Style.PAD + 2) : 0;
    }

    /** The pixel of a value on the value axis (may lie outside the plot). */
    private double valuePixel(double v) {
        return rows() ? plot.x + axis.fraction(v) * plot.width : plot.y + plot.height - axis.fraction(v) * plot.height;
    }

    /** The pixel across the category axis of group g in category i. */
    private double categoryPixel(int i, int g) {
        int n = groups.size();
        double step = Math.min(0.22, 0.7 / n);
        double at = i + 0.5 + (g - (n - 1) / 2.0) * step;
        return rows() ? plot.y + at * plot.height / categories.size() : plot.x + at * plot.width / categories.size();
    }

    @Override
    void paintPlot(Painter p) {
        double length = rows() ? plot.width : plot.height;
        List<Double> ticks = axis.ticks(length, rows() ? TICK_SPACING_X : TICK_SPACING_Y);
        for (double t : ticks) {
            double v = valuePixel(t);
            if (rows()) {
                p.line(v, plot.y, v, plot.y + plot.height, Style.GRID, Style.THIN);
                p.text(axis.label(t), Style.TICK, Style.TEXT, v, plot.y + plot.height + 4, 0.5, 0);
            } else {
                p.line(plot.x, v, plot.x + plot.width, v, Style.GRID, Style.THIN);
                p.text(axis.label(t), Style.TICK, Style.TEXT, plot.x - 6, v, 1, 0.5);
            }
        }
        for (Reference r : references) {
            double v = valuePixel(r.value());
            if (rows()) {
                p.line(v, plot.y, v, plot.y + plot.height, Style.REFERENCE, r.stroke());
            } else {
                p.line(plot.x, v, plot.x + plot.width, v, Style.REFERENCE, r.stroke());
            }
        }
        frame(p);
        double line = Text.lineHeight(Style.TICK);
        for (int i = 0; i < categories.size(); i++) {
            List<String> l = labels.get(i);
            if (rows()) {
                double centre = plot.y + (i + 0.5) * plot.height / categories.size();
                double top = centre - l.size() * line / 2;
                for (int k = 0; k < l.size(); k++) {
                    p.text(l.get(k), Style.TICK, Style.TEXT, plot.x - 8, top + k * line, 1, 0);
                }
            } else {
                double centre = plot.x + (i + 0.5) * plot.width / categories.size();
                for (int k = 0; k < l.size(); k++) {
                    p.text(l.get(k), Style.TICK, Style.TEXT, centre, plot.y + plot.height + 4 + k * line, 0.5, 0);
                }
            }
        }
        double band = (rows() ? plot.height : plot.width) / categories.size();
        double cap = Math.min(5, 0.3 * band / groups.size());
        for (int g = 0; g < groups.size(); g++) {
            List<Estimate> values = groups.get(g).values();
            for (int i = 0; i < values.size(); i++) {
                interval(p, categoryPixel(i, g), cap, values.get(i), groups.get(g).look());
            }
        }
        for (int g = 0; g < groups.size(); g++) {
            List<Estimate> values = groups.get(g).values();
            for (int i = 0; i < values.size(); i++) {
                double v = values.get(i).value();
                if (Double.isFinite(v)) {
                    double a = categoryPixel(i, g);
                    double b = valuePixel(v);
                    int look = groups.get(g).look();
                    p.marker(Style.marker(look), rows() ? b : a, rows() ? a : b, 11, Style.colour(look));
                }
            }
        }
    }

    /** The interval of e at pixel {@code at} across: a line with caps, an infinite end run to the plot's edge. */
    private void interval(Painter p, double at, double cap, Estimate e, int look) {
        double lo = e.low();
        double hi = e.high();
        if (Double.isNaN(lo) || Double.isNaN(hi)) {
            return;
        }
        double start = rows() ? plot.x : plot.y + plot.height;
        double end = rows() ? plot.x + plot.width : plot.y;
        double a = Double.isInfinite(lo) ? (lo < 0 ? start : end) : clamp(valuePixel(lo));
        double b = Double.isInfinite(hi) ? (hi < 0 ? start : end) : clamp(valuePixel(hi));
        line(p, at, a, at, b, look);
        if (Double.isFinite(lo)) {
            line(p, at - cap, a, at + cap, a, look);
        }
        if (Double.isFinite(hi)) {
            line(p, at - cap, b, at + cap, b, look);
        }
    }

    private double clamp(double pixel) {
        return rows() ? Math.max(plot.x, Math.min(plot.x + plot.width, pixel))
                : Math.max(plot.y, Math.min(plot.y + plot.height, pixel));
    }

    /** A line given across-then-along the category axis, drawn in the figure's orientation. */
    private void line(Painter p, double across1, double along1, double across2, double along2, int look) {
        if (rows()) {
            p.line(along1, across1, along2, across2, Style.colour(look), Style.INTERVAL);
        } else {
            p.line(across1, along1, across2, along2, Style.colour(look), Style.INTERVAL);
        }
    }
}
