package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.study.Studies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static richelieu.runner.ResultFiles.edit;

/**
 * A study's own settings ({@code config.settings}) are typed: every stored result reads and writes
 * them unchanged, and a tampered one is refused in one line that names the file and the field.
 */
class StudySettingsTest {

    /** Every result file the project keeps (test resources and results/), the source of "old files still read". */
    static Stream<Path> storedResults() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path root : List.of(Path.of("src/test/resources"), Path.of("../results"))) {
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(files::add);
            }
        }
        List<Path> results = new ArrayList<>();
        for (Path f : files) {
            if (ResultFile.FORMAT.equals(ResultFile.MAPPER.readTree(f.toFile()).path("format").textValue())) {
                results.add(f);
            }
        }
        assertTrue(results.size() > 30, "the stored result files were found: " + results);
        return results.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("storedResults")
    void storedConfig_readAndWrittenAgain_isUnchanged(Path file) throws IOException {
        JsonNode config = ResultFile.MAPPER.readTree(file.toFile()).get("config");
        RunConfig read = RunConfig.fromJson(config, Studies::readSettings);
        // compared as text: a number read back may be another node type than the one written
        assertEquals(config.toString(), read.toJson(ResultFile.MAPPER).toString(), file + ": the config's JSON form changed");
    }

    /** A tampered setting and the message that must name it. */
    record Tamper(String name, String kind, Consumer<ObjectNode> settings, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Tamper> tampered() {
        return Stream.of(
                new Tamper("sprt elo1 not a number", "sprt", s -> s.put("elo1", "abc"),
                        "config.settings.elo1: must be a number, not 'abc'"),
                new Tamper("sprt elo1 equal to elo0", "sprt", s -> s.put("elo1", "0"),
                        "config.settings.elo1: must be greater than elo0 (0.0), not 0.0"),
                new Tamper("sprt elo1 beyond the model's range", "sprt", s -> s.put("elo1", "5000"),
                        "config.settings.elo1: must be between -1000.0 and 1000.0, not 5000"),
                new Tamper("sprt batch of zero", "sprt", s -> s.put("batch", "0"),
                        "config.settings.batch: must be between 1 and 2147483647, not 0"),
                new Tamper("sprt alpha of one half", "sprt", s -> s.put("alpha", "0.5"),
                        "config.settings.alpha: must be strictly between 0 and 0.5"),
                new Tamper("sprt unknown model", "sprt", s -> s.put("model", "FLAT"),
                        "config.settings.model: must be one of LOGISTIC, NORMALIZED, not 'FLAT'"),
                new Tamper("sprt without beta", "sprt", s -> s.remove("beta"), "config.settings.beta: missing"),
                new Tamper("tournament bootstrap not a number", "tournament", s -> s.put("bootstrap", "x"),
                        "config.settings.bootstrap: must be a whole number, not 'x'"),
                new Tamper("match with a setting it has not", "match", s -> s.put("bootstrap", "10"),
                        "config.settings.bootstrap: not a setting of this study (it has none)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tampered")
    void tamperedSetting_mergeAndResume_refusedInOneLineNamingFileAndField(Tamper t, @TempDir Path dir) throws IOException {
        Path f = ResultFiles.resourceIn("golden/" + t.kind() + "/result.json", dir);
        edit(f, n -> t.settings().accept((ObjectNode) n.get("config").get("settings")));
        String expected = "result file " + f + ": " + t.message();
        Cli merge = Cli.refused(expected, "merge", f.toString());
        assertFalse(merge.err.contains("For input string"), merge::toString);
        assertEquals(1, merge.err.strip().lines().count(), merge::toString);
        List<String> resume = new ArrayList<>(List.of(t.kind(), "greedy", "random", "--resume", f.toString()));
        Cli.refused(expected, resume.toArray(new String[0]));
        Cli.refused(expected, "chart", f.toString(), "--out", dir.toString());
    }

    @Test
    void sprtResume_settingWrittenAsTextOfAnotherForm_readsAsTheSameTest(@TempDir Path dir) throws IOException {
        Path f = ResultFiles.resourceIn("golden/sprt/result.json", dir);
        edit(f, n -> {
            ((ObjectNode) n.get("config").get("settings")).put("elo0", "0").put("batch", " 5");
            n.remove("outputs"); // the golden run's records and CSV are not here
        });
        Cli c = Cli.ok("sprt", "greedy", "random", "--resume", f.toString());
        assertTrue(c.out.contains("H0: Elo +0.0, H1: Elo +150.0"), c::toString);
    }
}
