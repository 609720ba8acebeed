package richelieu.runner.report.chart;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.util.ArrayList;
import java.util.List;

/**
 * Measuring and wrapping the words of a chart. Every chart lays its text out with these
 * metrics (antialiased, fractional), and paints with the same hints, so a label measured to fit
 * is drawn where it fits.
 */
final class Text {
    static final FontRenderContext FRC = new FontRenderContext(null, true, true);

    private Text() {
    }

    static double width(String s, Font f) {
        return s.isEmpty() ? 0 : f.getStringBounds(s, FRC).getWidth();
    }

    /** The height of one line (ascent, descent and leading). */
    static double lineHeight(Font f) {
        LineMetrics m = f.getLineMetrics("Ag", FRC);
        return m.getAscent() + m.getDescent() + m.getLeading();
    }

    static double ascent(Font f) {
        return f.getLineMetrics("Ag", FRC).getAscent();
    }

    static double descent(Font f) {
        return f.getLineMetrics("Ag", FRC).getDescent();
    }

    /** The widest of the lines. */
    static double width(List<String> lines, Font f) {
        double w = 0;
        for (String l : lines) {
            w = Math.max(w, width(l, f));
        }
        return w;
    }

    /**
     * {@code s} in lines no wider than {@code max}: broken after a space (dropped), after
     * {@code , ; :} (not a comma between digits) and before {@code (} or {@code [}; a piece wider
     * than {@code max} alone is broken between characters, so no line is ever wider than {@code max}.
     */
    static List<String> wrap(String s, Font f, double max) {
        List<String> lines = new ArrayList<>();
        if (s == null || s.isEmpty()) {
            return lines;
        }
        StringBuilder line = new StringBuilder();
        for (String piece : pieces(s)) {
            String joined = line + piece;
            if (width(joined.stripTrailing(), f) <= max) {
                line.append(piece);
                continue;
            }
            if (line.length() > 0) {
                lines.add(line.toString().stripTrailing());
                line.setLength(0);
            }
            String rest = piece;
            while (width(rest.stripTrailing(), f) > max && rest.length() > 1) {
                int n = rest.length() - 1;
                while (n > 1 && width(rest.substring(0, n), f) > max) {
                    n--;
                }
                lines.add(rest.substring(0, n));
                rest = rest.substring(n);
            }
            line.append(rest);
        }
        if (!line.toString().isBlank()) {
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }

    /** The pieces between the points where a line may break, each with what ends it. */
    private static List<String> pieces(String s) {
        List<String> pieces = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean after = c == ' ' || c == ';' || c == ':' || (c == ',' && !betweenDigits(s, i));
            boolean before = (c == '(' || c == '[') && i > start;
            if (before) {
                pieces.add(s.substring(start, i));
                start = i;
            }
            if (after) {
                pieces.add(s.substring(start, i + 1));
                start = i + 1;
            }
        }
        if (start < s.length()) {
            pieces.add(s.substring(start));
        }
        return pieces;
    }

    /** True for a thousands separator: "3,000" is one word, where "1000,rollout" is two settings of a bot. */
    private static boolean betweenDigits(String s, int i) {
        return i > 0 && i + 1 < s.length() && Character.isDigit(s.charAt(i - 1)) && Character.isDigit(s.charAt(i + 1));
    }
}
