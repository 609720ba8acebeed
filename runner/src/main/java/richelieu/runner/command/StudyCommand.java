package richelieu.runner.command;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import richelieu.engine.Deck;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.study.ResultReader;
import richelieu.runner.study.RunBasics;
import richelieu.runner.study.Venue;
import richelieu.runner.study.Study;
import richelieu.runner.study.StudyRun;
import richelieu.strategies.Bots;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The picocli face of a study: turns the command line into the study's typed settings (or, with
 * {@code --resume}, into the run of a result file, checked against the command line) and hands
 * the run to {@link StudyRun}. Subclasses declare the study's own options and say how they make
 * its settings.
 *
 * @param <S> the study's settings
 */
abstract class StudyCommand<S> implements Callable<Integer> {
    @Mixin
    SeedOption seed;

    @Mixin
    BotOptions botOptions;

    @Mixin
    RunOptions options;

    @Spec
    CommandSpec spec;

    /** The study this command runs. */
    final Study<S> study;

    StudyCommand(Study<S> study) {
        this.study = study;
    }

    /** The study's settings from this command's options. */
    abstract S settings();

    /**
     * Fills the options the user left out from a resumed run's configuration, so that
     * {@link #settings} rebuilds it; given options stay as typed and must agree with it.
     */
    abstract void adopt(RunConfig file);

    /**
     * The command line's words that may name a bot (an {@code exec:} bot's files are inputs that no
     * output may replace): every word typed; a command whose option values hold bots adds them.
     */
    List<String> botArgs() {
        return spec.commandLine().getParseResult().expandedArgs();
    }

    /** The bots of the command line, filled with the file's when a resume types none ({@link #fromFile}). */
    final void adoptBots(List<String> typed, RunConfig file) {
        if (typed.isEmpty()) {
            typed.addAll(fromFile(file.bots(), options.resume));
        }
    }

    /**
     * The bots a resume takes from its file when the command line names none. A file is data: a
     * program it names ({@code exec:}) is never started from it, so such a file's bots must be
     * typed again; the bots a command line types are checked against the file's as before.
     */
    static List<String> fromFile(List<String> bots, Path path) {
        if (bots.stream().anyMatch(ExecFiles::startsAProgram)) {
            throw new UserError("--resume " + path + ": the file's bots: " + String.join(", ", bots) + " include a program, "
                    + "which only a command line starts: type the bots again before --resume");
        }
        return bots;
    }

    /** True if the user typed this option on the command line. */
    final boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    @Override
    public Integer call() throws Exception {
        return launch().execute(venue(), System.out);
    }

    /** Where the games are played: threads, Spark, progress. */
    Venue venue() {
        return options.venue();
    }

    /**
     * The run this command line asks for: a new run of {@link #settings}, or with {@code --resume}
     * the file's run. Flags and output paths are checked before anything is printed or played.
     */
    StudyRun launch() {
        options.threads();
        options.shard();
        OutputPaths.check(options, botArgs());
        Bots bots = botOptions.registry();
        Path json = options.json;
        ResultFile.Outputs outputs = ResultFile.Outputs.of(options.records, options.csv);
        if (options.resume == null) {
            int[] shard = options.shard();
            RunConfig config = study.configure(settings(), new RunBasics(seed.get(), options.deck(), shard[0], shard[1]),
                    bots);
            return new StudyRun(study, config, null, json, outputs, bots);
        }
        ResultFile r = ResultReader.readFile(options.resume);
        RunConfig config = r.config();
        if (!config.command().equals(study.name())) {
            throw new UserError("--resume: the file holds a '" + config.command() + "' run, not '" + study.name() + "'");
        }
        RunConfig run = checkCommandLine(bots, config, options.resume);
        if (run.deals() != config.deals()) {
            r = r.extendedTo(run.deals());
            config = r.config();
        }
        // The resumed file is updated unless told otherwise; the per-game files of the run continue.
        json = json != null ? json : options.resume;
        outputs = new ResultFile.Outputs(options.records != null ? outputs.records() : r.outputs().records(),
                options.csv != null ? outputs.csv() : r.outputs().csv());
        OutputPaths.check(options, botArgs(), r.outputs());
        if (r.complete()) {
            System.err.println("richelieu: " + options.resume + completeNote(r));
        }
        return new StudyRun(study, config, r, json, outputs, bots);
    }

    /** What resuming the complete run in {@code file} does, after its name. */
    String completeNote(ResultFile file) {
        return " is already complete; reporting it";
    }

    /**
     * A resume takes the bots from the command line, or, when it names none, from the file (never
     * a program: see {@link #fromFile}), and refuses a command line that would make a different
     * run: the options given must agree with the file, the others are taken from it.
     * One difference is allowed: more deals than the file's whole run holds extends it (the same
     * units, then the new ones), where the study's games do not depend on the run's size.
     *
     * @return the file's run, or the larger run it extends to
     */
    private RunConfig checkCommandLine(Bots bots, RunConfig file, Path path) {
        adopt(file);
        RunConfig typed;
        RunBasics basics;
        try {
            long s = given("--seed") ? seed.get() : file.seed();
            Deck deck = given("--deck") ? options.deck() : file.deck();
            int[] shard = given("--shard") ? options.shard() : new int[]{file.shardIndex(), file.shardCount()};
            basics = new RunBasics(s, deck, shard[0], shard[1]);
            typed = study.configure(settings(), given("--shard") ? basics : basics.withRange(file.from(), file.to()), bots);
        } catch (UserError e) {
            throw new UserError("--resume " + path + ": " + e.getMessage() + " (the file's bots: "
                    + String.join(", ", file.bots()) + ")");
        }
        RunConfig run = file;
        // a tuning's size follows from its settings, whose differences the check below names
        if (typed.deals() > file.deals() && !given("--shard") && !study.sequential()) {
            run = extension(file, typed.deals(), path);
            typed = study.configure(settings(), basics, bots);
        }
        String difference = typed.difference(run, true);
        if (difference != null) {
            throw new UserError("--resume " + path + ": the command line differs from the file in " + difference);
        }
        return run;
    }

    /** The file's whole run made {@code deals} deals long, or one line saying why it cannot be. */
    private RunConfig extension(RunConfig file, long deals, Path path) {
        if (!study.cappedByDeals()) {
            throw new UserError("--resume " + path + ": a " + study.name() + " run cannot be extended to more deals (its course "
                    + "depends on the order of its games); start a new run");
        }
        try {
            return file.extendedTo(deals);
        } catch (IllegalArgumentException e) {
            throw new UserError("--resume " + path + " cannot be extended to " + deals + " deals: " + e.getMessage());
        }
    }
}
