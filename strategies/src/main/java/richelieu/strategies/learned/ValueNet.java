package richelieu.strategies.learned;

import richelieu.strategies.HeuristicEvaluation;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * A small multilayer perceptron, {@code inputs → h1 → h2 → 1} with ReLU between the layers, that
 * values a position from a seat's view ({@link SeatFeatures}): its output is the seat's expected
 * final score margin in points (own score minus the best other's).
 *
 * <h2>Why a margin in points</h2>
 * Both labels the data set has are margins: the exact solver's value of the open game is a margin
 * under best play, and a game's end gives the final margin; a win probability would throw away
 * how much a position is won by, which is what separates the moves of a rollout that ends the
 * same way. The search already turns a points-valued judgement into a win chance by a logistic
 * curve (its {@code evalScale}), as it does with {@code heuristic-2p}'s point difference today,
 * so a margin plugs in where that goes.
 *
 * <h2>Inference</h2>
 * Hand-written and allocation-free: the first layer's weights are stored input-major, so each
 * non-zero input adds {@code x · row} to the hidden vector (an axpy over contiguous floats, which
 * C2 vectorizes); most inputs are zero (one-hot parts, empty rows), and those cost one compare.
 * The second layer likewise skips hidden units that the ReLU zeroed. See {@code ValueNetBench}.
 *
 * <h2>File</h2>
 * A weights file is a text header of {@code key: value} lines (format, shape, the feature layout
 * version, provenance: training command, seed, data size, date; and the CRC-32 of the payload),
 * a line {@code ---}, then the payload: little-endian float32, W1 input-major {@code [in][h1]},
 * b1, W2 {@code [h1][h2]}, b2, W3 {@code [h2]}, b3. {@link #read} checks all of it and names
 * what is wrong.
 */
public final class ValueNet {
    /** The first line of every weights file. */
    public static final String MAGIC = "richelieu-value-net 1";
    /** The output of a net whose value is its own: the seat's expected final margin. */
    public static final String OUTPUT_MARGIN = "margin";
    /**
     * The output of a net that learned what heuristic-2p's judgement misses: the margin is the
     * net's output plus that judgement from the seat's view ({@link LearnedEvaluation} adds it).
     */
    public static final String OUTPUT_OVER_HEURISTIC = "margin-over-heuristic-2p";
    /** The shipped 2-player weights, a resource of this package. */
    public static final String SHIPPED_2P = shippedName(2);
    /**
     * The feature layout of a net over heuristic-2p that also reads that judgement's terms
     * ({@link HeuristicEvaluation#terms}) after the seat's features, to re-weigh them.
     */
    public static final String FEATURES_WITH_TERMS = "seat-features " + SeatFeatures.VERSION + " + heuristic-terms 1";

    private final int inputs;
    private final int h1;
    private final int h2;
    private final float[] w1;
    private final float[] b1;
    private final float[] w2;
    private final float[] b2;
    private final float[] w3;
    private final float b3;
    /** W1 and W2 again, one array per row ({@link #forward(float[], Accumulator)}). */
    private final float[][] w1Rows;
    private final float[][] w2Rows;
    private final Map<String, String> header;

    private ValueNet(int inputs, int h1, int h2, float[] payload, Map<String, String> header) {
        this.inputs = inputs;
        this.h1 = h1;
        this.h2 = h2;
        int at = 0;
        w1 = slice(payload, at, inputs * h1);
        at += inputs * h1;
        b1 = slice(payload, at, h1);
        at += h1;
        w2 = slice(payload, at, h1 * h2);
        at += h1 * h2;
        b2 = slice(payload, at, h2);
        at += h2;
        w3 = slice(payload, at, h2);
        at += h2;
        b3 = payload[at];
        w1Rows = rows(w1, inputs, h1);
        w2Rows = rows(w2, h1, h2);
        this.header = Collections.unmodifiableMap(new LinkedHashMap<>(header));
    }

    private static float[][] rows(float[] flat, int n, int width) {
        float[][] rows = new float[n][];
        for (int i = 0; i < n; i++) {
            rows[i] = slice(flat, i * width, width);
        }
        return rows;
    }

    private static float[] slice(float[] a, int from, int n) {
        float[] s = new float[n];
        System.arraycopy(a, from, s, 0, n);
        return s;
    }

    /** The number of floats of the payload of a net of this shape. */
    public static int payloadFloats(int inputs, int h1, int h2) {
        return inputs * h1 + h1 + h1 * h2 + h2 + h2 + 1;
    }

    /** Inputs (the feature count). */
    public int inputs() {
        return inputs;
    }

    /** First hidden layer's width. */
    public int hidden1() {
        return h1;
    }

    /** Second hidden layer's width. */
    public int hidden2() {
        return h2;
    }

    /** The header's entries (shape, feature version, provenance), in file order. */
    /** Whether the inputs end with heuristic-2p's terms ({@link #FEATURES_WITH_TERMS}). */
    public boolean heuristicTerms() {
        return header.get("features").equals(FEATURES_WITH_TERMS);
    }

    /**
     * The most cards on the table at which a net over heuristic-2p applies its correction (its
     * header's {@code correct-cards}, where its training labels were exact); above it the judgement
     * alone counts. Without the key, everywhere.
     */
    public int correctCards() {
        String v = header.get("correct-cards");
        return v == null ? Integer.MAX_VALUE : Integer.parseInt(v);
    }

    /** Whether the margin is this net's output plus heuristic-2p's judgement ({@link #OUTPUT_OVER_HEURISTIC}). */
    public boolean overHeuristic() {
        return header.get("output").equals(OUTPUT_OVER_HEURISTIC);
    }

    public Map<String, String> header() {
        return header;
    }

    /** A thread's working memory for {@link #forward}: the hidden units and the non-zero inputs. */
    public static final class Scratch {
        final float[] h;
        final int[] nonZero;

        private Scratch(int hidden, int inputs) {
            h = new float[hidden];
            nonZero = new int[inputs];
        }
    }

    /** Scratch for {@link #forward}: one per thread. */
    public Scratch newScratch() {
        return new Scratch(h1 + h2, inputs);
    }

    /**
     * The network's output for {@code x[0, inputs())}: the expected final margin in points.
     * {@code scratch} comes from {@link #newScratch}. Allocation-free.
     */
    public float forward(float[] x, Scratch scratch) {
        final int n1 = h1;
        final int n2 = h2;
        final float[] w1 = this.w1;
        final float[] w2 = this.w2;
        final float[] h = scratch.h;
        System.arraycopy(b1, 0, h, 0, n1);
        // The non-zero inputs, four at a time: one load and store of the hidden unit per four rows.
        int[] nz = scratch.nonZero;
        int m = 0;
        for (int i = 0; i < inputs; i++) {
            if (x[i] != 0f) {
                nz[m++] = i;
            }
        }
        int k = 0;
        for (; k + 4 <= m; k += 4) {
            int i0 = nz[k];
            int i1 = nz[k + 1];
            int i2 = nz[k + 2];
            int i3 = nz[k + 3];
            float x0 = x[i0];
            float x1 = x[i1];
            float x2 = x[i2];
            float x3 = x[i3];
            int o0 = i0 * n1;
            int o1 = i1 * n1;
            int o2 = i2 * n1;
            int o3 = i3 * n1;
            for (int j = 0; j < n1; j++) {
                h[j] += x0 * w1[o0 + j] + x1 * w1[o1 + j] + x2 * w1[o2 + j] + x3 * w1[o3 + j];
            }
        }
        for (; k < m; k++) {
            int i = nz[k];
            float xi = x[i];
            int off = i * n1;
            for (int j = 0; j < n1; j++) {
                h[j] += xi * w1[off + j];
            }
        }
        System.arraycopy(b2, 0, h, n1, n2);
        for (int j = 0; j < n1; j++) {
            float a = h[j];
            if (a > 0f) { // ReLU: a zeroed unit adds nothing
                int off = j * n2;
                for (int u = 0; u < n2; u++) {
                    h[n1 + u] += a * w2[off + u];
                }
            }
        }
        float out = b3;
        for (int u = 0; u < n2; u++) {
            out += Math.max(h[n1 + u], 0f) * w3[u];
        }
        return out;
    }

    /**
     * A thread's memory for {@link #forward(float[], Accumulator)}: the last input it saw and the
     * first layer's pre-activations for it, so that the next input pays only for the inputs that
     * changed.
     */
    public static final class Accumulator {
        final float[] x;
        final float[] acc;
        final float[] hidden;
        /** The rows to add (input or hidden unit indices) and by how much. */
        final int[] rows;
        final float[] by;
        /** Incremental updates since the accumulator was last computed afresh; -1: never computed. */
        int updates = -1;

        private Accumulator(int inputs, int hidden1, int hidden2) {
            x = new float[inputs];
            acc = new float[hidden1];
            hidden = new float[hidden2];
            rows = new int[Math.max(inputs, hidden1)];
            by = new float[Math.max(inputs, hidden1)];
        }
    }

    /** An accumulator for {@link #forward(float[], Accumulator)}: one per thread. */
    public Accumulator newAccumulator() {
        return new Accumulator(inputs, h1, h2);
    }

    /**
     * Incremental updates between two fresh computations of the first layer: each adds float
     * roundings of its own to the accumulator, so a bound keeps the drift from the direct sum
     * (measured: a few 1e-5 points of output after 256) well below 1e-4 however long a search
     * runs, for the price of one fresh sum in 32 evaluations.
     */
    static final int REFRESH = 32;
    /**
     * Changed inputs above which a fresh sum is cheaper: positions have about 90 non-zero
     * features (2 players), and a fresh sum adds one row per non-zero input.
     */
    static final int FRESH_ABOVE = 64;

    /**
     * The same output as {@link #forward(float[], Scratch)} up to float rounding, computed from
     * the difference with the previous input of {@code a}: the first layer, the bulk of the cost
     * (inputs × h1 weights), is kept as pre-activations, and an input that changed by d adds d
     * times its weight row. Positions judged one after another by a search differ in some
     * features (the row ends, counts and hands a few moves touched; about 45 between two cut-offs
     * of one search), fewer than the ~90 non-zero ones. When more than {@link #FRESH_ABOVE}
     * changed, or after {@link #REFRESH} updates, it sums the non-zero inputs' rows afresh
     * instead. Allocation-free.
     *
     * <p>The weights are kept a second time as one array per row, each added from index 0 over
     * its whole length four rows at a time: C2 vectorizes that form (about 3× faster here than
     * the same loop at an offset into one flat array, whose range checks it does not hoist).
     */
    public float forward(float[] x, Accumulator a) {
        final float[] prev = a.x;
        final int[] rows = a.rows;
        final float[] by = a.by;
        // branch-free: which inputs change is different at every call, a branch on it mispredicts
        int changed = 0;
        for (int i = 0; i < inputs; i++) {
            float d = x[i] - prev[i];
            rows[changed] = i;
            by[changed] = d;
            changed += d != 0f ? 1 : 0;
        }
        float[] acc = a.acc;
        if (a.updates < 0 || a.updates >= REFRESH || changed > FRESH_ABOVE) {
            int m = 0;
            for (int i = 0; i < inputs; i++) {
                float xi = x[i];
                rows[m] = i;
                by[m] = xi;
                m += xi != 0f ? 1 : 0;
            }
            System.arraycopy(b1, 0, acc, 0, h1);
            addRows(acc, w1Rows, rows, by, m);
            a.updates = 0;
        } else {
            addRows(acc, w1Rows, rows, by, changed);
            a.updates++;
        }
        System.arraycopy(x, 0, prev, 0, inputs);
        // the second layer: the rows of the units the ReLU kept
        int m = 0;
        for (int j = 0; j < h1; j++) {
            float v = acc[j];
            if (v > 0f) {
                rows[m] = j;
                by[m++] = v;
            }
        }
        float[] hidden = a.hidden;
        System.arraycopy(b2, 0, hidden, 0, h2);
        addRows(hidden, w2Rows, rows, by, m);
        float out = b3;
        for (int u = 0; u < h2; u++) {
            out += Math.max(hidden[u], 0f) * w3[u];
        }
        return out;
    }

    /** {@code h += Σ by[k] · w[rows[k]]} over {@code k < n}, four rows a pass (one load and store of h per four). */
    private static void addRows(float[] h, float[][] w, int[] rows, float[] by, int n) {
        int k = 0;
        for (; k + 4 <= n; k += 4) {
            float[] r0 = w[rows[k]];
            float[] r1 = w[rows[k + 1]];
            float[] r2 = w[rows[k + 2]];
            float[] r3 = w[rows[k + 3]];
            float d0 = by[k];
            float d1 = by[k + 1];
            float d2 = by[k + 2];
            float d3 = by[k + 3];
            for (int j = 0; j < h.length; j++) {
                h[j] += d0 * r0[j] + d1 * r1[j] + d2 * r2[j] + d3 * r3[j];
            }
        }
        for (; k < n; k++) {
            float[] r = w[rows[k]];
            float d = by[k];
            for (int j = 0; j < h.length; j++) {
                h[j] += d * r[j];
            }
        }
    }

    /** The shipped 2-player net (checked as {@link #read} checks any file). */
    public static ValueNet shipped2p() {
        return shipped(2);
    }

    /** The resource name of the shipped weights for {@code players} players: {@code value-2p.net}, … */
    public static String shippedName(int players) {
        return "value-" + players + "p.net";
    }

    /** Whether weights for {@code players} players are shipped. */
    public static boolean hasShipped(int players) {
        return ValueNet.class.getResource(shippedName(players)) != null;
    }

    /** The shipped net for {@code players} players (checked as {@link #read} checks any file). */
    public static ValueNet shipped(int players) {
        String name = shippedName(players);
        try (InputStream in = ValueNet.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the shipped weights " + name + " are missing from the class path");
            }
            return read(in, name, SeatFeatures.size(players));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the shipped weights " + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a weights file and checks it: the format line, every required header key, the
     * feature layout version against {@link SeatFeatures#VERSION}, the input count against
     * {@code expectedInputs}, the payload's length against the shape, its CRC-32 and that every
     * weight is finite.
     *
     * @param name the file's name for messages
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    public static ValueNet read(InputStream in, String name, int expectedInputs) throws IOException {
        byte[] all = in.readAllBytes();
        int bodyAt = -1;
        Map<String, String> header = new LinkedHashMap<>();
        int lineStart = 0;
        boolean first = true;
        for (int k = 0; k < all.length; k++) {
            if (all[k] != '\n') {
                continue;
            }
            String line = new String(all, lineStart, k - lineStart, StandardCharsets.UTF_8);
            lineStart = k + 1;
            if (first) {
                if (!line.equals(MAGIC)) {
                    throw bad(name, "it does not start with '" + MAGIC + "'");
                }
                first = false;
                continue;
            }
            if (line.equals("---")) {
                bodyAt = k + 1;
                break;
            }
            int colon = line.indexOf(": ");
            if (colon <= 0) {
                throw bad(name, "header line '" + line + "' is not 'key: value'");
            }
            header.put(line.substring(0, colon), line.substring(colon + 2));
        }
        if (first) {
            throw bad(name, "it does not start with '" + MAGIC + "'");
        }
        if (bodyAt < 0) {
            throw bad(name, "its header has no end line '---'");
        }
        for (String key : new String[]{"features", "shape", "activation", "output", "crc32", "command", "seed",
                "positions", "date"}) {
            if (!header.containsKey(key)) {
                throw bad(name, "its header has no '" + key + "'");
            }
        }
        boolean terms = header.get("features").equals(FEATURES_WITH_TERMS);
        if (!terms && !header.get("features").equals("seat-features " + SeatFeatures.VERSION)) {
            throw bad(name, "it was trained on features '" + header.get("features") + "', this build encodes 'seat-features "
                    + SeatFeatures.VERSION + "' or '" + FEATURES_WITH_TERMS + "'");
        }
        String output = header.get("output");
        if (!header.get("activation").equals("relu")
                || !output.equals(OUTPUT_MARGIN) && !output.equals(OUTPUT_OVER_HEURISTIC)) {
            throw bad(name, "activation '" + header.get("activation") + "' and output '" + output + "' are not 'relu' and '"
                    + OUTPUT_MARGIN + "' or '" + OUTPUT_OVER_HEURISTIC + "'");
        }
        if (terms && !output.equals(OUTPUT_OVER_HEURISTIC)) {
            throw bad(name, "it reads heuristic-2p's terms but its output is '" + output + "', not '"
                    + OUTPUT_OVER_HEURISTIC + "'");
        }
        if (terms) {
            expectedInputs += HeuristicEvaluation.TERMS;
        }
        String cards = header.get("correct-cards");
        if (cards != null && (!output.equals(OUTPUT_OVER_HEURISTIC) || !cards.matches("[0-9]{1,2}")
                || Integer.parseInt(cards) > 64)) {
            throw bad(name, "correct-cards '" + cards + "' is not a count 0..64 of a net over heuristic-2p");
        }
        String[] shape = header.get("shape").trim().split(" +");
        int[] dims = new int[shape.length];
        try {
            for (int k = 0; k < shape.length; k++) {
                dims[k] = Integer.parseInt(shape[k]);
            }
        } catch (NumberFormatException e) {
            throw bad(name, "shape '" + header.get("shape") + "' is not four numbers");
        }
        if (dims.length != 4 || dims[3] != 1 || dims[0] < 1 || dims[1] < 1 || dims[2] < 1 || dims[1] > 4096
                || dims[2] > 4096) {
            throw bad(name, "shape '" + header.get("shape") + "' is not 'inputs h1 h2 1'");
        }
        if (dims[0] != expectedInputs) {
            throw bad(name, "it has " + dims[0] + " inputs, the features are " + expectedInputs);
        }
        long floats = payloadFloats(dims[0], dims[1], dims[2]);
        int bytes = all.length - bodyAt;
        if (bytes != floats * 4) {
            throw bad(name, "its payload is " + bytes + " bytes, shape " + header.get("shape") + " needs " + floats * 4);
        }
        CRC32 crc = new CRC32();
        crc.update(all, bodyAt, bytes);
        String crcHex = String.format("%08x", crc.getValue());
        if (!crcHex.equalsIgnoreCase(header.get("crc32"))) {
            throw bad(name, "its payload's CRC-32 is " + crcHex + ", the header says " + header.get("crc32")
                    + " (damaged or edited)");
        }
        float[] payload = new float[(int) floats];
        ByteBuffer.wrap(all, bodyAt, bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(payload);
        for (int k = 0; k < payload.length; k++) {
            if (!Float.isFinite(payload[k])) {
                throw bad(name, "weight " + k + " is " + payload[k]);
            }
        }
        return new ValueNet(dims[0], dims[1], dims[2], payload, header);
    }

    /**
     * A weights file's bytes for a net of this shape and payload (tests and tools; the training
     * script writes the same format). {@code provenance} gives every header key but shape, crc32,
     * features, activation and output.
     */
    public static byte[] write(int inputs, int h1, int h2, float[] payload, Map<String, String> provenance) {
        return write(inputs, h1, h2, payload, provenance, OUTPUT_MARGIN);
    }

    /** As {@link #write(int, int, int, float[], Map)} with the output named ({@link #OUTPUT_MARGIN}, ...). */
    public static byte[] write(int inputs, int h1, int h2, float[] payload, Map<String, String> provenance,
                               String output) {
        return write(inputs, h1, h2, payload, provenance, output, "seat-features " + SeatFeatures.VERSION);
    }

    /** As {@link #write(int, int, int, float[], Map, String)} with the feature layout named ({@link #FEATURES_WITH_TERMS}, ...). */
    public static byte[] write(int inputs, int h1, int h2, float[] payload, Map<String, String> provenance,
                               String output, String features) {
        if (payload.length != payloadFloats(inputs, h1, h2)) {
            throw new IllegalArgumentException("payload has " + payload.length + " floats, the shape needs "
                    + payloadFloats(inputs, h1, h2));
        }
        ByteBuffer body = ByteBuffer.allocate(payload.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        body.asFloatBuffer().put(payload);
        CRC32 crc = new CRC32();
        crc.update(body.array());
        StringBuilder h = new StringBuilder(MAGIC).append('\n');
        h.append("features: ").append(features).append('\n');
        h.append("shape: ").append(inputs).append(' ').append(h1).append(' ').append(h2).append(" 1\n");
        h.append("activation: relu\noutput: ").append(output).append('\n');
        provenance.forEach((k, v) -> h.append(k).append(": ").append(v).append('\n'));
        h.append("crc32: ").append(String.format("%08x", crc.getValue())).append("\n---\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(h.toString().getBytes(StandardCharsets.UTF_8));
        out.writeBytes(body.array());
        return out.toByteArray();
    }

    private static IllegalArgumentException bad(String name, String what) {
        return new IllegalArgumentException("weights file " + name + ": " + what);
    }
}
