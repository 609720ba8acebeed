package richelieu.runner.report.chart;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import richelieu.runner.UserError;

import javax.imageio.ImageIO;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a chart as {@code <base>.png} and {@code <base>.svg}, headless.
 *
 * <p><b>PNG</b>: the figure painted on an RGB image and written by ImageIO (no text chunks, no
 * time stamp). <b>SVG</b>: painted on VectorGraphics2D, written by its SVGProcessor, then made
 * byte-identical for the same input: clip-path ids, which VectorGraphics2D takes from the clip
 * shape's hash code, are renumbered in order of appearance; coordinates are rounded to 1/100 px
 * (invisible at 900×540, and it halves the file); numbers in words are left as they are. Every word is a {@code <text>} element (the
 * figure draws text as text), and a {@code <title>} and a {@code <desc>} (the chart's title, axis
 * titles, the series in the legend and the data with exact intervals) are added for readers,
 * screen readers and grep.
 */
final class ChartFiles {
    private static final Pattern CLIP_ID = Pattern.compile("clip-?\\d+");
    private static final Pattern LONG_DECIMAL = Pattern.compile("-?\\d+\\.\\d{3,}");
    private static volatile boolean fontsChecked;

    private ChartFiles() {
    }

    /**
     * Sets {@code java.awt.headless=true} unless the user chose otherwise. Called before any AWT
     * class is initialised (first thing in {@link Charts}' static initialiser).
     */
    static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /**
     * Lays out a line of text once, so that a machine without fonts fails here with one line
     * rather than deep inside XChart with a stack trace. Without any font the JDK's font manager
     * fails to start (InternalError, or an UnsatisfiedLinkError without libfreetype/fontconfig).
     */
    static void requireFonts() {
        if (fontsChecked) {
            return;
        }
        try {
            FontRenderContext frc = new FontRenderContext(null, true, true);
            TextLayout layout = new TextLayout("Elo 50% random", new Font(Font.SANS_SERIF, Font.PLAIN, 14), frc);
            if (layout.getOutline(null).getBounds2D().getWidth() <= 0) {
                throw new IllegalStateException("text laid out with zero width");
            }
        } catch (RuntimeException | Error e) { // Error: InternalError, LinkageError from the font manager
            throw new UserError("cannot draw charts: no usable font (" + oneLine(e)
                    + "); install fontconfig and a TrueType font, e.g. apt-get install fontconfig fonts-dejavu-core");
        }
        fontsChecked = true;
    }

