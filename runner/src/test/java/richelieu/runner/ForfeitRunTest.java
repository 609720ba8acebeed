package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A bot that cannot start fails the run before its first game; forfeits never pass as results. */
class ForfeitRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Answers every message with a line that is not JSON: it starts, but forfeits every game it is asked to move in. */
    private static final String GARBAGE_BOT = "exec:sh -c 'while read l; do echo nonsense; done'";

    @Test
    void botThatCannotStart_failsBeforeTheFirstGame_exit2(@TempDir Path dir) {
        Path f = dir.resolve("r.json");
        Cli c = Cli.run("match", "exec:python3 " + dir.resolve("nosuch.py"), "random", "--pairs", "50", "--seed", "1",
                "--json", f.toString(), "--no-progress");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.startsWith("richelieu: bot 'exec:python3 ") && c.err.contains("cannot start")
                && c.err.strip().lines().count() == 1, c::toString);
        assertEquals("", c.out, "nothing is printed or played before the check");
        assertFalse(Files.exists(f), "no result of forfeits is written");
    }

    @Test
    void everyGameForfeited_resultSavedButExit2WithOneLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("r.json");
        Cli c = Cli.run("match", GARBAGE_BOT, "random", "--pairs", "3", "--seed", "1", "--json", f.toString(),
                "--no-progress");
        assertEquals(2, c.exit, c::toString);
        String last = c.err.strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("richelieu: every one of the 6 games was forfeited") && last.contains("garbage"), c::toString);
        JsonNode r = JSON.readTree(f.toFile());
        assertTrue(r.get("progress").get("complete").asBoolean(), "the counts are saved all the same");
        assertEquals(6, r.get("tally").get("games").asLong());
    }

    @Test
    void forfeitedGames_leftOutOfSeatStatistics() throws Exception {
        Cli c = Cli.run("match", GARBAGE_BOT, "random", "--pairs", "3", "--seed", "1", "--no-progress");
        assertTrue(c.out.contains("seat advantage not tested: 6 of 6 games were forfeited"), c::toString);
        assertFalse(c.out.contains("seat 0 wins") || c.out.contains("seat 0 scores"), "no seat test over forfeits:\n" + c.out);
    }
}
