package richelieu.engine.record;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.BotFailure;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.DeckException;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.Region;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.engine.Symbol;
import richelieu.engine.TestBots;
import richelieu.engine.json.Json;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deck files and game records are read strictly. Deep nesting and 200,000-digit
 * numbers were an internal NullPointerException, trailing data and a second document were
 * accepted, a huge file was read whole, and a record's numbers were taken loosely
 * ({@code take:[2^40]} read as card 0; {@code returns:-1}, {@code 0.5} and {@code "0"} passed).
 */
class StrictJsonTest {
    private static final ObjectMapper M = new ObjectMapper();

    // ------------------------------------------------------------------ decks

    @Test
    void deckParse_deepNesting_isOneLineDeckError() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertDeckError("{\"name\": \"x\", \"cards\": " + deep + "}", "nesting depth");
    }

    @Test
    void deckParse_200000DigitNumber_isOneLineDeckError() {
        String deck = Deck.standard().toJson().replaceFirst("\"shields\" : 1", "\"shields\" : " + "9".repeat(200_000));
        assertDeckError(deck, "exceeds the maximum allowed");
    }

    @Test
    void deckParse_trailingGarbageOrSecondDocument_rejected() {
        String deck = Deck.standard().toJson();
        assertDeckError(deck + " garbage", "not valid JSON");
        assertDeckError(deck + "\n" + deck, "not valid JSON");
        assertDeckError(deck.replaceFirst("\"name\"", "\"name\" : \"twice\", \"name\""), "Duplicate field");
    }

    @Test
    void deckLoad_fileOverTheLimit_refusedBeforeReading(@TempDir Path dir) throws IOException {
        Path big = dir.resolve("big.json");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(Deck.MAX_FILE_BYTES * 50); // sparse: 50 MB that take no disk and are never read
        }
        DeckException e = assertThrows(DeckException.class, () -> Deck.load(big));
        assertTrue(e.getMessage().contains("too large: " + Deck.MAX_FILE_BYTES * 50 + " bytes"), e.getMessage());
        assertOneLine(e.getMessage());
    }

    @Test
    void deckLoad_directory_isCleanError(@TempDir Path dir) {
        DeckException e = assertThrows(DeckException.class, () -> Deck.load(dir));
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
    }

    private static void assertDeckError(String text, String expected) {
        DeckException e = assertThrows(DeckException.class, () -> Deck.parse(text));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertOneLine(e.getMessage());
    }

    // ------------------------------------------------------------------ records

    @Test
    void recordParse_takeOf2To40_rejectedNotReadAsCard0() {
        assertRecordError(t -> t.putArray("take").add(1L << 40), "\"take\" must be between 0 and 47, not 1099511627776");
    }

    @Test
    void recordParse_negativeReturns_rejected() {
        assertRecordError(t -> t.put("returns", -1), "\"returns\" must be between 0 and 8, not -1");
    }

    @Test
    void recordParse_fractionAndStringNumbers_rejected() {
        assertRecordError(t -> t.put("seat", 0.5), "\"seat\" must be an integer, not 0.5");
        assertRecordError(t -> t.put("seat", "0"), "\"seat\" must be an integer, not \"0\"");
        assertRecordError(t -> ((ArrayNode) t.get("take")).set(0, M.getNodeFactory().textNode("0")),
                "\"take\" must be an integer");
        assertRecordError(t -> t.put("lateReturns", 1e3), "\"lateReturns\" must be an integer");
    }

    @Test
    void recordParse_trailingData_rejected() {
        String line = recordLine();
        RecordException e = assertThrows(RecordException.class, () -> GameRecord.parse(line + " {}"));
        assertTrue(e.getMessage().contains("not valid JSON"), e.getMessage());
    }

    @Test
    void recordParse_strictRecordOfAPlayedGame_stillRoundTrips() {
        String line = recordLine();
        assertEquals(line, GameRecord.parse(line).toJson());
    }

    /** A real record with its first non-pass turn changed by {@code edit}: parse must fail naming the problem. */
    private static void assertRecordError(Consumer<ObjectNode> edit, String expected) {
        ObjectNode root;
        try {
            root = (ObjectNode) M.readTree(recordLine());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        for (var t : root.get("turns")) {
            if (t.has("take")) {
                edit.accept((ObjectNode) t);
                break;
            }
        }
        String line = root.toString();
        RecordException e = assertThrows(RecordException.class, () -> GameRecord.parse(line));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertOneLine(e.getMessage());
    }

    static String recordLine() {
        Rules rules = Rules.twoPlayer();
        Strategy[] bots = {new TestBots.Uniform(), new TestBots.Uniform()};
        SplittableRandom[] rngs = {new SplittableRandom(1), new SplittableRandom(2)};
        Game g = new Game();
        Deal deal = Deal.generate(Deck.standard(), 7);
        GameResult r = g.play(rules, deal, bots, rngs);
        return GameRecord.fromActions(rules, deal, List.of("a", "b"), g.lastActions(), r).toJson();
    }

    // ------------------------------------------------------------------ names

    /** Names are read back exactly: the spelling given, no case folding, null and strangers match nothing. */
    @Test
    void named_exactSpellingOnly() {
        assertEquals(Region.BOURBON, Json.named(Region.values(), Region::abbreviation, "Bbn"));
        assertEquals(Region.BOURGOGNE, Region.parse("Bourgogne"));
        assertNull(Region.parse("Bou"));
        assertNull(Region.parse("bourgogne"));
        assertNull(Region.parse(null));
        assertEquals(Symbol.TOWER, Symbol.parse("tower"));
        assertNull(Symbol.parse("TOWER"));
        assertEquals(Rules.Variant.THREE_ROW, Rules.Variant.parse("three-row"));
        assertNull(Rules.Variant.parse("three_row"));
        assertEquals(BotFailure.Reason.TIMEOUT, Json.constant(BotFailure.Reason.class, "TIMEOUT", "reason"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Json.constant(BotFailure.Reason.class, "timeout", "reason"));
        assertEquals("\"reason\" must be one of [CRASH, TIMEOUT, ILLEGAL, GARBAGE], not \"timeout\"", e.getMessage());
    }

    static void assertOneLine(String message) {
        Malformed.assertOneLine(message);
    }
}
