package richelieu.runner.command;

import richelieu.strategies.BotSpecException;
import richelieu.strategies.SpecText;
import richelieu.strategies.exec.ExecCommand;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code exec:} bots of a command line and the files they name: each bot's program (found
 * on the PATH as the operating system finds it when the name has no slash) and every word of its
 * command that is a file there. An output must never be one of them: opening it would truncate
 * the bot before it starts, and the result would replace it.
 */
final class ExecFiles {
    private static final String EXEC = "exec:";

    private ExecFiles() {
    }

    /** True if {@code arg} is a bot spec of {@code exec:} (perhaps labelled, perhaps an option's {@code =value}). */
    static boolean startsAProgram(String arg) {
        String spec = spec(arg);
        return spec.regionMatches(true, 0, EXEC, 0, EXEC.length());
    }

    /**
     * The files the {@code exec:} bots among {@code args} (bot specs, or a whole command line)
     * name, as inputs for {@link OutputPaths#check}: "the bot SPEC" → file. A spec that does not
     * parse names none here; the bot's own parse reports it.
     */
    static Map<String, Path> of(List<String> args) {
        Map<String, Path> files = new LinkedHashMap<>();
        for (String arg : args) {
            if (arg == null || !startsAProgram(arg)) {
                continue;
            }
            String spec = spec(arg);
            List<String> argv;
            try {
                argv = ExecCommand.parse(spec.substring(EXEC.length())).argv();
            } catch (BotSpecException e) {
                continue;
            }
            String bot = "the bot " + spec;
            Path program = program(argv.get(0));
            if (program != null) {
                files.put(bot, program);
            }
            for (String word : argv.subList(1, argv.size())) {
                Path p = file(word);
                if (p != null) {
                    files.put(bot + " (its argument " + word + ")", p);
                }
            }
        }
        return files;
    }

    /** The spec in {@code arg}: after an option's {@code =}, without its label. */
    private static String spec(String arg) {
        String a = arg.startsWith("--") && arg.indexOf('=') > 0 ? arg.substring(arg.indexOf('=') + 1) : arg;
        int label = SpecText.labelEnd(a);
        return (label < 0 ? a : a.substring(label + 1)).strip();
    }

    /** The file a program name runs: a path if it has a slash, else the first executable of that name on the PATH. */
    private static Path program(String name) {
        if (name.indexOf('/') >= 0) {
            return file(name);
        }
        String path = System.getenv("PATH");
        for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
            Path p = file((dir.isEmpty() ? "." : dir) + "/" + name);
            if (p != null && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** {@code word} as a file that exists (its option's value for {@code --opt=FILE}), or null. */
    private static Path file(String word) {
        String w = word.startsWith("-") && word.indexOf('=') > 0 ? word.substring(word.indexOf('=') + 1) : word;
        try {
            Path p = Path.of(w);
            return !w.isEmpty() && Files.isRegularFile(p) ? p : null;
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
