package richelieu.engine.record;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import richelieu.engine.Card;
import richelieu.engine.Deck;
import richelieu.engine.GameResult;
import richelieu.engine.Layout;
import richelieu.engine.Rules;

import java.io.IOException;
import java.io.UncheckedIOException;

import static richelieu.engine.json.Json.bool;
import static richelieu.engine.json.Json.constant;
import static richelieu.engine.json.Json.intField;
import static richelieu.engine.json.Json.text;

/**
 * The JSON forms of the game's values shared by game records, the bot protocol and result files,
 * written in one place: every {@link Rules} parameter, a deck's cards as in deck files, a
 * layout's rows, and a game's scores, cards and winners.
 */
public final class GameJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private GameJson() {
    }

    /** Writes {@code {"players":…, "variant":…, "returnTiming":…, …}} with every rule parameter. */
    public static void writeRules(JsonGenerator g, Rules r) throws IOException {
        g.writeStartObject();
        g.writeNumberField("players", r.players());
        g.writeStringField("variant", r.variant().jsonName());
        g.writeStringField("returnTiming", r.returnTiming().name());
        g.writeBooleanField("freedMarkersPayable", r.freedMarkersPayable());
        g.writeNumberField("maxMarkersOnTable", r.maxMarkersOnTable());
        g.writeStringField("majority", r.majority().name());
        g.writeNumberField("absentRegionPoints", r.absentRegionPoints());
        g.writeNumberField("absentSymbolPoints", r.absentSymbolPoints());
        g.writeNumberField("presentRegionPoints", r.presentRegionPoints());
        g.writeBooleanField("fewerCardsWinTies", r.fewerCardsWinTies());
        g.writeEndObject();
    }

    /** The rules as a JSON tree (same fields as {@link #writeRules}). */
    public static ObjectNode rulesNode(Rules r) {
        try (TokenBuffer buf = new TokenBuffer(MAPPER, false)) {
            writeRules(buf, r);
            return (ObjectNode) MAPPER.readTree(buf.asParser());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads what {@link #writeRules} wrote; a missing or bad field throws IllegalArgumentException. */
    public static Rules readRules(JsonNode n) {
        if (n == null || !n.isObject()) {
            throw new IllegalArgumentException("rules must be an object");
        }
        Rules.Variant variant = Rules.Variant.parse(text(n, "variant"));
        if (variant == null) {
            throw new IllegalArgumentException("variant must be base or three-row");
        }
        return new Rules(intField(n, "players", 2, 4), variant,
                constant(Rules.ReturnTiming.class, text(n, "returnTiming"), "returnTiming"),
                bool(n, "freedMarkersPayable"), intField(n, "maxMarkersOnTable", 0, 1000),
                constant(Rules.Majority.class, text(n, "majority"), "majority"),
                intField(n, "absentRegionPoints", -1000, 1000), intField(n, "absentSymbolPoints", -1000, 1000),
                intField(n, "presentRegionPoints", -1000, 1000), bool(n, "fewerCardsWinTies"));
    }

    /** Writes the layout as 4 arrays of 12 card indices (deck positions), left to right. */
    public static void writeRows(JsonGenerator g, Layout layout) throws IOException {
        g.writeStartArray();
        for (int r = 0; r < Layout.ROWS; r++) {
            g.writeStartArray();
            for (int c = 0; c < Layout.COLS; c++) {
                g.writeNumber(layout.cardAt(Layout.position(r, c)));
            }
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    /** Writes the deck's cards as an array of {@code {"region":…,"shields":…,"symbol":…}}. */
    public static void writeCards(JsonGenerator g, Deck deck) throws IOException {
        g.writeStartArray();
        for (Card c : deck.cards()) {
            MAPPER.writeTree(g, Deck.cardJson(c));
        }
        g.writeEndArray();
    }

    /** Writes {@code "name":[v0, v1, …]}. */
    public static void writeInts(JsonGenerator g, String name, int[] values) throws IOException {
        g.writeArrayFieldStart(name);
        for (int v : values) {
            g.writeNumber(v);
        }
        g.writeEndArray();
    }

    /** Writes {@code "scores":[…],"cards":[…]}: each seat's score and number of cards at the end. */
    public static void writeScores(JsonGenerator g, GameResult r) throws IOException {
        writeInts(g, "scores", r.scores());
        writeInts(g, "cards", r.cards());
    }

    /** Writes {@code "winners":[…]}: the seats that won (several when they tie). */
    public static void writeWinners(JsonGenerator g, GameResult r) throws IOException {
        g.writeArrayFieldStart("winners");
        for (int p = 0; p < r.players(); p++) {
            if (r.isWinner(p)) {
                g.writeNumber(p);
            }
        }
        g.writeEndArray();
    }
}
