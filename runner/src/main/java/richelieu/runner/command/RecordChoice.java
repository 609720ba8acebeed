package richelieu.runner.command;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.record.GameRecord;
import richelieu.engine.record.RecordException;
import richelieu.runner.UserError;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** The options that pick one recorded game and a point of view ({@code replay}, {@code view}). */
final class RecordChoice {
    @Parameters(paramLabel = "RECORDS", description = "A richelieu-record/1 JSON-lines file (from --records).")
    Path file;

    @Option(names = "--game", description = "Which game (0-based line number, default: ${DEFAULT-VALUE}).")
    int game = 0;

    @Option(names = "--seat", description = "Show only what this seat could see (default: everything, tokens revealed).")
    Integer seat;

    /** Game {@code --game} (blank lines skipped) of the file, with --seat checked; any problem is a {@link UserError}. */
    GameRecord read() throws IOException {
        if (game < 0) {
            throw new UserError("--game must be 0 or more");
        }
        String line = null;
        int i = 0;
        try (BufferedReader in = Files.newBufferedReader(file)) {
            String l;
            while ((l = in.readLine()) != null) {
                if (l.isBlank()) {
                    continue;
                }
                if (i++ == game) {
                    line = l;
                    break;
                }
            }
        } catch (NoSuchFileException e) {
            throw new UserError(file + ": no such file");
        }
        if (line == null) {
            throw new UserError(file + " has " + i + " game(s); there is no game " + game);
        }
        GameRecord rec;
        try {
            rec = GameRecord.parse(line);
        } catch (RecordException e) {
            throw new UserError(where() + ": " + e.getMessage());
        }
        int players = rec.rules().players();
        if (seat != null && (seat < 0 || seat >= players)) {
            throw new UserError("--seat must be between 0 and " + (players - 1));
        }
        return rec;
    }

    /** The seat whose knowledge to show, or -1 for everything. */
    int viewer() {
        return seat == null ? -1 : seat;
    }

    /** "games.jsonl game 3", for messages. */
    String where() {
        return file + " game " + game;
    }
}
