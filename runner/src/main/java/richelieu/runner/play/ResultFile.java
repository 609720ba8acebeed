package richelieu.runner.play;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.runner.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A run's result file ({@code --json FILE}):
 * <pre>
 * {"format": "richelieu-result/1", "version": …, "config": {…RunConfig…},
 *  "progress": {"from": a, "to": b, "done": d, "complete": true|false},
 *  (complete: every unit of the range was played, or a sequential test decided early)
 *  "tally": {…raw integer counts…}, "statistics": {…every statistic of the report…}}
 * </pre>
 * The config and tally are enough to resume the run ({@code --resume}), merge shards
 * ({@code merge}) and recompute every statistic.
 */
public record ResultFile(String version, RunConfig config, long done, boolean complete, Tally tally, JsonNode statistics) {
    public static final String FORMAT = "richelieu-result/1";
    public static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public ObjectNode toJson() {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("format", FORMAT);
        n.put("version", version);
        n.set("config", config.toJson(MAPPER));
        ObjectNode p = n.putObject("progress");
        p.put("from", config.from());
        p.put("to", config.to());
        p.put("done", done);
        p.put("complete", complete());
        n.set("tally", tally.toJson(MAPPER));
        n.set("statistics", statistics == null ? MAPPER.createObjectNode() : statistics);
        return n;
    }

    /** Writes atomically (temp file + rename), so an interrupted write never leaves half a file. */
    public void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp"); // same folder, normal permissions
        try {
            Files.writeString(tmp, MAPPER.writeValueAsString(toJson()) + "\n");
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The JSON tree of a result file, checked to be one; one-line {@link UserError}s otherwise. */
    public static JsonNode readTree(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new UserError("result file " + file + ": no such file");
        } catch (IOException e) {
            throw new UserError("result file " + file + ": cannot read it (" + e.getMessage() + ")");
        }
        JsonNode n;
        try {
            n = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UserError("result file " + file + ": not valid JSON (" + e.getOriginalMessage() + ")");
        }
        if (n == null || !FORMAT.equals(n.path("format").asText())) {
            throw new UserError("result file " + file + ": not a " + FORMAT + " file");
        }
        return n;
    }

    public static ResultFile read(Path file) {
        JsonNode n = readTree(file);
        try {
            RunConfig cfg = RunConfig.fromJson(n.get("config"));
            return new ResultFile(n.path("version").asText(), cfg, n.get("progress").get("done").asLong(),
                    n.get("progress").get("complete").asBoolean(), Tally.fromJson(n.get("tally")), n.get("statistics"));
        } catch (UserError e) {
            throw e;
        } catch (RuntimeException e) {
            throw new UserError("result file " + file + ": malformed (" + e + ")");
        }
    }
}
