package richelieu.runner;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Strategy;
import richelieu.runner.play.Plan;
import richelieu.runner.play.ResultFile;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Seeds;
import richelieu.runner.play.Tally;
import richelieu.runner.play.UnitRanges;
import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/**
 * The life of every command that plays games: build (or resume) the run configuration, play
 * its units (a {@link Run}: executor, tally, output files, stop signal), write the result file,
 * print the report. Subclasses say what a run is ({@link #newConfig}) and how it reads
 * ({@link #report}). Ctrl-C stops cleanly: the finished prefix of units is reported and saved,
 * and {@code --resume} continues exactly from there.
 */
abstract class PlayCommand implements Callable<Integer> {
    @Mixin
    RunOptions options;

    @Spec
    CommandSpec spec;

    /** While checking a resume's command line: the resumed run's configuration. */
    private RunConfig resumed;

    /** The command name stored in result files. */
    abstract String command();

    /** The configuration of a new run from this command's arguments. */
    abstract RunConfig newConfig(Bots bots, long seed);

    /** The report of a (possibly partial or merged) run. */
    abstract Report report(RunConfig config, Tally tally);

    /** Checks a resumed file belongs to this command; subclasses need not override. */
    void checkResumed(RunConfig config) {
        if (!config.command().equals(command())) {
            throw new UserError("--resume: the file holds a '" + config.command() + "' run, not '" + command() + "'");
        }
    }

    /** A short line for the progress display (e.g. the current score), or "". */
    String scoreLine(RunConfig config, Tally tally) {
        return "";
    }

    /** Extra header lines (e.g. the SPRT bounds). */
    String headerDetails(RunConfig config) {
        return "";
    }

    /**
     * Plays the units of the run not yet held ({@link Run#held()}); SPRT overrides this to
     * play batch by batch and stop early.
     */
    void play(RunConfig config, Plan plan, Tally tally, Run run) throws Exception {
        UnitRanges todo = run.held().missing(config.from(), config.to());
        for (int i = 0; i < todo.size() && !run.stopped(); i++) {
            if (run.execute(todo.from(i), todo.to(i)) < todo.to(i)) {
                return;
            }
        }
    }

    /**
     * Fills the options the user left out from a resumed run's configuration, so that
     * {@link #newConfig} rebuilds it; given options stay as typed and must agree with it.
     * Subclasses add their own options and call this.
     */
    void adopt(RunConfig file) {
        if (!given("--variant") && file.ruleSets().size() == 1) {
            options.variantOption.variant = file.ruleSets().get(0).variant().jsonName();
        }
    }

    /** A numeric setting of a run's configuration; a one-line error if it is missing or not a number. */
    static double setting(RunConfig config, String key) {
        try {
            return Double.parseDouble(config.settings().get(key));
        } catch (NullPointerException | NumberFormatException e) {
            throw new UserError("config.settings." + key + ": must be a number, not " + config.settings().get(key));
        }
    }

    /** True if the user typed this option on the command line. */
    boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    @Override
    public Integer call() throws Exception {
        options.threads(); // flags and output paths are checked before anything is printed or played
        options.shard();
        OutputPaths.check(options);
        Bots bots = options.bots();
        RunConfig config;
        Tally tally;
        UnitRanges held;
        Path json = options.json;
        ResultFile.Outputs outputs = ResultFile.Outputs.of(options.records, options.csv);
        if (options.resume != null) {
            ResultFile r = ResultFile.read(options.resume);
            config = r.config();
            checkResumed(config);
            checkCommandLine(bots, config, options.resume);
            tally = r.tally();
            held = r.units();
            // The resumed file is updated unless told otherwise; the per-game files of the run continue.
            json = json != null ? json : options.resume;
            outputs = new ResultFile.Outputs(options.records != null ? outputs.records() : r.outputs().records(),
                    options.csv != null ? outputs.csv() : r.outputs().csv());
            if (r.complete()) {
                System.err.println("richelieu: " + options.resume + " is already complete; reporting it");
            }
        } else {
            long seed = options.seed != null ? options.seed : Seeds.DEFAULT;
            config = newConfig(bots, seed);
            tally = null;
            held = UnitRanges.empty();
        }
        Plan plan;
        try {
            plan = config.plan(bots);
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        }
        if (tally == null) {
            tally = Tally.forPlan(plan);
        }
        if (options.spark == null && !held.missing(config.from(), config.to()).isEmpty()) {
            checkBotsStart(plan, config.from()); // a Spark run's programs may exist only on its workers
        }
        Tally t = tally;
        Run run = new Run(config, plan, tally, held, json, outputs, options, () -> scoreLine(config, t));
        try {
            return playAndSave(config, plan, tally, run, json, outputs);
        } finally {
            run.signalWritten(); // whatever happened: a shutdown waiting for the result may proceed
        }
    }

