package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import richelieu.engine.record.GameRecord;
import richelieu.engine.record.RecordException;
import richelieu.runner.UserError;
import richelieu.runner.view.GameView;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code richelieu view FILE}: one recorded game as a self-contained HTML page. */
@Command(name = "view", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Watch a recorded game in the browser.",
                "Writes one self-contained HTML file (no network needed) that replays a game of a --records file: "
                        + "the rows of cards, tokens, markers, every player's cards, reserve, boxed markers and return "
                        + "tokens, a live score and majority panel, and at the end the score by category. Step with the "
                        + "buttons or the arrow keys, jump to a turn. Every position is computed by the engine.",
                "Example: ./richelieu view games.jsonl --game 3 --seat 1 -o game3.html"})
public final class ViewCommand implements Callable<Integer> {
    @Mixin
    RecordChoice choice;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "The HTML file to write (default: game-N.html next to RECORDS).")
    Path output;

    @Override
    public Integer call() throws IOException {
        Path file = choice.file;
        int game = choice.game;
        Integer seat = choice.seat;
        Path out = output != null ? output
                : file.toAbsolutePath().resolveSibling("game-" + game + (seat == null ? "" : "-seat" + seat) + ".html");
        OutputPaths.check(java.util.Collections.singletonMap(output != null ? "-o" : "the page", out),
                java.util.Collections.singletonMap("RECORDS", file));
        GameRecord rec = choice.read();
        GameView view;
        try {
            view = GameView.of(rec, "game " + game + " of " + file.getFileName(), choice.viewer());
        } catch (RecordException e) {
            throw new UserError(choice.where() + ": " + e.getMessage());
        }
        try {
            Files.writeString(out, view.toHtml(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("cannot write " + out + ": " + e.getMessage());
        }
        System.out.println("wrote " + out + " (" + (view.steps().size() - 1) + " actions; open it in a browser, "
                + "step with the arrow keys)");
        return 0;
    }
}
