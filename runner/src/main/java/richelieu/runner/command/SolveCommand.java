package richelieu.runner.command;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Phase;
import richelieu.engine.record.GameRecord;
import richelieu.engine.record.RecordException;
import richelieu.engine.text.BoardText;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.solve.PositionValues;
import richelieu.runner.solve.SolveReport;
import richelieu.runner.text.Format;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code richelieu solve FILE --game N --step K}: the value and the best actions of one position
 * of a recorded game, by the exact solver of the open two-player game.
 *
 * <p>Step K is the position after the game's first K actions (step 0 is the deal), as
 * {@code view} numbers them in its all-seeing view: every decision point of every turn counts,
 * the forced ones and the private ones (declining a return token) included.
 */
@Command(name = "solve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The value and the best actions of a position of a recorded game, by the exact solver.",
                "Replays a game of a --records file to a position (2 players) and solves it exactly. By default only "
                        + "what the seat to move knows is used, as a bot would: token deals consistent with its knowledge "
                        + "are drawn (--samples, --seed), each is solved, and every legal action gets its wins, draws and "
                        + "losses over the deals and its mean score margin. With --open the true tokens are used: the "
                        + "position's exact value (margin and win/draw/loss, R20) and every action's. Best actions first, "
                        + "marked *. Step K is the position after the game's first K actions (0: the deal), as 'view' "
                        + "numbers them without --seat. Exact solving is within reach near the end of a game (about 14 "
                        + "cards left or fewer, results/solver-frontier.md); past --max-seconds it stops and says so.",
                "Example: ./richelieu solve games.jsonl --game 0 --cards-left 10 --open"})
public final class SolveCommand implements Callable<Integer> {
    @Mixin
    RecordGame choice;

    /** Which position: by step, or the first turn start with at most N cards. */
    static final class Where {
        @Option(names = "--step", paramLabel = "K", required = true,
                description = "The position after the game's first K actions (0: the deal), as 'view' numbers them.")
        Integer step;

        @Option(names = "--cards-left", paramLabel = "N", required = true,
                description = "The start of the first turn with at most N cards on the table.")
        Integer cardsLeft;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Where where;

    @Option(names = "--open", description = "Use the true tokens (every token known) instead of the seat's knowledge.")
    boolean open;

    @Option(names = "--samples", description = "Token deals to draw without --open (default: ${DEFAULT-VALUE}).")
    int samples = 20;

    @Mixin
    SeedOption seedOption = new SeedOption();

    @Option(names = "--max-seconds", paramLabel = "S",
            description = "Give up after this many seconds (default: ${DEFAULT-VALUE}); without --open the deals solved "
                    + "by then are reported.")
    double maxSeconds = 60;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the answer as JSON; '-' prints only the JSON.")
    Path json;

