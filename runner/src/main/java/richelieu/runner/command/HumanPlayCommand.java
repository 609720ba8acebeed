package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Action;
import richelieu.engine.BotFailure;
import richelieu.engine.Deal;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;
import richelieu.engine.Strategy;
import richelieu.engine.record.GameRecord;
import richelieu.engine.text.ActionText;
import richelieu.engine.text.BoardText;
import richelieu.engine.text.ScoreBreakdown;
import richelieu.runner.UserError;
import richelieu.runner.study.BotDemands;
import richelieu.runner.study.BotSpecs;
import richelieu.runner.text.Format;
import richelieu.strategies.BotSpec;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/** {@code richelieu play BOT}: a person against a bot in the terminal. */
@Command(name = "play", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Play a game against a bot in the terminal.",
                "You play one seat, the bot every other seat. The board is drawn (in colour on a terminal), your legal "
                        + "moves are listed with numbers: type a number, or the move itself (e.g. 'take r1c11' or just "
                        + "'r1c11'); 'board' redraws, 'help' explains the abbreviations, 'quit' (or end of input) stops. "
                        + "You see only what your seat may know (R25, R26). At the end: the score by category; with "
                        + "--records the game is saved for replay/view.",
                "Example: ./richelieu play greedy --seat 1 --seed 7 --records mygames.jsonl"})
public final class HumanPlayCommand implements Callable<Integer> {
    enum ColourMode { auto, always, never }

    @Parameters(paramLabel = "BOT", description = "The opponent's bot spec, e.g. greedy or 'ismcts:iterations=2000'. See 'bots'.")
    String bot;

    @Option(names = "--seat", description = "Your seat, 0 moves first (default: ${DEFAULT-VALUE}).")
    int seat = 0;

    @Option(names = "--players", description = "2, 3 or 4 players; the bot plays every other seat (default: ${DEFAULT-VALUE}).")
    int players = 2;

    @Mixin
    VariantOption variant = new VariantOption();

    @Mixin
    DeckOption deck = new DeckOption();

    @Mixin
    SeedOption seed = new SeedOption();

    @Option(names = "--records", paramLabel = "FILE", description = "Append the finished game as a JSON line (richelieu-record/1).")
    Path records;

    @Mixin
    BotOptions bots = new BotOptions();

    @Option(names = "--color", paramLabel = "WHEN", description = "auto (colour on a terminal), always or never (default: ${DEFAULT-VALUE}).")
    ColourMode colour = ColourMode.auto;

    /** Longest line of input taken: a move, a command or a place is a few characters. */
    static final int MAX_INPUT_BYTES = 4096;

    @Override
    public Integer call() {
        if (players < 2 || players > 4) {
            throw new UserError("--players must be 2, 3 or 4");
        }
        if (seat < 0 || seat >= players) {
            throw new UserError("--seat must be between 0 and " + (players - 1));
        }
        // before the first move: a game that cannot be saved is not played
        Map<String, Path> inputs = new LinkedHashMap<>(ExecFiles.of(List.of(bot)));
        inputs.put("--deck", deck.file);
        OutputPaths.check(Collections.singletonMap("--records", records), inputs);
        Rules rules = Rules.standard(players).withVariant(variant.get());
        BotSpec spec = BotSpecs.parse(bots.registry(), bot);
        BotDemands.checkMemory(Collections.nCopies(players - 1, spec), 1, Runtime.getRuntime().maxMemory());
        long master = seed.get();
        Deal deal = Seeds.deal(deck.get(), master, 0);
        boolean ansi = colour == ColourMode.always
                || colour == ColourMode.auto && System.console() != null && System.getenv("NO_COLOR") == null
                && !"dumb".equals(System.getenv("TERM"));
        PrintStream out = System.out;
        List<String> names = new ArrayList<>();
        Strategy[] seats = new Strategy[players]; // the person's seat stays null: an agent of the driver
        for (int p = 0; p < players; p++) {
            if (p != seat) {
                seats[p] = spec.newStrategy();
            }
            names.add(p == seat ? "you" : spec.label());
        }
        SplittableRandom[] rngs = Seeds.botStreams(master, 0, 0, players);
        LineReader in = new LineReader(System.in, MAX_INPUT_BYTES, "standard input");
        Person person = new Person(in, out, ansi, names, deal.layout(), new GameState(rules, deal));
        out.println("richelieu play: you are seat " + seat + " against " + spec.label() + "; " + rules.describe()
                + "; seed " + master + " (--seed " + master + " replays this deal)");
        out.println("type a move's number or the move; 'help' explains the board, 'quit' stops\n");
        Game game = new Game();
        int mover = game.start(rules, deal, seats, rngs);
        person.report(game, -1);
        while (mover >= 0) {
            int action = person.choose(game.observe(seat), game.legal());
            if (action < 0) {
                break;
            }
            mover = game.act(action);
            person.report(game, action);
        }
        try {
            if (person.refused != null) {
                throw person.refused; // input no person types: one line, exit 2
            }
            if (person.abandoned != null) {
                // The game so far is kept as what it is: the person's forfeit (the engine's forfeit stops the record there).
                game.forfeitAgent(BotFailure.Reason.CRASH, person.abandoned);
                out.println("\n" + person.abandoned + ": game abandoned after " + game.lastState().turn() + " turns"
                        + (records == null ? "" : "; " + save(rules, deal, spec, game, game.result(),
                        "saved as your forfeit to ")));
                return 0;
            }
        } finally {
            for (Strategy s : seats) {
                if (s instanceof AutoCloseable c) {
                    try {
                        c.close();
                    } catch (Exception ignored) {
                        // an exec bot's process that already ended
                    }
                }
            }
        }
        GameResult result = game.result();
        GameState end = game.lastState();
        out.println("\n=== game over ===");
        out.print(BoardText.rows(end, -1, ansi));
        out.print(BoardText.seats(end, -1, ansi, names, true));
        if (result.isForfeit()) {
            out.println("\n" + result.failure());
        } else {
            out.println("\nscore by category (every token revealed):");
            ScoreBreakdown score = ScoreBreakdown.of(end);
            out.print(BoardText.breakdown(score));
            out.println(outcome(result, names, score.decidedByCards()));
        }
        if (records != null) {
            out.println(save(rules, deal, spec, game, result, "saved to "));
        }
        return 0;
    }

