package richelieu.runner.command;

import picocli.CommandLine.Option;
import richelieu.runner.UserError;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The options that make the bots of a run — {@code --plugin}, {@code --move-time},
 * {@code --move-timeout} — written once for every command that names bots (a picocli mixin),
 * and the one registry they build: what {@code bots} lists is what {@code match} accepts.
 *
 * <p>Plug-in jars run code, so they come only from where the user put them: {@code plugins/}
 * next to the {@code ./richelieu} launcher, the paths of the environment variable
 * {@value #PLUGINS_VARIABLE}, and every {@code --plugin}; never from the current folder. A
 * registry loads them only when a spec names a bot that is not shipped.
 */
final class BotOptions {
    /** The environment variable that names plug-in jars or folders (separated like PATH). */
    static final String PLUGINS_VARIABLE = "RICHELIEU_PLUGINS";

    @Option(names = "--plugin", paramLabel = "JAR", description = "Load bots from this plug-in jar or folder "
            + "(repeatable). Plug-ins run code: only those named here, in " + PLUGINS_VARIABLE + " or in plugins/ next "
            + "to ./richelieu are used, and only for a bot that is not shipped.")
    List<Path> plugins = new ArrayList<>();

    @Option(names = "--move-timeout", paramLabel = "MS", description = "Per-move time limit of out-of-process bots "
            + "(default: ${DEFAULT-VALUE} ms).")
    int moveTimeout = Bots.DEFAULT_MOVE_TIMEOUT_MILLIS;

    @Option(names = "--move-time", paramLabel = "MS", description = "Milliseconds per decision for every bot with a "
            + "millis= budget whose spec does not set it (equal-time matches with one flag; not reproducible).")
    Integer moveTime;

    private Bots registry;

    /**
     * The plug-in jars and folders, each once: {@code plugins/} next to the launcher
     * ({@code RICHELIEU_HOME}, set by ./richelieu) if it exists, then the entries of
     * {@value #PLUGINS_VARIABLE}, then every {@code --plugin}.
     */
    List<Path> pluginPaths() {
        List<Path> all = new ArrayList<>();
        List<Path> seen = new ArrayList<>();
        String home = System.getenv("RICHELIEU_HOME");
        if (home != null && !home.isBlank()) {
            Path dir = Path.of(home, "plugins");
            if (Files.isDirectory(dir)) {
                add(all, seen, dir);
            }
        }
        String named = System.getenv(PLUGINS_VARIABLE);
        if (named != null) {
            for (String p : named.split(File.pathSeparator)) {
                if (!p.isBlank()) {
                    add(all, seen, Path.of(p.strip()));
                }
            }
        }
        for (Path p : plugins) {
            add(all, seen, p);
        }
        return all;
    }

    /** Adds {@code p} unless it names a file or folder already added. */
    private static void add(List<Path> all, List<Path> seen, Path p) {
        Path real;
        try {
            real = p.toRealPath();
        } catch (IOException e) {
            all.add(p); // the registry names what is missing
            return;
        }
        if (!seen.contains(real)) {
            seen.add(real);
            all.add(p);
        }
    }

    /** The bot registry of these options (built once, checked: a bad option or plug-in path is a one-line error). */
    Bots registry() {
        if (registry == null) {
            if (moveTimeout < 1) {
                throw new UserError("--move-timeout must be at least 1 ms");
            }
            if (moveTime != null && (moveTime < 1 || moveTime > 3_600_000)) {
                throw new UserError("--move-time must be between 1 and 3600000 ms, not " + moveTime);
            }
            try {
                registry = Bots.withPlugins(pluginPaths()).withMoveTime(moveTime == null ? 0 : moveTime)
                        .withMoveTimeout(moveTimeout);
            } catch (BotSpecException e) {
                throw new UserError(e.getMessage());
            }
        }
        return registry;
    }
}
