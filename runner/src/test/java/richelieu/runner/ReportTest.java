package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report end to end on a tiny study config. */
class ReportTest {
    private static final String CONFIG = """
            {"seed": 5, "studies": [
              {"id": "ladder", "title": "Ladder", "question": "Which bot is strongest?",
               "args": ["tournament", "random", "greedy", "heuristic", "--pairs", "4"], "quick": ["tournament", "random", "greedy", "--pairs", "2"]},
              {"id": "first-player", "title": "First player", "question": "Seat advantage?",
               "args": ["first-player", "random", "greedy", "--games", "400"], "quick": ["first-player", "random", "--games", "100"]},
              {"id": "first-player-4p", "title": "Four players", "question": "Seats?",
               "args": ["first-player", "random", "--players", "4", "--games", "200"], "quick": ["first-player", "random", "--players", "4", "--games", "40"]},
              {"id": "balance", "title": "Three-row", "question": "Balance?",
               "args": ["balance", "random", "greedy", "--pairs", "200"], "quick": ["balance", "random", "--pairs", "50"]}
            ]}
            """;

    @Test
    void report_tinyConfig_writesEveryStudyAndAnswersTheQuestions(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("studies.json");
        Files.writeString(config, CONFIG);
        Path out = dir.resolve("out");
        Cli c = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "2");
        assertEquals(0, c.exit, c.toString());
        for (String id : new String[]{"ladder", "first-player", "first-player-4p", "balance"}) {
            assertTrue(Files.exists(out.resolve(id + ".json")), id);
            String md = Files.readString(out.resolve(id + ".md"));
            assertTrue(md.contains("--seed 5") && md.contains("```text"), md);
            String command = md.substring(md.indexOf("./richelieu"), md.indexOf('\n', md.indexOf("./richelieu")));
            assertTrue(!command.contains("--threads"), "the recorded command leaves --threads out: " + command);
        }
        String readme = Files.readString(out.resolve("README.md"));
        assertTrue(readme.contains("### Does the first player have an advantage?"), readme);
        assertTrue(readme.contains("### With 3 and 4 players, does the seat order matter?"), readme);
        assertTrue(readme.contains("### Is the three-row variant better balanced?"), readme);
        assertTrue(readme.contains("### Which bot is strongest, and by how much?"), readme);
        assertTrue(readme.contains("| random |") && readme.contains("| greedy |"), readme);

        // A second run reuses the complete results and writes the same README.
        Cli again = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "1");
        assertEquals(0, again.exit, again.toString());
        assertTrue(again.out.contains("up to date"), again.out);
        assertEquals(readme, Files.readString(out.resolve("README.md")));
    }

    @Test
    void report_badConfig_oneLineError(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("studies.json");
        Files.writeString(config, "{\"seed\": 1, \"studies\": [{\"id\": \"x\", \"args\": [\"replay\"], \"quick\": [\"replay\"]}]}");
        Cli c = Cli.run("report", "--config", config.toString(), "--out", dir.resolve("o").toString());
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.startsWith("richelieu: study config") && c.err.contains("must be one of"), c.err);
        assertEquals(2, Cli.run("report", "--config", dir.resolve("none.json").toString()).exit);
    }
}
