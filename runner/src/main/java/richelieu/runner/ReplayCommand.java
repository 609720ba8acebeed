package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.TextRender;
import richelieu.engine.record.GameRecord;
import richelieu.engine.record.RecordException;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

/** {@code richelieu replay FILE}: a recorded game, turn by turn. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Show a recorded game turn by turn.", "Replays a recorded game (a line of a --records file) through the engine and prints it turn "
                + "by turn: the rows with markers and tokens, every player's cards, markers and tokens, the scores, "
                + "and what each seat could see. The replay checks every step and the final scores.",
                "Example: ./richelieu replay games.jsonl --game 3"})
final class ReplayCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "A richelieu-record/1 JSON-lines file.")
    Path file;

    @Option(names = "--game", description = "Which game (0-based line number, default: ${DEFAULT-VALUE}).")
    int game = 0;

    @Option(names = "--seat", description = "Show only what this seat could see (default: everything).")
    Integer seat;

    @Override
    public Integer call() throws IOException {
        String line = readLine();
        GameRecord rec;
        try {
            rec = GameRecord.parse(line);
        } catch (RecordException e) {
            throw new UserError(file + " game " + game + ": " + e.getMessage());
        }
        int players = rec.rules().players();
        if (seat != null && (seat < 0 || seat >= players)) {
            throw new UserError("--seat must be between 0 and " + (players - 1));
        }
        int viewer = seat == null ? -1 : seat;
        System.out.println("game " + game + " of " + file + ": " + rec.rules().describe() + ", deal seed "
                + rec.deal().seed());
        for (int p = 0; p < players; p++) {
            System.out.println("  seat " + p + ": " + rec.seats().get(p));
        }
        System.out.println(seat == null ? "(full view: face-down tokens shown in brackets)"
                : "(as seat " + seat + " saw it)");
        GameState s = new GameState(rec.rules(), rec.deal());
        System.out.println(TextRender.render(s, viewer));
        Layout layout = s.layout();
        try {
            for (GameRecord.Turn t : rec.turns()) {
                int turn = s.turn();
                int[] actions = GameRecord.applyTurn(s, t);
                StringBuilder what = new StringBuilder();
                for (int a : actions) {
                    if (!Action.isPublic(a) && viewer >= 0 && viewer != t.seat()) {
                        continue;
                    }
                    what.append(what.length() == 0 ? "" : ", ").append(describe(layout, a));
                }
                System.out.println();
                System.out.println("turn " + turn + ", seat " + t.seat() + " (" + rec.seats().get(t.seat()) + "): " + what);
                System.out.println(TextRender.render(s, viewer));
                if (seat == null) {
                    for (int p = 0; p < players; p++) {
                        System.out.println("  seat " + p + " knew: own tokens " + TextRender.tokenText(s.heldTokens(p))
                                + "; others' tokens hidden, table tokens hidden");
                    }
                }
            }
            if (rec.result().isForfeit()) {
                System.out.println("\nseat " + rec.result().forfeitSeat() + " forfeited (" + rec.result().forfeit().jsonName() + ")");
            } else {
                rec.replay();
                System.out.println("\nfinal scores " + Arrays.toString(rec.result().scores()) + ", cards "
                        + Arrays.toString(rec.result().cards()) + (rec.result().isShared() ? ", shared win: " : ", winner: ")
                        + winners(rec) + " (replay matches the record)");
            }
        } catch (RecordException e) {
            throw new UserError(file + " game " + game + ": " + e.getMessage());
        }
        return 0;
    }

    private static String winners(GameRecord rec) {
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < rec.rules().players(); p++) {
            if (rec.result().isWinner(p)) {
                sb.append(sb.length() == 0 ? "" : ", ").append("seat ").append(p);
            }
        }
        return sb.toString();
    }

    private static String describe(Layout layout, int a) {
        String s = Action.toString(a);
        int type = Action.type(a);
        if (type == Action.T_TAKE || type == Action.T_PLACE || type == Action.T_PAY_MARKER) {
            s += " (" + TextRender.cardCode(layout.card(Action.position(a))) + ")";
        }
        return s;
    }

    private String readLine() throws IOException {
        if (game < 0) {
            throw new UserError("--game must be 0 or more");
        }
        try (BufferedReader in = Files.newBufferedReader(file)) {
            String line;
            int i = 0;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                if (i++ == game) {
                    return line;
                }
            }
            throw new UserError(file + " has " + i + " game(s); there is no game " + game);
        } catch (NoSuchFileException e) {
            throw new UserError(file + ": no such file");
        }
    }
}