    /** Plays the run, prints its report and saves its result; the exit code. */
    private int playAndSave(RunConfig config, Plan plan, Tally tally, Run run, Path json, ResultFile.Outputs outputs)
            throws Exception {
        PrintStream out = System.out;
        out.println(header(config, plan));
        try (run) {
            play(config, plan, tally, run);
        }
        UnitRanges held = run.held();
        boolean interrupted = run.stopped() && !held.missing(config.from(), config.to()).isEmpty();
        if (interrupted) {
            Path file = json != null ? json
                    : Path.of("richelieu-" + command() + "-" + Long.toUnsignedString(config.seed()) + ".partial.json");
            // Saved first without statistics (they are recomputed from the tally when read), so that a
            // shutdown's deadline cannot lose the committed games while the report is computed.
            new ResultFile(Version.VERSION, config, held, false, tally, null, outputs).write(file);
            Report report = report(config, tally);
            out.println(report.text());
            new ResultFile(Version.VERSION, config, held, false, tally, report.statistics(), outputs).write(file);
            out.printf("interrupted after %,d of %,d units: saved to %s; continue with --resume %s%n",
                    held.count(), config.to() - config.from(), file, file);
            return 130;
        }
        Report report = report(config, tally);
        ResultFile result = new ResultFile(Version.VERSION, config, held, true, tally, report.statistics(), outputs);
        out.println(report.text());
        if (json != null) {
            result.write(json);
        }
        long forfeits = tally.totalForfeits();
        if (tally.games() > 0 && forfeits == tally.games()) {
            // Nothing was measured; the counts are saved all the same.
            throw new UserError("every one of the " + String.format("%,d", forfeits) + " games was forfeited, so the "
                    + "result says nothing about the bots' play" + (run.lastForfeit() == null ? ""
                    : "; last forfeit: " + run.lastForfeit()));
        }
        return 0;
    }

    /**
     * A bot that cannot start at all (an {@code exec:} program that is missing or fails
     * on its first {@code start} message) fails the run before its first game, with one line and
     * exit code 2, instead of forfeiting every game. Each distinct bot is tried once, with the
     * first game of unit {@code unit}: its deal, its rules and the bot's seat there.
     */
    private static void checkBotsStart(Plan plan, long unit) {
        Deal deal = Deal.generate(plan.deck(), Seeds.deal(plan.seed(), plan.dealOf(unit)));
        int[] seats = plan.seatBots(unit, 0);
        java.util.Set<String> checked = new java.util.HashSet<>();
        for (int b = 0; b < plan.bots().size(); b++) {
            BotSpec bot = plan.bots().get(b);
            if (!checked.add(bot.spec())) {
                continue;
            }
            int seat = 0; // its first seat in that game, if it plays there
            for (int s = seats.length - 1; s >= 0; s--) {
                seat = seats[s] == b ? s : seat;
            }
            try {
                bot.checkStarts(new Strategy.GameStart(seat, plan.ruleSets().get(0), deal.layout(),
                        new SplittableRandom(Seeds.bot(plan.seed(), unit, 0, seat))));
            } catch (BotSpecException e) {
                throw new UserError(e.getMessage());
            }
        }
    }

    /**
     * A resume takes the bots from the command line, never from the file (a file is data: a
     * program named only there is never started), and refuses a command line that would make
     * a different run: the options given must agree with the file, the others are taken from it.
     */
    private void checkCommandLine(Bots bots, RunConfig file, Path path) {
        resumed = file;
        adopt(file);
        RunConfig typed;
        try {
            typed = newConfig(bots, given("--seed") ? options.seed : file.seed());
        } catch (UserError e) {
            throw new UserError("--resume " + path + ": " + e.getMessage() + " (the file's bots: "
                    + String.join(", ", file.bots()) + ")");
        }
        String difference = typed.difference(file, true);
        if (difference != null) {
            throw new UserError("--resume " + path + ": the command line differs from the file in " + difference);
        }
    }

