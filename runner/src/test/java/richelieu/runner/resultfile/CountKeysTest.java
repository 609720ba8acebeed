package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The keys of the objects of counts a result file holds: deal outcomes and margin histograms read one way. */
class CountKeysTest {
    @Test
    void dealOutcomes_keysChecked_countsMerged() throws Exception {
        JsonNode n = ResultFile.MAPPER.readTree("{\"0\": 2, \"+0\": 1, \"24\": 5}");
        // 3 players: three pairs of 7 outcomes each, keys 0..342; "+0" is the key 0 again
        assertEquals(java.util.Map.of(0L, 3L, 24L, 5L), DealOutcomes.fromJson(n, "o", 3).counts());
        // 2 players: one pair of 5 outcomes, keys 0..4
        assertEquals("o: key 'x' is not an integer", refused("{\"x\": 1}", 2));
        assertEquals("o: outcome 5 is out of range", refused("{\"5\": 1}", 2));
        assertEquals("o: outcome -1 is out of range", refused("{\"-1\": 1}", 2));
    }

    @Test
    void integerKey_boundsInclusive_andEveryFailureOneLine() {
        assertEquals(-10_000, TallySchema.integerKey("-10000", "h", "value", -10_000, 10_000));
        assertEquals(10_000, TallySchema.integerKey("10000", "h", "value", -10_000, 10_000));
        assertEquals("h: value 10001 is out of range", assertThrows(IllegalArgumentException.class,
                () -> TallySchema.integerKey("10001", "h", "value", -10_000, 10_000)).getMessage());
        assertEquals("h: key '1.5' is not an integer", assertThrows(IllegalArgumentException.class,
                () -> TallySchema.integerKey("1.5", "h", "value", -10_000, 10_000)).getMessage());
        assertEquals("h: value -9223372036854775808 is out of range", assertThrows(IllegalArgumentException.class,
                () -> TallySchema.integerKey("-9223372036854775808", "h", "value", -10_000, 10_000)).getMessage());
    }

    private static String refused(String json, int players) throws Exception {
        JsonNode n = ResultFile.MAPPER.readTree(json);
        return assertThrows(IllegalArgumentException.class, () -> DealOutcomes.fromJson(n, "o", players)).getMessage();
    }
}
