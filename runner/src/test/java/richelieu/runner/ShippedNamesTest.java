package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One name per bot: a bot played under an older spec is shown under its shipped name in every
 * output (text, charts, ratings), while its result file keeps the spec it was played as, so that
 * the file replays and its statistics stay what they were.
 */
class ShippedNamesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void match_oldSpec_printsTheShippedNameAndTheFileKeepsTheSpec(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("m.json");
        Cli c = Cli.ok("match", "ismcts2:mast=0.5,iterations=10", "random", "--pairs", "2", "--seed", "3",
                "--threads", "1", "--no-progress", "--json", json.toString());
        assertTrue(c.out.contains("ismcts-mast:iterations=10") && !c.out.contains("ismcts2"), c.out);
        JsonNode file = JSON.readTree(json.toFile());
        assertEquals("ismcts2:mast=0.5,iterations=10", file.path("config").path("bots").get(0).asText());
        assertTrue(file.path("statistics").toString().contains("ismcts2:mast=0.5,iterations=10"),
                "the stored statistics keep the label the games were played under");
        assertFalse(file.path("statistics").toString().contains("ismcts-mast"), file.path("statistics").toString());

        Cli.ok("chart", json.toString());
        String svg = Files.readString(dir.resolve("m-margins.svg"));
        assertTrue(svg.contains("ismcts-mast:iterations=10") && !svg.contains("ismcts2"), "the chart names the bot");
    }

    @Test
    void match_oldSpecBesideItsShippedName_keepsBothNamesApart() {
        Cli c = Cli.ok("match", "ismcts2:mast=0.5,iterations=10", "ismcts-mast:iterations=10", "--pairs", "1",
                "--seed", "3", "--threads", "1", "--no-progress");
        assertTrue(c.out.contains("ismcts2:mast=0.5,iterations=10 vs ismcts-mast:iterations=10")
                || c.out.contains("richelieu match: ismcts2:mast=0.5,iterations=10, ismcts-mast:iterations=10"), c.out);
    }

    @Test
    void ratings_oldAndShippedSpecOfOneBot_poolsThemUnderOneName(@TempDir Path dir) {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Cli.ok("match", "ismcts2:mast=0.5,iterations=10", "random", "--pairs", "3", "--seed", "3", "--threads", "1",
                "--no-progress", "--json", a.toString());
        Cli.ok("match", "ismcts-mast:iterations=10", "greedy", "--pairs", "3", "--seed", "4", "--threads", "1",
                "--no-progress", "--json", b.toString());
        Cli c = Cli.ok("ratings", a.toString(), b.toString());
        assertFalse(c.out.contains("ismcts2"), c.out);
        int first = c.out.indexOf("ismcts-mast:iterations=10");
        assertTrue(first >= 0, c.out);
        assertTrue(c.out.contains("3 bots, 2 pairings"), "one bot, not two: " + c.out);
    }
}
