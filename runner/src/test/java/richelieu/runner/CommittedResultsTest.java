package richelieu.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
 * result file under {@code results/} (any folder) {@code statistics} block equals the statistics recomputed
 * from its config and tally. A fix to a statistic that changes a published figure fails here
 * until the files are refreshed by the program ({@code ./richelieu merge FILE --json FILE}
 * rewrites a file with today's statistics and plays no game), so a stale figure cannot stay
 * published.
 */
class CommittedResultsTest {

    private static final Path RESULTS = Path.of("..", "results");

    /** Every result file under results/, in any folder (studies' pages keep theirs beside them), by its format. */
    static Stream<Path> resultFiles() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(RESULTS)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(CommittedResultsTest::isResultFile)
                    .sorted().toList();
        }
        assertTrue(files.contains(RESULTS.resolve("ladder.json")), "the ladder's result is among " + files);
        assertTrue(files.contains(RESULTS.resolve("distance").resolve("distance.json")), "the distance study's result is among "
                + files);
        return files.stream();
    }

    /** A JSON object whose "format" is the result files' (benchmark logs, decks and study lists are not). */
    private static boolean isResultFile(Path p) {
        try {
            JsonNode n = Json.readTree(Files.readString(p));
            return n.isObject() && ResultFile.FORMAT.equals(n.path("format").asText());
        } catch (IOException | Json.BadJson e) {
            throw new AssertionError(p + " is not readable JSON: " + e.getMessage(), e);
        }
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
