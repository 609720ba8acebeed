package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.TextRender;
import richelieu.engine.record.GameRecord;
import richelieu.engine.record.RecordException;

import java.io.IOException;
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
    @Mixin
    RecordChoice choice;

    @Override
    public Integer call() throws IOException {
        GameRecord rec = choice.read();
        int players = rec.rules().players();
        int viewer = choice.viewer();
        Integer seat = choice.seat;
        System.out.println("game " + choice.game + " of " + choice.file + ": " + rec.rules().describe() + ", deal seed "
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
            throw new UserError(choice.where() + ": " + e.getMessage());
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
}
