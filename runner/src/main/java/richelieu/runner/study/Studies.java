package richelieu.runner.study;

import richelieu.runner.UserError;

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
                new SprtStudy())) {
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

    /** True if a study kind has this name. */
    public static boolean exists(String name) {
        return KINDS.containsKey(name);
    }

    /** The names of every kind, in registration order. */
    public static List<String> names() {
        return List.copyOf(KINDS.keySet());
    }
}
