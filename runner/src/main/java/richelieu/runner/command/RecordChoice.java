package richelieu.runner.command;

import picocli.CommandLine.Option;
import richelieu.engine.record.GameRecord;
import richelieu.runner.UserError;

import java.io.IOException;

/** The options that pick one recorded game and a point of view ({@code replay}, {@code view}). */
final class RecordChoice extends RecordGame {
    @Option(names = "--seat", description = "Show only what this seat could see (default: everything, tokens revealed).")
    Integer seat;

    /** Game {@code --game} (blank lines skipped) of the file, with --seat checked; any problem is a {@link UserError}. */
    @Override
    GameRecord read() throws IOException {
        GameRecord rec = super.read();
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
}
