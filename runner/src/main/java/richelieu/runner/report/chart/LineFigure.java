package richelieu.runner.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Path2D;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Lines over a numeric x axis: polylines in colour and dash, shaded polygons under them (bands,
 * ranges), vertical marks, markers with their intervals, and short tags along the top of the plot
 * (each at its x, pushed sideways just enough that no two overlap). Each line's legend entry is
 * given by its caller.
 */
final class LineFigure extends Figure {
    private record Line(double[] x, double[] y, Color colour, BasicStroke stroke) {
    }

    private record Area(double[] x, double[] y, Color fill) {
    }

    private record Point(double x, double y, double low, double high, Color colour, Style.Marker marker) {
    }

    private record Tag(double x, String text) {
    }

    private static final double TICK_SPACING_X = 90;
    private static final double TICK_SPACING_Y = 55;

    private final Axis x;
    private final Axis y;
    private final List<Line> lines = new ArrayList<>();
    private final List<Area> areas = new ArrayList<>();
    private final List<Double> marks = new ArrayList<>();
    private final List<Double> references = new ArrayList<>();
    private final List<Point> points = new ArrayList<>();
    private final List<Tag> tags = new ArrayList<>();

    LineFigure(String title, String xTitle, String yTitle, Axis x, Axis y) {
        super(title, xTitle, yTitle);
        this.x = x;
        this.y = y;
    }

    /** A polyline through (x[i], y[i]); with a name, its legend entry. */
    LineFigure line(String name, double[] xs, double[] ys, Color colour, BasicStroke stroke) {
        lines.add(new Line(xs, ys, colour, stroke));
        if (name != null) {
            legend.add(new Entry(name, colour, null, stroke));
        }
        return this;
    }

    /** A filled polygon through (x[i], y[i]), drawn under the lines. */
    LineFigure area(double[] xs, double[] ys, Color fill) {
        areas.add(new Area(xs, ys, fill));
        return this;
    }

    /** A vertical line at {@code value} of the x axis. */
    LineFigure mark(double value) {
        marks.add(value);
        return this;
    }

    /** A horizontal line at {@code value} of the y axis. */
    LineFigure reference(double value) {
        references.add(value);
        return this;
    }

    /** A marker at (x, y) with a vertical line over [low, high] (NaN ends: no line). */
    LineFigure point(double xv, double yv, double low, double high, Color colour, Style.Marker marker) {
        points.add(new Point(xv, yv, low, high, colour, marker));
        return this;
    }

    /** A short text along the top of the plot at {@code xv}, with a faint line down the plot there. */
    LineFigure tag(double xv, String text) {
        tags.add(new Tag(xv, text));
        return this;
    }

    /** A legend entry of its own (a marker, a line sample, both or neither). */
    LineFigure entry(String name, Color colour, Style.Marker marker, BasicStroke line) {
        legend.add(new Entry(name, colour, marker, line));
        return this;
    }

    @Override
    double leftLabels(double plotHeight) {
        return y.labelWidth(plotHeight, TICK_SPACING_Y, Style.TICK) + 8;
    }

    @Override
    double bottomLabels(double plotWidth) {
        return Text.lineHeight(Style.TICK) + 6;
    }

    @Override
    double rightLabels() {
        return Math.max(0, x.labelWidth(Style.WIDTH / 2.0, TICK_SPACING_X, Style.TICK) / 2 - Style.PAD + 2);
    }

    private double px(double v) {
        return plot.x + x.fraction(v) * plot.width;
    }

    private double py(double v) {
        return plot.y + plot.height - y.fraction(v) * plot.height;
    }

    @Override
    void paintPlot(Painter p) {
        for (double t : x.ticks(plot.width, TICK_SPACING_X)) {
            p.line(px(t), plot.y, px(t), plot.y + plot.height, Style.GRID, Style.THIN);
            p.text(x.label(t), Style.TICK, Style.TEXT, px(t), plot.y + plot.height + 4, 0.5, 0);
        }
        for (double t : y.ticks(plot.height, TICK_SPACING_Y)) {
            p.line(plot.x, py(t), plot.x + plot.width, py(t), Style.GRID, Style.THIN);
            p.text(y.label(t), Style.TICK, Style.TEXT, plot.x - 6, py(t), 1, 0.5);
        }
        for (Area a : areas) {
            p.g.setColor(a.fill());
            p.g.fill(path(a.x(), a.y(), true));
        }
        for (double m : marks) {
            p.line(px(m), plot.y, px(m), plot.y + plot.height, Style.REFERENCE, Style.THIN);
        }
        for (double r : references) {
            p.line(plot.x, py(r), plot.x + plot.width, py(r), Style.REFERENCE, Style.THIN);
        }
        paintTags(p);
        for (Line l : lines) {
            p.g.setColor(l.colour());
            p.g.setStroke(l.stroke());
            p.g.draw(path(l.x(), l.y(), false));
        }
        for (Point pt : points) {
            double cx = px(pt.x());
            if (!Double.isNaN(pt.low()) && !Double.isNaN(pt.high())) {
                double lo = clampY(py(pt.low()));
                double hi = clampY(py(pt.high()));
                p.line(cx, lo, cx, hi, pt.colour(), Style.INTERVAL);
                p.line(cx - 4, lo, cx + 4, lo, pt.colour(), Style.INTERVAL);
                p.line(cx - 4, hi, cx + 4, hi, pt.colour(), Style.INTERVAL);
            }
            p.marker(pt.marker(), cx, py(pt.y()), 10, pt.colour());
        }
        frame(p);
    }

    private double clampY(double v) {
        return Math.max(plot.y, Math.min(plot.y + plot.height, v));
    }

    /** The tags in x order along the top, each centred on its x where the others leave room. */
    private void paintTags(Painter p) {
        List<Tag> sorted = new ArrayList<>(tags);
        sorted.sort(Comparator.comparingDouble(Tag::x));
        int n = sorted.size();
        double[] left = new double[n];
        double[] width = new double[n];
        double gap = 4;
        for (int i = 0; i < n; i++) {
            width[i] = Text.width(sorted.get(i).text(), Style.TICK);
            left[i] = Math.max(px(sorted.get(i).x()) - width[i] / 2, i == 0 ? plot.x + 2 : left[i - 1] + width[i - 1] + gap);
        }
        for (int i = n - 1; i >= 0; i--) {
            double limit = i == n - 1 ? plot.x + plot.width - 2 : left[i + 1] - gap;
            left[i] = Math.min(left[i], limit - width[i]);
        }
        double top = plot.y + 3;
        double below = top + Text.lineHeight(Style.TICK) + 1;
        for (int i = 0; i < n; i++) {
            double x0 = px(sorted.get(i).x());
            double centre = left[i] + width[i] / 2;
            p.line(centre, below, x0, below + 6, Style.FRAME, Style.THIN);
            p.line(x0, below + 6, x0, plot.y + plot.height, Style.GRID, Style.THIN);
            p.text(sorted.get(i).text(), Style.TICK, Style.TEXT, left[i], top, 0, 0);
        }
    }

    private Path2D path(double[] xs, double[] ys, boolean closed) {
        Path2D.Double path = new Path2D.Double();
        for (int i = 0; i < xs.length; i++) {
            double a = Math.max(plot.x, Math.min(plot.x + plot.width, px(xs[i])));
            double b = Math.max(plot.y, Math.min(plot.y + plot.height, py(ys[i])));
            if (i == 0) {
                path.moveTo(a, b);
            } else {
                path.lineTo(a, b);
            }
        }
        if (closed) {
            path.closePath();
        }
        return path;
    }
}
