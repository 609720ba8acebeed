package richelieu.runner.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.record.Json;
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

    /** Largest result file read (checked before reading); a large tournament's file is well under 1 MB. */
    public static final long MAX_FILE_BYTES = 64L << 20;

    /** The JSON tree of a result file, checked to be one; one-line {@link UserError}s otherwise. */
    public static JsonNode readTree(Path file) {
        try {
            return parseTree(Json.readFile(file, MAX_FILE_BYTES), file.toString());
        } catch (NoSuchFileException e) {
            throw new UserError("result file " + file + ": no such file");
        } catch (IOException e) {
            throw new UserError("result file " + file + ": cannot read it (" + e.getMessage() + ")");
        } catch (Json.BadJson e) {
            throw new UserError("result file " + file + ": " + e.getMessage());
        }
    }

    private static JsonNode parseTree(String text, String name) {
        JsonNode n;
        try {
            n = Json.readTree(text);
        } catch (Json.BadJson e) {
            throw new UserError("result file " + name + ": " + e.getMessage());
        }
        if (!FORMAT.equals(n.path("format").textValue())) {
            throw new UserError("result file " + name + ": not a " + FORMAT + " file");
        }
        return n;
    }

    public static ResultFile read(Path file) {
        return parse(readTree(file), file.toString());
    }

    /** Reads the text of a result file; {@code name} names it in error messages. */
    public static ResultFile parse(String text, String name) {
        return parse(parseTree(text, name), name);
    }

    private static ResultFile parse(JsonNode n, String name) {
        try {
            RunConfig cfg = RunConfig.fromJson(n.get("config"));
            checkShape(n.get("tally"), cfg);
            return new ResultFile(n.path("version").asText(), cfg, n.get("progress").get("done").asLong(),
                    n.get("progress").get("complete").asBoolean(), Tally.fromJson(n.get("tally")), n.get("statistics"));
        } catch (UserError e) {
            throw e;
        } catch (NullPointerException e) {
            throw new UserError("result file " + name + ": malformed (a field is missing or of the wrong type)");
        } catch (IllegalArgumentException e) {
            throw new UserError("result file " + name + ": malformed (" + Json.brief(e.getMessage(), 200) + ")");
        } catch (RuntimeException e) {
            throw new UserError("result file " + name + ": malformed (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** Largest run a result file may describe: bounds what reading it allocates. */
    static final int MAX_BOTS = 256;
    static final int MAX_RULE_SETS = 16;
    static final int MAX_LINEUPS = 1_000_000;

    /**
     * The tally's dimensions must be the config's, within the limits above, before any array
     * is sized from them (a file claiming a million bots would otherwise exhaust the memory).
     */
    private static void checkShape(JsonNode tally, RunConfig cfg) {
        if (cfg.bots().isEmpty() || cfg.bots().size() > MAX_BOTS || cfg.ruleSets().isEmpty()
                || cfg.ruleSets().size() > MAX_RULE_SETS || cfg.lineups().isEmpty() || cfg.lineups().size() > MAX_LINEUPS) {
            throw new IllegalArgumentException("a run has 1 to " + MAX_BOTS + " bots, 1 to " + MAX_RULE_SETS
                    + " rule sets and 1 to " + MAX_LINEUPS + " lineups");
        }
        if (tally == null || !tally.isObject()) {
            throw new IllegalArgumentException("\"tally\" must be an object");
        }
        int players = cfg.ruleSets().get(0).players();
        if (Json.intField(tally, "players", 2, 4) != players || Json.intField(tally, "bots", 1, MAX_BOTS) != cfg.bots().size()
                || Json.intField(tally, "ruleSets", 1, MAX_RULE_SETS) != cfg.ruleSets().size()
                || Json.intField(tally, "lineups", 1, MAX_LINEUPS) != cfg.lineups().size()) {
            throw new IllegalArgumentException("the tally's players, bots, rule sets or lineups differ from the config's");
        }
    }
}
