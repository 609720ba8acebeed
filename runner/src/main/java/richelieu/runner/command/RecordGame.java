package richelieu.runner.command;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.record.GameRecord;
import richelieu.engine.record.RecordException;
import richelieu.runner.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The options that pick one recorded game of a {@code --records} file ({@code replay}, {@code view},
 * {@code solve}); {@link RecordChoice} adds a point of view.
 */
class RecordGame {
    @Parameters(paramLabel = "RECORDS", description = "A richelieu-record/1 JSON-lines file (from --records).")
    Path file;

    @Option(names = "--game", description = "Which game (0-based line number, default: ${DEFAULT-VALUE}).")
    int game = 0;

    /**
     * The longest line read: a game record is at most {@link GameRecord#MAX_LINE_CHARS} characters,
     * each at most 4 bytes of UTF-8.
     */
    static final int MAX_LINE_BYTES = 4 * GameRecord.MAX_LINE_CHARS;

    /** Game {@code --game} (blank lines skipped) of the file; any problem is a {@link UserError}. */
    GameRecord read() throws IOException {
        if (game < 0) {
            throw new UserError("--game must be 0 or more");
        }
        int[] seen = {0};
        String line = readLines(file, in -> {
            byte[] l;
            boolean first = true;
            while ((l = in.nextBytes()) != null) {
                if (LineReader.blank(l)) {
                    continue;
                }
                if (first) {
                    notRecords(file, in.text(l));
                    first = false;
                }
                if (seen[0]++ == game) {
                    return in.text(l);
                }
            }
            return null;
        });
        if (line == null) {
            throw new UserError(file + " has " + seen[0] + " game(s); there is no game " + game);
        }
        GameRecord rec;
        try {
            rec = GameRecord.parse(line);
        } catch (RecordException e) {
            throw new UserError(where() + ": " + e.getMessage());
        }
        return rec;
    }

    /**
     * Every game line of a {@code --records} file, blank lines skipped (line g is game g), each
     * checked as {@link #read} checks the one it picks: bounded, strict UTF-8, not a result file.
     */
    static List<String> lines(Path file) throws IOException {
        return readLines(file, in -> {
            List<String> lines = new ArrayList<>();
            byte[] l;
            while ((l = in.nextBytes()) != null) {
                if (!LineReader.blank(l)) {
                    lines.add(in.text(l));
                    if (lines.size() == 1) {
                        notRecords(file, lines.get(0));
                    }
                }
            }
            return lines;
        });
    }

    /** What reads a records file's lines. */
    private interface LinesBody<T> {
        T read(LineReader in) throws IOException;
    }

    /** {@code body} on the lines of {@code file}; a folder, a missing or unreadable file is a one-line {@link UserError}. */
    private static <T> T readLines(Path file, LinesBody<T> body) throws IOException {
        if (Files.isDirectory(file)) { // opens, and then fails on its first read with a bare "Is a directory"
            throw new UserError(file + ": a folder, not a records file; give the --records file of a run");
        }
        try (LineReader in = new LineReader(Files.newInputStream(file), MAX_LINE_BYTES, file.toString())) {
            return body.read(in);
        } catch (NoSuchFileException e) {
            throw new UserError(file + ": no such file");
        } catch (java.nio.file.FileSystemException e) {
            throw new UserError(file + ": cannot read it (" + (e.getReason() != null ? e.getReason() : e.getMessage()) + ")");
        }
    }

    /**
     * Refuses a file that is one JSON document rather than JSON lines, whose first line is a lone
     * "{" (a result file, a rating list, a deck), naming what it is: the parser's "unexpected end
     * of input" would not tell the user that replay, view and solve read the --records file of a run.
     */
    private static void notRecords(Path file, String firstLine) throws IOException {
        if (!firstLine.strip().equals("{")) {
            return;
        }
        byte[] head;
        try (var in = Files.newInputStream(file)) {
            head = in.readNBytes(1 << 16);
        }
        String start = new String(head, java.nio.charset.StandardCharsets.UTF_8);
        String what = start.contains("\"richelieu-result/1\"") ? "a result file, not game records (see chart, ratings)"
                : start.contains("\"richelieu-ratings/1\"") ? "a rating list, not game records"
                : start.contains("\"cards\"") ? "a deck, not game records (see deck)"
                : "one JSON document, not game records";
        throw new UserError(file + " is " + what + "; replay, view and solve read the JSON lines of --records");
    }

    /** "games.jsonl game 3", for messages. */
    String where() {
        return file + " game " + game;
    }
}
