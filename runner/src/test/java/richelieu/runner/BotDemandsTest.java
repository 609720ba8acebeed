package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run refuses, before its first game, bots whose tables cannot all fit the heap, and names on
 * stderr a bot whose decisions would take absurdly long.
 */
class BotDemandsTest {
    /**
     * {@code pimc:table=28} is 4 GiB a bot: on 8 threads, in both seats of self-play, 64 GiB, more
     * than any test JVM's heap. Refused with one line, and no file written.
     */
    @Test
    void tablesBeyondTheHeap_refusedBeforeTheFirstGame(@TempDir Path dir) {
        Path json = dir.resolve("r.json");
        Cli c = Cli.refused("the bots' tables need 64.0 GiB on 8 threads (pimc:table=28 takes 4.0 GiB a seat)",
                "first-player", "pimc:table=28", "--games", "2", "--threads", "8", "--json", json.toString(),
                "--no-progress");
        assertFalse(Files.exists(json), "nothing saved of a run that never started");
        assertFalse(c.out.contains("master seed"), c.out);
        Cli.refused("the bots' tables need 16.0 GiB on 4 threads (paranoid:table=26 takes 1.0 GiB a seat)",
                "first-player", "paranoid:table=26", "--players", "4", "--games", "1", "--threads", "4",
                "--no-progress");
        Cli.refused("the bots' tables need 64.0 GiB on 64 threads (maxn:table=26 takes 1.0 GiB a seat)",
                "tournament", "maxn:table=26", "random", "greedy", "--players", "3", "--pairs", "1", "--threads", "64",
                "--no-progress");
    }

    /** distance and play hold their bots on threads of their own: the same check, before anything is played. */
    @Test
    void tablesBeyondTheHeap_distanceAndPlay_refusedAtTheStart(@TempDir Path dir) {
        // Before: a raw OutOfMemoryError and exit 1, with no line saying why.
        Path json = dir.resolve("d.json");
        Cli d = Cli.refused("the bots' tables need 32.0 GiB on 8 threads (pimc:table=28 takes 4.0 GiB a seat)",
                "distance", "greedy", "pimc:table=28", "--lineup", "random,greedy", "--games", "2", "--cards", "4",
                "--threads", "8", "--json", json.toString());
        assertEquals("", d.out, "nothing measured");
        assertFalse(Files.exists(json));
        Cli.refused("the bots' tables need 2.0 GiB on 1 thread (paranoid:table=26 takes 1.0 GiB a seat)",
                "distance", "greedy", "--lineup", "paranoid:table=26,paranoid:table=26", "--games", "2", "--cards", "4",
                "--threads", "1");
        Cli.refused("the bots' tables need 4.0 GiB on 1 thread (pimc:table=28 takes 4.0 GiB a seat)",
                "play", "pimc:table=28");
        Cli.refused("the bots' tables need 3.0 GiB on 1 thread (maxn:table=26 takes 1.0 GiB a seat)",
                "play", "maxn:table=26", "--players", "4");
    }

    /** A spec that fits plays as before, with no warning. */
    @Test
    void tablesThatFit_play() {
        Cli c = Cli.ok("match", "pimc:table=12,samples=2,iterations=20", "random", "--pairs", "1", "--threads", "2",
                "--no-progress");
        assertTrue(c.out.contains("pimc:table=12,samples=2,iterations=20"), c.out);
        assertFalse(c.err.contains("warning"), c.err);
    }

    /**
     * An absurd budget is named on stderr in one line before the first game (whose first decision
     * would take minutes: the run is the user's to stop, so the test stops the JVM it started).
     */
    @Test
    void absurdBudget_warnsAtTheStart() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "richelieu.runner.Main", "match", "ismcts:iterations=100000000", "random", "--pairs", "1",
                "--threads", "1", "--no-progress").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            assertEquals("warning: ismcts:iterations=100000000 is expected to take about 6 min of CPU per decision "
                    + "(a game has about 25 decisions a seat); lower its budget unless that is meant", err.readLine());
        } finally {
            p.destroyForcibly().waitFor();
        }
    }
}
