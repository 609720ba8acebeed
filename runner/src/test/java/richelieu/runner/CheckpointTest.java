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
        Cli[] result = new Cli[1];
        // --checkpoint-millis 0: a checkpoint after every commit
        Thread t = new Thread(() -> result[0] = Cli.run("match", "greedy", "random", "--pairs", "100000", "--seed", "3",
                "--threads", "1", "--json", json.toString(), "--no-progress", "--checkpoint-millis", "0"));
        try {
            t.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.isRegularFile(json)) {
                assertTrue(t.isAlive() && System.nanoTime() < deadline, "no first checkpoint");
                Thread.sleep(5);
            }
            Files.delete(json);
            Files.createDirectory(json); // the checkpoints fail from here on
            Thread.sleep(600);
            Files.delete(json);
            Thread.sleep(300);
        } finally {
            ExecStrategy.shutdownAll(); // then Ctrl-C: the stop action the JVM's shutdown runs
            t.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertFalse(t.isAlive(), "the run did not stop");
        Cli c = result[0];
        assertEquals(130, c.exit, c::toString);
        assertTrue(c.err.contains("richelieu: warning: could not save the checkpoint to " + json + " (not a regular file"),
                c::toString);
        assertEquals(1, c.err.lines().filter(l -> l.contains("warning")).count(), "one warning per reason: " + c);
        assertFalse(c.err.contains("internal error"), c::toString);
        ResultFile r = ResultReader.readFile(json);
        assertFalse(r.complete());
        assertTrue(r.units().count() > 0, r.units()::toString);
        assertTrue(c.out.contains("saved to " + json), c::toString);
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
