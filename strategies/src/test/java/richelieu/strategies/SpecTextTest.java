package richelieu.strategies;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The spec grammar, read and written in one place. */
class SpecTextTest {
    @Test
    void read_labelledSpec_splitsLabelKindAndArgument() {
        SpecText t = SpecText.read(" fast = ismcts:iterations=200 ");
        assertEquals("fast", t.label());
        assertEquals("ismcts", t.kind());
        assertEquals("iterations=200", t.argument());
        assertEquals("ismcts:iterations=200", t.spec());
    }

    @Test
    void read_colonBeforeTheEquals_isAPlainSpec() {
        SpecText t = SpecText.read("ismcts:iterations=200");
        assertNull(t.label());
        assertEquals(Map.of("iterations", "200"), t.values());
        assertEquals("exec", SpecText.read("exec:python3 a=b.py").kind());
        assertEquals(-1, SpecText.labelEnd("ismcts:iterations=200"));
        assertEquals("mine", SpecText.labelOf("mine=exec:python3 bot.py"));
    }

    @Test
    void read_labelOfOtherCharacters_isRefused() {
        BotSpecException e = assertThrows(BotSpecException.class, () -> SpecText.read("my bot=random"));
        assertTrue(e.getMessage().startsWith("bad label in 'my bot=random'"), e.getMessage());
    }

    @Test
    void values_malformedOrRepeated_isRefusedNamingTheBot() {
        assertEquals("bot 'ismcts': expected key=value, got 'c'",
                assertThrows(BotSpecException.class, () -> SpecText.read("ismcts:c").values()).getMessage());
        assertEquals("bot 'ismcts': parameter 'c' given twice",
                assertThrows(BotSpecException.class, () -> SpecText.read("ismcts:c=1, c=2").values()).getMessage());
    }

    @Test
    void write_valuesInOrder_readsBackToTheSameValues() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("iterations", "2000");
        v.put("c", "0.7");
        String spec = SpecText.write("ismcts", v);
        assertEquals("ismcts:iterations=2000,c=0.7", spec);
        assertEquals(v, SpecText.read(spec).values());
        assertEquals("random", SpecText.write("random", Map.of()));
        assertEquals("fast=" + spec, SpecText.define("fast", spec));
        assertEquals(spec, SpecText.define(null, spec));
        assertEquals(spec, SpecText.define(spec, spec));
    }
}
