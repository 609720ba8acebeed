package richelieu.strategies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The presets table: its names follow the naming scheme, and each value is the one its result
 * file says the run chose, from the run with the seed and games the table names.
 */
class PresetsTest {
    private static final Path ROOT = Path.of("..");
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<Presets.Preset> shipped() {
        return Presets.table().stream().filter(p -> !p.kept());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shipped")
    void shippedPreset_name_isItsBaseOrItsFamilyAndVariantAndItsPlayerCount(Presets.Preset p) {
        if (p.variant() == null) {
            assertEquals(p.base() + "-" + p.players() + "p", p.name());
        } else {
            String family = p.base().split("-")[0];
            assertEquals(family + "-" + p.variant() + "-" + p.players() + "p", p.name());
            assertTrue(p.values().containsValue(p.variant()), p.name() + ": no value turns on " + p.variant());
        }
        assertFalse(Bots.isKept(Bots.standard().factory(p.base())), p.base() + " is an old name");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shipped")
    void shippedPreset_values_areWhatItsResultFilesChose(Presets.Preset p) throws IOException {
        List<String> chosen = new ArrayList<>();
        for (Presets.ChosenBy c : p.chosenBy()) {
            JsonNode file = JSON.readTree(Files.readString(ROOT.resolve(c.file())));
            assertEquals(c.seed(), file.path("config").path("seed").asLong(), c.file() + ": seed");
            assertEquals(c.games(), file.path("tally").path("games").asLong(), c.file() + ": games");
            for (String name : c.values()) {
                chosen.add(name);
                assertEquals(p.values().get(name), chosenValue(file, name), p.name() + "'s " + name + " in " + c.file());
            }
        }
        assertEquals(p.values().keySet().stream().sorted().toList(), chosen.stream().sorted().toList(),
                p.name() + ": every value, and only those, comes from a run");
        for (String f : p.confirmedBy()) {
            assertTrue(Files.isRegularFile(ROOT.resolve(f)), f);
        }
    }

    /** The value a result file chose: a tuning's tuned value, or the value every screened bot of a tournament had. */
    private static String chosenValue(JsonNode file, String name) {
        if (file.path("config").path("command").asText().equals("tune")) {
            for (JsonNode v : file.path("statistics").path("parameters")) {
                if (v.path("name").asText().equals(name)) {
                    return v.path("value").asText();
                }
            }
            return null;
        }
        String value = null;
        for (JsonNode bot : file.path("config").path("bots")) {
            Map<String, String> given = SpecText.read(SpecText.read(bot.asText()).spec()).values();
            if (given.containsKey(name)) {
                value = given.get(name);
            }
        }
        return value;
    }

    @Test
    void keptPreset_sameAs_playsTheShippedPresetsValues() {
        Bots bots = Bots.standard();
        for (Presets.Preset p : Presets.table()) {
            if (p.kept() && p.sameAs() != null) {
                assertEquals(bots.factory(p.sameAs()).parameters(), bots.factory(p.name()).parameters(), p.name());
                assertTrue(Bots.isKept(bots.factory(p.name())), p.name());
            }
        }
    }

    @Test
    void read_sameAsAKeptOrMissingRow_isRefused() {
        String row = "{\"presets\": [{\"name\": \"a\", \"kept\": true, \"sameAs\": \"b\"}]}";
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Presets.read(row));
        assertTrue(e.getMessage().contains("preset a: sameAs"), e.getMessage());
    }

    @Test
    void factories_valueOutsideTheBasesRange_isRefusedNamingThePreset() {
        List<Presets.Preset> bad = Presets.read("{\"presets\": [{\"name\": \"heuristic-2p\", \"base\": \"heuristic\", "
                + "\"players\": 2, \"values\": {\"marker\": \"11\"}, \"how\": \"x\"}]}");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new Presets.PresetFactory(bad.get(0), Bots.standard().factory("heuristic")));
        assertTrue(e.getMessage().startsWith("preset heuristic-2p: "), e.getMessage());
    }

    @Test
    void shippedName_oldSpecs_areTheShippedSpecsOfTheSameBot() {
        Bots bots = Bots.standard();
        assertEquals("ismcts-mast", bots.shippedName("ismcts2:mast=0.5"));
        assertEquals("ismcts-mast:iterations=100", bots.shippedName("ismcts2:mast=0.5,iterations=100"));
        assertEquals("ismcts-mast:iterations=1000,rollout=random", bots.shippedName("ismcts2:iterations=1000"));
        assertEquals("ismcts-mast:iterations=100,epsilon=0.3", bots.shippedName("ismcts2:iterations=100,mast=0.3"));
        assertEquals("heuristic-2p", bots.shippedName("heuristic-tuned"));
        assertEquals("ismcts-mast-2p:iterations=4000", bots.shippedName("ismcts-mast-tuned:iterations=4000"));
    }

    @Test
    void shippedName_shippedLabelledUnknownOrUnreadable_isTheDefinitionItself() {
        Bots bots = Bots.standard();
        for (String d : new String[]{"ismcts:iterations=1000", "ismcts-mast", "fast=ismcts2:mast=0.5",
                "ismcts-mast-tuned-3p", "mybot:x=1", "ismcts2:mast", "ismcts2:mast=x", "exec:python3 bot.py"}) {
            assertEquals(d, bots.shippedName(d), d);
        }
        assertNotNull(bots.factory("ismcts-mast-tuned-3p"));
    }
}
