package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ViewCommandTest {

    @Test
    void view_writesOnePageNextToTheRecords_andRejectsBadInputInOneLine(@TempDir Path dir) throws IOException {
        Path rec = dir.resolve("g.jsonl");
        assertEquals(0, Cli.run("match", "random", "greedy", "--pairs", "1", "--seed", "3", "--threads", "1",
                "--records", rec.toString()).exit);
        Cli ok = Cli.run("view", rec.toString(), "--seat", "1");
        assertEquals(0, ok.exit, ok.toString());
        String html = Files.readString(dir.resolve("game-0-seat1.html"));
        assertTrue(html.contains("\"viewer\":1") && html.contains("\"steps\":["), "the game is inlined");

        for (String[] bad : new String[][]{{"--seat", "2"}, {"--game", "5"}, {"--game", "-1"}}) {
            String[] args = new String[]{"view", rec.toString(), bad[0], bad[1]};
            Cli c = Cli.run(args);
            assertEquals(2, c.exit, c.toString());
            assertEquals(1, c.err.strip().lines().count(), c.err);
            assertFalse(c.err.contains("Exception"), c.err);
        }
        Files.writeString(dir.resolve("broken.jsonl"), "{\"format\":\"richelieu-record/1\"}\n");
        Cli broken = Cli.run("view", dir.resolve("broken.jsonl").toString());
        assertEquals(2, broken.exit);
        assertTrue(broken.err.contains("broken.jsonl game 0"), broken.err);
        assertEquals(2, Cli.run("view", dir.resolve("missing.jsonl").toString()).exit);
    }
}
