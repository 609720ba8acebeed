package richelieu.strategies;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the search bots' one option parser judges of a spec before any game: its reach, its memory, its cost. */
class SearchBotFactoryTest {
    private static BotSpec parse(String spec) {
        return Bots.standard().parse(spec);
    }

    /** Beyond the solver's reach (about 14 cards, results/solver-frontier.md) or a searchable depth: refused, naming the range. */
    @ParameterizedTest
    @CsvSource({"'pimc:exact=48', 'exact must be between 0 and 14, not 48'",
            "'pimc:exact=20', 'exact must be between 0 and 14, not 20'",
            "'pimc:depth=40', 'depth must be between 0 and 3, not 40'",
            "'pimc:depth=4', 'depth must be between 0 and 3, not 4'"})
    void specBeyondReach_refusedInOneLine(String spec, String message) {
        BotSpecException e = assertThrows(BotSpecException.class, () -> parse(spec));
        assertEquals("bot 'pimc': " + message, e.getMessage());
    }

    /** Specs whose first decision would not end in any time worth waiting: one warning line each. */
    @ParameterizedTest
    @ValueSource(strings = {"pimc:samples=1000000", "pimc:iterations=100000000", "ismcts:iterations=100000000",
            "ismcts-mast:iterations=100000000", "ismcts-mast-2p:iterations=100000000", "pimc:millis=3600000",
            "ismcts:millis=3600000", "paranoid:depth=6,samples=1000", "maxn:depth=6,samples=1000",
            "pimc:exact=14,exactMillis=600000", "pimc:exact=14", "pimc:depth=3"})
    void absurdCost_warnsInOneLine(String spec) {
        String warning = parse(spec).costWarning();
        assertNotNull(warning, spec);
        assertTrue(warning.startsWith("warning: " + parse(spec).spec() + " is expected to take about "), warning);
        assertFalse(warning.contains("\n"), warning);
    }

    /** Every shipped search bot at its defaults, and every spec the committed results play, passes silently. */
    @ParameterizedTest
    @ValueSource(strings = {"ismcts", "ismcts-mast", "ismcts2", "ismcts-mast-2p", "ismcts-mast-3p", "ismcts-mast-4p",
            "ismcts-cutoff-3p", "pimc", "paranoid", "maxn", "pimc:iterations=4000", "ismcts-mast-2p:iterations=4000",
            "pimc:exact=8,depth=2,clock=cpu,millis=10", "pimc:exact=8,depth=2", "pimc:exact=6,millis=20,clock=cpu",
            "paranoid:samples=1,depth=3,markers=3", "ismcts:iterations=100000", "random", "heuristic-2p"})
    void saneCost_noWarning(String spec) {
        assertNull(parse(spec).costWarning(), spec);
    }

    /**
     * A table of 2^table entries of 16 bytes, for the solver's and the multi-player search's alike;
     * {@code pimc} has two, its exact searches' and its depth-limited searches' (capped at 2^16
     * entries when they only judge the end of the current turn).
     */
    @Test
    void memoryBytes_theTransposionTable() {
        assertEquals((4L << 30) + (1L << 20), parse("pimc:table=28").memoryBytes());
        assertEquals((16L << 20) + (1L << 20), parse("pimc").memoryBytes());
        assertEquals(2 * (16L << 20), parse("pimc:depth=1").memoryBytes());
        assertEquals(2 * (1L << 18), parse("pimc:table=14").memoryBytes());
        assertEquals(1L << 30, parse("paranoid:table=26").memoryBytes());
        assertEquals(1L << 30, parse("maxn:table=26").memoryBytes());
        assertEquals(0, parse("ismcts-mast-2p").memoryBytes());
        assertEquals(0, parse("heuristic").memoryBytes());
    }
}
