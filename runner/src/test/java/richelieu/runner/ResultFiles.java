package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.runner.resultfile.ResultFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Result files for the command-line tests: written by real runs, whole or stopped early, or taken
 * from the test resources; then edited as JSON.
 */
final class ResultFiles {
    private ResultFiles() {
    }

    /** {@code f}: a small complete result, random against random, 2 pairs, seed 3. */
    static Path smallMatch(Path f) {
        Cli.ok("match", "random", "random", "--pairs", "2", "--seed", "3", "--json", f.toString(), "--no-progress");
        return f;
    }

    /**
     * Runs {@code args} (a run that saves a result file) and stops it after {@code units} units, as
     * a Ctrl-C would (exit 130): its file holds a partial result.
     */
    static Cli stopped(int units, String... args) {
        String[] stopping = Arrays.copyOf(args, args.length + 2);
        stopping[args.length] = "--stop-after-units";
        stopping[args.length + 1] = Integer.toString(units);
        Cli c = Cli.run(stopping);
        assertEquals(130, c.exit, c::toString);
        return c;
    }

    /**
     * The units a stopped run saved in {@code json}: asserts the file is incomplete and holds one
     * range of units from 0 (the finished prefix), and returns where it ends.
     */
    static long savedPrefix(Path json) throws IOException {
        JsonNode progress = ResultFile.MAPPER.readTree(json.toFile()).get("progress");
        assertFalse(progress.get("complete").asBoolean(), "the run was stopped");
        JsonNode units = progress.get("units");
        assertEquals(1, units.size(), "one range of units: the finished prefix");
        assertEquals(0, units.get(0).get(0).asLong());
        return units.get(0).get(1).asLong();
    }

    /** Rewrites the JSON of {@code file} through {@code change}. */
    static void edit(Path file, Consumer<ObjectNode> change) throws IOException {
        ObjectNode n = (ObjectNode) ResultFile.MAPPER.readTree(file.toFile());
        change.accept(n);
        Files.writeString(file, ResultFile.MAPPER.writeValueAsString(n));
    }

    /**
     * A result file of the runner's test resources, e.g. {@code golden/match/result.json}; a
     * golden file, stored without its version, gets this one's.
     */
    static ObjectNode resource(String name) throws IOException {
        ObjectNode n = (ObjectNode) ResultFile.MAPPER.readTree(Path.of("src/test/resources", name).toFile());
        if (!n.has("version")) {
            n.put("version", Version.VERSION);
        }
        return n;
    }

    /** {@link #resource} copied into {@code dir}, for a command to read. */
    static Path resourceIn(String name, Path dir) throws IOException {
        Path f = dir.resolve(name.replace('/', '-'));
        ResultFile.MAPPER.writeValue(f.toFile(), resource(name));
        return f;
    }
}
