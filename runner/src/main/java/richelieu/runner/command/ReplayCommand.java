package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Observation;
import richelieu.engine.record.GameRecord;
import richelieu.engine.record.RecordException;
import richelieu.engine.text.ActionText;
import richelieu.engine.text.BoardText;
import richelieu.engine.text.ScoreBreakdown;
import richelieu.runner.UserError;
import richelieu.runner.text.Format;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code richelieu replay FILE}: a recorded game, turn by turn, for people. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Show a recorded game turn by turn.", "Replays a recorded game (a line of a --records file) through the engine and prints it turn "
                + "by turn: a legend of the abbreviations, the rows with markers and tokens in fixed-width columns, every "
                + "player's cards, markers and tokens, what each seat knew (a line only when that changes), and the "
                + "final score by category. The replay checks every step and the final scores.",
                "Example: ./richelieu replay games.jsonl --game 3"})
public final class ReplayCommand implements Callable<Integer> {
    @Mixin
    RecordChoice choice;

    @Override
    public Integer call() throws IOException {
        GameRecord rec = choice.read();
        int players = rec.rules().players();
        int viewer = choice.viewer();
        PrintStream out = System.out;
        List<String> seats = rec.seats().stream().map(Format::data).toList(); // names from a file, printed as data
        out.println("game " + choice.game + " of " + choice.file + ": " + rec.rules().describe() + ", deal seed "
                + rec.deal().seed());
        for (int p = 0; p < players; p++) {
            out.println("  seat " + p + ": " + seats.get(p));
        }
        out.println(viewer < 0 ? "(all-seeing view: face-down tokens shown with their identity)"
                : "(as seat " + viewer + " saw it)");
        out.println(BoardText.LEGEND);
        out.println();
        GameState driver = new GameState(rec.rules(), rec.deal()); // whole recorded turns
        GameState s = new GameState(rec.rules(), rec.deal());      // the same, one action at a time
        Layout layout = s.layout();
        out.print(BoardText.rows(s, viewer, false));
        out.print(BoardText.seats(s, viewer, false, seats, true));
        String[] knew = new String[players];
        knowledge(s, viewer, knew, out);
        try {
            for (GameRecord.Turn t : rec.turns()) {
                int turn = s.turn();
                List<String> what = new ArrayList<>();
                for (int a : GameRecord.applyTurn(driver, t)) {
                    String token = ActionText.takenToken(s, a, viewer, t.seat());
                    s.apply(a);
                    if (Action.isPublic(a) || viewer < 0 || viewer == t.seat()) { // R26: declining a return is private
                        what.add(ActionText.describe(layout, a) + token);
                    }
                }
                out.println();
                out.println("turn " + turn + ", seat " + t.seat() + " (" + seats.get(t.seat()) + "): "
                        + String.join("; ", what));
                out.print(BoardText.rows(s, viewer, false));
                out.print(BoardText.seats(s, viewer, false, seats, true));
                knowledge(s, viewer, knew, out);
            }
            if (rec.result().isForfeit()) {
                out.println("\nseat " + rec.result().forfeitSeat() + " forfeited (" + rec.result().forfeit().jsonName() + ")");
            } else {
                GameState end = rec.replay();
                out.println("\nfinal score by category (every token revealed):");
                out.print(BoardText.breakdown(ScoreBreakdown.of(end)));
                out.println("final scores " + Arrays.toString(rec.result().scores()) + ", cards "
                        + Arrays.toString(rec.result().cards()) + (rec.result().isShared() ? ", shared win: " : ", winner: ")
                        + winners(rec) + " (replay matches the record)");
            }
        } catch (RecordException e) {
            throw new UserError(choice.where() + ": " + e.getMessage());
        }
        return 0;
    }

    /**
     * "seat N knew: …" for every seat (or only the viewer) whose knowledge — from the engine's
     * {@link Observation}: its own tokens (R13) and what passes revealed (R14) — changed since the
     * last line printed for it.
     */
    private static void knowledge(GameState s, int viewer, String[] knew, PrintStream out) {
        for (int p = 0; p < s.players(); p++) {
            if (viewer >= 0 && p != viewer) {
                continue;
            }
            Observation o = s.observe(p);
            StringBuilder k = new StringBuilder("own tokens ").append(BoardText.tokens(o.ownTokens()));
            for (int q = 0; q < s.players(); q++) {
                if (q != p && o.nonReturnAtLeast(q) > 0) {
                    k.append("; at least ").append(o.nonReturnAtLeast(q)).append(" of seat ").append(q)
                            .append("'s tokens are not return tokens (it passed, R14)");
                }
            }
            String now = k.toString();
            if (!now.equals(knew[p])) {
                out.println("  seat " + p + " knew: " + now + (knew[p] == null ? "; others' tokens and table tokens hidden (R26)" : ""));
                knew[p] = now;
            }
        }
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
}
