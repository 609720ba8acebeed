package richelieu.engine.record;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameResult;
import richelieu.engine.Layout;
import richelieu.engine.Rules;
import richelieu.engine.Token;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/** Writes a {@link GameRecord} as its {@code richelieu-record/1} line. */
final class RecordWriter {
    private static final JsonFactory JSON_FACTORY = new JsonFactory();

    private RecordWriter() {
    }

    /** The record as one line of JSON (no trailing newline). */
    static String toJson(GameRecord r) {
        StringWriter w = new StringWriter(4096);
        try (JsonGenerator g = JSON_FACTORY.createGenerator(w)) {
            write(g, r.rules(), r.deal(), r.seats(), r.turns(), r.result());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    private static void write(JsonGenerator g, Rules rules, Deal deal, List<String> seats, List<GameRecord.Turn> turns,
                              GameResult result) throws IOException {
        Layout layout = deal.layout();
        Deck deck = layout.deck();
        int players = rules.players();
        g.writeStartObject();
        g.writeStringField("format", GameRecord.FORMAT);
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
        for (GameRecord.Turn t : turns) {
            g.writeStartObject();
            g.writeNumberField("seat", t.seat());
            if (t.pass()) {
                g.writeBooleanField("pass", true);
            } else {
                g.writeNumberField("returns", t.returns());
                if (rules.returnTiming() == Rules.ReturnTiming.START_AND_AFTER_TAKING) {
                    g.writeNumberField("lateReturns", t.lateReturns());
                }
                GameJson.writeInts(g, "take", t.take());
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
        GameJson.writeScores(g, result);
        if (players == 2) {
            if (result.winner() >= 0) {
                g.writeNumberField("winner", result.winner());
            } else {
                g.writeNullField("winner");
            }
        } else {
            GameJson.writeWinners(g, result);
        }
        if (result.isForfeit()) {
            g.writeObjectFieldStart("forfeit");
            g.writeNumberField("seat", result.forfeitSeat());
            g.writeStringField("reason", result.forfeit().jsonName());
            g.writeEndObject();
        }
        g.writeEndObject();
    }
}
