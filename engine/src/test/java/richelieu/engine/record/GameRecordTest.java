package richelieu.engine.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.engine.TestBots;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GameRecordTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static GameRecord playRecorded(Rules rules, long seed) {
        int n = rules.players();
        Strategy[] bots = new Strategy[n];
        SplittableRandom[] rngs = new SplittableRandom[n];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            bots[i] = new TestBots.Uniform();
            rngs[i] = new SplittableRandom(seed + 100 * i);
            names.add("uniform");
        }
        Game g = new Game();
        Deal deal = Deal.generate(Deck.standard(), seed);
        GameResult r = g.play(rules, deal, bots, rngs);
        return GameRecord.fromActions(rules, deal, names, g.lastActions(), r);
    }

    @Test
    void record_jsonRoundTripAndReplay_reproduceEveryGameExactly() {
        Rules[] modes = {Rules.standard(2), Rules.standard(2).withVariant(Rules.Variant.THREE_ROW), Rules.standard(3),
                Rules.standard(4).withVariant(Rules.Variant.THREE_ROW),
                Rules.standard(2).withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING)};
        int games = 0;
        for (Rules rules : modes) {
            for (long seed = 0; seed < 150; seed++) {
                GameRecord rec = playRecorded(rules, seed);
                String line = rec.toJson();
                assertTrue(!line.contains("\n"));
                GameRecord back = GameRecord.parse(line);
                assertEquals(line, back.toJson(), "write(parse(line)) == line");
                GameState end = back.replay();
                int[] scores = new int[rules.players()];
                end.scores(scores);
                assertArrayEquals(rec.result().scores(), scores);
                assertEquals(rec.result().winners(), end.winners(scores));
                // the turns replay to exactly the original action sequence
                GameState s = new GameState(rules, back.deal());
                List<Integer> actions = new ArrayList<>();
                for (GameRecord.Turn t : back.turns()) {
                    for (int a : GameRecord.applyTurn(s, t)) {
                        actions.add(a);
                    }
                }
                games++;
            }
        }
        assertEquals(750, games);
    }

    @Test
    void record_twoPlayers_hasExactlyTheDocumentedKeys() throws Exception {
        JsonNode n = MAPPER.readTree(playRecorded(Rules.twoPlayer(), 5).toJson());
        List<String> keys = new ArrayList<>();
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            keys.add(it.next());
        }
        assertEquals(List.of("format", "players", "variant", "seed", "deck", "rows", "tokens", "seats", "turns",
                "scores", "cards", "winner"), keys);
        assertEquals("richelieu-record/1", n.get("format").asText());
        assertEquals(48, n.get("deck").size());
        assertEquals(4, n.get("rows").size());
        assertEquals(8, n.get("tokens").size());
        JsonNode turn = n.get("turns").get(0);
        assertEquals(0, turn.get("seat").asInt());
        assertEquals(1, turn.get("take").size(), "R9: the first turn takes one card");
        assertTrue(turn.has("returns") && turn.has("pay") && turn.has("marker"));
        assertEquals(5, n.get("seed").asLong());
    }

    @Test
    void record_threePlayers_usesWinnersArray_R24() throws Exception {
        JsonNode n = MAPPER.readTree(playRecorded(Rules.standard(3), 6).toJson());
        assertTrue(n.has("winners") && !n.has("winner"));
        assertTrue(n.get("winners").isArray() && n.get("winners").size() >= 1);
    }

    @Test
    void replay_tamperedRecord_failsNamingTheTurnAndRule() throws Exception {
        GameRecord rec = playRecorded(Rules.twoPlayer(), 8);
        JsonNode n = MAPPER.readTree(rec.toJson());
        // make turn 3 take a card that is not at a row end: the card in the middle of row 3
        int middle = n.get("rows").get(3).get(6).asInt();
        ((com.fasterxml.jackson.databind.node.ArrayNode) n.get("turns").get(3).get("take")).set(0, middle);
        GameRecord bad = GameRecord.parse(n.toString());
        RecordException e = assertThrows(RecordException.class, bad::replay);
        assertTrue(e.getMessage().startsWith("turn 3") && e.getMessage().contains("R9"), e.getMessage());

        JsonNode m = MAPPER.readTree(rec.toJson());
        ((com.fasterxml.jackson.databind.node.ArrayNode) m.get("scores")).set(0, 999);
        RecordException e2 = assertThrows(RecordException.class, () -> GameRecord.parse(m.toString()).replay());
        assertTrue(e2.getMessage().contains("scores"), e2.getMessage());
    }

    @Test
    void parse_malformedRecords_oneLineMessages() {
        assertTrue(assertThrows(RecordException.class, () -> GameRecord.parse("{")).getMessage().startsWith("not valid JSON"));
        assertTrue(assertThrows(RecordException.class, () -> GameRecord.parse("{\"format\":\"x\"}")).getMessage().contains("format"));
        String good = playRecorded(Rules.twoPlayer(), 1).toJson();
        String badVariant = good.replace("\"variant\":\"base\"", "\"variant\":\"four-row\"");
        assertTrue(assertThrows(RecordException.class, () -> GameRecord.parse(badVariant)).getMessage().contains("variant"));
    }
}
