package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.json.Json;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.StudySettings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every kind of study, by name: the one place a new kind is registered. Merging, charts,
 * ratings and the report find a result file's study here by its {@code config.command}.
 */
public final class Studies {
    private static final Map<String, Study<?>> KINDS = new LinkedHashMap<>();

    static {
        for (Study<?> s : List.of(new MatchStudy(), new TournamentStudy(), new FirstPlayerStudy(), new BalanceStudy(),
                new SprtStudy(), new TuneStudy(), new PerfectPlayStudy())) {
            KINDS.put(s.name(), s);
        }
    }

    private Studies() {
    }

    /** The study of that name; a one-line {@link UserError} if there is none. */
    public static Study<?> of(String name) {
        Study<?> s = KINDS.get(name);
        if (s == null) {
            throw new UserError("no study kind '" + name + "' (" + String.join(", ", KINDS.keySet()) + ")");
        }
        return s;
    }

    /**
     * The settings of a stored run of study kind {@code command} (the {@link StudySettings.Reader}
     * of result files); an unknown kind or a bad setting is an {@link IllegalArgumentException}
     * naming the field.
     */
    public static StudySettings readSettings(String command, JsonNode settings) {
        Study<?> s = KINDS.get(command);
        if (s == null) {
            throw new IllegalArgumentException("config.command: no study kind '" + Json.brief(command) + "' ("
                    + String.join(", ", KINDS.keySet()) + ")");
        }
        return s.readSettings(settings);
    }

    /** True if a study kind has this name. */
    public static boolean exists(String name) {
        return KINDS.containsKey(name);
    }

    /** The names of every kind, in registration order. */
    public static List<String> names() {
        return List.copyOf(KINDS.keySet());
    }
}
