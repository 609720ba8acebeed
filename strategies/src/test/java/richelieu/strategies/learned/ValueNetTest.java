package richelieu.strategies.learned;

import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.strategies.HeuristicEvaluation;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The network's file checks and its inference against a plain dense reference. */
class ValueNetTest {
    private static final int IN = SeatFeatures.SIZE_2P;

    private static Map<String, String> provenance() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("command", "test");
        p.put("seed", "1");
        p.put("positions", "0");
        p.put("date", "2026-11-28");
        return p;
    }

    private static float[] randomPayload(int h1, int h2, long seed) {
        return randomPayload(IN, h1, h2, seed);
    }

    private static float[] randomPayload(int inputs, int h1, int h2, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        float[] w = new float[ValueNet.payloadFloats(inputs, h1, h2)];
        for (int k = 0; k < w.length; k++) {
            w[k] = (float) (rng.nextDouble() - 0.5) * 0.4f;
        }
        return w;
    }

    private static ValueNet read(byte[] file) throws IOException {
        return ValueNet.read(new ByteArrayInputStream(file), "w.net", IN);
    }

    @Test
    void forward_randomWeights_equalsDenseReference() throws IOException {
        int h1 = 64;
        int h2 = 32;
        float[] w = randomPayload(h1, h2, 3);
        ValueNet net = read(ValueNet.write(IN, h1, h2, w, provenance()));
        ValueNet.Scratch scratch = net.newScratch();
        SplittableRandom rng = new SplittableRandom(9);
        for (int t = 0; t < 50; t++) {
            float[] x = new float[IN];
            for (int i = 0; i < IN; i++) {
                x[i] = rng.nextInt(3) == 0 ? (float) rng.nextDouble() : 0f; // mostly zeros, as features are
            }
            assertEquals(dense(w, x, h1, h2), net.forward(x, scratch), 1e-4);
        }
    }

    /**
     * The incremental net on long sequences of inputs, each a few features away from the last
     * (as the positions a search judges one after another) with now and then a jump to an
     * unrelated input: the dense reference within 1e-4 at every step, across many of the fresh
     * sums the accumulator falls back to.
     */
    @Test
    void forwardIncremental_longSequences_equalsDenseReference() throws IOException {
        int h1 = 64;
        int h2 = 32;
        float[] w = randomPayload(h1, h2, 4);
        ValueNet net = read(ValueNet.write(IN, h1, h2, w, provenance()));
        ValueNet.Accumulator acc = net.newAccumulator();
        SplittableRandom rng = new SplittableRandom(11);
        float[] x = new float[IN];
        double worst = 0;
        for (int t = 0; t < 3000; t++) {
            if (t % 500 == 0) {
                for (int i = 0; i < IN; i++) {
                    x[i] = rng.nextInt(3) == 0 ? (float) rng.nextDouble() : 0f;
                }
            } else {
                for (int c = rng.nextInt(1, 40); c > 0; c--) {
                    x[rng.nextInt(IN)] = rng.nextBoolean() ? 0f : rng.nextInt(4) == 0 ? 1f : (float) rng.nextDouble();
                }
            }
            worst = Math.max(worst, Math.abs(dense(w, x, h1, h2) - net.forward(x, acc)));
        }
        assertTrue(worst < 1e-4, "worst difference " + worst);
    }

    /** The network as matrices, in double precision, every unit computed. */
    private static double dense(float[] w, float[] x, int h1, int h2) {
        int b1 = x.length * h1;
        int w2 = b1 + h1;
        int b2 = w2 + h1 * h2;
        int w3 = b2 + h2;
        int b3 = w3 + h2;
        double[] a = new double[h1];
        for (int j = 0; j < h1; j++) {
            double s = w[b1 + j];
            for (int i = 0; i < x.length; i++) {
                s += x[i] * w[i * h1 + j];
            }
            a[j] = Math.max(0, s);
        }
        double out = w[b3];
        for (int k = 0; k < h2; k++) {
            double s = w[b2 + k];
            for (int j = 0; j < h1; j++) {
                s += a[j] * w[w2 + j * h2 + k];
            }
            out += Math.max(0, s) * w[w3 + k];
        }
        return out;
    }

    @Test
    void read_keepsProvenance() throws IOException {
        ValueNet net = read(ValueNet.write(IN, 8, 4, randomPayload(8, 4, 1), provenance()));
        assertEquals("2026-11-28", net.header().get("date"));
        assertEquals(IN + " 8 4 1", net.header().get("shape"));
        assertEquals(8, net.hidden1());
    }

    @Test
    void read_damagedPayload_failsOnTheChecksum() {
        byte[] file = ValueNet.write(IN, 8, 4, randomPayload(8, 4, 1), provenance());
        file[file.length - 5] ^= 1;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(file));
        assertTrue(e.getMessage().contains("CRC-32"), e.getMessage());
    }

    @Test
    void read_truncatedPayload_failsOnTheShape() {
        byte[] file = ValueNet.write(IN, 8, 4, randomPayload(8, 4, 1), provenance());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> read(Arrays.copyOf(file, file.length - 4)));
        assertTrue(e.getMessage().contains("needs"), e.getMessage());
    }

    @Test
    void read_otherInputCount_isRejected() {
        byte[] file = ValueNet.write(IN, 8, 4, randomPayload(8, 4, 1), provenance());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ValueNet.read(new ByteArrayInputStream(file), "w.net", SeatFeatures.size(3)));
        assertTrue(e.getMessage().startsWith("weights file w.net: it has " + IN + " inputs"), e.getMessage());
    }

    @Test
    void read_badHeaders_nameWhatIsWrong() {
        String good = new String(ValueNet.write(IN, 8, 4, randomPayload(8, 4, 1), provenance()), StandardCharsets.ISO_8859_1);
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put(good.replace(ValueNet.MAGIC, "something else"), "does not start with");
        cases.put(good.replace("seat-features 1", "seat-features 99"), "trained on features");
        cases.put(good.replace("\ndate: ", "\nwhen: "), "no 'date'");
        cases.put(good.replace("\n---\n", "\n--\n"), "is not 'key: value'");
        cases.put(good.replace("shape: " + IN + " 8 4 1", "shape: " + IN + " 8 x 1"), "is not four numbers");
        cases.put("", "does not start with");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            byte[] file = c.getKey().getBytes(StandardCharsets.ISO_8859_1);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(file), c.getValue());
            assertTrue(e.getMessage().contains(c.getValue()), e.getMessage());
        }
    }

    @Test
    void read_outputs_marginOrOverHeuristic_andNothingElse() throws IOException {
        float[] w = randomPayload(8, 4, 1);
        assertFalse(read(ValueNet.write(IN, 8, 4, w, provenance())).overHeuristic());
        assertTrue(read(ValueNet.write(IN, 8, 4, w, provenance(), ValueNet.OUTPUT_OVER_HEURISTIC)).overHeuristic());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> read(ValueNet.write(IN, 8, 4, w, provenance(), "win-chance")));
        assertTrue(e.getMessage().contains("output 'win-chance'"), e.getMessage());
    }

    /** A net over heuristic-2p: its output plus heuristic-2p's judgement from the seat's view, a whole state only. */
    @Test
    void learnedEvaluation_overHeuristic_addsHeuristic2pFromTheSeatsView() throws IOException {
        float[] w = randomPayload(16, 8, 4);
        ValueNet net = read(ValueNet.write(IN, 16, 8, w, provenance(), ValueNet.OUTPUT_OVER_HEURISTIC));
        LearnedEvaluation eval = new LearnedEvaluation(net, 2);
        SeatFeatures f = new SeatFeatures(2);
        float[] x = new float[IN];
        SplittableRandom rng = new SplittableRandom(2);
        int[] buf = new int[Action.MAX_LEGAL];
        for (int game = 0; game < 3; game++) {
            GameState s = new GameState(Rules.standard(2), Deal.generate(Deck.standard(), 40 + game));
            HeuristicEvaluation h = new HeuristicEvaluation(LearnedEvaluation.heuristic2p(), s.rules(), s.layout());
            while (!s.isOver()) {
                for (int seat = 0; seat < 2; seat++) {
                    f.encode(s, seat, x);
                    double expected = dense(w, x, 16, 8) + (seat == 0 ? 1 : -1) * h.difference(s);
                    assertEquals(expected, eval.value(s, seat), 1e-3);
                }
                s.play(buf[rng.nextInt(s.legalActions(buf))]);
            }
            GameState end = s;
            assertThrows(IllegalStateException.class, () -> eval.value(end.observe(0)));
        }
    }

    @Test
    void read_nonFiniteWeight_isRejected() {
        float[] w = randomPayload(8, 4, 1);
        w[17] = Float.NaN;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> read(ValueNet.write(IN, 8, 4, w, provenance())));
        assertTrue(e.getMessage().contains("weight 17 is NaN"), e.getMessage());
    }

    /** A net that re-weighs heuristic-2p's terms: they follow the seat's features, and the judgement is added. */
    @Test
    void learnedEvaluation_withHeuristicTerms_readsThemAfterTheFeatures() throws IOException {
        int in = IN + HeuristicEvaluation.TERMS;
        float[] w = randomPayload(in, 16, 8, 5);
        ValueNet net = ValueNet.read(new ByteArrayInputStream(ValueNet.write(in, 16, 8, w, provenance(),
                ValueNet.OUTPUT_OVER_HEURISTIC, ValueNet.FEATURES_WITH_TERMS)), "t.net", IN);
        assertTrue(net.heuristicTerms());
        LearnedEvaluation eval = new LearnedEvaluation(net, 2);
        SeatFeatures f = new SeatFeatures(2);
        float[] x = new float[in];
        SplittableRandom rng = new SplittableRandom(3);
        int[] buf = new int[Action.MAX_LEGAL];
        GameState s = new GameState(Rules.standard(2), Deal.generate(Deck.standard(), 77));
        HeuristicEvaluation h = new HeuristicEvaluation(LearnedEvaluation.heuristic2p(), s.rules(), s.layout());
        double moved = 0;
        while (!s.isOver()) {
            for (int seat = 0; seat < 2; seat++) {
                f.encode(s, seat, x);
                double d = h.terms(s, seat, x, IN);
                double expected = dense(w, x, 16, 8) + d;
                Arrays.fill(x, IN, in, 0);
                moved = Math.max(moved, Math.abs(expected - dense(w, x, 16, 8) - d));
                assertEquals(expected, eval.value(s, seat), 1e-3);
            }
            s.play(buf[rng.nextInt(s.legalActions(buf))]);
        }
        assertTrue(moved > 0.01, "the terms change the net's output: " + moved);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> read(ValueNet.write(in, 16, 8, w, provenance(), ValueNet.OUTPUT_MARGIN, ValueNet.FEATURES_WITH_TERMS)));
        assertTrue(e.getMessage().contains("reads heuristic-2p's terms"), e.getMessage());
    }

    /** Above its correct-cards, a net over heuristic-2p leaves the judgement alone; at or below, it corrects it. */
    @Test
    void learnedEvaluation_correctCards_gatesTheCorrection() throws IOException {
        int in = IN + HeuristicEvaluation.TERMS;
        float[] w = randomPayload(in, 16, 8, 6);
        Map<String, String> p = provenance();
        p.put("correct-cards", "20");
        ValueNet net = ValueNet.read(new ByteArrayInputStream(ValueNet.write(in, 16, 8, w, p,
                ValueNet.OUTPUT_OVER_HEURISTIC, ValueNet.FEATURES_WITH_TERMS)), "g.net", IN);
        assertEquals(20, net.correctCards());
        LearnedEvaluation eval = new LearnedEvaluation(net, 2);
        SplittableRandom rng = new SplittableRandom(4);
        int[] buf = new int[Action.MAX_LEGAL];
        GameState s = new GameState(Rules.standard(2), Deal.generate(Deck.standard(), 78));
        HeuristicEvaluation h = new HeuristicEvaluation(LearnedEvaluation.heuristic2p(), s.rules(), s.layout());
        int above = 0;
        int corrected = 0;
        while (!s.isOver()) {
            double d = h.difference(s);
            float v = eval.value(s, 1);
            if (Long.bitCount(s.table()) > 20) {
                assertEquals((float) -d, v, 0f);
                above++;
            } else if (Math.abs(v + d) > 1e-3) {
                corrected++;
            }
            s.play(buf[rng.nextInt(s.legalActions(buf))]);
        }
        assertTrue(above > 5 && corrected > 5, above + " above, " + corrected + " corrected");
        p.put("correct-cards", "many");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ValueNet.read(
                new ByteArrayInputStream(ValueNet.write(in, 16, 8, w, p, ValueNet.OUTPUT_OVER_HEURISTIC,
                        ValueNet.FEATURES_WITH_TERMS)), "g.net", IN));
        assertTrue(e.getMessage().contains("correct-cards 'many'"), e.getMessage());
    }
}
