package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.studystats.StoredResult;
import richelieu.runner.study.ResultReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The charts and the report take statistics recomputed from a file's config and tally, never the
 * figures stored in it (docs/result-files.md: a file is data).
 */
class ResultReaderTest {
    /** A golden result file (stored without its version, which is put back). */
    private static ObjectNode golden(String name) throws IOException {
        return ResultFiles.resource("golden/" + name + "/result.json");
    }

    /** The statistics the program reads from this file, as JSON (records hold arrays: compare their JSON). */
    private static JsonNode recomputed(ObjectNode tree, String name) {
        return ResultReader.of(ResultReader.parseFile(tree.toString(), name)).statistics().toJson();
    }

    private static JsonNode bound(ObjectNode tree, String name) {
        return StoredResult.bound(ResultReader.parseFile(tree.toString(), name)).statistics().toJson();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"match", "tournament", "tournament-3p", "first-player", "first-player-3p", "balance", "sprt"})
    void storedStatisticsEdited_orMissing_theRecomputedOnesAreUsed(String name) throws IOException {
        ObjectNode file = golden(name);
        JsonNode truth = recomputed(file, name);
        assertEquals(bound(file, name), truth,
                "a file written by this version stores exactly what is recomputed");

        ObjectNode edited = file.deepCopy();
        edited.set("statistics", scaleEveryNumber(edited.get("statistics"), 0.5));
        assertNotEquals(truth, bound(edited, name),
                "the edit changes the stored figures");
        assertEquals(truth, recomputed(edited, name), "but not what the program reads");

        ObjectNode bare = file.deepCopy();
        bare.set("statistics", ResultFile.MAPPER.createObjectNode());
        assertEquals(truth, recomputed(bare, name), "a file saved before its statistics were written");
    }

    /** Regression: a file saved without statistics (an interrupted run) was a one-line error in chart. */
    @Test
    void chart_fileWithoutStatistics_drawsFromTheTally(@TempDir Path dir) throws IOException {
        ObjectNode bare = golden("first-player");
        bare.set("statistics", ResultFile.MAPPER.createObjectNode());
        Path json = Files.writeString(dir.resolve("fp.json"), bare.toString());
        Cli c = Cli.run("chart", json.toString(), "--out", dir.resolve("charts").toString());
        assertEquals(0, c.exit, c.toString());
        try (var files = Files.list(dir.resolve("charts"))) {
            assertTrue(files.anyMatch(p -> p.toString().endsWith(".png")), c.toString());
        }
    }
    /** A hand edit of a stored statistics block: every floating-point number scaled. */
    private static JsonNode scaleEveryNumber(JsonNode n, double factor) {
        if (n instanceof ObjectNode o) {
            ObjectNode copy = o.objectNode();
            o.fields().forEachRemaining(e -> copy.set(e.getKey(), scaleEveryNumber(e.getValue(), factor)));
            return copy;
        }
        if (n instanceof ArrayNode a) {
            ArrayNode copy = a.arrayNode();
            a.forEach(x -> copy.add(scaleEveryNumber(x, factor)));
            return copy;
        }
        return n.isFloatingPointNumber() ? DoubleNode.valueOf(n.doubleValue() * factor) : n;
    }
}
