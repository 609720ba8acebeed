package richelieu.engine.record;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.BotFailure;
import richelieu.engine.Card;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.DeckException;
import richelieu.engine.GameResult;
import richelieu.engine.Layout;
import richelieu.engine.Rules;
import richelieu.engine.Token;
import richelieu.engine.json.Json;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Reads a {@code richelieu-record/1} line into a {@link GameRecord}, checking every value. */
final class RecordReader {
    private RecordReader() {
    }

    /**
     * Parses one record line; a malformed record throws {@link RecordException} with one clear
     * line. Every number must be a JSON integer in its range (a card index 0-47, a seat of the
     * game, a count of return tokens 0-8): not a string, a fraction or a number that does not fit.
     */
    static GameRecord parse(String line) {
        if (line.length() > GameRecord.MAX_LINE_CHARS) {
            throw new RecordException("the record is " + line.length() + " characters long; the limit is " + GameRecord.MAX_LINE_CHARS);
        }
        JsonNode root;
        try {
            root = Json.readTree(line);
        } catch (Json.BadJson e) {
            throw new RecordException(e.getMessage());
        }
        try {
            return parse(root);
        } catch (RecordException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new RecordException(e.getMessage());
        }
    }

    private static GameRecord parse(JsonNode root) {
        if (!root.isObject()) {
            throw new RecordException("a record is a JSON object");
        }
        if (!GameRecord.FORMAT.equals(root.path("format").textValue())) {
            throw new RecordException("\"format\" must be \"" + GameRecord.FORMAT + "\"");
        }
        int players = Json.intField(root, "players", 2, 4);
        Rules.Variant variant = Rules.Variant.parse(Json.text(root, "variant"));
        if (variant == null) {
            throw new RecordException("\"variant\" must be \"base\" or \"three-row\"");
        }
        Rules rules;
        try {
            rules = Rules.standard(players).withVariant(variant);
            JsonNode r = root.get("rules");
            if (r != null) {
                rules = GameJson.readRules(r);
                if (rules.players() != players || rules.variant() != variant) {
                    throw new RecordException("\"rules\" disagree with \"players\" or \"variant\"");
                }
            }
        } catch (IllegalArgumentException e) {
            throw new RecordException("bad rules: " + e.getMessage());
        }
        long seed = Json.longInteger(root, "seed");
        JsonNode deckNode = root.get("deck");
        if (deckNode == null || !deckNode.isArray()) {
            throw new RecordException("\"deck\" must be an array of 48 cards");
        }
        List<Card> cards = new ArrayList<>();
        Deck deck;
        try {
            int i = 0;
            for (JsonNode c : deckNode) {
                cards.add(Deck.parseCardJson(i++, c));
            }
            deck = Deck.of("record", cards);
        } catch (DeckException e) {
            throw new RecordException("deck: " + e.getMessage());
        }
        JsonNode rows = sized(root, "rows", JsonNode::isArray, Layout.ROWS, "be 4 rows of 12 card indices");
        int[] cardAt = new int[Layout.POSITIONS];
        for (int r = 0; r < Layout.ROWS; r++) {
            JsonNode row = rows.get(r);
            if (!row.isArray() || row.size() != Layout.COLS) {
                throw new RecordException("row " + r + " must have 12 card indices");
            }
            for (int c = 0; c < Layout.COLS; c++) {
                cardAt[Layout.position(r, c)] = card(row.get(c), "row " + r + " column " + c);
            }
        }
        Layout layout;
        try {
            layout = new Layout(deck, cardAt);
        } catch (IllegalArgumentException e) {
            throw new RecordException("rows: " + e.getMessage());
        }
        JsonNode tokens = sized(root, "tokens", JsonNode::isObject, Layout.TOKEN_PLACES,
                "map the 8 token-place cards to token names");
        int[] placeTokens = new int[Layout.TOKEN_PLACES];
        Arrays.fill(placeTokens, -1);
        boolean returnSeen = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = tokens.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            int card;
            try {
                card = Integer.parseInt(e.getKey());
            } catch (NumberFormatException ex) {
                throw new RecordException("tokens: key \"" + Json.brief(e.getKey()) + "\" is not a card index");
            }
            if (card < 0 || card >= Layout.POSITIONS || !e.getKey().equals(Integer.toString(card))) {
                throw new RecordException("tokens: no card " + Json.brief(e.getKey()));
            }
            int place = Layout.placeOf(layout.positionOf(card));
            if (place < 0) {
                throw new RecordException("tokens: card " + card + " is not on a token place (R6)");
            }
            if (!e.getValue().isTextual()) {
                throw new RecordException("tokens: the token of card " + card + " must be a name");
            }
            int id = Token.parse(e.getValue().textValue(), returnSeen);
            if (id < 0) {
                throw new RecordException("tokens: unknown token \"" + Json.brief(e.getValue().textValue()) + "\"");
            }
            returnSeen |= Token.isReturn(id);
            placeTokens[place] = id;
        }
        Deal deal;
        try {
            deal = new Deal(seed, layout, placeTokens);
        } catch (IllegalArgumentException e) {
            throw new RecordException("tokens: " + e.getMessage());
        }
        JsonNode seatsNode = sized(root, "seats", JsonNode::isArray, players, "name " + players + " bots");
        List<String> seats = new ArrayList<>();
        for (JsonNode s : seatsNode) {
            if (!s.isTextual()) {
                throw new RecordException("\"seats\" must name " + players + " bots (strings)");
            }
            seats.add(s.textValue());
        }
        JsonNode turnsNode = root.get("turns");
        if (turnsNode == null || !turnsNode.isArray()) {
            throw new RecordException("\"turns\" must be an array");
        }
        List<GameRecord.Turn> turns = new ArrayList<>();
        for (JsonNode t : turnsNode) {
            turns.add(parseTurn(turns.size(), t, players));
        }
        int[] scores = intArray(root, "scores", players, -1_000_000, 1_000_000);
        int[] cardCounts = intArray(root, "cards", players, 0, Deck.SIZE);
        int winners = 0;
        if (players == 2) {
            JsonNode w = root.get("winner");
            if (w == null) {
                throw new RecordException("\"winner\" is missing");
            }
            winners = w.isNull() ? 3 : 1 << Json.intValue(w, "\"winner\"", 0, 1);
        } else {
            JsonNode ws = root.get("winners");
            if (ws == null || !ws.isArray() || ws.isEmpty() || ws.size() > players) {
                throw new RecordException("\"winners\" must list 1 to " + players + " seats");
            }
            for (JsonNode w : ws) {
                winners |= 1 << Json.intValue(w, "a winner", 0, players - 1);
            }
        }
        int forfeitSeat = -1;
        BotFailure.Reason reason = null;
        JsonNode f = root.get("forfeit");
        if (f != null) {
            if (!f.isObject()) {
                throw new RecordException("\"forfeit\" must be {\"seat\": s, \"reason\": r}");
            }
            forfeitSeat = Json.intField(f, "seat", 0, players - 1);
            String name = Json.text(f, "reason");
            reason = Json.named(BotFailure.Reason.values(), BotFailure.Reason::jsonName, name);
            if (reason == null) {
                throw new RecordException("forfeit: unknown reason \"" + Json.brief(name) + "\"");
            }
        }
        GameResult result = new GameResult(scores, cardCounts, winners, turns.size(), forfeitSeat, reason);
        return new GameRecord(rules, deal, seats, turns, result);
    }

    private static GameRecord.Turn parseTurn(int index, JsonNode t, int players) {
        String where = "turn " + index + ": ";
        if (!t.isObject()) {
            throw new RecordException(where + "a turn is a JSON object");
        }
        try {
            int seat = Json.intField(t, "seat", 0, players - 1);
            JsonNode passNode = t.get("pass");
            if (passNode != null && !passNode.isBoolean()) {
                throw new RecordException(where + "\"pass\" must be true or false");
            }
            if (passNode != null && passNode.booleanValue()) {
                return new GameRecord.Turn(seat, true, 0, 0, new int[0], new int[0], -1, -1);
            }
            int returns = t.has("returns") ? Json.intField(t, "returns", 0, Layout.TOKEN_PLACES) : 0;
            int late = t.has("lateReturns") ? Json.intField(t, "lateReturns", 0, Layout.TOKEN_PLACES) : 0;
            JsonNode takeNode = t.get("take");
            if (takeNode == null || !takeNode.isArray() || takeNode.size() < 1 || takeNode.size() > 2) {
                throw new RecordException(where + "\"take\" must list 1 or 2 card indices");
            }
            int[] take = new int[takeNode.size()];
            for (int i = 0; i < take.length; i++) {
                take[i] = card(takeNode.get(i), "\"take\"");
            }
            JsonNode payNode = t.get("pay");
            if (payNode != null && (!payNode.isArray() || payNode.size() > 2)) {
                throw new RecordException(where + "\"pay\" must list at most 2 payments");
            }
            int[] pay = new int[payNode == null ? 0 : payNode.size()];
            for (int i = 0; i < pay.length; i++) {
                JsonNode p = payNode.get(i);
                if (p.isTextual() && p.textValue().equals("reserve")) {
                    pay[i] = -1;
                } else if (p.isIntegralNumber()) {
                    pay[i] = card(p, "a pay entry");
                } else {
                    throw new RecordException(where + "a pay entry is \"reserve\" or a card index");
                }
            }
            JsonNode m = t.get("marker");
            int from = -1;
            int to = -1;
            if (m != null && !m.isNull()) {
                if (m.isObject() && m.size() == 1 && m.has("place")) {
                    to = card(m.get("place"), "\"place\"");
                } else if (m.isObject() && m.size() == 1 && m.has("move") && m.get("move").isArray()
                        && m.get("move").size() == 2) {
                    from = card(m.get("move").get(0), "\"move\"");
                    to = card(m.get("move").get(1), "\"move\"");
                } else {
                    throw new RecordException(where + "\"marker\" must be {\"place\":c}, {\"move\":[from,to]} or null");
                }
            }
            return new GameRecord.Turn(seat, false, returns, late, take, pay, from, to);
        } catch (RecordException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new RecordException(where + e.getMessage());
        }
    }

    /** A card index 0-47. */
    private static int card(JsonNode v, String what) {
        return Json.intValue(v, what, 0, Deck.SIZE - 1);
    }

    private static int[] intArray(JsonNode n, String field, int size, int min, int max) {
        JsonNode v = sized(n, field, JsonNode::isArray, size, "list " + size + " integers");
        int[] a = new int[size];
        for (int i = 0; i < size; i++) {
            a[i] = Json.intValue(v.get(i), "\"" + field + "\"", min, max);
        }
        return a;
    }

    /**
     * The field {@code field} of {@code n}: of the kind {@code kind} tests (an array, an object)
     * with exactly {@code size} elements; else a RecordException saying what it must
     * ({@code mustBe}, e.g. "name 2 bots").
     */
    private static JsonNode sized(JsonNode n, String field, Predicate<JsonNode> kind, int size, String mustBe) {
        JsonNode v = n.get(field);
        if (v == null || !kind.test(v) || v.size() != size) {
            throw new RecordException("\"" + field + "\" must " + mustBe);
        }
        return v;
    }
}
