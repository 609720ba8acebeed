package richelieu.runner.command;

import richelieu.runner.UserError;
import richelieu.runner.play.OutputTarget;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The output paths of a run, checked before its first game: each must be
 * a regular file or not exist yet (symlinks are followed), its folder must be creatable and
 * writable (a probe file is created and deleted there), and no two outputs may be one file,
 * whatever the spelling; nor may an output overwrite the deck or (except --json) the resumed
 * file. A problem is one line and exit code 2, before anything is played.
 */
final class OutputPaths {
    private OutputPaths() {
    }

    static void check(RunOptions o) {
        Map<Path, String> outputs = new LinkedHashMap<>();
        add(outputs, "--json", o.json);
        add(outputs, "--csv", o.csv);
        add(outputs, "--records", o.records);
        Map<Path, String> inputs = new LinkedHashMap<>();
        if (o.deckOption.file != null && Files.exists(o.deckOption.file)) {
            inputs.put(target("--deck", o.deckOption.file), "--deck");
        }
        if (o.resume != null && Files.exists(o.resume)) {
            inputs.put(target("--resume", o.resume), "--resume");
        }
        for (Map.Entry<Path, String> out : outputs.entrySet()) {
            String input = inputs.get(out.getKey());
            if (input != null && !(input.equals("--resume") && out.getValue().equals("--json"))) {
                throw new UserError(out.getValue() + " and " + input + " name the same file (" + out.getKey()
                        + "); the output would overwrite the input");
            }
        }
    }

    private static void add(Map<Path, String> outputs, String flag, Path path) {
        if (path == null) {
            return;
        }
        Path t = target(flag, path);
        String other = outputs.putIfAbsent(t, flag);
        if (other != null) {
            throw new UserError(other + " and " + flag + " name the same file (" + t + "); give each output its own file");
        }
        probe(flag, path, t);
    }

    private static Path target(String flag, Path path) {
        try {
            return OutputTarget.of(path);
        } catch (IOException e) {
            throw new UserError(flag + " " + path + ": " + e.getMessage());
        }
    }

    /** Creates the folder and a probe file in it (deleted again), and checks an existing file is writable. */
    private static void probe(String flag, Path path, Path target) {
        try {
            writableFolder(target.getParent(), "." + target.getFileName());
            if (Files.exists(target) && !Files.isWritable(target)) {
                throw new IOException("the file is not writable");
            }
        } catch (IOException | RuntimeException e) {
            throw cannotWrite(flag, path, e);
        }
    }

    /**
     * An output folder (e.g. {@code report --out}), checked before any game: it is created if
     * missing and must take a file; a one-line {@link UserError} otherwise.
     */
    static void folder(String flag, Path dir) {
        try {
            writableFolder(dir.toAbsolutePath(), ".richelieu");
        } catch (IOException | RuntimeException e) {
            throw cannotWrite(flag, dir, e);
        }
    }

    private static void writableFolder(Path dir, String probePrefix) throws IOException {
        Files.createDirectories(dir);
        Files.delete(Files.createTempFile(dir, probePrefix, ".probe"));
    }

    private static UserError cannotWrite(String flag, Path path, Exception e) {
        return new UserError(flag + " " + path + ": cannot write there (" + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
    }
}
