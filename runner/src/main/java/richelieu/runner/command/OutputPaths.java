package richelieu.runner.command;

import richelieu.runner.UserError;
import richelieu.runner.resultfile.OutputTarget;
import richelieu.runner.resultfile.ResultFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The output paths of a command, checked before its first game (or before anything is written):
 * each must be a regular file or not exist yet (symlinks are followed; a loop of them is refused),
 * its folder must be creatable and writable (a probe file is created and deleted there; a folder
 * that had to be created is named on stderr), and no two outputs may be one file, whatever the
 * spelling or link (files that exist are compared by device and inode, so a hard link is the file
 * it links); nor may an output be one of the command's input files (the deck, the records read,
 * the result files pooled, the program and file arguments of an exec: bot; for a run, the resumed
 * file except through --json). A problem is one line and exit code 2.
 */
final class OutputPaths {
    private OutputPaths() {
    }

    /** Checks a run's outputs against its inputs, among them the files of the exec: bots in its {@code args}. */
    static void check(RunOptions o, List<String> args) {
        check(o, args, ResultFile.Outputs.NONE);
    }

    /**
     * As {@link #check(RunOptions, List)} for a resume, with the per-game files the resumed result
     * file remembers where the command line names none: a file is data, and the path it remembers
     * may be a file of an exec: bot as well as a path typed.
     */
    static void check(RunOptions o, List<String> args, ResultFile.Outputs remembered) {
        Map<String, Path> outputs = new LinkedHashMap<>();
        outputs.put("--json", o.json);
        put(outputs, "--csv", o.csv, remembered.csv(), o.resume);
        put(outputs, "--records", o.records, remembered.records(), o.resume);
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("--deck", o.deckOption.file);
        inputs.put("--resume", o.resume);
        inputs.putAll(ExecFiles.of(args));
        check(outputs, inputs, "--resume", "--json");
    }

    /** The output {@code flag}: as typed, else as the resumed file {@code from} remembers it. */
    private static void put(Map<String, Path> outputs, String flag, Path typed, Path remembered, Path from) {
        if (typed == null && remembered != null) {
            outputs.put(flag + " (remembered in " + from + ")", remembered);
        } else {
            outputs.put(flag, typed);
        }
    }

    /**
     * Refuses, as {@link #check(Map, Map)} does, an output that is one of the inputs; without the
     * checks that the outputs can be written, for files written later or only perhaps (a
     * report's pages, a checkpoint).
     */
    static void notAnInput(Map<String, Path> outputs, Map<String, Path> inputs) {
        outputs.forEach((flag, path) -> inputs.forEach((name, input) -> {
            if (input != null && replaces(flag, path, input)) {
                throw overwrites(flag, name, target(flag, path));
            }
        }));
    }

    /**
     * Checks the outputs (flag → path; null: not written) against each other and against the
     * inputs (name → path; null or missing: none).
     */
    static void check(Map<String, Path> outputs, Map<String, Path> inputs) {
        check(outputs, inputs, null, null);
    }

    /** As {@link #check(Map, Map)}, except that output {@code mayReplace} may be input {@code updated}. */
    private static void check(Map<String, Path> outputs, Map<String, Path> inputs, String updated, String mayReplace) {
        Map<Object, String> targets = new LinkedHashMap<>();
        Map<Object, Path> shown = new LinkedHashMap<>();
        outputs.forEach((flag, path) -> add(targets, shown, flag, path));
        Map<Object, String> read = new LinkedHashMap<>();
        inputs.forEach((name, path) -> {
            if (path != null && Files.exists(path)) {
                read.putIfAbsent(identity(target(name, path)), name);
            }
        });
        for (Map.Entry<Object, String> out : targets.entrySet()) {
            String input = read.get(out.getKey());
            if (input != null && !(input.equals(updated) && out.getValue().equals(mayReplace))) {
                throw overwrites(out.getValue(), input, shown.get(out.getKey()));
            }
        }
    }

    /** True if the output {@code flag path} would replace the existing file {@code input} (any spelling or link). */
    static boolean replaces(String flag, Path path, Path input) {
        return path != null && Files.exists(input) && identity(target(flag, path)).equals(identity(target(flag, input)));
    }

    private static UserError overwrites(String output, String input, Path file) {
        return new UserError(output + " and " + input + " name the same file (" + file + "); the output would overwrite the input");
    }

    private static void add(Map<Object, String> outputs, Map<Object, Path> shown, String flag, Path path) {
        if (path == null) {
            return;
        }
        Path t = target(flag, path);
        Object id = identity(t);
        String other = outputs.putIfAbsent(id, flag);
        if (other != null) {
            throw new UserError(other + " and " + flag + " name the same file (" + t + "); give each output its own file");
        }
        shown.put(id, t);
        probe(flag, path, t);
    }

    /**
     * What makes two paths one file: for a file that exists its device and inode (the file key),
     * so that hard links of one file compare equal; for one not yet there its link-free path.
     */
    private static Object identity(Path target) {
        try {
            Object key = Files.readAttributes(target, BasicFileAttributes.class).fileKey();
            return key != null ? key : target;
        } catch (IOException e) {
            return target; // not there yet: only this path can create it
        }
    }

    private static Path target(String flag, Path path) {
        try {
            return OutputTarget.of(path);
        } catch (IOException e) {
            throw new UserError(flag + " " + path + ": " + OutputTarget.why(e));
        }
    }

    /** Creates the folder and a probe file in it (deleted again), and checks an existing file is writable. */
    private static void probe(String flag, Path path, Path target) {
        try {
            writableFolder(target.getParent(), "." + target.getFileName(), flag);
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
            writableFolder(dir.toAbsolutePath(), ".richelieu", flag);
        } catch (IOException | RuntimeException e) {
            throw cannotWrite(flag, dir, e);
        }
    }

    private static void writableFolder(Path dir, String probePrefix, String flag) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            // said, not silent: a mistyped folder would otherwise quietly appear (and as root, anywhere)
            System.err.println("richelieu: created the folder " + dir + " for " + flag);
        }
        Files.delete(Files.createTempFile(dir, probePrefix, ".probe"));
    }

    private static UserError cannotWrite(String flag, Path path, Exception e) {
        return new UserError(flag + " " + path + ": cannot write there (" + OutputTarget.why(e) + ")");
    }
}
