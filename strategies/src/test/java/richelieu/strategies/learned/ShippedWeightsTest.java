package richelieu.strategies.learned;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.strategies.HeuristicEvaluation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped weights of every player count load, carry their provenance, and give torch's
 * outputs: the training script writes a few held-out rows with the output of the net it wrote
 * ({@code value-2p-vectors.csv}, …), and Java's inference must agree up to float rounding.
 */
class ShippedWeightsTest {
    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4})
    void shipped_loadsWithItsProvenance(int players) {
        assertTrue(ValueNet.hasShipped(players), players + " players");
        ValueNet net = ValueNet.shipped(players);
        assertEquals(SeatFeatures.size(players) + (net.heuristicTerms() ? HeuristicEvaluation.TERMS : 0), net.inputs());
        if (players > 2) {
            // outcome labels only: the data set's command says which player count made them
            assertTrue(net.header().get("data").contains("--players " + players), net.header().get("data"));
        }
        for (String key : List.of("command", "seed", "positions", "data", "date", "crc32")) {
            assertTrue(net.header().containsKey(key), key);
        }
        assertTrue(net.header().get("command").startsWith("python3 scripts/train_eval.py "), net.header().get("command"));
    }

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4})
    void shipped_givesTorchsOutputs(int players) throws IOException {
        ValueNet net = ValueNet.shipped(players);
        ValueNet.Scratch scratch = net.newScratch();
        int rows = 0;
        String vectors = "value-" + players + "p-vectors.csv";
        try (InputStream in = getClass().getResourceAsStream(vectors)) {
            assertNotNull(in, vectors);
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.split(",");
                assertEquals(net.inputs() + 1, cells.length);
                float[] x = new float[net.inputs()];
                for (int k = 0; k < x.length; k++) {
                    x[k] = Float.parseFloat(cells[k]);
                }
                double torch = Double.parseDouble(cells[x.length]);
                // float32 sums in another order: a few ulps of the hidden units, far below a point
                assertEquals(torch, net.forward(x, scratch), 1e-3 + 1e-5 * Math.abs(torch), "row " + rows);
                rows++;
            }
        }
        assertTrue(rows >= 4, rows + " rows");
    }

    /**
     * Along seeded random games, both seats' views one after another as a search would ask
     * (the evaluation runs the net incrementally): the net's direct output on the same features
     * within float rounding, however long the sequence.
     */
    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4})
    void learnedEvaluation_alongGames_isTheNetOnItsFeatures(int players) {
        ValueNet net = ValueNet.shipped(players);
        ValueNet.Scratch scratch = net.newScratch();
        LearnedEvaluation eval = new LearnedEvaluation(net, players);
        LearnedEvaluation plain = net.overHeuristic() ? null : eval;
        SeatFeatures f = new SeatFeatures(players);
        float[] x = new float[net.inputs()];
        SplittableRandom rng = new SplittableRandom(5);
        int[] buf = new int[Action.MAX_LEGAL];
        int checked = 0;
        for (int game = 0; game < 12; game++) {
            GameState s = new GameState(Rules.standard(players).withVariant(game % 3 == 2 ? Rules.Variant.THREE_ROW
                    : Rules.Variant.BASE), Deal.generate(Deck.standard(), 3 + game));
            HeuristicEvaluation h = net.overHeuristic()
                    ? new HeuristicEvaluation(LearnedEvaluation.heuristic2p(), s.rules(), s.layout()) : null;
            while (!s.isOver()) {
                for (int seat = 0; seat < players; seat++) {
                    f.encode(s, seat, x);
                    double judged = 0;
                    if (net.heuristicTerms()) {
                        judged = h.terms(s, seat, x, f.size());
                    } else if (net.overHeuristic()) {
                        judged = (seat == 0 ? 1 : -1) * h.difference(s);
                    }
                    // beyond the net's exact labels, the judgement alone
                    double direct = (Long.bitCount(s.table()) > net.correctCards() ? 0 : net.forward(x, scratch)) + judged;
                    assertEquals(direct, eval.value(s, seat), 1e-3, "game " + game + " seat " + seat);
                    if (plain != null) {
                        assertEquals(direct, plain.value(s.observe(seat)), 1e-4);
                    }
                    checked++;
                }
                s.play(buf[rng.nextInt(s.legalActions(buf))]);
            }
        }
        assertTrue(checked > 1000, checked + " positions");
    }
}
