package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.json.Json;
import richelieu.runner.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a study's games cost: {@code results/<id>.time.json}, one entry per run that played games
 * for the result file (a run and each of its resumptions), so the study page can give the run time
 * and the machine it was played on. The report appends an entry whenever it plays a study; runs
 * started by hand are entered from {@code /usr/bin/time} (user + sys).
 * <pre>
 * {"runs": [{"ended": "2026-11-23T16:02Z", "machine": "…", "threads": 2, "wallSeconds": 3600.0,
 *            "cpuSeconds": 4700.0, "games": 32000, "how": "…", "load": "…", "note": "…"}]}
 * </pre>
 * {@code load}, {@code how} and {@code note} are optional. CPU time is the process's user + sys
 * time over all its threads: unlike wall time it does not depend on what else ran.
 *
 * @param runs the runs, oldest first
 */
public record RunTimes(List<Entry> runs) {

    /** One run that played games for the study. */
    public record Entry(String ended, String machine, int threads, double wallSeconds, double cpuSeconds, long games,
                        String how, String load, String note) {
    }

    /** The file next to a study's result file. */
    public static Path fileOf(Path dir, String id) {
        return dir.resolve(id + ".time.json");
    }

    /** The study's run times; none if the file is missing. A malformed file is a one-line error. */
    public static RunTimes read(Path file) {
        JsonNode root;
        try {
            root = Json.readTree(Json.readFile(file, 1 << 20));
        } catch (NoSuchFileException e) {
            return new RunTimes(List.of());
        } catch (IOException e) {
            throw new UserError("run times " + file + ": cannot read it (" + e.getMessage() + ")");
        } catch (Json.BadJson e) {
            throw new UserError("run times " + file + ": " + e.getMessage());
        }
        List<Entry> runs = new ArrayList<>();
        try {
            for (JsonNode r : Json.arrayValue(root.get("runs"), "runs", 0, 10_000)) {
                Json.objectValue(r, "a run");
                runs.add(new Entry(Json.text(r, "ended"), Json.text(r, "machine"), Json.intField(r, "threads", 1, 1024),
                        seconds(r, "wallSeconds"), seconds(r, "cpuSeconds"), Json.longInteger(r, "games"),
                        optional(r, "how"), optional(r, "load"), optional(r, "note")));
            }
        } catch (RuntimeException e) {
            throw new UserError("run times " + file + ": " + e.getMessage());
        }
        return new RunTimes(runs);
    }

    private static double seconds(JsonNode r, String field) {
        JsonNode v = r.get(field);
        if (v == null || !v.isNumber() || !(v.asDouble() >= 0) || Double.isInfinite(v.asDouble())) {
            throw new IllegalArgumentException("\"" + field + "\" must be a number of seconds >= 0");
        }
        return v.asDouble();
    }

    private static String optional(JsonNode r, String field) {
        return r.has(field) ? Json.text(r, field) : null;
    }

    /** Writes the runs (replacing the file). */
    public void write(Path file) throws IOException {
        ObjectNode root = ResultFile.MAPPER.createObjectNode();
        ArrayNode a = root.putArray("runs");
        for (Entry e : runs) {
            ObjectNode n = a.addObject();
            n.put("ended", e.ended());
            n.put("machine", e.machine());
            n.put("threads", e.threads());
            n.put("wallSeconds", Math.round(e.wallSeconds() * 10) / 10.0);
            n.put("cpuSeconds", Math.round(e.cpuSeconds() * 10) / 10.0);
            n.put("games", e.games());
            for (String[] kv : new String[][]{{"how", e.how()}, {"load", e.load()}, {"note", e.note()}}) {
                if (kv[1] != null) {
                    n.put(kv[0], kv[1]);
                }
            }
        }
        Files.writeString(file, ResultFile.MAPPER.writeValueAsString(root) + "\n");
    }

    /** These runs and one more. */
    public RunTimes plus(Entry e) {
        List<Entry> all = new ArrayList<>(runs);
        all.add(e);
        return new RunTimes(List.copyOf(all));
    }

    public double cpuSeconds() {
        return runs.stream().mapToDouble(Entry::cpuSeconds).sum();
    }

    public double wallSeconds() {
        return runs.stream().mapToDouble(Entry::wallSeconds).sum();
    }

    /**
     * One sentence for a study page: CPU and wall time, threads, machine and dates, or that the
     * run time was not recorded.
     */
    public String sentence() {
        if (runs.isEmpty()) {
            return "**Run time:** not recorded (played before the report kept run times).";
        }
        Set<String> machines = new LinkedHashSet<>();
        Set<String> dates = new LinkedHashSet<>();
        Set<Integer> threads = new LinkedHashSet<>();
        List<String> notes = new ArrayList<>();
        List<String> loads = new ArrayList<>();
        long games = 0;
        for (Entry e : runs) {
            machines.add(e.machine());
            dates.add(e.ended().length() >= 10 ? e.ended().substring(0, 10) : e.ended());
            threads.add(e.threads());
            games += e.games();
            if (e.note() != null) {
                notes.add(e.note());
            }
            if (e.load() != null) {
                loads.add(e.load());
            }
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "**Run time:** %s of CPU (user + sys, all threads) "
                        + "and %s wall for %,d games, at --threads %s, on %s, %s", duration(cpuSeconds()),
                duration(wallSeconds()), games, join(threads), String.join("; ", machines), String.join(", ", dates)));
        long playing = runs.stream().filter(e -> e.games() > 0).count();
        if (playing > 1) {
            s.append(String.format(Locale.ROOT, " (%d runs: interrupted and resumed)", playing));
        }
        s.append(". Wall time depends on what else the machine ran");
        s.append(loads.isEmpty() ? "" : " (load: " + String.join("; ", loads) + ")");
        s.append("; CPU time much less.");
        for (String n : notes) {
            s.append(' ').append(n.endsWith(".") ? n : n + ".");
        }
        return s.toString();
    }

    private static String join(Set<Integer> xs) {
        List<String> s = new ArrayList<>();
        xs.forEach(x -> s.add(Integer.toString(x)));
        return String.join("/", s);
    }

    /** "42 s", "12.3 min", "1.25 h". */
    /** The CPU time this process has used so far, all threads (s), or NaN where the system does not say. */
    public static double processCpuSeconds() {
        return ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(Double.NaN);
    }

    public static String duration(double seconds) {
        if (seconds < 120) {
            return String.format(Locale.ROOT, "%.0f s", seconds);
        }
        if (seconds < 7200) {
            return String.format(Locale.ROOT, "%.1f min", seconds / 60);
        }
        return String.format(Locale.ROOT, "%.2f h", seconds / 3600);
    }
}
