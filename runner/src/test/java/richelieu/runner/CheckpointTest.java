package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.study.ResultReader;
import richelieu.strategies.exec.ExecStrategy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The periodic checkpoint of a run's result file: a failed one is a warning, never the end of the run. */
class CheckpointTest {
    @TempDir
    Path dir;

    @Test
    void checkpoint_targetBecomesAFolderMidRun_warningOnly_theRunGoesOn_andSavesAtTheEnd() throws Exception {
        // Before: the failed checkpoint ended the run with an internal error, nothing saved.
        Path json = dir.resolve("r.json");
        Path records = dir.resolve("games.jsonl");
        Cli[] result = new Cli[1];
        // --checkpoint-millis 0: a checkpoint after every commit; the warning on stderr is the sign
        // that one was tried against the folder. No sleeps: a loaded machine may take seconds per commit.
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream(); // read while the run goes on
        Thread t = new Thread(() -> result[0] = Cli.run(err, "match", "greedy", "random", "--pairs", "100000", "--seed", "3",
                "--threads", "1", "--json", json.toString(), "--records", records.toString(), "--no-progress",
                "--checkpoint-millis", "0"));
        try {
            t.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            awaitTrue(() -> Files.isRegularFile(json), t, deadline, "no first checkpoint");
            while (!Files.isDirectory(json)) { // (a checkpoint may write the file again in between)
                Files.deleteIfExists(json);
                try {
                    Files.createDirectory(json); // the checkpoints fail from here on
                } catch (java.nio.file.FileAlreadyExistsException again) {
                    // retried
                }
            }
            // The warning itself, not the records growing: they also grow when their buffer fills, with no checkpoint
            // tried (the run then saved again after the folder went, and no checkpoint had failed).
            awaitTrue(() -> err.toString(java.nio.charset.StandardCharsets.UTF_8).contains("could not save the checkpoint"),
                    t, deadline, "no checkpoint tried against the folder");
            Files.delete(json);
            awaitTrue(() -> Files.isRegularFile(json), t, deadline, "no checkpoint saved after the folder went");
        } finally {
            ExecStrategy.shutdownAll(); // then Ctrl-C: the stop action the JVM's shutdown runs
            t.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertFalse(t.isAlive(), "the run did not stop");
        Cli c = result[0];
        assertEquals(130, c.exit, c::toString);
        assertTrue(c.err.contains("richelieu: warning: could not save the checkpoint to " + json + " (not a regular file"),
                c::toString);
        assertTrue(c.err.contains("richelieu: the checkpoint is saved to " + json + " again"), c::toString);
        assertEquals(1, c.err.lines().filter(l -> l.contains("warning")).count(), "one warning per reason: " + c);
        assertFalse(c.err.contains("internal error"), c::toString);
        ResultFile r = ResultReader.readFile(json);
        assertFalse(r.complete());
        assertTrue(r.units().count() > 0, r.units()::toString);
        assertTrue(c.out.contains("saved to " + json), c::toString);
    }

    interface Check {
        boolean holds() throws Exception;
    }

    /** Waits until {@code check} holds, while the run {@code t} is alive and before {@code deadline}. */
    private static void awaitTrue(Check check, Thread t, long deadline, String what) throws Exception {
        while (!check.holds()) {
            assertTrue(t.isAlive() && System.nanoTime() < deadline, what);
            Thread.sleep(5);
        }
    }

    @Test
    void hiddenRunOptions_notInTheHelp() {
        Cli help = Cli.run("match", "--help");
        assertTrue(help.out.contains("--threads"), help::toString);
        assertFalse(help.out.contains("--checkpoint-millis") || help.out.contains("--stop-after-units"), help::toString);
    }

    @Test
    void hiddenRunOptions_outOfRange_refusedInOneLine() {
        Cli.refused("--checkpoint-millis must be at least 0", "match", "random", "random", "--pairs", "1",
                "--no-progress", "--checkpoint-millis", "-1");
        Cli.refused("--stop-after-units at least -1", "match", "random", "random", "--pairs", "1",
                "--no-progress", "--stop-after-units", "-2");
    }
}
