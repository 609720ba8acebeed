package richelieu.runner.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Path2D;
import java.util.ArrayList;
import java.util.List;

/**
 * Lines over a numeric x axis: polylines in colour and dash, shaded polygons under them (bands,
 * ranges), and vertical marks. Each line's legend entry is given by its caller.
 */
final class LineFigure extends Figure {
    private record Line(double[] x, double[] y, Color colour, BasicStroke stroke) {
    }

    private record Area(double[] x, double[] y, Color fill) {
    }

    private static final double TICK_SPACING_X = 90;
    private static final double TICK_SPACING_Y = 55;

    private final Axis x;
    private final Axis y;
    private final List<Line> lines = new ArrayList<>();
    private final List<Area> areas = new ArrayList<>();
    private final List<Double> marks = new ArrayList<>();

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
        for (Line l : lines) {
            p.g.setColor(l.colour());
            p.g.setStroke(l.stroke());
            p.g.draw(path(l.x(), l.y(), false));
        }
        frame(p);
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
