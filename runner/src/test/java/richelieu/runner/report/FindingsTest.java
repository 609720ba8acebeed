package richelieu.runner.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FindingsTest {

    @Test
    void firstPlayerAnswer_twoBotsEachJustSignificant_holmCorrectsTheFamily_issue9_22(@TempDir Path dir) throws IOException {
        JsonNode result;
        try (InputStream in = FindingsTest.class.getResourceAsStream("/samples/first-player.json")) {
            result = new ObjectMapper().readTree(in);
        }
        // Two bots, each with an interval just above 50% (p = 0.03 and 0.04): before, the answer said
        // "Yes." from the two tests separately; Holm-adjusted they are 0.06 and 0.06.
        setSeat0(result, "random", 0.03, 0.501);
        setSeat0(result, "greedy", 0.04, 0.502);
        StudyPlan.Study study = new StudyPlan.Study("first-player", "First player", "Seat advantage?", List.of("first-player"),
                List.of("first-player"));
        new Findings(Map.of(study, new Findings.Run(study, "first-player", result, "text")), dir, false, "test", "today").write();
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(readme.contains("**No measurable advantage** (exact binomial tests at 5%, Holm-corrected over the 2 bots)"),
                readme);
        assertFalse(readme.contains("**Yes.**"), readme);
        assertTrue(readme.contains("| Holm-adjusted p |"), readme);
    }

    private static void setSeat0(JsonNode result, String bot, double p, double low) {
        ObjectNode s0 = (ObjectNode) result.path("statistics").path("bots").path(bot).path("seat0");
        s0.put("exactBinomialP", p);
        ArrayNode i = (ArrayNode) s0.path("winRateDecisiveInterval");
        i.set(0, s0.numberNode(low));
    }
}
