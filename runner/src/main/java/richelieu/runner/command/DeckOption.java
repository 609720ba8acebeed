package richelieu.runner.command;

import picocli.CommandLine.Option;
import richelieu.engine.Deck;
import richelieu.engine.DeckException;
import richelieu.runner.UserError;

import java.nio.file.Path;

/** {@code --deck FILE}, written once for every command that takes it (a picocli mixin). */
final class DeckOption {
    @Option(names = "--deck", paramLabel = "FILE", description = "Deck file (default: the standard deck of docs/rules.md).")
    Path file;

    /** The deck of the file named, else the built-in one; a bad file is a one-line error. */
    Deck get() {
        if (file == null) {
            return Deck.standard();
        }
        try {
            return Deck.load(file);
        } catch (DeckException e) {
            throw new UserError(e.getMessage());
        }
    }
}
