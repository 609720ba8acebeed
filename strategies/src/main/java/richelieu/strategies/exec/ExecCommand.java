package richelieu.strategies.exec;

import richelieu.strategies.BotSpecException;

import java.util.ArrayList;
import java.util.List;

/**
 * The raw argument of an {@code exec:} spec: optional engine options, then the bot's command line.
 * <pre>
 *   exec:python3 bot.py
 *   exec:--move-timeout=300 python3 "my bots/bot.py" --depth 3
 *   exec:--move-timeout=300 --start-timeout=20000 java -jar bot.jar
 * </pre>
 * Leading words that begin with {@code --} and name an engine option are options; the first
 * other word starts the command, and everything from there on belongs to the bot (so the bot's
 * own {@code --flags} pass through). The command is split on whitespace like a simple shell:
 * {@code '…'} keeps its text literally, {@code "…"} keeps it with {@code \"} and {@code \\} as
 * escapes, and a backslash outside quotes escapes the next character. No variables, globs or
 * pipes: the command runs directly, not through a shell.
 *
 * @param argv               the bot's command line, program first
 * @param moveTimeoutMillis  per-move time limit, or -1 when the spec does not set it
 * @param startTimeoutMillis time allowed for the first answer of a new process, or -1
 */
public record ExecCommand(List<String> argv, long moveTimeoutMillis, long startTimeoutMillis) {

    /** Upper bound of either time limit: one hour. */
    public static final long MAX_TIMEOUT_MILLIS = 3_600_000;

    public ExecCommand {
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new BotSpecException("exec: no command given, e.g. exec:python3 bot.py");
        }
    }

    /** Parses the text after {@code exec:}; a bad option or quote throws {@link BotSpecException}. */
    public static ExecCommand parse(String raw) {
        List<String> words = split(raw == null ? "" : raw);
        long move = -1;
        long start = -1;
        int i = 0;
        for (; i < words.size() && words.get(i).startsWith("--"); i++) {
            String w = words.get(i);
            int eq = w.indexOf('=');
            String key = eq < 0 ? w : w.substring(0, eq);
            if (eq < 0) {
                throw new BotSpecException("exec: option " + w + " needs a value, e.g. " + w + "=300");
            }
            long value = millis(key, w.substring(eq + 1));
            switch (key) {
                case "--move-timeout" -> move = value;
                case "--start-timeout" -> start = value;
                default -> throw new BotSpecException("exec: unknown option " + key
                        + " (valid: --move-timeout=MS, --start-timeout=MS, before the command)");
            }
        }
        if (i == words.size()) {
            throw new BotSpecException("exec: no command given, e.g. exec:python3 bot.py");
        }
        return new ExecCommand(words.subList(i, words.size()), move, start);
    }

    private static long millis(String key, String text) {
        try {
            long v = Long.parseLong(text.trim());
            if (v < 1 || v > MAX_TIMEOUT_MILLIS) {
                throw new BotSpecException("exec: " + key + " must be between 1 and " + MAX_TIMEOUT_MILLIS
                        + " milliseconds, not " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new BotSpecException("exec: " + key + " must be a whole number of milliseconds, not '" + text + "'");
        }
    }

    /** Splits a command line into words (see the class comment for the quoting rules). */
    static List<String> split(String s) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
                continue;
            }
            inWord = true;
            if (c == '\'') {
                int end = s.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new BotSpecException("exec: unterminated ' in command: " + s);
                }
                w.append(s, i + 1, end);
                i = end;
            } else if (c == '"') {
                int j = i + 1;
                for (; j < s.length() && s.charAt(j) != '"'; j++) {
                    char d = s.charAt(j);
                    if (d == '\\' && j + 1 < s.length() && (s.charAt(j + 1) == '"' || s.charAt(j + 1) == '\\')) {
                        d = s.charAt(++j);
                    }
                    w.append(d);
                }
                if (j == s.length()) {
                    throw new BotSpecException("exec: unterminated \" in command: " + s);
                }
                i = j;
            } else if (c == '\\') {
                if (i + 1 == s.length()) {
                    throw new BotSpecException("exec: command ends with a lone backslash: " + s);
                }
                w.append(s.charAt(++i));
            } else {
                w.append(c);
            }
        }
        if (inWord) {
            words.add(w.toString());
        }
        return words;
    }
}