    @Override
    public Integer call() throws IOException {
        if (samples < 1 || samples > 1_000_000) {
            throw new UserError("--samples must be between 1 and 1000000, not " + samples);
        }
        // A limit under a millisecond is no budget anyone means, and printed exactly (as the
        // too-big message does) a value such as 1e-300 would be hundreds of digits long.
        if (!(maxSeconds >= 0.001 && maxSeconds <= 86_400)) {
            throw new UserError("--max-seconds must be between 0.001 and 86400, not " + maxSeconds);
        }
        boolean jsonOnly = json != null && json.toString().equals("-");
        if (json != null && !jsonOnly) {
            OutputPaths.check(Collections.singletonMap("--json", json), Collections.singletonMap("RECORDS", choice.file));
        }
        GameRecord rec = choice.read();
        int players = rec.rules().players();
        if (players != 2) {
            throw new UserError(choice.where() + " has " + players + " players; the exact solver plays 2-player games only");
        }
        if (!rec.deal().layout().hasScoringLanes()) {
            throw new UserError(choice.where() + ": its deck has a region or symbol with more than 14 shields or cards, "
                    + "beyond the exact solver's counters");
        }
        int[] actions = actions(rec);
        int step = where.step != null ? where.step : firstTurnWithAtMost(rec, actions, where.cardsLeft);
        if (step < 0 || step > actions.length) {
            throw new UserError("--step must be between 0 and " + actions.length + " (" + choice.where() + " has "
                    + actions.length + " actions), not " + step);
        }
        GameState s = new GameState(rec.rules(), rec.deal());
        for (int i = 0; i < step; i++) {
            s.apply(actions[i]);
        }
        if (s.isOver()) {
            throw new UserError("step " + step + " of " + choice.where() + " is the end of the game: nothing to decide "
                    + "(the last decision is step " + (step - 1) + ")");
        }
        long seed = seedOption.get();
        int cards = Long.bitCount(s.table());
        SolveReport.Position position = new SolveReport.Position(choice.file.toString(), choice.game, step, actions.length,
                s.turn(), s.toMove(), rec.seats().get(s.toMove()), decision(s.phase()), cards, rec.rules().describe(),
                s.layout());
        long start = System.nanoTime();
        // the search runs on this thread: its CPU time is the search's, start-up and JIT threads apart
        long cpuStart = BudgetClock.CPU.now();
        long deadline = start + (long) (maxSeconds * 1e9);
        SolveReport report;
        if (open) {
            PositionValues.Open o = PositionValues.open(s, deadline);
            if (o == null) {
                throw tooBig(step, cards);
            }
            report = SolveReport.open(position, o);
        } else {
            PositionValues.Sampled sampled = PositionValues.sampled(s, samples, seed, deadline);
            if (sampled.deals() == 0) {
                throw tooBig(step, cards);
            }
            report = SolveReport.sampled(position, seed, sampled);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (BudgetClock.CPU.now() - cpuStart) / 1e9;
        String jsonText = ResultFile.MAPPER.writeValueAsString(report) + "\n";
        if (jsonOnly) {
            System.out.print(jsonText);
            return 0;
        }
        if (json != null) {
            try {
                Files.writeString(json, jsonText, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UserError("cannot write " + json + ": " + e.getMessage());
            }
        }
        int viewer = open ? -1 : s.toMove();
        StringBuilder out = new StringBuilder(Format.data(report.heading())).append('\n');
        out.append(BoardText.rows(s, viewer, false));
        out.append(BoardText.seats(s, viewer, false, rec.seats().stream().map(Format::data).toList(), true));
        out.append(BoardText.LEGEND).append('\n'); // the board's notation is not the actions' words below
        out.append(report.text());
        out.append(String.format(Locale.ROOT, "searched %,d positions in %.1f s (%.2f s of CPU)%n", report.positions(),
                seconds, cpuSeconds));
        System.out.print(out);
        return 0;
    }

    private UserError tooBig(int step, int cards) {
        return new UserError(String.format(Locale.ROOT, "step %d of %s (%d cards on the table) was not solved within "
                + "--max-seconds %s: too big for the exact solver (within reach at about 14 cards or fewer, "
                + "results/solver-frontier.md); try a later step or more seconds", step, choice.where(), cards,
                new java.math.BigDecimal(Double.toString(maxSeconds)).stripTrailingZeros().toPlainString()));
    }

    /** Every action of the record in order (step K is the position after the first K), checking the record. */
    private int[] actions(GameRecord rec) {
        try {
            return rec.actions();
        } catch (RecordException e) {
            throw new UserError(choice.where() + ": " + e.getMessage());
        }
    }

    /** The step at which the first turn with at most {@code n} cards on the table starts. */
    private int firstTurnWithAtMost(GameRecord rec, int[] actions, int n) {
        if (n < 0) {
            throw new UserError("--cards-left must be 0 or more, not " + n);
        }
        GameState s = new GameState(rec.rules(), rec.deal());
        int turn = -1;
        int cards = Layout.POSITIONS;
        for (int i = 0; i <= actions.length && !s.isOver(); i++) {
            if (s.turn() != turn) {
                turn = s.turn();
                cards = Long.bitCount(s.table());
                if (cards <= n) {
                    return i;
                }
            }
            if (i < actions.length) {
                s.apply(actions[i]);
            }
        }
        throw new UserError(choice.where() + " has no turn that starts with at most " + n + " cards on the table (its "
                + "last turn started with " + cards + ")");
    }

    /** The decision point in words. */
    static String decision(Phase phase) {
        return switch (phase) {
            case RETURNS -> "return tokens at the start of the turn (R8)";
            case TAKE_FIRST -> "first take (R9)";
            case PAY -> "paying for a marked card (R11)";
            case TAKE_SECOND -> "second take or stop (R9)";
            case LATE_RETURNS -> "return tokens after taking (R8)";
            case MARKER -> "marker (R15)";
            case GAME_OVER -> "the game is over";
        };
    }
}
