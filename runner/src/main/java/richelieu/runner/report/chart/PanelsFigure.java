package richelieu.runner.report.chart;

import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

/**
 * Small multiples: one chart of several panels, each a figure of its own (its title, ticks and
 * series, no legend) in a cell of a grid, under one title, with the axis titles and one legend
 * for all of them (each entry once, however many panels draw it). A chart whose series would
 * crowd one plot draws a few per panel instead.
 */
final class PanelsFigure extends Figure {
    private static final double GAP = 16;

    private final List<Figure> panels;
    private final int columns;

    /** @param columns the panels per row of the grid */
    PanelsFigure(String title, String xTitle, String yTitle, List<? extends Figure> panels, int columns) {
        super(title, xTitle, yTitle);
        this.panels = List.copyOf(panels);
        this.columns = Math.max(1, Math.min(columns, panels.size()));
        for (Figure f : panels) {
            for (Entry e : f.legend) {
                if (!legend.contains(e)) {
                    legend.add(e);
                }
            }
        }
    }

    /**
     * The chart of these panels: a single panel is the chart itself (with the chart's titles and
     * its own legend), several are small multiples.
     */
    static Figure of(String title, String xTitle, String yTitle, List<? extends Figure> panels, int columns) {
        if (panels.size() == 1) {
            Figure only = panels.get(0);
            only.retitle(title, xTitle, yTitle);
            return only;
        }
        return new PanelsFigure(title, xTitle, yTitle, panels, columns);
    }

    /** How many panels of at most {@code per} series {@code n} series need. */
    static int count(int n, int per) {
        return Math.max(1, (n + per - 1) / per);
    }

    /** Splits {@code items} into {@code parts} runs as even as can be, the longer first. */
    static <T> List<List<T>> split(List<T> items, int parts) {
        List<List<T>> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < parts; i++) {
            int size = (items.size() - from + (parts - i) - 1) / (parts - i);
            out.add(items.subList(from, from + size));
            from += size;
        }
        return out;
    }

    @Override
    List<Figure> panels() {
        return panels;
    }

    @Override
    double leftLabels(double plotHeight) {
        return 0;
    }

    @Override
    double bottomLabels(double plotWidth) {
        return 0;
    }

    /** Places each panel in its cell; the panels paint themselves after (see {@link Figure#paint}). */
    @Override
    void paintPlot(Painter p) {
        int rows = (panels.size() + columns - 1) / columns;
        double w = (plot.width + GAP) / columns - GAP;
        double h = (plot.height + GAP) / rows - GAP;
        for (int i = 0; i < panels.size(); i++) {
            // the cell's margin (Style.PAD) lies over the gap and the outer margin: the panel's own words fill the cell
            double x = plot.x + (i % columns) * (w + GAP) - Style.PAD;
            double y = plot.y + (i / columns) * (h + GAP) - Style.PAD;
            panels.get(i).asPanel(new Rectangle2D.Double(x, y, w + 2 * Style.PAD, h + 2 * Style.PAD));
        }
    }
}
