package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.json.Json;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.SortedMap;
import java.util.function.Function;

/**
 * A study kind's own settings of a run (e.g. a tournament's bootstrap replicates, an SPRT's
 * hypotheses), typed; a result file stores them as {@code config.settings}, an object of
 * texts ({@code {"bootstrap": "1000"}}). Each study kind reads its own ({@link Reader}).
 */
public interface StudySettings {

    /** The stored form: each setting's name and text, in name order. */
    SortedMap<String, String> toJson();

    /** No settings of its own (match, first-player, balance): {@code "settings": {}}. */
    StudySettings NONE = new None();

    /** Settings of a study kind that has none of its own. */
    record None() implements StudySettings {
        @Override
        public SortedMap<String, String> toJson() {
            return Collections.emptySortedMap();
        }

        /** Reads {@code {}}; any setting there is refused. */
        public static None read(JsonNode settings) {
            new StoredFields(settings).checkOnly();
            return new None();
        }
    }

    /** Reads the settings of a run of one study kind; a bad one is an {@link IllegalArgumentException} naming its field. */
    @FunctionalInterface
    interface Reader {
        StudySettings read(String command, JsonNode settings);
    }

    /**
     * The fields of a stored settings object, each read as text and checked; a problem is an
     * {@link IllegalArgumentException} that names the field ({@code config.settings.elo1: …}).
     */
    final class StoredFields {
        private final JsonNode node;

        public StoredFields(JsonNode settings) {
            this.node = Json.objectValue(settings, "config.settings");
        }

        /** The setting's text; missing or not a string is an error. */
        public String text(String name) {
            JsonNode v = node.get(name);
            if (v == null) {
                throw new IllegalArgumentException(field(name) + ": missing");
            }
            return Json.textValue(v, field(name));
        }

        /** True when the setting is stored (an optional one may be absent). */
        public boolean has(String name) {
            return node.get(name) != null;
        }

        /** A number (a decimal text) in [min, max]. */
        public double number(String name, double min, double max) {
            return parsed(name, Double::valueOf, "a number", min, max);
        }

        /** A whole number in [min, max]. */
        public int integer(String name, int min, int max) {
            return parsed(name, Integer::valueOf, "a whole number", min, max);
        }

        /** The setting's text parsed by {@code parse} and within [min, max] (NaN is not). */
        private <T extends Comparable<T>> T parsed(String name, Function<String, T> parse, String what, T min, T max) {
            String t = text(name).trim();
            T x;
            try {
                x = parse.apply(t);
            } catch (NumberFormatException e) {
                throw error(name, "must be " + what + ", not '" + Json.brief(t) + "'");
            }
            if (x.compareTo(min) < 0 || x.compareTo(max) > 0) {
                throw error(name, "must be between " + min + " and " + max + ", not " + Json.brief(t));
            }
            return x;
        }

        /** One of {@code values} (their names as stored). */
        public <E extends Enum<E>> E choice(String name, Class<E> type) {
            String t = text(name);
            for (E e : type.getEnumConstants()) {
                if (e.name().equals(t)) {
                    return e;
                }
            }
            List<String> names = new ArrayList<>();
            for (E e : type.getEnumConstants()) {
                names.add(e.name());
            }
            throw new IllegalArgumentException(field(name) + ": must be one of " + String.join(", ", names) + ", not '"
                    + Json.brief(t) + "'");
        }

        /** Refuses any setting not named here: a stored setting is never silently dropped. */
        public void checkOnly(String... names) {
            List<String> known = List.of(names);
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!known.contains(f)) {
                    throw new IllegalArgumentException(field(f) + ": not a setting of this study"
                            + (known.isEmpty() ? " (it has none)" : " (" + String.join(", ", known) + ")"));
                }
            }
        }

        /** An error about the setting {@code name}. */
        public IllegalArgumentException error(String name, String problem) {
            return new IllegalArgumentException(field(name) + ": " + problem);
        }

        private static String field(String name) {
            return "config.settings." + Json.brief(name);
        }
    }

}
