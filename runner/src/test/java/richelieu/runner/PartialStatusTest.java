package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.report.PartialStatus;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunTimes;
import richelieu.runner.study.ResultReader;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The results page's line for a study still running: progress, precision so far, cost of the rest. */
class PartialStatusTest {
    @Test
    void balance_givesItsPrecisionAndCostButNotItsEstimate(@TempDir Path dir) {
        Path half = dir.resolve("half.json");
        Cli.ok("balance", "random", "--pairs", "40", "--seed", "3", "--shard", "0/2", "--no-progress", "--json", half.toString());
        ResultFile file = ResultReader.readFile(half);
        // the same half of the run as a whole file of 20 deals: its interval is the one of these games
        Path small = dir.resolve("small.json");
        Cli.ok("balance", "random", "--pairs", "20", "--seed", "3", "--no-progress", "--json", small.toString());
        var interval = ResultReader.readFile(small).statistics().path("bots").path("random").path("difference").path("interval");
        double width = (interval.get(1).asDouble() - interval.get(0).asDouble()) / 2 * 100;

        RunTimes times = new RunTimes(List.of(new RunTimes.Entry("2026-11-28T15:00:00Z", "test", 1, 20, 10, 40, "test",
                null, null)));
        String expected = String.format(Locale.ROOT, "40 games (20 deals of 40); random's paired difference base − "
                + "three-row has a 95%% interval ±%.2f pp wide so far, about ±%.2f pp expected at 40 deals (its estimate "
                + "is given when the run is complete, as planned); the 20 deals left cost about 10 s of CPU at 0.25 "
                + "CPU-s a game (its runs so far)", width, width * Math.sqrt(0.5));
        assertEquals(expected, PartialStatus.of(file, times));
        // no run times: no cost, and never an estimate or a verdict
        String bare = PartialStatus.of(file, new RunTimes(List.of()));
        assertEquals(expected.substring(0, expected.indexOf("; the 20 deals left")), bare);
    }
}
