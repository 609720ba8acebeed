package richelieu.strategies;

import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.SplitMix;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.zip.CRC32;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code eval=linear}'s multipliers of heuristic-2p's terms: the file's checks and what they do to the judgement. */
class LinearWeightsTest {
    private static final HeuristicStrategy.Weights HEURISTIC_2P = ShippedBots.HeuristicFactory.weights(
            BotParams.of(new ShippedBots.HeuristicFactory(), Presets.named("heuristic-2p").values()));

    /** A weights file with phases up to {@code phases}' card counts and multiplier {@code m(k)} for term k in every phase. */
    static String file(String phases, DoubleUnaryOperator m) {
        int count = phases.split(",").length;
        StringBuilder body = new StringBuilder();
        List<String> names = LinearWeights.termNames();
        for (int k = 0; k < names.size(); k++) {
            body.append(names.get(k));
            for (int p = 0; p < count; p++) {
                body.append(' ').append(m.applyAsDouble(k));
            }
            body.append('\n');
        }
        CRC32 crc = new CRC32();
        crc.update(body.toString().getBytes(StandardCharsets.US_ASCII));
        return LinearWeights.FORMAT + "\nterms: 38\nphases: " + phases + "\ncommand: test\nseed: 1\ndata: none\n"
                + "rows: 0\ndate: 2026-11-29\ncrc32: " + String.format("%08x", crc.getValue()) + "\n---\n" + body;
    }

