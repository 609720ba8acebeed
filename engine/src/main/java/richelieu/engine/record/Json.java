package richelieu.engine.record;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import richelieu.engine.Card;
import richelieu.engine.Deck;
import richelieu.engine.Layout;
import richelieu.engine.Rules;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The JSON forms shared by game records, the bot protocol and result files, written in one
 * place: every {@link Rules} parameter, a deck's cards as in deck files, and a layout's rows.
 */
public final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
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
        try {
            Rules.Variant variant = Rules.Variant.parse(n.get("variant").asText());
            if (variant == null) {
                throw new IllegalArgumentException("variant must be base or three-row");
            }
            return new Rules(n.get("players").asInt(), variant, Rules.ReturnTiming.valueOf(n.get("returnTiming").asText()),
                    n.get("freedMarkersPayable").asBoolean(), n.get("maxMarkersOnTable").asInt(),
                    Rules.Majority.valueOf(n.get("majority").asText()), n.get("absentRegionPoints").asInt(),
                    n.get("absentSymbolPoints").asInt(), n.get("presentRegionPoints").asInt(),
                    n.get("fewerCardsWinTies").asBoolean());
        } catch (NullPointerException e) {
            throw new IllegalArgumentException("rules need players, variant, returnTiming, freedMarkersPayable, "
                    + "maxMarkersOnTable, majority, absentRegionPoints, absentSymbolPoints, presentRegionPoints and "
                    + "fewerCardsWinTies");
        }
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
            g.writeStartObject();
            g.writeStringField("region", c.region().displayName());
            g.writeNumberField("shields", c.shields());
            if (c.symbol() == null) {
                g.writeNullField("symbol");
            } else {
                g.writeStringField("symbol", c.symbol().jsonName());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }
}
