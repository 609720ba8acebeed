package richelieu.engine.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Function;

/**
 * The one strict reader of every JSON input (deck files, record lines, result files, bot
 * replies), {@link #readTree} and {@link #readFile}, and the checked accessors that turn a bad
 * field into a one-line error naming it. It knows nothing of the game, so every package may use
 * it; the game's own JSON forms are {@code richelieu.engine.record.GameJson}.
 */
public final class Json {
    /** Deepest nesting of any input (a result file nests about 6 deep). */
    public static final int MAX_DEPTH = 64;
    /** Longest number: a 64-bit integer has at most 20 digits, a double about 25 characters. */
    public static final int MAX_NUMBER_CHARS = 64;
    /** Longest string value (a bot label, a deck name, a record's seat name). */
    public static final int MAX_STRING_CHARS = 1 << 16;
    /** Largest document of any kind; each reader bounds its own files further. */
    public static final long MAX_DOCUMENT_BYTES = 64L << 20;

    /**
     * Strict: one document and nothing after it (FAIL_ON_TRAILING_TOKENS), no duplicate keys,
     * and Jackson's read constraints, so that deep nesting, a 200,000-digit number or a huge
     * document is a clean error, never a stack overflow, a slow parse or an out-of-memory.
     */
    private static final ObjectMapper STRICT = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_DEPTH)
                            .maxNumberLength(MAX_NUMBER_CHARS)
                            .maxStringLength(MAX_STRING_CHARS)
                            .maxDocumentLength(MAX_DOCUMENT_BYTES)
                            .build())
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private Json() {
    }

    /** A JSON input that is not one well-formed document within the limits; the message is one line. */
    public static final class BadJson extends Exception {
        BadJson(String message) {
            super(message);
        }
    }

    /**
     * Parses one JSON document strictly (see {@link #STRICT}); an empty text, malformed JSON,
     * trailing data or a broken limit throws {@link BadJson} with a one-line reason.
     */
    public static JsonNode readTree(String text) throws BadJson {
        JsonNode n;
        try {
            n = STRICT.readTree(text);
        } catch (JsonProcessingException e) {
            throw new BadJson("not valid JSON (" + oneLine(e) + ")");
        } catch (StackOverflowError e) {
            throw new BadJson("not valid JSON (nested too deeply)"); // cannot happen within MAX_DEPTH; kept as a guard
        }
        if (n == null || n.isMissingNode()) {
            throw new BadJson("empty: no JSON document");
        }
        String half = halfCharacter(n);
        if (half != null) {
            // JSON's \\uD800 escapes may spell half of a character; no text of ours is made of one
            throw new BadJson("not valid text: " + half + " holds half of a character (an unpaired surrogate)");
        }
        return n;
    }

    /** The first string or field name in {@code n} with an unpaired UTF-16 surrogate, quoted briefly; or null. */
    private static String halfCharacter(JsonNode n) {
        if (n.isTextual()) {
            return unpaired(n.textValue()) ? "the string " + brief(n) : null;
        }
        for (var it = n.fields(); it.hasNext(); ) {
            var e = it.next();
            if (unpaired(e.getKey())) {
                return "a field name";
            }
            String inner = halfCharacter(e.getValue());
            if (inner != null) {
                return inner;
            }
        }
        if (n.isArray()) {
            for (JsonNode v : n) {
                String inner = halfCharacter(v);
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    private static boolean unpaired(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The text of a file of at most {@code maxBytes} bytes, its size checked before it is read
     * (so a huge or endless file is refused without reading it); not UTF-8 is an error too.
     * Throws {@link BadJson} for a file that is too large or not text, IOException otherwise.
     */
    public static String readFile(Path file, long maxBytes) throws IOException, BadJson {
        java.nio.file.attribute.BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
        } catch (java.nio.file.FileSystemException e) {
            // a loop of symbolic links is no missing file (Files.exists says false for both)
            if (!(e instanceof NoSuchFileException) && Files.isSymbolicLink(file)
                    && String.valueOf(e.getReason()).contains("symbolic links")) {
                throw new java.nio.file.FileSystemException(file.toString(), null, "a loop of symbolic links");
            }
            throw e;
        }
        if (!attributes.isRegularFile()) {
            throw new BadJson("not a regular file");
        }
        long size = Files.size(file);
        if (size > maxBytes) {
            throw new BadJson("too large: " + size + " bytes, the limit is " + maxBytes);
        }
        byte[] bytes;
        try (var in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) maxBytes + 1); // the file may have grown since
        }
        if (bytes.length > maxBytes) {
            throw new BadJson("too large: more than " + maxBytes + " bytes");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new BadJson("not UTF-8 text");
        }
    }

    /** Why reading a file failed, in words: a file system's reason ("a loop of symbolic links"), not its path again. */
    public static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** Jackson's reason without its source excerpt, on one line and at most about 200 characters. */
    private static String oneLine(JsonProcessingException e) {
        String m = brief(String.valueOf(e.getOriginalMessage()).replaceAll("\\s+", " ").strip(), 200);
        var loc = e.getLocation();
        return loc != null && loc.getLineNr() > 0 ? m + " at line " + loc.getLineNr() + ", column " + loc.getColumnNr() : m;
    }

    /**
     * The integer field {@code field} of {@code n}, which must be a JSON integer (not a string,
     * not a fraction, not 1e3) within {@code [min, max]}; IllegalArgumentException otherwise.
     */
    public static int intField(JsonNode n, String field, int min, int max) {
        return intValue(n.get(field), "\"" + field + "\"", min, max);
    }

    /** {@code v}, named {@code what} in the message, as an integer in {@code [min, max]}. */
    public static int intValue(JsonNode v, String what, int min, int max) {
        return (int) longValue(v, what, min, max);
    }

    /**
     * {@code v}, named {@code what} in the message (e.g. a result file's {@code config.seed}), as a
     * JSON integer (not a string, not a fraction, not 1e3) in {@code [min, max]}; one-line
     * IllegalArgumentException otherwise. The checked reads below name their value the same way.
     */
    public static long longValue(JsonNode v, String what, long min, long max) {
        if (v == null || !v.isIntegralNumber()) {
            throw new IllegalArgumentException(what + " must be an integer" + (v == null ? "" : ", not " + brief(v)));
        }
        if (!v.canConvertToLong() || v.longValue() < min || v.longValue() > max) {
            throw new IllegalArgumentException(what + " must be between " + min + " and " + max + ", not " + brief(v));
        }
        return v.longValue();
    }

    /** A JSON integer that fits a long (e.g. a seed). */
    public static long longInteger(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException("\"" + field + "\" must be a 64-bit integer" + (v == null ? "" : ", not " + brief(v)));
        }
        return v.longValue();
    }

    public static boolean bool(JsonNode n, String field) {
        return boolValue(n.get(field), "\"" + field + "\"");
    }

    public static String text(JsonNode n, String field) {
        return textValue(n.get(field), "\"" + field + "\"");
    }

    public static boolean boolValue(JsonNode v, String what) {
        if (v == null || !v.isBoolean()) {
            throw new IllegalArgumentException(what + " must be true or false");
        }
        return v.booleanValue();
    }

    public static String textValue(JsonNode v, String what) {
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException(what + " must be a string");
        }
        return v.textValue();
    }

    public static JsonNode objectValue(JsonNode v, String what) {
        if (v == null || !v.isObject()) {
            throw new IllegalArgumentException(what + " must be an object");
        }
        return v;
    }

    /** An array of {@code min..max} elements. */
    public static JsonNode arrayValue(JsonNode v, String what, int min, int max) {
        if (v == null || !v.isArray() || v.size() < min || v.size() > max) {
            throw new IllegalArgumentException(what + " must be an array of " + (min == max ? "" + min : min + " to " + max)
                    + " elements");
        }
        return v;
    }

    /** The constant of {@code type} named {@code name}; IllegalArgumentException naming {@code field} otherwise. */
    public static <E extends Enum<E>> E constant(Class<E> type, String name, String field) {
        E e = named(type.getEnumConstants(), Enum::name, name);
        if (e != null) {
            return e;
        }
        throw new IllegalArgumentException("\"" + field + "\" must be one of " + Arrays.toString(type.getEnumConstants())
                + ", not \"" + brief(name) + "\"");
    }

    /**
     * The one of {@code values} whose name is {@code name} (null matches none), where
     * {@code nameOf} gives the name files and command lines spell it with; null if none has it.
     * The enums that read their own names back (a region, a variant, a forfeit reason) all do it
     * here.
     */
    public static <E> E named(E[] values, Function<? super E, String> nameOf, String name) {
        for (E e : values) {
            if (nameOf.apply(e).equals(name)) {
                return e;
            }
        }
        return null;
    }

    /** A value for a one-line error message: control characters escaped, at most about 40 characters. */
    public static String brief(Object v) {
        return brief(v, 40);
    }

    /** {@code v} as text with line breaks and other control characters escaped, cut to about {@code max} characters. */
    public static String brief(Object v, int max) {
        String s = String.valueOf(v);
        StringBuilder sb = new StringBuilder(Math.min(s.length(), max) + 8);
        int i = 0;
        for (; i < s.length() && sb.length() < max; i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                sb.append(c).append(s.charAt(++i)); // a whole code point, e.g. an emoji
            } else if (Character.isISOControl(c) || Character.isSurrogate(c) || c == (char) 0x2028 || c == (char) 0x2029) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return i < s.length() ? sb + "…" : sb.toString();
    }
}