    static LinearWeights read(String text) throws IOException {
        return LinearWeights.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)), "w.txt");
    }

    /**
     * Every multiplier 1, read from a file of three phases: heuristic-2p's judgement to the bit at
     * every position of random games of both variants, from the state and from the solver's
     * compact state.
     */
    @Test
    void ones_everyPositionOfRandomGames_judgeAsHeuristic2pToTheBit() throws IOException {
        LinearWeights ones = read(file("16,32,48", k -> 1));
        int[] buf = new int[Action.MAX_LEGAL];
        int compared = 0;
        for (Rules rules : new Rules[]{Rules.standard(2), Rules.standard(2).withVariant(Rules.Variant.THREE_ROW)}) {
            HeuristicStrategy heuristic = new HeuristicStrategy(HEURISTIC_2P, "heuristic-2p");
            for (int g = 0; g < 10; g++) {
                Deal deal = Deal.generate(Deck.standard(), SplitMix.mix64(g + 3));
                GameState s = new GameState(rules, deal);
                HeuristicEvaluation hand = new HeuristicEvaluation(HEURISTIC_2P, rules, deal.layout());
                HeuristicEvaluation linear = new HeuristicEvaluation(HEURISTIC_2P, ones, rules, deal.layout());
                SplittableRandom rng = new SplittableRandom(g);
                while (!s.isOver()) {
                    assertEquals(hand.difference(s), linear.difference(s), 0, "game " + g + ", turn " + s.turn());
                    assertEquals(heuristic.evaluate(s, 0), linear.difference(s), 1e-9, "game " + g + ", turn " + s.turn());
                    compared++;
                    s.play(buf[rng.nextInt(s.legalActions(buf))]);
                }
            }
        }
        assertTrue(compared > 1_500, compared + " positions");
    }

    /**
     * One term's multiplier changed in one phase: the judgement moves by exactly that term's
     * change (own minus other's), and only in positions of that phase.
     */
    @Test
    void oneMultiplier_changesTheJudgementByItsTermInItsPhaseOnly() throws IOException {
        int markers = HeuristicEvaluation.SEAT_TERMS - 2;
        for (int k : new int[]{0, 2, 4, markers, markers + 1}) {
            String text = file("20,48", j -> 1);
            // the second phase's multiplier of term k becomes 3
            String name = LinearWeights.termNames().get(k);
            text = rewrite(text, name + " 1.0 1.0\n", name + " 1.0 3.0\n");
            LinearWeights w = read(text);
            Rules rules = Rules.standard(2);
            Deal deal = Deal.generate(Deck.standard(), 77);
            HeuristicEvaluation hand = new HeuristicEvaluation(HEURISTIC_2P, rules, deal.layout());
            HeuristicEvaluation linear = new HeuristicEvaluation(HEURISTIC_2P, w, rules, deal.layout());
            float[] terms = new float[HeuristicEvaluation.TERMS];
            GameState s = new GameState(rules, deal);
            SplittableRandom rng = new SplittableRandom(k);
            int[] buf = new int[Action.MAX_LEGAL];
            boolean moved = false;
            while (!s.isOver()) {
                hand.terms(s, 0, terms, 0);
                double term = terms[k] - terms[HeuristicEvaluation.SEAT_TERMS + k];
                double expected = hand.difference(s) + (Long.bitCount(s.table()) > 20 ? 2 * term : 0);
                assertEquals(expected, linear.difference(s), 1e-4 * (1 + Math.abs(expected)), name + ", turn " + s.turn());
                moved |= Long.bitCount(s.table()) > 20 && term != 0;
                s.play(buf[rng.nextInt(s.legalActions(buf))]);
            }
            assertTrue(moved, name + " is non-zero somewhere in the first phase");
        }
    }

    private static String rewrite(String text, String from, String to) {
        assertTrue(text.contains(from), from);
        String body = text.substring(text.indexOf("---\n") + 4).replace(from, to);
        CRC32 crc = new CRC32();
        crc.update(body.getBytes(StandardCharsets.US_ASCII));
        return text.substring(0, text.indexOf("crc32: ")) + "crc32: " + String.format("%08x", crc.getValue()) + "\n---\n"
                + body;
    }

    /** The shipped file passes the checks and says where it comes from. */
    @Test
    void shipped_isReadAndChecked() {
        LinearWeights w = LinearWeights.shipped();
        for (String key : List.of("command", "seed", "data", "rows", "date")) {
            assertFalse(w.provenance().get(key).isBlank(), key);
        }
        for (int cards = 0; cards <= LinearWeights.MAX_CARDS; cards++) {
            for (double m : w.at(cards)) {
                assertTrue(Double.isFinite(m) && m > 0, cards + " cards: " + m);
            }
        }
    }

    /** Each kind of bad file is refused with one line naming the file and what is wrong. */
    @Test
    void badFiles_areRefusedWithOneClearLine() {
        String good = file("16,48", k -> 1);
        String[][] cases = {
                {good.replace("richelieu-linear-eval 1", "richelieu-linear-eval 2"),
                        "weights file w.txt: the first line is not 'richelieu-linear-eval 1'"},
                {good.replace("seed: 1\n", ""), "weights file w.txt: the header has no 'seed'"},
                {good.replace("terms: 38", "terms: 37"), "weights file w.txt: terms: 37, heuristic-2p's evaluation has 38 a seat"},
                {good.replace("phases: 16,48", "phases: 48,16"), "weights file w.txt: phases: 48,16 do not rise from 0"},
                {good.replace("markers 1.0 1.0", "markers 1.0 1.5"), "weights file w.txt: the multipliers' CRC-32 is "},
                {good.replace("\n---\n", "\n"), "weights file w.txt: no line '---' between the header and the multipliers"},
                {rewrite(good, "markers 1.0 1.0", "markers 1.0 NaN"),
                        "weights file w.txt: markers's multiplier 'NaN' is not a finite number"},
                {rewrite(good, "markers 1.0 1.0", "markers 1.0"),
                        "weights file w.txt: markers has 1 multipliers, one per phase (2) expected"},
                {rewrite(good, "tower.spots", "tower.spot"),
                        "weights file w.txt: line 36 after '---' is 'tower.spot', expected tower.spots"},
        };
        for (String[] c : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(c[0]), c[1]);
            assertTrue(e.getMessage().startsWith(c[1]), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
