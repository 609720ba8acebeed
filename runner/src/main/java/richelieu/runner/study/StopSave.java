package richelieu.runner.study;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * Where a stopped run's save went, and whether the stop's wait (the shutdown hook, at most
 * {@link RunInProgress#SHUTDOWN_WAIT_MILLIS}) ran out first. The JVM halts when the shutdown ends, so the
 * run's own last line may never come: whichever of the two happens second names the file, at
 * once, and the file is named however the two interleave.
 */
public final class StopSave {
    private final PrintStream err;
    private Path file;
    private boolean waitOver;

    /** Lines go to {@code err} (standard error: no buffer between them and the halt). */
    public StopSave(PrintStream err) {
        this.err = err;
    }

    /**
     * The save landed in {@code file} (null: nowhere). If the wait has already run out, prints
     * {@code lateLine} of it at once.
     */
    public synchronized void saved(Path file, Function<Path, String> lateLine) {
        this.file = file;
        if (waitOver && file != null) {
            err.println(lateLine.apply(file));
        }
    }

    /**
     * The wait ran out: prints {@code line} of the file saved so far (null when none is yet), for
     * the line to name the file or say that a later save will be named.
     */
    public synchronized void waitRanOut(Function<Path, String> line) {
        waitOver = true;
        err.println(line.apply(file));
    }
}
