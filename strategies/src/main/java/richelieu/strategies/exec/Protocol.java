package richelieu.strategies.exec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.Action;
import richelieu.engine.Deck;
import richelieu.engine.GameResult;
import richelieu.engine.Layout;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Phase;
import richelieu.engine.Rules;
import richelieu.engine.Token;
import richelieu.engine.json.Json;
import richelieu.engine.record.GameJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Locale;

/**
 * The messages of protocol {@code richelieu-bot/1} (see {@code docs/protocol.md}): one JSON object
 * per line. Messages are written with one reusable Jackson generator into a buffer that the
 * caller takes with {@link #take()}; replies are parsed with {@link #parseReply(String)}.
 *
 * <p>Cards are named by their deck index everywhere (the index in the {@code start} message's
 * deck), never by table position: a bot can look a card up in the deck directly, and find its
 * position through the {@code layout} rows ({@code position = row * 12 + column}).
 *
 * <p>An {@code act} message carries exactly the fields of {@link Observation} and nothing else,
 * so a bot sees only what its seat may know (R25, R26).
 */
final class Protocol {
    static final String VERSION = "richelieu-bot/1";

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final String[] PHASE_NAMES = new String[Phase.values().length];

    static {
        for (Phase p : Phase.values()) {
            PHASE_NAMES[p.ordinal()] = p.name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    private final StringBuilder out = new StringBuilder(16 * 1024);
    private final JsonGenerator g;

    Protocol() {
        Writer sink = new Writer() {
            @Override
            public void write(char[] cbuf, int off, int len) {
                out.append(cbuf, off, len);
            }

            @Override
            public void write(String str, int off, int len) {
                out.append(str, off, off + len);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        try {
            g = FACTORY.createGenerator(sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        g.setRootValueSeparator(null); // each message ends with '\n' instead (see end())
    }

    /** Everything written since the last call, as whole lines; clears the buffer. */
    String take() {
        String s = out.toString();
        out.setLength(0);
        return s;
    }

    boolean isEmpty() {
        return out.length() == 0;
    }

    /** The phase's protocol name, e.g. "take-first". */
    static String phaseName(Phase p) {
        return PHASE_NAMES[p.ordinal()];
    }

    // ------------------------------------------------------------------ messages

    void start(int seat, Rules rules, Layout layout, long seed) {
        try {
            g.writeStartObject();
            g.writeStringField("type", "start");
            g.writeStringField("protocol", VERSION);
            g.writeNumberField("seat", seat);
            g.writeNumberField("players", rules.players());
            g.writeFieldName("rules");
            GameJson.writeRules(g, rules);
            Deck deck = layout.deck();
            g.writeObjectFieldStart("deck");
            g.writeStringField("name", deck.name());
            g.writeFieldName("cards");
            GameJson.writeCards(g, deck);
            g.writeEndObject();
            g.writeObjectFieldStart("layout");
            g.writeFieldName("rows");
            GameJson.writeRows(g, layout);
            g.writeArrayFieldStart("tokenPlaces");
            for (int i = 0; i < Layout.TOKEN_PLACES; i++) {
                g.writeNumber(layout.cardAt(Layout.placePosition(i)));
            }
            g.writeEndArray();
            g.writeEndObject();
            // Unsigned, so that every language's seeding function accepts it as is.
            g.writeFieldName("seed");
            g.writeNumber(Long.toUnsignedString(seed));
            end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void act(Observation o, LegalActions legal) {
        Layout layout = o.layout();
        try {
            g.writeStartObject();
            g.writeStringField("type", "act");
            g.writeNumberField("seat", o.seat());
            g.writeNumberField("turn", o.turn());
            g.writeNumberField("toMove", o.toMove());
            g.writeStringField("phase", phaseName(o.phase()));
            g.writeArrayFieldStart("table");
            for (int r = 0; r < Layout.ROWS; r++) {
                cards(layout, o.table() & Layout.rowMask(r));
            }
            g.writeEndArray();
            g.writeFieldName("tokenCards");
            cards(layout, o.tokenPlaces());
            g.writeArrayFieldStart("players");
            for (int p = 0; p < o.players(); p++) {
                g.writeStartObject();
                g.writeFieldName("cards");
                cards(layout, o.hand(p));
                g.writeFieldName("markers");
                cards(layout, o.markers(p));
                g.writeNumberField("reserve", o.reserve(p));
                g.writeNumberField("boxed", o.boxed(p));
                g.writeNumberField("tokens", o.tokenCount(p));
                g.writeNumberField("usedReturns", o.usedReturns(p));
                g.writeNumberField("nonReturnAtLeast", o.nonReturnAtLeast(p));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("ownTokens");
            for (int m = o.ownTokens(); m != 0; m &= m - 1) {
                g.writeString(Token.name(Integer.numberOfTrailingZeros(m)));
            }
            g.writeEndArray();
            g.writeNumberField("takenThisTurn", o.takenThisTurn());
            g.writeFieldName("firstTaken");
            if (o.firstTaken() < 0) {
                g.writeNull();
            } else {
                g.writeNumber(layout.cardAt(o.firstTaken()));
            }
            g.writeNumberField("freedThisTurn", o.freedThisTurn());
            g.writeNumberField("returnsThisTurn", o.returnsThisTurn());
            g.writeArrayFieldStart("legal");
            for (int i = 0; i < legal.size(); i++) {
                action(layout, legal.get(i));
            }
            g.writeEndArray();
            end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void played(Layout layout, int seat, int action) {
        try {
            g.writeStartObject();
            g.writeStringField("type", "played");
            g.writeNumberField("seat", seat);
            g.writeFieldName("play");
            action(layout, action);
            end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void end(GameResult r) {
        try {
            g.writeStartObject();
            g.writeStringField("type", "end");
            GameJson.writeScores(g, r);
            GameJson.writeWinners(g, r);
            g.writeNumberField("turns", r.turns());
            g.writeFieldName("forfeit");
            if (r.isForfeit()) {
                g.writeStartObject();
                g.writeNumberField("seat", r.forfeitSeat());
                g.writeStringField("reason", r.forfeit().jsonName());
                g.writeEndObject();
            } else {
                g.writeNull();
            }
            end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One action object: {"action": packed, "text": …, "type": …, operands as card indices}. */
    private void action(Layout layout, int a) throws IOException {
        g.writeStartObject();
        g.writeNumberField("action", a);
        g.writeStringField("text", Action.toString(a));
        g.writeStringField("type", Action.typeName(a));
        switch (Action.type(a)) {
            case Action.T_TAKE, Action.T_PAY_MARKER, Action.T_PLACE ->
                    g.writeNumberField("card", layout.cardAt(Action.position(a)));
            case Action.T_MOVE -> {
                g.writeNumberField("from", layout.cardAt(Action.from(a)));
                g.writeNumberField("to", layout.cardAt(Action.position(a)));
            }
            default -> {
            }
        }
        g.writeEndObject();
    }

    /** The cards of a position mask, as deck indices in position order. */
    private void cards(Layout layout, long mask) throws IOException {
        g.writeStartArray();
        for (long m = mask; m != 0; m &= m - 1) {
            g.writeNumber(layout.cardAt(Long.numberOfTrailingZeros(m)));
        }
        g.writeEndArray();
    }

    private void end() throws IOException {
        g.writeEndObject();
        g.writeRaw('\n');
        g.flush();
    }

    // ------------------------------------------------------------------ replies

    /** A reply that is not {@code {"action": <int>}}; the bot forfeits with GARBAGE. */
    static final class BadReply extends Exception {
        BadReply(String message) {
            super(message);
        }
    }

    /**
     * Parses an answer line: a JSON object with an integer {@code "action"} (other fields are
     * ignored, so bots may add e.g. a comment).
     */
    static int parseReply(String line) throws BadReply {
        JsonNode root;
        try {
            root = Json.readTree(line);
        } catch (Json.BadJson e) {
            throw new BadReply("answered " + quote(line) + ", which is " + e.getMessage());
        }
        if (!root.isObject()) {
            throw new BadReply("answered " + quote(line) + ", which is not a JSON object {\"action\": <int>}");
        }
        JsonNode a = root.get("action");
        if (a == null) {
            throw new BadReply("answered " + quote(line) + ", which has no \"action\" field");
        }
        if (!a.isIntegralNumber() || !a.canConvertToInt()) {
            throw new BadReply("answered " + quote(line) + ": \"action\" must be an integer (a packed action)");
        }
        return a.intValue();
    }

    /** A line for an error message: one line, at most 100 characters, in quotes. */
    static String quote(String line) {
        return "'" + Json.brief(line, 100) + "'";
    }
}
