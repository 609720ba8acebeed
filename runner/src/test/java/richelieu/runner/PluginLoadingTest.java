package richelieu.runner;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.strategies.PluginJars;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plug-in jars run code, so the runner uses only those the user named — {@code --plugin},
 * {@code RICHELIEU_PLUGINS}, {@code plugins/} next to the launcher — never {@code plugins/} of the
 * current folder, and loads them only for a bot that is not shipped. Each case is a runner in a
 * JVM of its own, in a folder of its own, with its own environment, as a user starts it.
 */
@Tag("slow")
class PluginLoadingTest {
    @TempDir
    Path dir;

    private Path here;
    private Path home;
    private Path named;
    private Path marker;

    @BeforeEach
    void plugins() throws IOException {
        here = Files.createDirectories(dir.resolve("untrusted"));
        home = Files.createDirectories(dir.resolve("home"));
        PluginJars.write(Files.createDirectories(here.resolve("plugins")).resolve("marks.jar"), MarkingPluginFixture.class, true);
        PluginJars.write(Files.createDirectories(home.resolve("plugins")).resolve("marks.jar"), MarkingPluginFixture.class, true);
        named = PluginJars.write(dir.resolve("named.jar"), MarkingPluginFixture.class, true);
        marker = dir.resolve("loaded");
    }

    /** The runner started in {@code cwd} with {@code env} added; its exit code, stdout and stderr. */
    private String[] run(Path cwd, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "richelieu.runner.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile())
                .redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile());
        pb.environment().remove("RICHELIEU_HOME");
        pb.environment().remove("RICHELIEU_PLUGINS");
        pb.environment().put(MarkingPluginFixture.MARKER_ENV, marker.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the runner ended");
        return new String[]{Integer.toString(p.exitValue()), Files.readString(dir.resolve("out")),
                Files.readString(dir.resolve("err"))};
    }

    @Test
    void matchOfShippedBots_everyPlugInNamed_runsNoPlugInCode() throws Exception {
        String[] r = run(here, Map.of("RICHELIEU_HOME", home.toString(), "RICHELIEU_PLUGINS", named.toString()),
                "match", "greedy", "random", "--pairs", "2", "--plugin", named.toString(), "--no-progress");
        assertEquals("0", r[0], r[2]);
        assertFalse(Files.exists(marker), "a plug-in's static initializer ran for a match of shipped bots");
    }

    @Test
    void pluginsOfTheCurrentFolder_areNeverLoaded() throws Exception {
        String[] bots = run(here, Map.of(), "bots");
        assertEquals("0", bots[0], bots[2]);
        assertFalse(bots[1].contains("\n  marks "), bots[1]); // its line in the list (the word is in "benchmarks")
        String[] match = run(here, Map.of(), "match", "marks", "random", "--pairs", "1");
        assertEquals("2", match[0], match[2]);
        assertTrue(match[2].contains("unknown bot 'marks'"), match[2]);
        assertFalse(Files.exists(marker), "plugins/ of the current folder was loaded");
    }

    @Test
    void plugInNamedByFlagVariableOrLauncherFolder_isListedAndPlays() throws Exception {
        for (Map<String, String> env : List.of(Map.of("RICHELIEU_PLUGINS", named.toString()),
                Map.of("RICHELIEU_HOME", home.toString()))) {
            String[] bots = run(dir, env, "bots");
            assertEquals("0", bots[0], bots[2]);
            assertTrue(bots[1].contains("\n  marks ") && bots[1].contains("its static initializer leaves a mark"), bots[1]);
        }
        String[] match = run(dir, Map.of(), "match", "marks", "random", "--pairs", "1", "--plugin", named.toString(),
                "--no-progress");
        assertEquals("0", match[0], match[2]);
        assertTrue(Files.exists(marker), "the plug-in named plays");
    }

    @Test
    void pluginVariable_pathThatIsMissing_oneLineErrorBeforeAnyGame() throws Exception {
        String[] r = run(dir, Map.of("RICHELIEU_PLUGINS", dir.resolve("nope.jar").toString()), "match", "greedy",
                "random", "--pairs", "1");
        assertEquals("2", r[0], r[2]);
        assertEquals("richelieu: plug-in " + dir.resolve("nope.jar") + ": no such file or folder", r[2].strip());
    }
}