    private static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String s = root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
        return s.replaceAll("\\s+", " ").trim();
    }

    /**
     * Writes both files. The SVG's {@code <title>} is the chart's title; its {@code <desc>} has the
     * axis titles, the series and then the {@code notes} (what is drawn, the data).
     */
    static void write(Figure figure, Path base, List<String> notes) {
        List<String> description = new ArrayList<>();
        description.add("x axis: " + figure.xTitle());
        description.add("y axis: " + figure.yTitle());
        description.add("series: " + String.join("; ", names(figure.legend, true)));
        List<String> key = names(figure.legend, false);
        if (!key.isEmpty()) {
            description.add("key: " + String.join("; ", key));
        }
        for (Figure panel : figure.panels()) {
            description.add("panel " + panel.title() + ": series " + String.join("; ", names(panel.legend, true)));
        }
        description.addAll(notes);
        int w = Style.WIDTH;
        int h = Style.HEIGHT;
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            figure.paint(g);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image, "png", png)) {
                throw new IllegalStateException("no PNG writer in this JDK");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }

        VectorGraphics2D vg = new VectorGraphics2D();
        figure.paint(vg);
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        try {
            new SVGProcessor().getDocument(vg.getCommands(), new PageSize(0, 0, w, h)).writeTo(raw);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String svg = deterministicSvg(raw.toString(StandardCharsets.UTF_8), figure.title(), description);

        List<Pending> batch = BATCH.get();
        if (batch != null) {
            batch.add(new Pending(sibling(base, ".png"), png.toByteArray()));
            batch.add(new Pending(sibling(base, ".svg"), svg.getBytes(StandardCharsets.UTF_8)));
            return;
        }
        writeAtomically(sibling(base, ".png"), png.toByteArray());
        writeAtomically(sibling(base, ".svg"), svg.getBytes(StandardCharsets.UTF_8));
    }

    /** The names of the legend's series (a marker or a line drawn), or of its key (words alone: what a number stands for). */
    private static List<String> names(List<Figure.Entry> legend, boolean series) {
        List<String> out = new ArrayList<>();
        for (Figure.Entry e : legend) {
            if ((e.marker() != null || e.line() != null) == series) {
                out.add(e.name());
            }
        }
        return out;
    }

    /** A drawn chart file not written yet. */
    private record Pending(Path file, byte[] bytes) {
    }

    /** The charts drawn on this thread inside {@link #allOrNothing}, held until all are drawn. */
    private static final ThreadLocal<List<Pending>> BATCH = new ThreadLocal<>();

    /**
     * Runs {@code drawing} holding every chart it draws in memory, and writes them only when it
     * returns: a chart that cannot be drawn (a one-line {@link UserError}) leaves no file written.
     */
    static void allOrNothing(Runnable drawing) {
        if (BATCH.get() != null) {
            drawing.run(); // already inside a batch: its files go with it
            return;
        }
        List<Pending> batch = new ArrayList<>();
        BATCH.set(batch);
        try {
            drawing.run();
        } finally {
            BATCH.remove();
        }
        for (Pending p : batch) {
            writeAtomically(p.file(), p.bytes());
        }
    }

    static Path sibling(Path base, String extension) {
        return base.resolveSibling(base.getFileName() + extension);
    }

    /** Renumbers clip ids, rounds long decimals, adds title and desc after the root element's start tag. */
    static String deterministicSvg(String svg, String title, List<String> description) {
        Map<String, String> ids = new LinkedHashMap<>();
        Matcher m = CLIP_ID.matcher(svg);
        StringBuilder sb = new StringBuilder(svg.length());
        while (m.find()) {
            String id = ids.computeIfAbsent(m.group(), k -> "clip" + (ids.size() + 1));
            m.appendReplacement(sb, id);
        }
        m.appendTail(sb);
        svg = sb.toString();

        m = LONG_DECIMAL.matcher(svg);
        sb = new StringBuilder(svg.length());
        while (m.find()) {
            if (svg.lastIndexOf('<', m.start()) < svg.lastIndexOf('>', m.start())) {
                continue; // a number in the words of a <text> (or <desc>) is what it says, not a coordinate
            }
            BigDecimal d = new BigDecimal(m.group()).setScale(2, RoundingMode.HALF_EVEN).stripTrailingZeros();
            String s = d.signum() == 0 ? "0" : d.toPlainString();
            m.appendReplacement(sb, s);
        }
        m.appendTail(sb);
        svg = sb.toString();

        int root = svg.indexOf("<svg");
        int end = root < 0 ? -1 : svg.indexOf('>', root);
        if (end < 0) {
            throw new IllegalStateException("VectorGraphics2D wrote no <svg> element");
        }
        StringBuilder meta = new StringBuilder("\n  <title>").append(xml(title)).append("</title>\n  <desc>");
        for (int i = 0; i < description.size(); i++) {
            meta.append(i == 0 ? "" : "\n").append(xml(description.get(i)));
        }
        meta.append("</desc>");
        return svg.substring(0, end + 1) + meta + svg.substring(end + 1);
    }

    static String xml(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(c < 0x20 && c != '\n' && c != '\t' ? ' ' : c);
            }
        }
        return sb.toString();
    }

    private static void writeAtomically(Path file, byte[] bytes) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
            try {
                Files.write(tmp, bytes);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UserError("cannot write chart " + file + " (" + e.getMessage() + ")", e);
        }
    }
}
