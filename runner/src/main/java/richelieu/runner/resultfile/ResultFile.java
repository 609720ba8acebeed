package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.json.Json;
import richelieu.runner.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A run's result file ({@code --json FILE}); docs/result-files.md says what it promises:
 * <pre>
 * {"format": "richelieu-result/1", "version": …, "config": {…RunConfig…},
 *  "progress": {"from": a, "to": b, "units": [[a, x], [y, b], …], "complete": true|false},
 *  (units: exactly the units the tally holds; complete: every unit of [from, to) was played,
 *   or a sequential test decided early)
 *  "tally": {…raw integer counts…}, "statistics": {…every statistic of the report…},
 *  "outputs": {"records": path, "csv": path, "gamesBefore": n},   (only when the run wrote them;
 *   gamesBefore: the games of another run the files hold first, only when there are some)
 *  "course": {…}}   (only a study whose games depend on its earlier games: tune's θ, iteration by iteration)
 * </pre>
 * The config and tally (and a course) are enough to resume the run ({@code --resume}), merge
 * shards ({@code merge}) and recompute every statistic. Reading checks every field and that the
 * counts agree with each other and with the units held; a file that fails is refused, never
 * trusted (its study checks its course).
 *
 * @param units   the units the tally holds
 * @param outputs the per-game files the run wrote, remembered for a resume
 * @param course  what a study whose later games depend on its earlier ones decided along the way
 *                (tune: θ after each iteration), which its study reads and checks; null for every
 *                other study, whose games follow from the config alone
 */
public record ResultFile(String version, RunConfig config, UnitRanges units, boolean complete, Tally tally,
                         JsonNode statistics, Outputs outputs, JsonNode course) {

    /** A result without a course (every study whose games follow from its config alone). */
    public ResultFile(String version, RunConfig config, UnitRanges units, boolean complete, Tally tally,
                      JsonNode statistics, Outputs outputs) {
        this(version, config, units, complete, tally, statistics, outputs, null);
    }
    public static final String FORMAT = "richelieu-result/1";
    public static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * The per-game output files of a run (absolute paths, or null when not written), and how many
     * games of another run they hold before this run's (a tuning's confirming test follows the
     * tuning's games in its files; 0 for every other run).
     */
    public record Outputs(Path records, Path csv, long gamesBefore) {
        public static final Outputs NONE = new Outputs(null, null);

        public Outputs(Path records, Path csv) {
            this(records, csv, 0);
        }

        public static Outputs of(Path records, Path csv) {
            return new Outputs(records == null ? null : records.toAbsolutePath(), csv == null ? null : csv.toAbsolutePath());
        }
    }

    /**
     * This whole run's units as the first part of the same run with {@code deals} deals: the
     * units held stay (unit u is the same games in either run), the range becomes the larger run's,
     * so a resume plays the new units and a merge adds shards of the larger run. Only for a study
     * whose games do not depend on the run's size ({@code Study#extendable}, checked by the caller).
     *
     * @throws IllegalArgumentException, one line, if the file holds a shard or more deals ({@link RunConfig#extendedTo})
     */
    public ResultFile extendedTo(long deals) {
        RunConfig larger = config.extendedTo(deals);
        return new ResultFile(version, larger, units, units.missing(larger.from(), larger.to()).isEmpty() && complete, tally,
                null, outputs, course);
    }

    public ObjectNode toJson() {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("format", FORMAT);
        n.put("version", version);
        n.set("config", config.toJson(MAPPER));
        ObjectNode p = n.putObject("progress");
        p.put("from", config.from());
        p.put("to", config.to());
        p.set("units", units.toJson(MAPPER));
        p.put("complete", complete());
        n.set("tally", tally.toJson(MAPPER));
        n.set("statistics", statistics == null ? MAPPER.createObjectNode() : statistics);
        if (outputs.records() != null || outputs.csv() != null) {
            ObjectNode o = n.putObject("outputs");
            if (outputs.records() != null) {
                o.put("records", outputs.records().toString());
            }
            if (outputs.csv() != null) {
                o.put("csv", outputs.csv().toString());
            }
            if (outputs.gamesBefore() > 0) {
                o.put("gamesBefore", outputs.gamesBefore());
            }
        }
        if (course != null) {
            n.set("course", course);
        }
        return n;
    }

    /**
     * Writes atomically (temp file + rename), so an interrupted write never leaves half a file.
     * A symlink is written through to its target (the link stays); a FIFO, device or folder at
     * {@code path} is refused, never replaced ({@link OutputTarget}).
     */
    public void write(Path path) throws IOException {
        Path file = OutputTarget.of(path);
        Path dir = file.getParent();
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
            throw new UserError("result file " + file + ": cannot read it (" + Json.reason(e) + ")");
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

    /**
     * Reads and checks a result file, its study's settings by {@code settings}; any problem is one
     * {@link UserError} line naming the file and the field.
     */
    public static ResultFile read(Path file, StudySettings.Reader settings) {
        return parse(readTree(file), file.toString(), settings);
    }

    /** Reads the text of a result file; {@code name} names it in error messages. */
    public static ResultFile parse(String text, String name, StudySettings.Reader settings) {
        return parse(parseTree(text, name), name, settings);
    }

    private static ResultFile parse(JsonNode n, String name, StudySettings.Reader settings) {
        try {
            return fromJson(n, settings);
        } catch (UserError e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new UserError("result file " + name + ": " + Json.brief(e.getMessage(), 300));
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

    /**
     * Every field checked: the config (see {@link RunConfig#fromJson}), the progress (units
     * within the shard's range; files written before unit lists had {@code done}: units
     * [from, done)), the tally (types, shape of the config, units and games per lineup agreeing
     * with the units held, internal consistency: {@link Tally#checkConsistent}).
     */
    static ResultFile fromJson(JsonNode n, StudySettings.Reader settings) {
        String version = Json.textValue(n.get("version"), "version");
        RunConfig cfg = RunConfig.fromJson(n.get("config"), settings);
        JsonNode p = Json.objectValue(n.get("progress"), "progress");
        Json.longValue(p.get("from"), "progress.from", cfg.from(), cfg.from());
        Json.longValue(p.get("to"), "progress.to", cfg.to(), cfg.to());
        UnitRanges units;
        if (p.has("units")) {
            units = UnitRanges.fromJson(p.get("units"), "progress.units", cfg.units());
            if (!units.within(cfg.from(), cfg.to())) {
                throw new IllegalArgumentException("progress.units: " + units + " lie outside the shard's units "
                        + cfg.from() + ".." + (cfg.to() - 1));
            }
        } else {
            units = UnitRanges.of(cfg.from(), Json.longValue(p.get("done"), "progress.done", cfg.from(), cfg.to()));
        }
        boolean complete = Json.boolValue(p.get("complete"), "progress.complete");
        UnitRanges missing = units.missing(cfg.from(), cfg.to());
        if (complete && !missing.isEmpty() && !cfg.command().equals("sprt")) { // only a sequential test ends early
            throw new IllegalArgumentException("progress.complete: true, but units " + missing + " of the range "
                    + cfg.from() + ".." + (cfg.to() - 1) + " are missing");
        }
        checkShape(n.get("tally"), cfg);
        Tally tally = Tally.fromJson(n.get("tally"));
        checkAgainst(tally, cfg, units);
        JsonNode statistics = n.get("statistics");
        if (statistics != null && !statistics.isNull()) {
            Json.objectValue(statistics, "statistics");
        }
        Outputs outputs = Outputs.NONE;
        if (n.has("outputs")) {
            JsonNode o = Json.objectValue(n.get("outputs"), "outputs");
            outputs = new Outputs(o.has("records") ? Path.of(Json.textValue(o.get("records"), "outputs.records")) : null,
                    o.has("csv") ? Path.of(Json.textValue(o.get("csv"), "outputs.csv")) : null,
                    o.has("gamesBefore") ? Json.longValue(o.get("gamesBefore"), "outputs.gamesBefore", 1,
                            RunConfig.MAX_UNITS) : 0);
        }
        JsonNode course = n.get("course");
        if (course != null) {
            Json.objectValue(course, "course");
        }
        return new ResultFile(version, cfg, units, complete, tally, statistics, outputs, course);
    }

    /** The tally has the config's shape and holds exactly the games of {@code units}. */
    private static void checkAgainst(Tally t, RunConfig c, UnitRanges units) {
        if (t.players() != c.ruleSets().get(0).players() || t.bots != c.bots().size() || t.ruleSets != c.ruleSets().size()
                || t.lineups != c.lineups().size()) {
            throw new IllegalArgumentException("tally: its shape (players, bots, rule sets, lineups) does not match the config");
        }
        if (t.units() != units.count()) {
            throw new IllegalArgumentException("tally.units: " + t.units() + ", but progress.units hold " + units.count()
                    + " units (" + units + ")");
        }
        int rotations = c.pairing() == RunConfig.Pairing.ROTATE ? t.players() : 1;
        for (int l = 0; l < t.lineups; l++) {
            long expected = units.count(c.lineups().size(), l) * rotations;
            for (int v = 0; v < t.ruleSets; v++) {
                if (t.seat(v, l).games() != expected) {
                    throw new IllegalArgumentException("tally.seat[" + v + "][" + l + "].games: " + t.seat(v, l).games()
                            + ", but the units held give " + expected);
                }
            }
        }
        t.checkConsistent(c.lineups(), c.pairing());
        if (!t.measures().isEmpty()) {
            // a measured run measures every unit it holds, and only those
            UnitRanges measured = UnitRanges.empty();
            for (long u : t.measures().keySet()) {
                measured = measured.union(UnitRanges.of(u, u + 1));
            }
            if (!measured.equals(units)) {
                throw new IllegalArgumentException("tally.measures: units " + measured + " measured, but progress.units "
                        + "hold " + units);
            }
        }
    }
}
