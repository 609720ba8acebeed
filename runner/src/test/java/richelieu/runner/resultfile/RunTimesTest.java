package richelieu.runner.resultfile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.UserError;
import richelieu.runner.text.Format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A study's run times: written, read back, summed, and refused in one line when malformed. */
class RunTimesTest {

    @Test
    void writtenAndReadBack_sumsCpuAndWallAndSaysResumed(@TempDir Path dir) throws IOException {
        Path f = RunTimes.fileOf(dir, "s");
        RunTimes none = RunTimes.read(f);
        assertTrue(none.runs().isEmpty() && none.sentence().contains("not recorded"), none.sentence());
        RunTimes two = none.plus(new RunTimes.Entry("2026-11-23T15:00Z", "m", 2, 100, 150, 40, null, "load 3", null))
                .plus(new RunTimes.Entry("2026-11-24T10:00Z", "m", 2, 200, 330, 60, "how", null, "note"));
        two.write(f);
        RunTimes back = RunTimes.read(f);
        assertEquals(two, back);
        assertEquals(480, back.cpuSeconds(), 1e-9);
        String s = back.sentence();
        assertTrue(s.contains("8.0 min of CPU") && s.contains("5.0 min wall") && s.contains("for 100 games")
                && s.contains("2026-11-23, 2026-11-24") && s.contains("(2 runs: interrupted and resumed)")
                && s.contains("load 3") && s.contains("note."), s);
    }

    @Test
    void malformed_oneLineUserError(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("x.time.json");
        for (String bad : List.of("{", "{\"runs\": 3}", "{\"runs\": [{\"ended\": \"d\", \"machine\": \"m\", \"threads\": 2, "
                + "\"wallSeconds\": -1, \"cpuSeconds\": 1, \"games\": 1}]}")) {
            Files.writeString(f, bad);
            UserError e = assertThrows(UserError.class, () -> RunTimes.read(f), bad);
            assertTrue(e.getMessage().startsWith("run times ") && !e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void budgets_iterationsTimeOrNone() {
        assertEquals("`ismcts2:iterations=1000`: 1,000 search iterations per decision, whatever the time (reproducible by "
                + "seed); `ismcts:millis=20`: 20 ms of wall-clock time per decision (not reproducible); `greedy`: no search "
                + "budget (a fixed rule, the same at any speed).",
                Format.budgets(List.of("ismcts2:iterations=1000", "ismcts:millis=20", "greedy")));
    }

    @Test
    void budgets_aSearchBotWithoutABudgetInItsSpec_hasItsDefaultIterations() {
        assertEquals("`ismcts2:mast=0.5`: 1,000 search iterations per decision, whatever the time (reproducible by seed); "
                + "`fast` (`ismcts:millis=20,iterations=50`): 20 ms of wall-clock time per decision (not reproducible); "
                + "`ismcts:millis=0,iterations=7`: 7 search iterations per decision, whatever the time (reproducible by seed).",
                Format.budgets(List.of("ismcts2:mast=0.5", "fast=ismcts:millis=20,iterations=50", "ismcts:millis=0,iterations=7")));
    }

    /** pimc's budget has three parts: the middle game's iterations, then its deals, solved exactly, from its exact cards. */
    @Test
    void budgets_pimcAndACpuClock_sayEveryPart() {
        assertEquals("`pimc`: 1,000 search iterations per decision, then, from 8 cards on the table, 20 token deals each "
                + "solved exactly, whatever the time (reproducible by seed); `pimc:samples=4,exact=6,iterations=100`: 100 "
                + "search iterations per decision, then, from 6 cards on the table, 4 token deals each solved exactly, "
                + "whatever the time (reproducible by seed); `ismcts-mast-2p:millis=5,clock=cpu`: 5 ms of CPU time per "
                + "decision (not reproducible).",
                Format.budgets(List.of("pimc", "pimc:samples=4,exact=6,iterations=100", "ismcts-mast-2p:millis=5,clock=cpu")));
    }
}
