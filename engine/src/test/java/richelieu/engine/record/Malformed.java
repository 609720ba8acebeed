package richelieu.engine.record;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.statistics.Statistics;

import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Malformed variants of a valid JSON input, for the fuzz tests of every reader: a
 * {@link Mutation} cuts, deletes, inserts, replaces a value with a hostile one (a number that
 * does not fit, a fraction, a number as a string, deep nesting, a huge number, a lone
 * surrogate…), flips a character, or adds trailing data or a second document. Shared by the
 * engine, strategies and runner fuzz tests through the engine's test-jar.
 */
public final class Malformed {
    private Malformed() {
    }

    public enum Kind {
        TRUNCATE, DELETE_SPAN, INSERT, REPLACE_VALUE, FLIP_CHAR, TRAILING, SECOND_DOCUMENT, DEEP_VALUE, DROP_FIELD
    }

    /** Hostile JSON values and fragments. */
    private static final List<String> HOSTILE = List.of(
            "1099511627776", "-1", "0.5", "\"0\"", "1e308", "-0", "1e3", "null", "true", "false", "[]", "{}", "\"\"",
            "9".repeat(300), "-" + "9".repeat(30), "[".repeat(70) + "]".repeat(70), "\"\\ud800\"", "NaN", "Infinity",
            "0x10", "01", "{\"a\":1,\"a\":2}", "2147483648", "-2147483649", "9223372036854775808", "\"\\u0000\"",
            "\"" + "x".repeat(70_000) + "\"", "[1,2,3]", "{\"place\":0}", "\"reserve\"", "48", "47", "3", "\u0000",
            "/* c */", "'x'", ",", ":", "]", "}", "\"", "\\");

    /** One change of a text. */
    public record Mutation(Kind kind, int at, int length, String payload) {
        /** The mutated text; {@code at} and {@code length} are taken modulo the text. */
        public String apply(String text) {
            int n = text.length();
            int p = Math.floorMod(at, n);
            return switch (kind) {
                case TRUNCATE -> text.substring(0, p);
                case DELETE_SPAN -> text.substring(0, p) + text.substring(Math.min(n, p + length));
                case INSERT -> text.substring(0, p) + payload + text.substring(p);
                case REPLACE_VALUE -> replaceValue(text, p, payload);
                case FLIP_CHAR -> text.substring(0, p) + (payload.isEmpty() ? "\u00ff" : payload.substring(0, 1))
                        + text.substring(p + 1);
                case TRAILING -> text + " " + (payload.isBlank() ? "x" : payload);
                case SECOND_DOCUMENT -> text + "\n" + text;
                case DEEP_VALUE -> replaceValue(text, p, "[".repeat(length * 4) + "0" + "]".repeat(length * 4));
                case DROP_FIELD -> dropField(text, p);
            };
        }
    }

    /** Mutations with payloads mixing hostile values, random strings and random numbers. */
    public static Arbitrary<Mutation> mutations() {
        Arbitrary<String> payload = Arbitraries.oneOf(
                Arbitraries.of(HOSTILE),
                Arbitraries.strings().ofMaxLength(12),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.doubles().map(String::valueOf));
        return Combinators.combine(Arbitraries.of(Kind.class), Arbitraries.integers().between(0, Integer.MAX_VALUE),
                Arbitraries.integers().between(1, 40), payload).as(Mutation::new);
    }

    /** Replaces the first JSON scalar (number, string, true/false/null) at or after {@code p}. */
    static String replaceValue(String text, int p, String value) {
        int n = text.length();
        for (int i = p; i < n + p; i++) {
            int s = i % n;
            char c = text.charAt(s);
            if (!(c == '"' || c == '-' || Character.isDigit(c) || c == 't' || c == 'f' || c == 'n')) {
                continue;
            }
            int before = s - 1;
            while (before >= 0 && Character.isWhitespace(text.charAt(before))) {
                before--;
            }
            if (before >= 0 && ":,[".indexOf(text.charAt(before)) < 0) {
                continue; // inside a token, not at the start of a value
            }
            int e = s + 1;
            if (c == '"') {
                while (e < n && (text.charAt(e) != '"' || text.charAt(e - 1) == '\\')) {
                    e++;
                }
                e = Math.min(n, e + 1);
            } else {
                while (e < n && ",]} \n\r\t".indexOf(text.charAt(e)) < 0) {
                    e++;
                }
            }
            return text.substring(0, s) + value + text.substring(e);
        }
        return text + value;
    }

    /** Removes the first {@code "key": value} member whose key starts at or after {@code p} (value up to the next comma or brace). */
    static String dropField(String text, int p) {
        int k = text.indexOf("\":", p);
        if (k < 0) {
            k = text.indexOf("\":");
        }
        if (k < 0) {
            return "";
        }
        int start = text.lastIndexOf('"', k - 1);
        int depth = 0;
        int e = k + 2;
        for (; e < text.length(); e++) {
            char c = text.charAt(e);
            if (c == '[' || c == '{') {
                depth++;
            } else if (c == ']' || c == '}') {
                if (depth == 0) {
                    break;
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                e++;
                break;
            }
        }
        return text.substring(0, Math.max(0, start)) + text.substring(e);
    }

    /** A user-facing error: one line, no control characters, short. */
    public static void assertOneLine(String message) {
        assertFalse(message.chars().anyMatch(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x2029),
                "one line, no control characters: " + message);
        assertTrue(message.length() < 400, "short: " + message);
    }

    /**
     * Counts the refused inputs of a jqwik property; the property fails unless at least
     * {@code min} of its inputs were refused (so at least that many malformed inputs were tried).
     */
    public static void countRefused(boolean refused, int min) {
        Statistics.label("refused").collect(refused);
        Statistics.label("refused").coverage(c -> c.check(true).count((Consumer<Integer>) n ->
                assertTrue(n >= min, "only " + n + " malformed inputs were refused; need " + min)));
    }
}
