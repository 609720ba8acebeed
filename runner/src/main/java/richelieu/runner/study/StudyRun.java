package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;

import richelieu.engine.Deal;
import richelieu.engine.Seeds;
import richelieu.engine.Strategy;
import richelieu.runner.UserError;
import richelieu.runner.Version;
import richelieu.runner.resultfile.Plan;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.resultfile.UnitRanges;
import richelieu.runner.text.Format;
import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A study's run ready to go, and the life every run has whatever its study: execute the units not
 * yet held (a {@link RunInProgress}: executor, tally, output files, stop signal), write the result file,
 * print the report. Ctrl-C stops cleanly: the finished prefix of units is reported and saved, and
 * a resume continues exactly from there. Where the games are played is the
 * {@link Venue}'s, given to {@link #execute}; what they are is the {@link RunConfig}'s.
 *
 * @param study     the kind of study
 * @param config    what is played (a resumed run's own configuration)
 * @param resumed   the result file a resumed run continues, or null for a new run
 * @param json      where the result (and its checkpoints) is saved, or null
 * @param outputs   the per-game files (records, CSV)
 * @param registry  the bots
 * @param savedNote what a run stopped early says once it is saved to {@code json} (where it is kept,
 *                  how to continue it), or null for "saved to FILE; continue with --resume FILE"
 */
public record StudyRun(Study<?> study, RunConfig config, ResultFile resumed, Path json, ResultFile.Outputs outputs,
                       Bots registry, String savedNote) {

    public StudyRun(Study<?> study, RunConfig config, ResultFile resumed, Path json, ResultFile.Outputs outputs,
                    Bots registry) {
        this(study, config, resumed, json, outputs, registry, null);
    }

    /** Executes this run in {@code venue}, printing to {@code out}; the exit code (0, or 130 when interrupted). */
    public int execute(Venue venue, PrintStream out) throws Exception {
        Plan plan = RunInProgress.plan(config, registry);
        Tally tally = resumed != null ? resumed.tally() : Tally.forConfig(config);
        UnitRanges held = resumed != null ? resumed.units() : UnitRanges.empty();
        BotDemands.costWarnings(plan).forEach(System.err::println);
        if (venue.spark() == null && !held.missing(config.from(), config.to()).isEmpty()) {
            // a Spark run's programs may exist only on its workers, and its bots live in their heaps
            BotDemands.checkMemory(plan, venue.threads(), Runtime.getRuntime().maxMemory());
            checkBotsStart(plan, config.from());
        }
        RunInProgress run = new RunInProgress(plan, tally, held, json, outputs, venue, out,
                () -> study.scoreLine(config, tally), registry, resumed != null ? resumed.course() : null);
        try {
            return executeAndSave(tally, run, out);
        } finally {
            run.signalWritten(); // whatever happened: a shutdown waiting for the result may proceed
        }
    }

    /** Executes the run's units, prints its report and saves its result; the exit code. */
    private int executeAndSave(Tally tally, RunInProgress run, PrintStream out) throws Exception {
        out.println(header(study, study.shown(config)));
        Exception failure = null;
        try (run) {
            study.executeUnits(config, tally, run);
        } catch (Exception e) {
            failure = e;
        }
        UnitRanges held = run.held();
        if (failure != null) {
            if (run.played() == 0) {
                throw failure; // nothing new to keep
            }
            // Whatever stopped the run (a bot that cannot be made, a file that cannot be written), the
            // games committed so far are saved and reported first, as at Ctrl-C.
            saveStopped(tally, run, out, "stopped by the error below after");
            if (failure instanceof UserError || failure instanceof BotSpecException
                    || failure instanceof IllegalArgumentException) {
                throw new UserError(failure.getMessage(), failure);
            }
            throw failure;
        }
        if (run.stopped() && !held.missing(config.from(), config.to()).isEmpty()) {
            saveStopped(tally, run, out, "interrupted after");
            return 130;
        }
        StudyOutcome report = study.report(config, tally, run.course());
        ResultFile result = new ResultFile(Version.VERSION, config, held, true, tally, report.statistics(), outputs,
                run.course());
        out.println(shownText(study, config, tally, run.course(), report));
        if (json != null) {
            ResultSaver saver = ResultSaver.standard(json, config, false);
            Path file = saver.save(result);
            if (file == null || saver.elsewhere()) {
                throw new UserError("could not save the result to " + String.join("; to ", saver.failures())
                        + (file == null ? "; it is lost but for the report above" : "; saved to " + file + " instead"));
            }
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
     * Saves and reports a run stopped before its end (Ctrl-C, or an error): the units committed so
     * far, to {@code json} or a free name of its own ({@link ResultSaver}), then a last line saying
     * where, after {@code how} ("interrupted after"), or on stderr what could not be saved and why.
     */
    private void saveStopped(Tally tally, RunInProgress run, PrintStream out, String how) {
        UnitRanges held = run.held();
        ResultSaver saver = ResultSaver.standard(json, config, true);
        // Saved first without statistics (they are recomputed from the tally when read), so that a
        // shutdown's deadline cannot lose the committed games while the report is computed.
        Path first = saver.save(new ResultFile(Version.VERSION, config, held, false, tally, null, outputs, run.course()));
        if (first != null) {
            run.stopSaved(first);
        }
        StudyOutcome report = study.report(config, tally, run.course());
        out.println(shownText(study, config, tally, run.course(), report));
        Path file = saver.save(new ResultFile(Version.VERSION, config, held, false, tally, report.statistics(), outputs,
                run.course()));
        String units = String.format("%,d of %,d units", held.count(), config.to() - config.from());
        for (String failure : saver.failures()) {
            System.err.println("richelieu: could not save the result to " + failure);
        }
        if (file == null) {
            System.err.println("richelieu: " + how + " " + units + ", which could not be saved anywhere (see above); "
                    + "the report above is all that is left of them");
        } else {
            boolean asked = file.equals(json) && savedNote != null;
            out.printf("%s %s: %s%n", how, units, asked ? savedNote
                    : "saved to " + file + "; continue with --resume " + file);
        }
    }

    /**
     * The report's text with the bots as every output shows them ({@link Study#shown}); {@code
     * report} is the run's own, whose statistics the result file keeps as played.
     */
    public static String shownText(Study<?> study, RunConfig config, Tally tally, JsonNode course, StudyOutcome report) {
        RunConfig shown = study.shown(config);
        return shown == config ? report.text() : study.report(shown, tally, course).text();
    }

    /**
     * A bot that cannot start at all (an {@code exec:} program that is missing or fails
     * on its first {@code start} message) fails the run before its first game, with one line and
     * exit code 2, instead of forfeiting every game. Each distinct bot is tried once, with the
     * first game of unit {@code unit}: its deal, its rules and the bot's seat there.
     */
    private static void checkBotsStart(Plan plan, long unit) {
        Deal deal = Deal.generate(plan.config().deck(), Seeds.deal(plan.config().seed(), plan.config().dealOf(unit)));
        int[] seats = plan.config().seatBots(unit, 0);
        Set<String> checked = new HashSet<>();
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
                bot.checkStarts(new Strategy.GameStart(seat, plan.config().ruleSets().get(0), deal.layout(),
                        new SplittableRandom(Seeds.bot(plan.config().seed(), unit, 0, seat))));
            } catch (BotSpecException e) {
                throw new UserError(e.getMessage());
            }
        }
    }

    /**
     * The header a run prints before its games: study, bots, rules, deck, master seed and what
     * is played.
     */
    public static String header(Study<?> study, RunConfig c) {
        StringBuilder sb = new StringBuilder();
        sb.append("richelieu ").append(c.command()).append(": ").append(Format.data(String.join(", ", c.bots()))).append('\n');
        sb.append("rules: ").append(c.players()).append(" players, ");
        for (int i = 0; i < c.ruleSets().size(); i++) {
            sb.append(i == 0 ? "" : " vs ").append(c.ruleSets().get(i).variant().jsonName());
        }
        sb.append("; deck: ").append(Format.data(c.deck().name())).append('\n');
        sb.append("master seed: ").append(c.seed()).append('\n');
        long units = c.to() - c.from();
        sb.append(study.planText(c, units));
        if (c.shardCount() > 1) {
            sb.append(String.format("; shard %d/%d (units %,d..%,d)", c.shardIndex(), c.shardCount(), c.from(), c.to() - 1));
        }
        String extra = study.headerDetails(c);
        if (!extra.isEmpty()) {
            sb.append('\n').append(extra);
        }
        return sb.toString();
    }

    /**
     * The text a finished run prints (header and report), re-rendered from its configuration and
     * report: the config and the raw counts determine it, so presentation changes need no new games.
     */
    public static String render(RunConfig config, StudyOutcome report) {
        return header(Studies.of(config.command()), config) + "\n" + report.text();
    }

    static String describePairing(RunConfig c) {
        return switch (c.pairing()) {
            case ROTATE -> c.players() == 2 ? "each deal played twice with seats swapped"
                    : "each deal played in all " + c.players() + " seat rotations";
            case ALTERNATE -> "one game per deal, seats alternating";
            case FIXED -> "one game per deal";
        };
    }
}
