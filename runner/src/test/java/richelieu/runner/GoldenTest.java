package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import richelieu.runner.resultfile.ResultFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Golden files: every output of a set of fixed-seed runs — the text on stdout, the result file
 * (without its {@code version}; the temporary folder written as {@code {dir}}), the CSV and the game records — compared byte for byte with the
 * copies committed under {@code src/test/resources/golden/NAME/}. A refactoring must leave them
 * unchanged; a change that deliberately alters an output regenerates them in the same commit
 * (and says so in its message):
 * <pre>mvn -q -B -pl runner -am test -Dtest=GoldenTest -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.update=true</pre>
 */
class GoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");

    /** A fixed-seed run; {@code {json}}, {@code {csv}}, {@code {records}} and {@code {dir}} are replaced by paths. */
    record Case(String name, String... args) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        String outs = "--json {json} --csv {csv} --records {records}";
        return Stream.of(
                new Case("match", ("match greedy random --pairs 12 --seed 42 --threads 2 " + outs).split(" ")),
                new Case("match-unpaired", ("match heuristic random --games 15 --unpaired --seed 7 --threads 2 "
                        + outs).split(" ")),
                new Case("tournament", ("tournament random greedy heuristic --pairs 3 --seed 5 --bootstrap 50 --threads 2 "
                        + outs).split(" ")),
                new Case("tournament-3p", ("tournament random greedy heuristic random --players 3 --pairs 2 --seed 9 "
                        + "--bootstrap 50 --threads 2 " + outs).split(" ")),
                new Case("first-player", ("first-player random greedy --games 12 --seed 2 --threads 2 " + outs).split(" ")),
                new Case("first-player-3p", ("first-player random --players 3 --games 12 --seed 3 --threads 2 "
                        + outs).split(" ")),
                new Case("balance", ("balance random greedy --pairs 6 --seed 2 --threads 2 " + outs).split(" ")),
                new Case("sprt", ("sprt greedy random --elo0 0 --elo1 150 --batch 5 --max-games 200 --seed 4 --threads 2 "
                        + outs).split(" ")),
                new Case("shard", ("match greedy random --pairs 12 --seed 42 --shard 1/3 --threads 2 " + outs).split(" ")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void outputs_matchTheGoldenFiles(Case c, @TempDir Path dir) throws IOException {
        List<String> args = new ArrayList<>();
        for (String a : c.args()) {
            args.add(a.replace("{json}", dir.resolve("result.json").toString())
                    .replace("{csv}", dir.resolve("games.csv").toString())
                    .replace("{records}", dir.resolve("records.jsonl").toString()));
        }
        Cli run = Cli.run(args.toArray(new String[0]));
        assertEquals(0, run.exit, run.toString());
        check(c.name(), "stdout.txt", run.out);
        for (String f : List.of("games.csv", "records.jsonl")) {
            if (Files.exists(dir.resolve(f))) {
                check(c.name(), f, Files.readString(dir.resolve(f)));
            }
        }
        check(c.name(), "result.json", withoutVersion(dir.resolve("result.json")).replace(dir.toAbsolutePath().toString(), "{dir}"));
    }

    /** Merging the three shards of a match gives the golden merged result. */
    @org.junit.jupiter.api.Test
    void merge_ofThreeShards_matchesTheGoldenFiles(@TempDir Path dir) throws IOException {
        List<String> files = new ArrayList<>(List.of("merge"));
        for (int k = 0; k < 3; k++) {
            Path f = dir.resolve("s" + k + ".json");
            Cli s = Cli.run("match", "greedy", "random", "--pairs", "12", "--seed", "42", "--shard", k + "/3",
                    "--json", f.toString());
            assertEquals(0, s.exit, s.toString());
            files.add(f.toString());
        }
        files.addAll(List.of("--json", dir.resolve("merged.json").toString()));
        Cli m = Cli.run(files.toArray(new String[0]));
        assertEquals(0, m.exit, m.toString());
        check("merge", "stdout.txt", m.out);
        check("merge", "result.json", withoutVersion(dir.resolve("merged.json")));
    }

    private static String withoutVersion(Path file) throws IOException {
        JsonNode n = ResultFile.MAPPER.readTree(file.toFile());
        ((ObjectNode) n).remove("version");
        return ResultFile.MAPPER.writeValueAsString(n) + "\n";
    }

    private static void check(String name, String file, String actual) throws IOException {
        Path golden = GOLDEN.resolve(name).resolve(file);
        if (UPDATE) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.exists(golden), golden + " is missing; regenerate with -Dgolden.update=true");
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual, name + "/" + file + " differs from the golden file");
    }
}