    /**
     * Appends the game to --records; the line that says where it went and how to watch it: the
     * game's number is the count of games the file held before it.
     */
    private String save(Rules rules, Deal deal, BotSpec spec, Game game, GameResult result, String saved) {
        List<String> labels = new ArrayList<>();
        for (int p = 0; p < rules.players(); p++) {
            labels.add(p == seat ? "human" : spec.definition());
        }
        String line = GameRecord.fromActions(rules, deal, labels, game.lastActions(), result).toJson() + "\n";
        long before;
        try {
            before = Files.exists(records) ? gamesIn(records) : 0;
            Files.writeString(records, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UserError("cannot write " + records + ": " + e.getMessage());
        }
        return saved + records + " (./richelieu view " + Format.shellWord(records.toString()) + " --game " + before + ")";
    }

    /** The games of a records file as view and replay count them: its lines that are not blank. */
    private static long gamesIn(Path file) throws IOException {
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.filter(l -> !l.isBlank()).count();
        }
    }

    private String outcome(GameResult r, List<String> names, boolean decidedByCards) {
        StringBuilder who = new StringBuilder();
        for (int p = 0; p < r.players(); p++) {
            if (r.isWinner(p)) {
                who.append(who.length() == 0 ? "" : " and ").append(p == seat ? "you" : "seat " + p + " (" + names.get(p) + ")");
            }
        }
        String tie = !decidedByCards ? "" : r.isShared() ? " (equal scores and cards: a draw, R20/R24)"
                : " (equal scores: fewer cards wins, R20/R24)";
        return (r.isShared() ? "shared win: " : r.isWinner(seat) ? "you win" : "winner: ") + (r.isWinner(seat) && !r.isShared() ? "" : who)
                + tie;
    }

    /**
     * The person at the agent's seat: reports what the other seats (and the forced moves) played,
     * draws the board, lists the legal moves and reads a choice from standard input.
     */
    private final class Person {
        private final LineReader in;
        private final PrintStream out;
        private final boolean ansi;
        private final List<String> names;
        private final Layout layout;
        /** The game replayed as the driver logs it, to tell who played each action. */
        private final GameState replay;
        private int reported;
        private GameState view;
        private boolean dirty = true;
        String abandoned;
        /** Input that is not a person's answer (an endless line, bytes that are not text): the game stops. */
        UserError refused;

        Person(LineReader in, PrintStream out, boolean ansi, List<String> names, Layout layout, GameState replay) {
            this.in = in;
            this.out = out;
            this.ansi = ansi;
            this.names = names;
            this.layout = layout;
            this.replay = replay;
        }

