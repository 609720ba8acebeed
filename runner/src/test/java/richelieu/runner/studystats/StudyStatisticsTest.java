package richelieu.runner.studystats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import richelieu.runner.UserError;

import java.io.IOException;
import java.io.InputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The typed statistics bind a stored file's statistics and write them back byte for byte. */
class StudyStatisticsTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private static JsonNode golden(String name) throws IOException {
        try (InputStream in = StudyStatisticsTest.class.getResourceAsStream("/golden/" + name + "/result.json")) {
            assertNotNull(in, name);
            return JSON.readTree(in);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"match", "match-unpaired", "sprt", "tournament", "tournament-3p", "first-player",
            "first-player-3p", "balance", "merge", "shard"})
    void read_goldenStatistics_writesTheSameBytes(String name) throws IOException {
        JsonNode file = golden(name);
        JsonNode stored = file.get("statistics");
        StudyStatistics typed = StudyStatistics.read(file.get("config").get("command").asText(), stored);
        assertEquals(JSON.writeValueAsString(stored), JSON.writeValueAsString(typed.toJson()));
    }

    @Test
    void read_nonFiniteNumbersAsStrings_boundAsDoubles() throws IOException {
        JsonNode file = golden("match-unpaired"); // 15-0: Elo +inf, nElo NaN
        StudyStatistics.Match m = (StudyStatistics.Match) StudyStatistics.read("match", file.get("statistics"));
        assertEquals(Double.POSITIVE_INFINITY, m.match().trinomial().elo());
        assertEquals(Double.POSITIVE_INFINITY, m.match().trinomial().eloInterval().high());
        assertTrue(Double.isNaN(m.match().trinomial().nElo()));
        assertTrue(Double.isNaN(m.match().trinomial().nEloInterval().low()));
    }

    @Test
    void read_mistypedField_oneLineUserError() throws IOException {
        JsonNode stats = JSON.readTree("{\"match\": {\"games\": \"many\"}}");
        UserError e = assertThrows(UserError.class, () -> StudyStatistics.read("match", stats));
        assertTrue(e.getMessage().startsWith("the match result's statistics: "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void read_unknownKind_none() throws IOException {
        assertEquals(null, StudyStatistics.read("ratings", JSON.createObjectNode()));
    }
}
