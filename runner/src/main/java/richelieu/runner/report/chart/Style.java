package richelieu.runner.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;

/**
 * The house look of every chart: its size, fonts, the colours and markers that tell series
 * apart, and the line dashes. Series g gets colour g and marker g; past the eighth, the pair
 * (colour, marker) still differs from every earlier series', as the marker index runs ahead.
 */
final class Style {
    static final int WIDTH = 900;
    static final int HEIGHT = 540;
    /** The margin kept free around everything drawn. */
    static final int PAD = 12;

    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 17);
    static final Font AXIS_TITLE = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    static final Font PANEL_TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 14);
    /** The most series a plot carries; a chart of more draws them as panels (small multiples). */
    static final int MAX_SERIES = 6;
    static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font LEGEND = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font CELL = new Font(Font.SANS_SERIF, Font.BOLD, 15);

    static final Color TEXT = new Color(0x222222);
    static final Color FRAME = new Color(0x999999);
    static final Color GRID = new Color(0xE3E3E3);
    static final Color REFERENCE = new Color(0x555555);

    /**
     * Okabe &amp; Ito (2008), "Color Universal Design", distinguishable with the common colour-vision
     * deficiencies: blue, vermillion, bluish green, orange, reddish purple, sky blue, black; and a
     * dark yellow (their yellow, #F0E442, is too pale on white).
     */
    private static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73),
            new Color(0xE69F00), new Color(0xCC79A7), new Color(0x56B4E9), new Color(0x000000), new Color(0xB39B00)};

    static final BasicStroke LINE = new BasicStroke(2.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND);
    static final BasicStroke INTERVAL = new BasicStroke(2f);
    static final BasicStroke THIN = new BasicStroke(1f);
    private static final BasicStroke[] DASHES = {LINE,
            new BasicStroke(2.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[]{8f, 5f}, 0f),
            new BasicStroke(2.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[]{2f, 4f}, 0f)};

    private Style() {
    }

    /** Series g's colour. */
    static Color colour(int g) {
        return PALETTE[g % PALETTE.length];
    }

    /** Series g's marker (see the class comment for how it pairs with the colour). */
    static Marker marker(int g) {
        Marker[] all = Marker.values();
        return all[(g + g / PALETTE.length) % all.length];
    }

    /** The dash of line style d (solid, dashed, dotted, then again). */
    static BasicStroke dash(int d) {
        return DASHES[d % DASHES.length];
    }

    /** The markers, each a filled (or for CROSS and PLUS, stroked) shape centred on the point. */
    enum Marker {
        CIRCLE, DIAMOND, SQUARE, TRIANGLE_UP, TRIANGLE_DOWN, CROSS, PLUS, STAR;

        /** True for a marker drawn as strokes rather than filled. */
        boolean stroked() {
            return this == CROSS || this == PLUS;
        }

        /** The shape at (x, y), {@code size} pixels across. */
        Shape at(double x, double y, double size) {
            double r = size / 2;
            return switch (this) {
                case CIRCLE -> new Ellipse2D.Double(x - r, y - r, size, size);
                case SQUARE -> new Rectangle2D.Double(x - r * 0.85, y - r * 0.85, 1.7 * r, 1.7 * r);
                case DIAMOND -> polygon(x, y, new double[]{0, r * 1.15, 0, -r * 1.15}, new double[]{-r * 1.15, 0, r * 1.15, 0});
                case TRIANGLE_UP -> polygon(x, y, new double[]{0, r * 1.1, -r * 1.1}, new double[]{-r * 1.1, r * 0.8, r * 0.8});
                case TRIANGLE_DOWN -> polygon(x, y, new double[]{0, r * 1.1, -r * 1.1}, new double[]{r * 1.1, -r * 0.8, -r * 0.8});
                case STAR -> star(x, y, r * 1.2);
                case CROSS -> {
                    Path2D.Double p = new Path2D.Double();
                    p.moveTo(x - r, y - r);
                    p.lineTo(x + r, y + r);
                    p.moveTo(x - r, y + r);
                    p.lineTo(x + r, y - r);
                    yield p;
                }
                case PLUS -> {
                    Path2D.Double p = new Path2D.Double();
                    p.moveTo(x - r * 1.15, y);
                    p.lineTo(x + r * 1.15, y);
                    p.moveTo(x, y - r * 1.15);
                    p.lineTo(x, y + r * 1.15);
                    yield p;
                }
            };
        }

        private static Shape polygon(double x, double y, double[] dx, double[] dy) {
            Path2D.Double p = new Path2D.Double();
            p.moveTo(x + dx[0], y + dy[0]);
            for (int i = 1; i < dx.length; i++) {
                p.lineTo(x + dx[i], y + dy[i]);
            }
            p.closePath();
            return p;
        }

        private static Shape star(double x, double y, double r) {
            Path2D.Double p = new Path2D.Double();
            for (int i = 0; i < 10; i++) {
                double a = -Math.PI / 2 + i * Math.PI / 5;
                double rr = i % 2 == 0 ? r : r * 0.45;
                if (i == 0) {
                    p.moveTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
                } else {
                    p.lineTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
                }
            }
            p.closePath();
            return p;
        }
    }
}
