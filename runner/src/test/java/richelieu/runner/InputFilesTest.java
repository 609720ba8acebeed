package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** #9 item 10 through the command line: strict JSON input, one line and exit code 2. */
class InputFilesTest {
    @TempDir
    Path dir;

    @Test
    void match_deckNestedTooDeeply_exit2OneLineNotInternalError_issue9_10() throws IOException {
        Path deck = dir.resolve("deep.json");
        Files.writeString(deck, "{\"name\": \"x\", \"cards\": " + "[".repeat(5000) + "]".repeat(5000) + "}");
        Cli c = Cli.run("match", "random", "random", "--pairs", "1", "--deck", deck.toString(), "--no-progress");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("nesting depth"), c::toString);
        assertOneLine(c);
    }

    @Test
    void resume_resultFileWithTrailingData_exit2_issue9_10() throws IOException {
        Path json = dir.resolve("run.json");
        Cli first = Cli.run("match", "random", "random", "--pairs", "2", "--seed", "3", "--json", json.toString(),
                "--no-progress");
        assertEquals(0, first.exit, first::toString);
        Files.writeString(json, Files.readString(json) + "{\"format\": \"richelieu-result/1\"}\n");
        Cli c = Cli.run("match", "random", "random", "--resume", json.toString(), "--no-progress");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("not valid JSON"), c::toString);
        assertOneLine(c);
    }

    @Test
    void merge_resultFileClaimingAMillionBots_exit2WithoutAllocating_issue9_10() throws IOException {
        Path json = dir.resolve("run.json");
        assertEquals(0, Cli.run("match", "random", "random", "--pairs", "2", "--seed", "3", "--json", json.toString(),
                "--no-progress").exit);
        Files.writeString(json, Files.readString(json).replaceFirst("\"bots\" : 2", "\"bots\" : 1000000"));
        Cli c = Cli.run("merge", json.toString());
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("\"bots\" must be between 1 and 256, not 1000000"), c::toString);
        assertOneLine(c);
    }

    private static void assertOneLine(Cli c) {
        String err = c.err.strip();
        assertFalse(err.contains("\n"), () -> "one line: " + c);
        assertFalse(err.contains("internal error"), c::toString);
    }
}
