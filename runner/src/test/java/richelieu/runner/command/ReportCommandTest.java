package richelieu.runner.command;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How the report's recorded command names a result file. */
class ReportCommandTest {
    @Test
    void recordedPath_underTheLauncherFolder_isRelativeToIt_elseAsGiven(@TempDir Path dir) {
        Path home = dir.resolve("home");
        assertEquals(Path.of("results", "ladder.json").toString(),
                ReportCommand.recordedPath(home.resolve("results/ladder.json"), home));
        assertEquals(Path.of("results", "ladder.json").toString(),
                ReportCommand.recordedPath(home.resolve("results/../results/ladder.json"), home));
        Path outside = dir.resolve("other/ladder.json");
        assertEquals(outside.toString(), ReportCommand.recordedPath(outside, home));
        assertEquals("out/x.json", ReportCommand.recordedPath(Path.of("out/x.json"), null));
    }
}
