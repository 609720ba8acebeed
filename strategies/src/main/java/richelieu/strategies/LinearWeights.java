package richelieu.strategies;

import richelieu.engine.Layout;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Multipliers of {@link HeuristicEvaluation}'s terms, one per term of a seat, shared by both
 * seats (the judgement stays own value minus the other's), one set per game phase (cards on the
 * table): a linear re-weighting of heuristic-2p's evaluation fitted to game outcomes by
 * {@code scripts/fit_linear_eval.py} (docs/pimc.md, results/linear-eval/). With every multiplier
 * 1 the judgement is heuristic-2p's to the bit ({@link #HAND}).
 *
 * <p>The weights file: a format line {@code richelieu-linear-eval 1}, {@code key: value} lines
 * (the term count, the phases' highest card counts, the provenance — command, seed, data, rows,
 * date — and the CRC-32 of the body), a line {@code ---}, then a line per term: its name and one
 * multiplier per phase.
 */
public final class LinearWeights {
    /** The shipped 2-player multipliers, a resource of this package. */
    public static final String SHIPPED = "linear-2p.txt";
    static final String FORMAT = "richelieu-linear-eval 1";
    private static final List<String> REQUIRED = List.of("terms", "phases", "command", "seed", "data", "rows", "date",
            "crc32");
    /** The most cards a table holds. */
    static final int MAX_CARDS = Layout.POSITIONS;
    /** Every multiplier 1: heuristic-2p's own judgement. */
    public static final LinearWeights HAND = hand();

    /** The multipliers by cards on the table (phases share arrays). */
    private final double[][] byCards;
    private final Map<String, String> provenance;

    private LinearWeights(double[][] byCards, Map<String, String> provenance) {
        this.byCards = byCards;
        this.provenance = provenance;
    }

    private static LinearWeights hand() {
        double[] ones = new double[HeuristicEvaluation.SEAT_TERMS];
        Arrays.fill(ones, 1);
        double[][] byCards = new double[MAX_CARDS + 1][];
        Arrays.fill(byCards, ones);
        return new LinearWeights(byCards, Map.of());
    }

    /** The multipliers for a position with {@code cards} cards on the table, indexed as a seat's terms. */
    double[] at(int cards) {
        return byCards[cards];
    }

    /** The file's header values (empty for {@link #HAND}). */
    public Map<String, String> provenance() {
        return provenance;
    }

    /** The names of a seat's terms, in {@link HeuristicEvaluation#terms}' order, as the weights file lists them. */
    public static List<String> termNames() {
        List<String> names = new ArrayList<>();
        for (String c : List.of("bourgogne", "bretagne", "champagne", "normandie", "languedoc", "provence", "anjou",
                "bourbon", "auvergne", "sword", "cross", "tower")) {
            for (String part : List.of("majority", "presence", "spots")) {
                names.add(c + "." + part);
            }
        }
        names.add("markers");
        names.add("cardCost");
        return names;
    }

    private static LinearWeights shipped;

    /** The shipped multipliers (checked as {@link #read} checks any file), read once. */
    public static synchronized LinearWeights shipped() {
        if (shipped == null) {
            try (InputStream in = LinearWeights.class.getResourceAsStream(SHIPPED)) {
                if (in == null) {
                    throw new IllegalStateException("the shipped weights " + SHIPPED + " are missing from the class path");
                }
                shipped = read(in, SHIPPED);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the shipped weights " + SHIPPED + ": " + e.getMessage(), e);
            }
        }
        return shipped;
    }

    /**
     * Reads a weights file and checks it: the format line, every required key, the term count,
     * the phases (rising card counts, the last covering every table), the CRC-32 of the body, a
     * line per term in order with one finite multiplier per phase.
     *
     * @param name the file's name for messages
     * @throws IllegalArgumentException naming the file and what is wrong with it, in one line
     */
    public static LinearWeights read(InputStream in, String name) throws IOException {
        String text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        int split = text.indexOf("\n---\n");
        if (split < 0) {
            throw bad(name, "no line '---' between the header and the multipliers");
        }
        String[] header = text.substring(0, split).split("\n");
        if (!header[0].equals(FORMAT)) {
            throw bad(name, "the first line is not '" + FORMAT + "'");
        }
        Map<String, String> keys = new LinkedHashMap<>();
        for (int i = 1; i < header.length; i++) {
            int colon = header[i].indexOf(": ");
            if (colon <= 0) {
                throw bad(name, "header line " + (i + 1) + " is not 'key: value'");
            }
            keys.put(header[i].substring(0, colon), header[i].substring(colon + 2));
        }
        for (String k : REQUIRED) {
            if (!keys.containsKey(k)) {
                throw bad(name, "the header has no '" + k + "'");
            }
        }
        if (!keys.get("terms").equals(String.valueOf(HeuristicEvaluation.SEAT_TERMS))) {
            throw bad(name, "terms: " + keys.get("terms") + ", heuristic-2p's evaluation has "
                    + HeuristicEvaluation.SEAT_TERMS + " a seat");
        }
        int[] highs;
        try {
            highs = Arrays.stream(keys.get("phases").split(",")).mapToInt(Integer::parseInt).toArray();
        } catch (NumberFormatException e) {
            throw bad(name, "phases: '" + keys.get("phases") + "' is not a comma-separated list of card counts");
        }
        for (int i = 0; i < highs.length; i++) {
            if (highs[i] < 0 || i > 0 && highs[i] <= highs[i - 1]) {
                throw bad(name, "phases: " + keys.get("phases") + " do not rise from 0");
            }
        }
        String body = text.substring(split + 5);
        CRC32 crc = new CRC32();
        crc.update(body.getBytes(StandardCharsets.US_ASCII));
        if (!keys.get("crc32").equals(String.format("%08x", crc.getValue()))) {
            throw bad(name, "the multipliers' CRC-32 is " + String.format("%08x", crc.getValue()) + ", the header says "
                    + keys.get("crc32") + " (the file was changed or cut)");
        }
        List<String> names = termNames();
        String[] lines = body.split("\n");
        if (lines.length != names.size()) {
            throw bad(name, lines.length + " multiplier lines, " + names.size() + " expected");
        }
        double[][] phases = new double[highs.length][names.size()];
        for (int k = 0; k < lines.length; k++) {
            String[] f = lines[k].trim().split(" +");
            if (!f[0].equals(names.get(k))) {
                throw bad(name, "line " + (k + 1) + " after '---' is '" + f[0] + "', expected " + names.get(k));
            }
            if (f.length != highs.length + 1) {
                throw bad(name, names.get(k) + " has " + (f.length - 1) + " multipliers, one per phase (" + highs.length
                        + ") expected");
            }
            for (int p = 0; p < highs.length; p++) {
                double v;
                try {
                    v = Double.parseDouble(f[p + 1]);
                } catch (NumberFormatException e) {
                    v = Double.NaN;
                }
                if (!Double.isFinite(v)) {
                    throw bad(name, names.get(k) + "'s multiplier '" + f[p + 1] + "' is not a finite number");
                }
                phases[p][k] = v;
            }
        }
        double[][] byCards = new double[MAX_CARDS + 1][];
        int p = 0;
        for (int cards = 0; cards <= MAX_CARDS; cards++) {
            while (p < highs.length - 1 && cards > highs[p]) {
                p++;
            }
            byCards[cards] = phases[p];
        }
        return new LinearWeights(byCards, Map.copyOf(keys));
    }

    private static IllegalArgumentException bad(String name, String what) {
        return new IllegalArgumentException("weights file " + name + ": " + what);
    }
}
