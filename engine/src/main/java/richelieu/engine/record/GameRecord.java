package richelieu.engine.record;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.Action;
import richelieu.engine.BotFailure;
import richelieu.engine.Card;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.DeckException;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.IllegalActionException;
import richelieu.engine.Layout;
import richelieu.engine.Phase;
import richelieu.engine.Rules;
import richelieu.engine.Token;
import richelieu.engine.json.Json;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One finished game in the {@code richelieu-record/1} format, one JSON object per line:
 * <pre>
 * {"format":"richelieu-record/1","players":2,"variant":"base","seed":123,
 *  "deck":[{"region":"Bourgogne","shields":1,"symbol":"sword"}, … 48 cards],
 *  "rows":[[card indices of row 0, left to right], … 4 rows of 12],
 *  "tokens":{"&lt;card index&gt;":"Bourgogne"|…|"sword"|"cross"|"tower"|"return", … the 8 placed},
 *  "seats":["random","greedy"],
 *  "turns":[{"seat":0,"returns":0,"take":[c1] or [c1,c2],"pay":["reserve" or a card index, …],
 *            "marker":{"place":c} or {"move":[from,to]} or null} or {"seat":1,"pass":true}, …],
 *  "scores":[s0,s1],"cards":[n0,n1],"winner":0|1|null}
 * </pre>
 * Card indices are positions in {@code deck}. {@code pay} has one entry per opponent-marked card
 * taken, in the order of {@code take}. With 3–4 players {@code "winners":[…]} replaces
 * {@code "winner"}. Two optional keys appear only when needed: {@code "rules"} when a rule
 * parameter differs from docs/rules.md's decision (with {@code "lateReturns"} in a turn under the
 * late return timing), and {@code "forfeit":{"seat":s,"reason":"timeout"}} when a bot forfeited.
 *
 * <p>{@link #replay()} plays the record back through the engine and checks every step and the
 * final scores.
 */
public final class GameRecord {
    public static final String FORMAT = "richelieu-record/1";
    private static final JsonFactory JSON_FACTORY = new JsonFactory();

    /** One turn. Card indices refer to the deck; {@code pay} entries are a card index or -1 for the reserve. */
    public record Turn(int seat, boolean pass, int returns, int lateReturns, int[] take, int[] pay,
                       int markerFrom, int markerTo) {
        /** A turn without a marker has markerTo = -1; a placement has markerFrom = -1. */
        public boolean hasMarker() {
            return markerTo >= 0;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Turn t && t.seat == seat && t.pass == pass && t.returns == returns
                    && t.lateReturns == lateReturns && Arrays.equals(t.take, take) && Arrays.equals(t.pay, pay)
                    && t.markerFrom == markerFrom && t.markerTo == markerTo;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(take) * 31 + seat;
        }
    }

    private final Rules rules;
    private final Deal deal;
    private final List<String> seats;
    private final List<Turn> turns;
    private final GameResult result;

    public GameRecord(Rules rules, Deal deal, List<String> seats, List<Turn> turns, GameResult result) {
        this.rules = rules;
        this.deal = deal;
        this.seats = List.copyOf(seats);
        this.turns = List.copyOf(turns);
        this.result = result;
    }

    public Rules rules() {
        return rules;
    }

    public Deal deal() {
        return deal;
    }

    public List<String> seats() {
        return seats;
    }

    public List<Turn> turns() {
        return turns;
    }

    public GameResult result() {
        return result;
    }

    // =================================================================== building from a game

    /**
     * Builds the record of a game from its full action sequence (as kept by
     * {@link richelieu.engine.Game#lastActions()}).
     */
    public static GameRecord fromActions(Rules rules, Deal deal, List<String> seats, int[] actions, GameResult result) {
        GameState s = new GameState(rules, deal);
        Layout layout = deal.layout();
        List<Turn> turns = new ArrayList<>();
        TurnBuilder tb = null;
        for (int a : actions) {
            if (tb == null) {
                tb = new TurnBuilder(s.toMove());
            }
            boolean late = s.phase() == Phase.LATE_RETURNS;
            s.apply(a);
            switch (Action.type(a)) {
                case Action.T_PASS -> tb.pass = true;
                case Action.T_USE_RETURN -> {
                    if (late) {
                        tb.lateReturns++;
                    } else {
                        tb.returns++;
                    }
                }
                case Action.T_TAKE -> tb.take.add(layout.cardAt(Action.position(a)));
                case Action.T_PAY_RESERVE -> tb.pay.add(-1);
                case Action.T_PAY_MARKER -> tb.pay.add(layout.cardAt(Action.position(a)));
                case Action.T_PLACE -> tb.markerTo = layout.cardAt(Action.position(a));
                case Action.T_MOVE -> {
                    tb.markerFrom = layout.cardAt(Action.from(a));
                    tb.markerTo = layout.cardAt(Action.position(a));
                }
                default -> {
                    // END_RETURNS, STOP and SKIP are implied by the turn's shape
                }
            }
            if (s.isOver() || s.turn() != turns.size()) { // the turn counter moved on: the turn ended
                turns.add(tb.build());
                tb = null;
            }
        }
        if (tb != null) {
            turns.add(tb.build()); // a forfeited game can end mid-turn
        }
        return new GameRecord(rules, deal, seats, turns, result);
    }

    private static final class TurnBuilder {
        final int seat;
        boolean pass;
        int returns;
        int lateReturns;
        final List<Integer> take = new ArrayList<>(2);
        final List<Integer> pay = new ArrayList<>(2);
        int markerFrom = -1;
        int markerTo = -1;

        TurnBuilder(int seat) {
            this.seat = seat;
        }

        Turn build() {
            return new Turn(seat, pass, returns, lateReturns, take.stream().mapToInt(Integer::intValue).toArray(),
                    pay.stream().mapToInt(Integer::intValue).toArray(), markerFrom, markerTo);
        }
    }

    // =================================================================== writing

    /** The record as one line of JSON (no trailing newline). */
    public String toJson() {
        StringWriter w = new StringWriter(4096);
        try (JsonGenerator g = JSON_FACTORY.createGenerator(w)) {
            write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    private void write(JsonGenerator g) throws IOException {
        Layout layout = deal.layout();
        Deck deck = layout.deck();
        int players = rules.players();
        g.writeStartObject();
        g.writeStringField("format", FORMAT);
        g.writeNumberField("players", players);
        g.writeStringField("variant", rules.variant().jsonName());
        if (!rules.isStandardChoices()) {
            g.writeFieldName("rules");
            GameJson.writeRules(g, rules);
        }
        g.writeNumberField("seed", deal.seed());
        g.writeFieldName("deck");
        GameJson.writeCards(g, deck);
        g.writeFieldName("rows");
        GameJson.writeRows(g, layout);
        g.writeObjectFieldStart("tokens");
        for (int i = 0; i < Layout.TOKEN_PLACES; i++) {
            g.writeStringField(Integer.toString(layout.cardAt(Layout.placePosition(i))), Token.name(deal.placeToken(i)));
        }
        g.writeEndObject();
        g.writeArrayFieldStart("seats");
        for (String s : seats) {
            g.writeString(s);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("turns");
        for (Turn t : turns) {
            g.writeStartObject();
            g.writeNumberField("seat", t.seat());
            if (t.pass()) {
                g.writeBooleanField("pass", true);
            } else {
                g.writeNumberField("returns", t.returns());
                if (rules.returnTiming() == Rules.ReturnTiming.START_AND_AFTER_TAKING) {
                    g.writeNumberField("lateReturns", t.lateReturns());
                }
                g.writeArrayFieldStart("take");
                for (int c : t.take()) {
                    g.writeNumber(c);
                }
                g.writeEndArray();
                g.writeArrayFieldStart("pay");
                for (int c : t.pay()) {
                    if (c < 0) {
                        g.writeString("reserve");
                    } else {
                        g.writeNumber(c);
                    }
                }
                g.writeEndArray();
                if (!t.hasMarker()) {
                    g.writeNullField("marker");
                } else if (t.markerFrom() < 0) {
                    g.writeObjectFieldStart("marker");
                    g.writeNumberField("place", t.markerTo());
                    g.writeEndObject();
                } else {
                    g.writeObjectFieldStart("marker");
                    g.writeArrayFieldStart("move");
                    g.writeNumber(t.markerFrom());
                    g.writeNumber(t.markerTo());
                    g.writeEndArray();
                    g.writeEndObject();
                }
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("scores");
        for (int s : result.scores()) {
            g.writeNumber(s);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("cards");
        for (int c : result.cards()) {
            g.writeNumber(c);
        }
        g.writeEndArray();
        if (players == 2) {
            if (result.winner() >= 0) {
                g.writeNumberField("winner", result.winner());
            } else {
                g.writeNullField("winner");
            }
        } else {
            g.writeArrayFieldStart("winners");
            for (int p = 0; p < players; p++) {
                if (result.isWinner(p)) {
                    g.writeNumber(p);
                }
            }
            g.writeEndArray();
        }
        if (result.isForfeit()) {
            g.writeObjectFieldStart("forfeit");
            g.writeNumberField("seat", result.forfeitSeat());
            g.writeStringField("reason", result.forfeit().jsonName());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    // =================================================================== reading

    /** Longest record line read: a whole game is about 10 KB. */
    public static final int MAX_LINE_CHARS = 1 << 20;

    /**
     * Parses one record line; a malformed record throws {@link RecordException} with one clear
     * line. Every number must be a JSON integer in its range (a card index 0-47, a seat of the
     * game, a count of return tokens 0-8): not a string, a fraction or a number that does not fit.
     */
    public static GameRecord parse(String line) {
        if (line.length() > MAX_LINE_CHARS) {
            throw new RecordException("the record is " + line.length() + " characters long; the limit is " + MAX_LINE_CHARS);
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
        if (!FORMAT.equals(root.path("format").textValue())) {
            throw new RecordException("\"format\" must be \"" + FORMAT + "\"");
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
        JsonNode rows = root.get("rows");
        if (rows == null || !rows.isArray() || rows.size() != Layout.ROWS) {
            throw new RecordException("\"rows\" must be 4 rows of 12 card indices");
        }
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
        JsonNode tokens = root.get("tokens");
        if (tokens == null || !tokens.isObject() || tokens.size() != Layout.TOKEN_PLACES) {
            throw new RecordException("\"tokens\" must map the 8 token-place cards to token names");
        }
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
        JsonNode seatsNode = root.get("seats");
        if (seatsNode == null || !seatsNode.isArray() || seatsNode.size() != players) {
            throw new RecordException("\"seats\" must name " + players + " bots");
        }
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
        List<Turn> turns = new ArrayList<>();
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
            reason = null;
            for (BotFailure.Reason r : BotFailure.Reason.values()) {
                if (r.jsonName().equals(name)) {
                    reason = r;
                }
            }
            if (reason == null) {
                throw new RecordException("forfeit: unknown reason \"" + Json.brief(name) + "\"");
            }
        }
        GameResult result = new GameResult(scores, cardCounts, winners, turns.size(), forfeitSeat, reason);
        return new GameRecord(rules, deal, seats, turns, result);
    }

    private static Turn parseTurn(int index, JsonNode t, int players) {
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
                return new Turn(seat, true, 0, 0, new int[0], new int[0], -1, -1);
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
            return new Turn(seat, false, returns, late, take, pay, from, to);
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
        JsonNode v = n.get(field);
        if (v == null || !v.isArray() || v.size() != size) {
            throw new RecordException("\"" + field + "\" must list " + size + " integers");
        }
        int[] a = new int[size];
        for (int i = 0; i < size; i++) {
            a[i] = Json.intValue(v.get(i), "\"" + field + "\"", min, max);
        }
        return a;
    }

    // =================================================================== replay

    /**
     * Converts one recorded turn into engine actions, applying them to {@code state} (which must
     * be at the start of that turn). Returns the actions applied.
     */
    public static int[] applyTurn(GameState state, Turn t) {
        Layout layout = state.layout();
        List<Integer> applied = new ArrayList<>();
        if (state.toMove() != t.seat()) {
            throw new RecordException("turn " + state.turn() + ": seat " + t.seat() + " moves, but it is seat "
                    + state.toMove() + "'s turn (R7)");
        }
        if (t.pass()) {
            step(state, Action.PASS, applied);
            return toArray(applied);
        }
        for (int i = 0; i < t.returns(); i++) {
            step(state, Action.USE_RETURN, applied);
        }
        if (state.phase() == Phase.RETURNS) {
            step(state, Action.END_RETURNS, applied);
        }
        int payIndex = 0;
        for (int i = 0; i < t.take().length; i++) {
            int card = t.take()[i];
            if (card < 0 || card >= Layout.POSITIONS) {
                throw new RecordException("turn " + state.turn() + ": no card " + card);
            }
            step(state, Action.take(layout.positionOf(card)), applied);
            if (state.phase() == Phase.PAY) {
                if (payIndex >= t.pay().length) {
                    throw new RecordException("turn " + state.turn() + ": card " + card
                            + " carried an opponent's marker but \"pay\" has no entry for it (R11)");
                }
                int pay = t.pay()[payIndex++];
                step(state, pay < 0 ? Action.PAY_RESERVE : Action.payMarker(layout.positionOf(pay)), applied);
            }
        }
        if (payIndex != t.pay().length) {
            throw new RecordException("turn " + state.turn() + ": \"pay\" lists more payments than opponent-marked cards taken");
        }
        if (state.phase() == Phase.TAKE_SECOND) {
            step(state, Action.STOP, applied);
        }
        if (state.phase() == Phase.LATE_RETURNS) {
            for (int i = 0; i < t.lateReturns(); i++) {
                step(state, Action.USE_RETURN, applied);
            }
            if (state.phase() == Phase.LATE_RETURNS) {
                step(state, Action.END_RETURNS, applied);
            }
        }
        if (t.hasMarker()) {
            int to = layout.positionOf(t.markerTo());
            step(state, t.markerFrom() < 0 ? Action.place(to) : Action.move(layout.positionOf(t.markerFrom()), to), applied);
        } else if (state.phase() == Phase.MARKER) {
            step(state, Action.SKIP, applied);
        }
        return toArray(applied);
    }

    private static void step(GameState state, int action, List<Integer> applied) {
        try {
            state.apply(action);
        } catch (IllegalActionException e) {
            throw new RecordException("turn " + state.turn() + " (seat " + state.toMove() + "): "
                    + Action.toString(action) + " is illegal: " + e.getMessage());
        }
        applied.add(action);
    }

    private static int[] toArray(List<Integer> l) {
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Every engine action of the game, in order (step K of {@code view} and {@code solve} is the
     * position after the first K), after checking the record replays (unless it ended by a
     * forfeit, whose last position need not be an end).
     *
     * @throws RecordException when a step is illegal or the result does not match
     */
    public int[] actions() {
        if (!result.isForfeit()) {
            replay(); // every step legal, the final scores as recorded
        }
        GameState driver = new GameState(rules, deal);
        int[] all = new int[0];
        for (Turn t : turns) {
            int[] a = applyTurn(driver, t);
            int n = all.length;
            all = java.util.Arrays.copyOf(all, n + a.length);
            System.arraycopy(a, 0, all, n, a.length);
        }
        return all;
    }

    /**
     * Plays the whole record through the engine and checks that every step is legal, that
     * turns follow the engine's turn order, and that the final scores, card counts and winners
     * match. Returns the final state.
     */
    public GameState replay() {
        GameState s = new GameState(rules, deal);
        for (Turn t : turns) {
            if (s.isOver()) {
                throw new RecordException("turn " + s.turn() + ": the game is already over (R17)");
            }
            int before = s.turn();
            applyTurn(s, t);
            if (!s.isOver() && s.turn() == before && !result.isForfeit()) {
                throw new RecordException("turn " + before + ": the recorded turn ends before the engine's turn does");
            }
        }
        if (result.isForfeit()) {
            return s;
        }
        if (!s.isOver()) {
            throw new RecordException("the record ends before the game does");
        }
        int[] scores = new int[rules.players()];
        s.scores(scores);
        if (!Arrays.equals(scores, result.scores())) {
            throw new RecordException("replayed scores " + Arrays.toString(scores) + " differ from recorded "
                    + Arrays.toString(result.scores()));
        }
        for (int p = 0; p < rules.players(); p++) {
            if (s.cardCount(p) != result.cards()[p]) {
                throw new RecordException("replayed card count of seat " + p + " differs from the record");
            }
        }
        if (s.winners(scores) != result.winners()) {
            throw new RecordException("replayed winners differ from the record");
        }
        return s;
    }
}