    /**
     * The text a finished run prints (header and report), re-rendered from its result file:
     * the config and the raw counts determine it, so presentation changes need no new games.
     */
    /** The text a study prints for {@code file}: its header, then {@code report} (its statistics, recomputed). */
    String render(richelieu.runner.play.ResultFile file, Bots registry, Report report) {
        RunConfig c = file.config();
        Plan plan;
        try {
            plan = c.plan(registry);
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        }
        return header(c, plan) + "\n" + report.text();
    }

    String header(RunConfig c, Plan plan) {
        StringBuilder sb = new StringBuilder();
        sb.append("richelieu ").append(c.command()).append(": ").append(String.join(", ", c.bots())).append('\n');
        sb.append("rules: ").append(c.ruleSets().get(0).players()).append(" players, ");
        for (int i = 0; i < c.ruleSets().size(); i++) {
            sb.append(i == 0 ? "" : " vs ").append(c.ruleSets().get(i).variant().jsonName());
        }
        sb.append("; deck: ").append(c.deck().name()).append('\n');
        sb.append("master seed: ").append(c.seed()).append('\n');
        long units = c.to() - c.from();
        sb.append(planText(c, plan, units));
        if (c.shardCount() > 1) {
            sb.append(String.format("; shard %d/%d (units %,d..%,d)", c.shardIndex(), c.shardCount(), c.from(), c.to() - 1));
        }
        String extra = headerDetails(c);
        if (!extra.isEmpty()) {
            sb.append('\n').append(extra);
        }
        return sb.toString();
    }

    /** What will be played, e.g. "500 deals x 1 lineup(s), each deal played twice with seats swapped, 1,000 games". */
    String planText(RunConfig c, Plan plan, long units) {
        return String.format("%,d deals x %d lineup(s), %s, %,d games", c.deals(), c.lineups().size(),
                describePairing(c, plan), units * plan.gamesPerUnit());
    }

    static String describePairing(RunConfig c, Plan plan) {
        return switch (c.pairing()) {
            case ROTATE -> plan.players() == 2 ? "each deal played twice with seats swapped"
                    : "each deal played in all " + plan.players() + " seat rotations";
            case ALTERNATE -> "one game per deal, seats alternating";
            case FIXED -> "one game per deal";
        };
    }

    /** Most games one run may have: every count (and its square sums' parts) stays exact, also as a double. */
    static final long MAX_GAMES = 1_000_000_000_000_000L;

    /**
     * The shard's unit range of a run of {@code deals} deals × {@code lineups} lineups, each unit
     * playing {@code gamesPerUnit} games; exact arithmetic, and a run of more than
     * {@link #MAX_GAMES} games is refused naming {@code flag} (the option that set its size).
     */
    long[] shardRange(String flag, long deals, int lineups, int gamesPerUnit) {
        long units;
        if (resumed != null && !given("--shard")) {
            return new long[]{resumed.from(), resumed.to()}; // a resumed run's own range unless --shard is given
        }
        try {
            units = Math.multiplyExact(deals, lineups);
            if (Math.multiplyExact(units, gamesPerUnit) <= MAX_GAMES) {
                int[] s = options.shard();
                return new long[]{shardBound(units, s[0], s[1]), shardBound(units, s[0] + 1, s[1])};
            }
        } catch (ArithmeticException overflow) {
            // too large, as below
        }
        throw new UserError(String.format("%s %,d is too large: the run would have more than %,d games (%,d deals x %,d "
                + "lineup(s) x %d games each); the limit keeps every count exact", flag, deals, MAX_GAMES, deals, lineups,
                gamesPerUnit));
    }

    /** {@code units * k / n} without overflow (k <= n). */
    static long shardBound(long units, int k, int n) {
        return units / n * k + units % n * k / n;
    }

    /** The shard as {index, count} (a resumed run's own unless --shard is given). */
    int[] shard() {
        return resumed != null && !given("--shard") ? new int[]{resumed.shardIndex(), resumed.shardCount()} : options.shard();
    }

    /** The deck option, for subclasses (a resumed run's deck unless --deck is given: a deck is data). */
    Deck deck() {
        return resumed != null && !given("--deck") ? resumed.deck() : options.deck();
    }
}
