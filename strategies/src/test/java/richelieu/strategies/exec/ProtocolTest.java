package richelieu.strategies.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.engine.TestBots;
import richelieu.engine.Token;
import richelieu.strategies.RandomStrategy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static richelieu.strategies.exec.ExecTesting.botRandom;
import static richelieu.strategies.exec.ExecTesting.quote;
import static richelieu.strategies.exec.ExecTesting.testBot;

/**
 * What a bot is told: an echo bot writes every line it receives to a file, and a replay of the
 * same game through the engine checks every message, in order, against what the seat may know
 * (R25, R26) — exactly the fields of its {@link Observation}, its own tokens and nothing else.
 */
class ProtocolTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SEAT = 1;
    private static final Set<String> ACT_FIELDS = Set.of("type", "seat", "turn", "toMove", "phase", "table",
            "tokenCards", "players", "ownTokens", "takenThisTurn", "firstTaken", "freedThisTurn", "returnsThisTurn",
            "legal");
    private static final Set<String> PLAYER_FIELDS = Set.of("cards", "markers", "reserve", "boxed", "tokens",
            "usedReturns", "nonReturnAtLeast");

    @TempDir
    Path tmp;

    @BeforeAll
    static void python() {
        ExecTesting.requirePython();
    }

    @Test
    void messages_echoBotTwoAndThreePlayers_matchReplayedObservationsExactly() throws IOException {
        Rules[] rules = {Rules.twoPlayer(),
                Rules.standard(3).withVariant(Rules.Variant.THREE_ROW)
                        .withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING)};
        int acts = 0;
        for (int k = 0; k < rules.length; k++) {
            for (long seed = 1; seed <= 3; seed++) {
                Deal deal = ExecTesting.deal(seed);
                Strategy[] bots = new Strategy[rules[k].players()];
                for (int p = 0; p < bots.length; p++) {
                    bots[p] = new RandomStrategy();
                }
                Echo echo = playWithEcho(rules[k], deal, seed, bots, "echo-" + k + "-" + seed + ".jsonl");
                acts += checkAgainstReplay(rules[k], deal, seed, echo);
            }
        }
        assertTrue(acts > 50, "the games asked the echo bot only " + acts + " times");
    }

    @Test
    void messages_hiddenTokensSwapped_seatReceivesIdenticalLines() throws IOException {
        // Seat 0 plays the first legal action, the echo bot too: the public line of play depends on
        // hidden tokens only through return tokens. Swap a non-return token that seat 0 takes with
        // one in the box: seat 1 must not be able to tell the two games apart before the end.
        for (long seed = 1; seed <= 20; seed++) {
            Rules rules = Rules.twoPlayer();
            Deal deal = ExecTesting.deal(seed);
            Echo a = playWithEcho(rules, deal, seed, new Strategy[]{new TestBots.First(), null}, "a-" + seed + ".jsonl");
            GameState end = replay(rules, deal, a.actions);
            int place = -1;
            for (int q = 0; q < Layout.TOKEN_PLACES && place < 0; q++) {
                if ((end.hand(0) >>> Layout.placePosition(q) & 1) != 0 && !Token.isReturn(deal.placeToken(q))) {
                    place = q;
                }
            }
            int boxed = -1;
            for (int t : deal.boxTokens()) {
                if (!Token.isReturn(t)) {
                    boxed = t;
                }
            }
            if (place < 0 || boxed < 0) {
                continue;
            }
            int[] tokens = new int[Layout.TOKEN_PLACES];
            for (int q = 0; q < tokens.length; q++) {
                tokens[q] = q == place ? boxed : deal.placeToken(q);
            }
            Deal swapped = new Deal(deal.seed(), deal.layout(), tokens);
            Echo b = playWithEcho(rules, swapped, seed, new Strategy[]{new TestBots.First(), null}, "b-" + seed + ".jsonl");
            assertArrayEquals(a.actions, b.actions, "same public line of play");
            List<String> linesA = a.lines.subList(0, a.lines.size() - 1);
            List<String> linesB = b.lines.subList(0, b.lines.size() - 1);
            assertTrue(a.lines.get(a.lines.size() - 1).startsWith("{\"type\":\"end\""));
            assertEquals(linesA, linesB, "seat 1 saw a difference in seat 0's hidden token (seed " + seed + ")");
            assertTrue(linesA.size() > 20);
            return;
        }
        fail("no seed in 1..20 where seat 0 takes a non-return token");
    }

    // ------------------------------------------------------------------ playing and replaying

    private record Echo(List<JsonNode> messages, List<String> lines, int[] actions, GameResult result) {
    }

    /** Plays with the echo bot at seat 1 (filling bots[1]) and returns what it received. */
    private Echo playWithEcho(Rules rules, Deal deal, long seed, Strategy[] bots, String file) throws IOException {
        Path out = tmp.resolve(file);
        ExecStrategy echo = ExecStrategy.of("python3 " + testBot("echo_bot.py") + " " + quote(out));
        Game game = new Game();
        GameResult r;
        try {
            bots[SEAT] = echo;
            SplittableRandom[] rngs = new SplittableRandom[bots.length];
            for (int p = 0; p < bots.length; p++) {
                rngs[p] = botRandom(seed, p);
            }
            r = game.play(rules, deal, bots, rngs);
        } finally {
            echo.close(); // the bot exits on end of input, so the file is complete
        }
        assertFalse(r.isForfeit(), r::failure);
        List<String> lines = Files.readAllLines(out);
        List<JsonNode> messages = new ArrayList<>();
        for (String l : lines) {
            messages.add(JSON.readTree(l));
        }
        return new Echo(messages, lines, game.lastActions(), r);
    }

    private static GameState replay(Rules rules, Deal deal, int[] actions) {
        GameState s = new GameState(rules, deal);
        for (int a : actions) {
            s.play(a);
        }
        return s;
    }

    /** Replays the game and checks every message the bot received; returns the number of acts. */
    private int checkAgainstReplay(Rules rules, Deal deal, long seed, Echo echo) {
        List<JsonNode> msgs = echo.messages;
        Layout layout = deal.layout();
        checkStart(msgs.get(0), rules, layout, seed);
        GameState s = new GameState(rules, deal);
        LegalActions legal = new LegalActions();
        Observation obs = new Observation(rules, layout, SEAT);
        int i = 1;
        int acts = 0;
        for (int a : echo.actions) {
            legal.fill(s);
            if (s.toMove() == SEAT && legal.size() >= 2) {
                s.observe(SEAT, obs);
                checkAct(msgs.get(i++), s, obs, legal);
                acts++;
            }
            int mover = s.toMove();
            s.play(a);
            if (Action.isPublic(a)) {
                JsonNode m = msgs.get(i++);
                assertEquals(Set.of("type", "seat", "play"), fields(m));
                assertEquals("played", m.get("type").asText());
                assertEquals(mover, m.get("seat").asInt());
                checkAction(m.get("play"), a, layout);
            }
        }
        JsonNode end = msgs.get(i++);
        assertEquals("end", end.get("type").asText());
        assertEquals(ints(echo.result.scores()), end.get("scores").toString());
        assertEquals(ints(echo.result.cards()), end.get("cards").toString());
        assertEquals(echo.result.turns(), end.get("turns").asInt());
        assertTrue(end.get("forfeit").isNull());
        List<Integer> winners = new ArrayList<>();
        for (int p = 0; p < rules.players(); p++) {
            if (echo.result.isWinner(p)) {
                winners.add(p);
            }
        }
        assertEquals(winners.toString().replace(" ", ""), end.get("winners").toString());
        assertEquals(msgs.size(), i, "no message beyond the end");
        return acts;
    }

    private static void checkStart(JsonNode m, Rules rules, Layout layout, long seed) {
        assertEquals("start", m.get("type").asText());
        assertEquals("richelieu-bot/1", m.get("protocol").asText());
        assertEquals(SEAT, m.get("seat").asInt());
        assertEquals(rules.players(), m.get("players").asInt());
        JsonNode r = m.get("rules");
        assertEquals(rules.variant().jsonName(), r.get("variant").asText());
        assertEquals(rules.returnTiming().name(), r.get("returnTiming").asText());
        assertEquals(rules.majority().name(), r.get("majority").asText());
        assertEquals(rules.maxMarkersOnTable(), r.get("maxMarkersOnTable").asInt());
        assertEquals(rules.absentRegionPoints(), r.get("absentRegionPoints").asInt());
        assertEquals(rules.presentRegionPoints(), r.get("presentRegionPoints").asInt());
        assertEquals(rules.freedMarkersPayable(), r.get("freedMarkersPayable").asBoolean());
        assertEquals(rules.fewerCardsWinTies(), r.get("fewerCardsWinTies").asBoolean());
        JsonNode cards = m.get("deck").get("cards");
        assertEquals(Deck.SIZE, cards.size());
        for (int c = 0; c < Deck.SIZE; c++) {
            assertEquals(layout.deck().card(c), Deck.parseCardJson(c, cards.get(c)), "card " + c);
        }
        JsonNode rows = m.get("layout").get("rows");
        for (int p = 0; p < Layout.POSITIONS; p++) {
            assertEquals(layout.cardAt(p), rows.get(Layout.row(p)).get(Layout.column(p)).asInt());
        }
        for (int q = 0; q < Layout.TOKEN_PLACES; q++) {
            assertEquals(layout.cardAt(Layout.placePosition(q)), m.get("layout").get("tokenPlaces").get(q).asInt());
        }
        // The seed is the first long of the seat's own stream, written unsigned.
        assertEquals(Long.toUnsignedString(botRandom(seed, SEAT).nextLong()), m.get("seed").asText());
    }

    private static void checkAct(JsonNode m, GameState s, Observation o, LegalActions legal) {
        Layout layout = o.layout();
        assertEquals(ACT_FIELDS, fields(m), "act carries exactly the observation and the legal set");
        assertEquals("act", m.get("type").asText());
        assertEquals(SEAT, m.get("seat").asInt());
        assertEquals(o.turn(), m.get("turn").asInt());
        assertEquals(o.toMove(), m.get("toMove").asInt());
        assertEquals(o.phase().name().toLowerCase(Locale.ROOT).replace('_', '-'), m.get("phase").asText());
        for (int r = 0; r < Layout.ROWS; r++) {
            assertEquals(cards(layout, o.table() & Layout.rowMask(r)), m.get("table").get(r).toString(), "row " + r);
        }
        assertEquals(cards(layout, o.tokenPlaces()), m.get("tokenCards").toString());
        assertEquals(o.players(), m.get("players").size());
        for (int p = 0; p < o.players(); p++) {
            JsonNode pl = m.get("players").get(p);
            assertEquals(PLAYER_FIELDS, fields(pl));
            assertEquals(cards(layout, o.hand(p)), pl.get("cards").toString());
            assertEquals(cards(layout, o.markers(p)), pl.get("markers").toString());
            assertEquals(o.reserve(p), pl.get("reserve").asInt());
            assertEquals(o.boxed(p), pl.get("boxed").asInt());
            assertEquals(o.tokenCount(p), pl.get("tokens").asInt());
            assertEquals(o.usedReturns(p), pl.get("usedReturns").asInt());
            assertEquals(o.nonReturnAtLeast(p), pl.get("nonReturnAtLeast").asInt());
        }
        // The seat's own tokens, from the full state: exactly what it holds (R13), nobody else's.
        List<String> own = new ArrayList<>();
        for (int t = 0; t < Token.COUNT; t++) {
            if ((s.heldTokens(SEAT) >>> t & 1) != 0) {
                own.add(Token.name(t));
            }
        }
        List<String> sent = new ArrayList<>();
        m.get("ownTokens").forEach(n -> sent.add(n.asText()));
        assertEquals(own, sent);
        // No token name anywhere else in the message (R26).
        Set<String> tokenNames = new TreeSet<>();
        for (int t = 0; t < Token.COUNT; t++) {
            tokenNames.add(Token.name(t));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = m.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!e.getKey().equals("ownTokens")) {
                assertNoString(e.getValue(), tokenNames);
            }
        }
        assertEquals(o.takenThisTurn(), m.get("takenThisTurn").asInt());
        if (o.firstTaken() < 0) {
            assertTrue(m.get("firstTaken").isNull());
        } else {
            assertEquals(layout.cardAt(o.firstTaken()), m.get("firstTaken").asInt());
        }
        assertEquals(o.freedThisTurn(), m.get("freedThisTurn").asInt());
        assertEquals(o.returnsThisTurn(), m.get("returnsThisTurn").asInt());
        assertEquals(legal.size(), m.get("legal").size());
        for (int i = 0; i < legal.size(); i++) {
            checkAction(m.get("legal").get(i), legal.get(i), layout);
        }
    }

    private static void checkAction(JsonNode n, int a, Layout layout) {
        assertEquals(a, n.get("action").asInt());
        assertEquals(Action.toString(a), n.get("text").asText());
        assertEquals(Action.typeName(a), n.get("type").asText());
        switch (Action.type(a)) {
            case Action.T_TAKE, Action.T_PAY_MARKER, Action.T_PLACE -> {
                assertEquals(Set.of("action", "text", "type", "card"), fields(n));
                assertEquals(layout.cardAt(Action.position(a)), n.get("card").asInt());
            }
            case Action.T_MOVE -> {
                assertEquals(Set.of("action", "text", "type", "from", "to"), fields(n));
                assertEquals(layout.cardAt(Action.from(a)), n.get("from").asInt());
                assertEquals(layout.cardAt(Action.position(a)), n.get("to").asInt());
            }
            default -> assertEquals(Set.of("action", "text", "type"), fields(n));
        }
    }

    private static void assertNoString(JsonNode n, Set<String> forbidden) {
        if (n.isTextual()) {
            assertFalse(forbidden.contains(n.asText()), "token name '" + n.asText() + "' outside ownTokens");
        }
        n.forEach(child -> assertNoString(child, forbidden));
    }

    private static Set<String> fields(JsonNode n) {
        Set<String> s = new TreeSet<>();
        n.fieldNames().forEachRemaining(s::add);
        return Set.copyOf(s);
    }

    private static String cards(Layout layout, long mask) {
        StringBuilder sb = new StringBuilder("[");
        for (long m = mask; m != 0; m &= m - 1) {
            sb.append(sb.length() == 1 ? "" : ",").append(layout.cardAt(Long.numberOfTrailingZeros(m)));
        }
        return sb.append(']').toString();
    }

    private static String ints(int[] a) {
        return Arrays.toString(a).replace(" ", "");
    }
}
