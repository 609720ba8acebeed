package richelieu.runner.study;

import richelieu.runner.resultfile.OutputTarget;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Saves a run's result so that games already played are never lost and never replace another
 * run's save. The result goes to the file the user named ({@code --json}); without one, or when
 * that file cannot be written (it became a folder, the disk is full), to a name of its own in the
 * current folder, {@code richelieu-COMMAND-SEED.partial.json} (an interrupted run) or
 * {@code richelieu-COMMAND-SEED.json}, or the first of {@code …-2…}, {@code …-3…} that nothing
 * occupies — not a file, folder or link — claimed by creating it (so a second run never takes the
 * first one's name); and when the current folder takes nothing, the same in the temp folder.
 * Every place that failed is kept with its reason, for the one line the caller prints. Once a
 * place has taken the result, later saves of the same run go there.
 */
public final class ResultSaver {
    /** Most numbered names tried in one folder. */
    private static final int MAX_NAMES = 1000;

    private final Path asked;
    private final List<Path> folders;
    private final String stem;
    private final String suffix;
    private final List<String> failures = new ArrayList<>();
    private Path target;

    /**
     * @param asked    the file the user named, or null
     * @param config   the run (its command and seed name the default file)
     * @param partial  true for an interrupted run ({@code .partial.json})
     * @param folders  where a default name is claimed, in order (the current folder, the temp folder)
     */
    public ResultSaver(Path asked, RunConfig config, boolean partial, List<Path> folders) {
        this(asked, config.command(), config.seed(), partial, folders);
    }

    private ResultSaver(Path asked, String command, long seed, boolean partial, List<Path> folders) {
        this.asked = asked;
        this.folders = List.copyOf(folders);
        this.stem = "richelieu-" + command + "-" + Long.toUnsignedString(seed);
        this.suffix = partial ? ".partial.json" : ".json";
    }

    /** A saver whose default names go to the current folder, then to the temp folder. */
    public static ResultSaver standard(Path asked, RunConfig config, boolean partial) {
        return new ResultSaver(asked, config.command(), config.seed(), partial, List.of(Path.of("").toAbsolutePath(),
                Path.of(System.getProperty("java.io.tmpdir"))));
    }

    /** What is saved: writes itself to a file. */
    public interface Saved {
        void write(Path file) throws IOException;
    }

    /** Saves {@code result}; the file that holds it, or null when no place took it ({@link #failures} say why). */
    public Path save(ResultFile result) {
        return save(result::write);
    }

    /** Saves {@code result}; the file that holds it, or null when no place took it ({@link #failures} say why). */
    public Path save(Saved result) {
        if (target != null) {
            if (wrote(result, target)) {
                return target;
            }
            target = null; // it took the result before: a later place takes it now
        } else if (asked != null && !failedAt(asked) && wrote(result, asked)) {
            target = asked;
            return target;
        }
        for (Path folder : folders) {
            Path claimed = claim(folder);
            if (claimed != null && wrote(result, claimed)) {
                target = claimed;
                return target;
            }
            if (claimed != null) {
                try {
                    Files.deleteIfExists(claimed); // the empty file that claimed the name
                } catch (IOException ignored) {
                    // it stays empty: a later run takes the next name
                }
            }
        }
        return null;
    }

    /** Writes {@code result} to {@code file}; false, with the reason kept, if that failed. */
    private boolean wrote(Saved result, Path file) {
        try {
            result.write(file);
            return true;
        } catch (IOException | RuntimeException e) {
            fail(file, e);
            return false;
        }
    }

    /** The file the user named failed, or the result is somewhere else: the one-line reasons, in order. */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    /** True if the result went to another file than the one the user named. */
    public boolean elsewhere() {
        return asked != null && target != null && !target.equals(asked);
    }

    private boolean failedAt(Path p) {
        String prefix = p + ": ";
        return failures.stream().anyMatch(f -> f.startsWith(prefix));
    }

    private void fail(Path p, Exception e) {
        String line = p + ": " + (e instanceof IOException io ? OutputTarget.why(io) : String.valueOf(e.getMessage()));
        if (!failures.contains(line)) {
            failures.add(line);
        }
    }

    /** Creates the first free name in {@code folder} (nothing there, not even a link); null if none could be made. */
    private Path claim(Path folder) {
        for (int i = 1; i <= MAX_NAMES; i++) {
            Path p = folder.resolve(stem + (i == 1 ? "" : "-" + i) + suffix);
            try {
                Files.createFile(p); // fails on anything there, a dangling link included
                return p;
            } catch (FileAlreadyExistsException taken) {
                // another run's save, or something else: never replaced
            } catch (IOException e) {
                fail(folder, e);
                return null;
            }
        }
        failures.add(folder + ": " + MAX_NAMES + " names " + stem + "…" + suffix + " are taken");
        return null;
    }
}