        /**
         * Prints the public actions played since the last report; {@code chosen} is the person's
         * own choice that started them (not repeated), or -1.
         */
        void report(Game game, int chosen) {
            for (int i = reported; i < game.actionCount(); i++) {
                int action = game.action(i);
                int who = replay.toMove();
                replay.play(action);
                if (!Action.isPublic(action)) {
                    continue; // a private return step (R26)
                }
                dirty = true;
                if (i == reported && who == seat && action == chosen) {
                    continue;
                }
                String desc = ActionText.describe(layout, action);
                out.println(who == seat ? "  you " + desc + " (the only legal move)"
                        : "  seat " + who + " (" + names.get(who) + ") " + desc);
            }
            reported = game.actionCount();
        }

        /** The person's choice among {@code legal}, or -1 when they stop (quit, end of input, refused input). */
        int choose(Observation obs, LegalActions legal) {
            if (view == null) {
                view = obs.newState();
            }
            obs.toViewState(view); // exactly what this seat may know (R25, R26)
            if (dirty) {
                out.println();
                out.print(BoardText.rows(view, seat, ansi));
                out.print(BoardText.seats(view, seat, ansi, names, false));
                dirty = false;
            }
            out.println("turn " + obs.turn() + ", your move (" + obs.phase().name().toLowerCase(Locale.ROOT).replace('_', ' ') + "):");
            int n = legal.size();
            if (n <= 12) {
                for (int i = 0; i < n; i++) {
                    int a = legal.get(i);
                    String extra = switch (Action.type(a)) {
                        case Action.T_TAKE, Action.T_PLACE, Action.T_PAY_MARKER ->
                                "  " + ActionText.cardWords(layout.card(Action.position(a)));
                        default -> "";
                    };
                    out.printf("  %3d) %-20s%s%n", i + 1, Action.toString(a), extra);
                }
            } else {
                // long lists (placing or moving a marker): five to a line, "number place card"
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    int a = legal.get(i);
                    String item = switch (Action.type(a)) {
                        case Action.T_TAKE, Action.T_PLACE, Action.T_PAY_MARKER -> Action.typeName(a) + " "
                                + Layout.positionName(Action.position(a)) + " "
                                + richelieu.engine.TextRender.cardCode(layout.card(Action.position(a)));
                        default -> Action.toString(a);
                    };
                    String cell = String.format("%3d) %s", i + 1, item);
                    int w = Action.type(a) == Action.T_MOVE ? 26 : 24;
                    line.append(cell).append(" ".repeat(Math.max(1, w - cell.length())));
                    if ((i + 1) % 5 == 0 || i == n - 1) {
                        out.println("  " + line.toString().stripTrailing());
                        line.setLength(0);
                    }
                }
            }
            while (true) {
                out.print("> ");
                out.flush();
                String line;
                try {
                    line = in.next();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (UserError e) {
                    refused = e;
                    abandoned = "input refused";
                    return -1;
                }
                if (line == null) {
                    abandoned = "end of input";
                    return -1;
                }
                String t = line.trim().toLowerCase(Locale.ROOT);
                if (t.isEmpty()) {
                    continue;
                }
                switch (t) {
                    case "q", "quit", "exit" -> {
                        abandoned = "quit";
                        return -1;
                    }
                    case "b", "board" -> {
                        out.print(BoardText.rows(view, seat, ansi));
                        out.print(BoardText.seats(view, seat, ansi, names, false));
                        continue;
                    }
                    case "h", "help", "?" -> {
                        out.println(BoardText.LEGEND);
                        out.println("moves: type the number, or the move ('take r1c11', 'move r0c3>r2c5'), or just its place "
                                + "('r1c11') when that is unique; 'board' redraws, 'quit' stops.");
                        continue;
                    }
                    default -> {
                    }
                }
                int pick = parse(t, legal);
                if (pick >= 0) {
                    return legal.get(pick);
                }
                String said = line.trim();
                said = Format.data(said.length() > 40 ? said.substring(0, 40) + "…" : said); // echoed short, as data
                out.println("'" + said + "' is not one of your moves: type a number from 1 to " + n
                        + ", a move as listed, 'board', 'help' or 'quit'");
            }
        }

        /** Index in {@code legal} of the person's choice, or -1. */
        private int parse(String t, LegalActions legal) {
            int n = legal.size();
            if (t.matches("[0-9]{1,4}")) {
                int k = Integer.parseInt(t);
                return k >= 1 && k <= n ? k - 1 : -1;
            }
            int byPlace = -1;
            int placeMatches = 0;
            for (int i = 0; i < n; i++) {
                String full = Action.toString(legal.get(i)).toLowerCase(Locale.ROOT);
                if (full.equals(t)) {
                    return i;
                }
                int space = full.indexOf(' ');
                if (space > 0 && full.substring(space + 1).equals(t)) {
                    byPlace = i;
                    placeMatches++;
                }
            }
            return placeMatches == 1 ? byPlace : -1;
        }

    }
}
