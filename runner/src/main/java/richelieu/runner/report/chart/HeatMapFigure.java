package richelieu.runner.report.chart;

import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A square matrix of shares, row against column: each cell coloured on a diverging scale (red
 * below 50%, white at 50%, blue above; readable with red-green deficiency) and labelled with its
 * value. Rows are labelled on the left by number and whole name, "(1) heuristic", columns below
 * by the same number, so that long names need no turned labels.
 */
final class HeatMapFigure extends Figure {
    private static final Color LOW = new Color(0xD6604D);
    private static final Color MID = new Color(0xF7F7F7);
    private static final Color HIGH = new Color(0x4393C3);

    private final List<String> names;
    private final double[][] cells;
    private List<List<String>> rowLabels = List.of();

    /** @param cells cells[i][j]: row i against column j, in [0, 1], NaN where there is none */
    HeatMapFigure(String title, String xTitle, String yTitle, List<String> names, double[][] cells) {
        super(title, xTitle, yTitle);
        this.names = List.copyOf(names);
        this.cells = cells;
    }

    /** Row and column k's short label. */
    static String number(int k) {
        return "(" + (k + 1) + ")";
    }

    @Override
    double leftLabels(double plotHeight) {
        double rowHeight = plotHeight / names.size();
        int fits = Math.max(1, (int) Math.floor(rowHeight / Text.lineHeight(Style.TICK)));
        rowLabels = new ArrayList<>();
        double w = 0;
        for (int k = 0; k < names.size(); k++) {
            String label = number(k) + " " + names.get(k);
            List<String> lines = Text.wrap(label, Style.TICK, 0.3 * Style.WIDTH);
            if (lines.size() > fits) {
                lines = Text.wrap(label, Style.TICK, Math.min(0.45 * Style.WIDTH, 0.3 * Style.WIDTH * lines.size() / fits));
            }
            rowLabels.add(lines);
            w = Math.max(w, Text.width(lines, Style.TICK));
        }
        return w + 10;
    }

    @Override
    double bottomLabels(double plotWidth) {
        return Text.lineHeight(Style.TICK) + 6;
    }

    @Override
    void paintPlot(Painter p) {
        int n = names.size();
        double cw = plot.width / n;
        double ch = plot.height / n;
        String widest = "100.0%";
        Font font = Text.width(widest, Style.CELL) <= cw - 4 ? Style.CELL : new Font(Font.SANS_SERIF, Font.BOLD, 11);
        boolean numbers = Text.width(widest, font) <= cw - 2;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double v = cells[i][j];
                if (Double.isNaN(v)) {
                    continue;
                }
                p.g.setColor(colour(v));
                p.g.fill(new Rectangle2D.Double(plot.x + j * cw, plot.y + i * ch, cw, ch));
                if (numbers) {
                    p.text(String.format(Locale.ROOT, "%.1f%%", 100 * v), font, Color.BLACK, plot.x + (j + 0.5) * cw,
                            plot.y + (i + 0.5) * ch, 0.5, 0.5);
                }
            }
        }
        frame(p);
        double line = Text.lineHeight(Style.TICK);
        for (int k = 0; k < n; k++) {
            List<String> l = rowLabels.get(k);
            double top = plot.y + (k + 0.5) * ch - l.size() * line / 2;
            for (int m = 0; m < l.size(); m++) {
                p.text(l.get(m), Style.TICK, Style.TEXT, plot.x - 8, top + m * line, 1, 0);
            }
            p.text(number(k), Style.TICK, Style.TEXT, plot.x + (k + 0.5) * cw, plot.y + plot.height + 4, 0.5, 0);
        }
    }

    /** The colour of a share: red at 0, white at ½, blue at 1, linear between. */
    static Color colour(double v) {
        double t = Math.max(0, Math.min(1, v));
        Color a = t < 0.5 ? LOW : MID;
        Color b = t < 0.5 ? MID : HIGH;
        double f = t < 0.5 ? t / 0.5 : (t - 0.5) / 0.5;
        return new Color((int) Math.round(a.getRed() + f * (b.getRed() - a.getRed())),
                (int) Math.round(a.getGreen() + f * (b.getGreen() - a.getGreen())),
                (int) Math.round(a.getBlue() + f * (b.getBlue() - a.getBlue())));
    }
}
