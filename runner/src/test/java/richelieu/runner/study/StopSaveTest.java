package richelieu.runner.study;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A stop's save is named once, whichever of the save and the stop's wait ends first. */
class StopSaveTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final StopSave stop = new StopSave(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    private final Function<Path, String> waitLine = f -> f == null ? "not saved yet" : "saved to " + f;
    private final Function<Path, String> lateLine = f -> "saved to " + f + " after all";

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void savedBeforeTheWaitRanOut_theWaitsLineNamesTheFile() {
        // Before (distance): a save that landed just before the wait ran out silenced the wait's
        // line, and the JVM could halt before the command's own line named the file.
        stop.saved(Path.of("d.json"), lateLine);
        assertEquals("", printed(), "the command's own line names it while the wait lasts");
        stop.waitRanOut(waitLine);
        assertEquals("saved to d.json\n", printed());
    }

    @Test
    void savedAfterTheWaitRanOut_namedAtOnce() {
        stop.waitRanOut(waitLine);
        assertEquals("not saved yet\n", printed());
        stop.saved(Path.of("d.json"), lateLine);
        assertEquals("not saved yet\nsaved to d.json after all\n", printed());
    }

    @Test
    void savedNowhereAfterTheWaitRanOut_noFileClaimed() {
        stop.waitRanOut(waitLine);
        stop.saved(null, lateLine);
        assertEquals("not saved yet\n", printed());
    }
}
