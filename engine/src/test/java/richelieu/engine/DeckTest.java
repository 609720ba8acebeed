package richelieu.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeckTest {
    private static String standardJson() {
        return Deck.standard().toJson();
    }

    private static String message(String json) {
        return assertThrows(DeckException.class, () -> Deck.parse(json)).getMessage();
    }

    @Test
    void toJson_parse_roundTripsTheStandardDeck() {
        Deck d = Deck.parse(standardJson());
        assertEquals(Deck.standard().cards(), d.cards());
        assertEquals(Deck.standard().name(), d.name());
    }

    @Test
    void load_readsAFileAndRejectsAMissingOne(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("deck.json");
        Files.writeString(f, standardJson());
        assertEquals(48, Deck.load(f).cards().size());
        String m = assertThrows(DeckException.class, () -> Deck.load(dir.resolve("nope.json"))).getMessage();
        assertTrue(m.contains("no such file"), m);
    }

    @Test
    void parse_47Cards_rejected() {
        String json = standardJson().replaceFirst("\\{\\s*\"region\" : \"Bourgogne\",\\s*\"shields\" : 1,\\s*\"symbol\" : \"sword\"\\s*},", "");
        assertTrue(message(json).contains("48 cards"), message(json));
    }

    @Test
    void parse_unknownRegion_namesTheCard() {
        String m = message(standardJson().replaceFirst("\"Bretagne\"", "\"Bavaria\""));
        assertTrue(m.startsWith("card 7: unknown region \"Bavaria\""), m);
    }

    @Test
    void parse_threeShields_namesTheCard() {
        String m = message(standardJson().replaceFirst("\"shields\" : 2", "\"shields\" : 3"));
        assertTrue(m.startsWith("card 3 (Bourgogne): shields must be 1 or 2"), m);
    }

    @Test
    void parse_symbolOnADoubleCard_rejected_R1() {
        String json = standardJson().replaceFirst("\"shields\" : 2,\\s*\"symbol\" : null", "\"shields\" : 2, \"symbol\" : \"tower\"");
        String m = message(json);
        assertTrue(m.contains("card 3") && m.contains("one-shield"), m);
    }

    @Test
    void parse_aSymbolTokenWithoutItsSymbol_rejected() {
        String json = standardJson().replace("\"tower\"", "null");
        String m = message(json);
        assertTrue(m.contains("tower"), m);
    }

    @Test
    void parse_regionWithoutCards_rejected() {
        String json = standardJson().replace("\"Auvergne\"", "\"Anjou\"");
        String m = message(json);
        assertTrue(m.contains("Auvergne has no card"), m);
    }

    @Test
    void parse_badJsonAndUnknownFields_oneLineMessages() {
        assertTrue(message("{\"name\": \"x\", \"cards\": [").startsWith("not valid JSON"));
        assertTrue(message("{\"name\": \"x\", \"cards\": [], \"extra\": 1}").contains("unknown field \"extra\""));
        assertTrue(message("[]").contains("JSON object"));
        assertTrue(message("{\"cards\": []}").contains("\"name\""));
        for (String m : new String[]{message("{\"name\": \"x\", \"cards\": ["), message("[]")}) {
            assertTrue(!m.contains("\n"), "one line: " + m);
        }
    }
}
