package richelieu.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import richelieu.engine.json.Json;
import org.junit.jupiter.params.provider.MethodSource;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.study.ResultReader;
import richelieu.runner.studystats.StoredResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The published result files say what today's code computes from them: every committed
 * {@code results/*.json} result file's {@code statistics} block equals the statistics recomputed
 * from its config and tally. A fix to a statistic that changes a published figure fails here
 * until the files are refreshed by the program ({@code ./richelieu merge FILE --json FILE}
 * rewrites a file with today's statistics and plays no game), so a stale figure cannot stay
 * published.
 */
class CommittedResultsTest {

    private static final Path RESULTS = Path.of("..", "results");

    static Stream<Path> resultFiles() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(RESULTS)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(p -> !p.getFileName().toString().endsWith(".time.json"))
                    .filter(p -> !p.getFileName().toString().equals("studies.json"))
                    .sorted().toList();
        }
        // the distance study's result lives in its own folder, beside its page and games
        files = java.util.stream.Stream.concat(files.stream(), Stream.of(RESULTS.resolve("distance").resolve("distance.json")))
                .toList();
        assertFalse(files.isEmpty(), "no result files under " + RESULTS.toAbsolutePath());
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("resultFiles")
    void committedResultFile_statistics_equalRecomputationFromConfigAndTally(Path file) throws Exception {
        ResultFile stored = ResultReader.readFile(file);
        StoredResult recomputed = ResultReader.of(stored);
        assertNotNull(recomputed.statistics(), file + " has no statistics kind");
        // through text and back, as the file was written and read, so that node types compare equal
        JsonNode expected = Json.readTree(ResultFile.MAPPER.writeValueAsString(recomputed.statistics().toJson()));
        assertEquals(ResultFile.MAPPER.writeValueAsString(expected), ResultFile.MAPPER.writeValueAsString(stored.statistics()),
                file + ": stored statistics differ from today's computation; refresh them with "
                + "./richelieu merge " + file.getFileName() + " --json " + file.getFileName() + " (in results/; no game is played)");
    }
}
