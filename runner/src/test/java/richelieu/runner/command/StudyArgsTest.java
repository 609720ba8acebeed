package richelieu.runner.command;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import richelieu.runner.UserError;
import richelieu.runner.study.Studies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A study's command line from a config the user did not name may not start programs or load plug-ins. */
class StudyArgsTest {

    @ParameterizedTest
    @ValueSource(strings = {"match|exec:python3 bot.py|random", "match|mine=exec:python3 bot.py|random",
            "match| EXEC:sh|random", "tune|heuristic|--param|marker=0..3|--against|exec:sh",
            "tune|heuristic|--param|marker=0..3|--against=x=exec:sh", "match|mybot|random|--plugin|x.jar",
            "match|mybot|random|--plugin=x.jar"})
    void check_unnamedConfig_programOrPlugin_refused(String line) {
        List<String> args = List.of(line.split("\\|"));
        UserError e = assertThrows(UserError.class, () -> StudyArgs.check(args, false));
        assertTrue(e.getMessage().endsWith("name the config with --config to allow that"), e.getMessage());
        assertDoesNotThrow(() -> StudyArgs.check(args, true), "a named config may");
    }

    @ParameterizedTest
    @ValueSource(strings = {"match|greedy|random", "tournament|fast=ismcts:iterations=10|heuristic|--pairs|2",
            "first-player|random|--games|10"})
    void check_unnamedConfig_shippedBots_accepted(String line) {
        assertDoesNotThrow(() -> StudyArgs.check(List.of(line.split("\\|")), false));
    }

    @Test
    void studyParser_knowsEveryStudyKind_andNothingElse() {
        // all but distance: its page and charts are written by `distance --out` into their own folder
        // (results/distance), which the report reads; results/studies.json does not run it
        Set<String> kinds = new java.util.HashSet<>(Studies.names());
        assertTrue(kinds.remove("distance"), "distance is a study kind");
        assertEquals(kinds, StudyArgs.StudyCommands.parser().getSubcommands().keySet());
    }

    @ParameterizedTest
    @ValueSource(strings = {"bots", "report|--out|x", "--help", "replay|x.json"})
    void parse_notAStudy_refusedNamingTheStudies(String line) {
        UserError e = assertThrows(UserError.class, () -> StudyArgs.parse(List.of(line.split("\\|"))));
        assertTrue(e.getMessage().contains("is not the command line of a study (" + String.join(", ", Studies.names())),
                e.getMessage());
    }

    @Test
    void unnamedConfig_atFileInArgs_isABotSpecNotAFileOfArguments(@TempDir Path dir) throws IOException {
        // Before: picocli read the @FILE after the exec: check, and its exec: bot ran.
        Path evil = Files.writeString(dir.resolve("evil.args"), "exec:sh\n");
        List<String> args = List.of("match", "@" + evil, "random", "--pairs", "1");
        UserError e = assertThrows(UserError.class, () -> {
            StudyArgs.check(args, false);
            StudyArgs.parse(args);
        });
        assertTrue(e.getMessage().contains("'@" + evil + "'"), e.getMessage());
    }
}
