package richelieu.runner.play;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Checked reads of result-file fields: each names the field's path in its one-line error
 * ({@link IllegalArgumentException}), so a corrupted or hand-edited file is refused with the
 * field to fix, never trusted (a missing number is not 0, {@code "abc"} is not a seed).
 */
final class JsonFields {
    private JsonFields() {
    }

    /** An integral JSON number within {@code [min, max]}. */
    static long integer(JsonNode x, String path, long min, long max) {
        if (x == null || !x.isIntegralNumber() || !x.canConvertToLong()) {
            throw new IllegalArgumentException(path + ": must be an integer");
        }
        long v = x.asLong();
        if (v < min || v > max) {
            throw new IllegalArgumentException(path + ": must be between " + min + " and " + max + ", not " + v);
        }
        return v;
    }

    static String text(JsonNode x, String path) {
        if (x == null || !x.isTextual()) {
            throw new IllegalArgumentException(path + ": must be a string");
        }
        return x.asText();
    }

    static boolean bool(JsonNode x, String path) {
        if (x == null || !x.isBoolean()) {
            throw new IllegalArgumentException(path + ": must be true or false");
        }
        return x.asBoolean();
    }

    static JsonNode object(JsonNode x, String path) {
        if (x == null || !x.isObject()) {
            throw new IllegalArgumentException(path + ": must be an object");
        }
        return x;
    }

    /** An array of {@code min..max} elements. */
    static JsonNode array(JsonNode x, String path, int min, int max) {
        if (x == null || !x.isArray() || x.size() < min || x.size() > max) {
            throw new IllegalArgumentException(path + ": must be an array of " + (min == max ? "" + min : min + " to " + max)
                    + " elements");
        }
        return x;
    }
}
