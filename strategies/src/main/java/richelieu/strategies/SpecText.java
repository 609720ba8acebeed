package richelieu.strategies;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The text of a bot spec, read and written here and nowhere else:
 * <pre>
 *   [LABEL=]KIND[:ARGUMENT]      ARGUMENT: key=value,key=value   or a raw argument (exec's command line)
 * </pre>
 * A label is letters, digits, {@code _ . -} before an '=' that no ':' precedes, so
 * {@code ismcts:iterations=200} is a plain spec and {@code fast=ismcts:iterations=200} a labelled
 * one. Reading the text needs no registry (a result file names bots whose plug-in may be missing);
 * whether the argument is key=value pairs or raw is the bot's to say ({@link
 * StrategyFactory#takesRawArgument}), so {@link #values} splits it only when asked.
 *
 * @param label    the label of a {@code LABEL=SPEC} text, or null
 * @param kind     the bot's name, as written (a registry looks it up)
 * @param argument the text after the first ':' of the spec (untrimmed), or "" when there is none
 */
public record SpecText(String label, String kind, String argument) {
    private static final String LABEL = "[A-Za-z0-9_.-]+";

    /**
     * Reads a spec's text. A plain spec that looks like a label but is not one ({@code my bot=random})
     * is a {@link BotSpecException}; a labelled text's spec is not checked here (see {@link #spec}).
     */
    public static SpecText read(String text) {
        String s = text.trim();
        int end = labelEnd(s);
        if (end >= 0) {
            String spec = s.substring(end + 1).trim();
            int colon = spec.indexOf(':');
            return new SpecText(s.substring(0, end).trim(), colon < 0 ? spec : spec.substring(0, colon),
                    colon < 0 ? "" : spec.substring(colon + 1));
        }
        if (s.indexOf('=') > 0 && (s.indexOf(':') < 0 || s.indexOf(':') > s.indexOf('='))) {
            throw new BotSpecException("bad label in '" + s + "': a label (NAME=SPEC) is letters, digits, _ . and -");
        }
        int colon = s.indexOf(':');
        return new SpecText(null, colon < 0 ? s : s.substring(0, colon), colon < 0 ? "" : s.substring(colon + 1));
    }

    /** The spec without its label: {@code KIND[:ARGUMENT]}. */
    public String spec() {
        return argument.isEmpty() ? kind : kind + ":" + argument;
    }

    /**
     * The argument as {@code key=value} pairs in their order, keys and values trimmed; a
     * malformed pair or a key given twice is a {@link BotSpecException} naming the bot.
     */
    public Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        if (argument.isBlank()) {
            return values;
        }
        for (String kv : argument.split(",")) {
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new BotSpecException("bot '" + kind + "': expected key=value, got '" + kv + "'");
            }
            String key = kv.substring(0, eq).trim();
            if (values.put(key, kv.substring(eq + 1).trim()) != null) {
                throw new BotSpecException("bot '" + kind + "': parameter '" + key + "' given twice");
            }
        }
        return values;
    }

    /** A spec in canonical form: the kind, then the values in their order ({@code ismcts:iterations=2000,c=0.7}). */
    public static String write(String kind, Map<String, String> values) {
        StringBuilder sb = new StringBuilder(kind);
        String sep = ":";
        for (Map.Entry<String, String> e : values.entrySet()) {
            sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = ",";
        }
        return sb.toString();
    }

    /** The spec of a bot that takes a raw argument: {@code kind:argument}, the argument trimmed. */
    public static String writeRaw(String kind, String argument) {
        return kind + ":" + argument.trim();
    }

    /** A definition as result files keep it: {@code LABEL=SPEC}, or the spec when there is no label (or it is the spec). */
    public static String define(String label, String spec) {
        return label == null || label.equals(spec) ? spec : label + "=" + spec;
    }

    /**
     * Where a {@code LABEL=SPEC} text splits: the index of the '=' ending a label (no ':' before
     * it), or -1 when the text has no label.
     */
    public static int labelEnd(String text) {
        int eq = text.indexOf('=');
        int colon = text.indexOf(':');
        if (eq <= 0 || colon >= 0 && colon < eq) {
            return -1;
        }
        return text.substring(0, eq).trim().matches(LABEL) ? eq : -1;
    }

    /** The name a definition shows: its label ({@code LABEL=SPEC} gives LABEL), else the definition itself. */
    public static String labelOf(String definition) {
        int end = labelEnd(definition);
        return end < 0 ? definition : definition.substring(0, end).trim();
    }
}
