package richelieu.runner.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.spsa.SpsaSchedule;
import richelieu.runner.stats.SprtDecision;
import richelieu.runner.study.StudyOutcome;
import richelieu.runner.study.ResultReader;
import richelieu.runner.study.RunBasics;
import richelieu.runner.study.SprtStudy;
import richelieu.runner.study.StudyRun;
import richelieu.runner.study.TuneStudy;
import richelieu.runner.text.Format;
import richelieu.strategies.Bots;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code richelieu tune SPEC --param NAME=LO..HI …}: the {@link TuneStudy} of a bot's parameters,
 * and with {@code --confirm} the SPRT of the tuned bot against the starting one, saved in the
 * same result file.
 */
@Command(name = "tune", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Find a bot's best parameters from its games (SPSA, as fishtest tunes Stockfish).",
                "SPSA: each iteration plays the bot at theta + c*delta against the bot at theta - c*delta (delta a "
                        + "random sign per parameter) on fresh deals in every seat rotation and moves every parameter "
                        + "at once by the net wins. Any number a bot lists in './richelieu bots' can be tuned, "
                        + "plug-ins included. The tuned bot is reported better only when an SPRT against the starting "
                        + "bot accepts H1 (--confirm). See docs/tune.md.",
                "Example: ./richelieu tune 'ismcts-mast:iterations=300' --param c=0.2..2 --param epsilon=0..1 "
                        + "--iterations 500 --seed 1 --json tune.json && ./richelieu chart tune.json"})
public final class TuneCommand extends StudyCommand<TuneStudy.Settings> {
    @Parameters(arity = "0..1", paramLabel = "SPEC", description = "The bot to tune, e.g. 'ismcts-mast'.")
    String bot;

    @Option(names = "--param", paramLabel = "NAME=LO..HI", description = "A parameter to tune and its range, "
            + "optionally with ,start=X (default: the spec's value), ,c_end=X (the last perturbation; default a "
            + "twentieth of the range), ,r_end=X (the last learning rate; default 0.002), ,type=integer|real (for "
            + "plug-in parameters without a type). Repeatable.")
    List<String> params = new ArrayList<>();

    @Option(names = "--against", paramLabel = "SPEC|self", description = "Who the two points play: each other "
            + "(self, the default) or each a fixed opponent.")
    String against = TuneStudy.SELF;

    @Option(names = "--players", description = "2, 3 or 4 (default: ${DEFAULT-VALUE}).")
    int players = 2;

    @Mixin
    VariantOption variant = new VariantOption();

    @Option(names = "--iterations", description = "SPSA iterations (default: ${DEFAULT-VALUE}).")
    long iterations = 200;

    @Option(names = "--batch", paramLabel = "DEALS", description = "Deals per iteration, each played in every seat "
            + "rotation; the games of one iteration run in parallel (default: ${DEFAULT-VALUE}).")
    int batch = 8;

    @Option(names = "--spsa-A", paramLabel = "FRACTION", description = "The stability constant A as a fraction of "
            + "the run's game pairs (default: ${DEFAULT-VALUE}).")
    double stability = SpsaSchedule.A_FRACTION;

    @Option(names = "--spsa-alpha", description = "Decay exponent of the learning rate (default: ${DEFAULT-VALUE}).")
    double alpha = SpsaSchedule.ALPHA;

    @Option(names = "--spsa-gamma", description = "Decay exponent of the perturbation (default: ${DEFAULT-VALUE}).")
    double gamma = SpsaSchedule.GAMMA;

    @Option(names = "--confirm", description = "Then run an SPRT of the tuned bot against the starting bot (2 "
            + "players; needs --json, which keeps it).")
    boolean confirm;

    @Option(names = "--confirm-move-time", paramLabel = "MS", description = "The confirming SPRT's time per move for "
            + "bots with a millis= budget that the tuned spec does not set: equal time for both (default: "
            + "${DEFAULT-VALUE}).")
    int confirmMoveTime = TuneStudy.DEFAULT_CONFIRM_MOVE_TIME;

    @Option(names = "--elo0", description = "The confirming SPRT's H0 (default: ${DEFAULT-VALUE}).")
    double elo0 = 0;

    @Option(names = "--elo1", description = "The confirming SPRT's H1 (default: ${DEFAULT-VALUE}).")
    double elo1 = 30;

    @Option(names = "--confirm-max-games", description = "The confirming SPRT stops without a decision after this "
            + "many games (default: ${DEFAULT-VALUE}).")
    long confirmMaxGames = 20_000;

    @Option(names = "--confirm-batch", description = "Pairs between two looks of the confirming SPRT (default: "
            + "${DEFAULT-VALUE}).")
    int confirmBatch = 100;

    public TuneCommand() {
        super(new TuneStudy());
    }

    @Override
    TuneStudy.Settings settings() {
        if (bot == null) {
            throw new UserError("tune needs the bot to tune, e.g. ./richelieu tune 'ismcts-mast' --param c=0.2..2");
        }
        return new TuneStudy.Settings(bot, params, against, players, variant.get(), iterations, batch, stability, alpha,
                gamma);
    }

    @Override
    void adopt(RunConfig file) {
        TuneStudy.Design d = (TuneStudy.Design) file.settings();
        if (bot == null) { // the bots from the file, unless one is a program (which only a command line starts)
            try {
                bot = fromFile(List.of(d.bot()), options.resume).get(0);
                if (!given("--against")) {
                    against = fromFile(List.of(d.against()), options.resume).get(0);
                }
            } catch (UserError e) {
                throw new UserError(e.getMessage() + ": " + resumeCommand(file, options.resume));
            }
            String name = bot.substring(richelieu.strategies.SpecText.labelEnd(bot) + 1).strip().split(":", 2)[0];
            if (botOptions.registry().factory(name) == null) { // a plug-in's bot: its jar is typed again
                throw new UserError("--resume " + options.resume + ": the file's bot '" + name + "' is not known without "
                        + "its plug-in: " + resumeCommand(file, options.resume));
            }
        }
        TuneStudy.Settings f = study.settingsOf(file);
        variant.adopt(file);
        if (!given("--param")) {
            params = f.params();
        }
        players = given("--players") ? players : f.players();
        iterations = given("--iterations") ? iterations : f.iterations();
        batch = given("--batch") ? batch : f.batch();
        stability = given("--spsa-A") ? stability : f.stability();
        alpha = given("--spsa-alpha") ? alpha : f.alpha();
        gamma = given("--spsa-gamma") ? gamma : f.gamma();
    }

    @Override
    public Integer call() throws Exception {
        StudyRun typed = launch();
        boolean confirming = confirm || typed.resumed() != null && typed.resumed().course() != null
                && typed.resumed().course().has("confirm");
        if (confirming) {
            checkConfirm(typed);
        }
        // The study names this command line's plug-ins in the commands it prints.
        StudyRun launch = new StudyRun(new TuneStudy(botOptions.plugins, confirming), typed.config(), typed.resumed(),
                typed.json(), typed.outputs(), typed.registry(), typed.json() == null ? null : "saved to " + typed.json()
                + "; continue with " + resumeCommand(typed.config(), typed.json()) + (confirming ? " --confirm" : ""));
        int code = launch.execute(venue(), System.out);
        if (code != 0 || !confirming) {
            return code;
        }
        return confirm(launch.json());
    }

    /**
     * The command that continues the tuning saved in {@code json}: its bots typed (needed when one
     * is a program, which a file never starts), and the plug-ins they need.
     */
    private String resumeCommand(RunConfig tuning, Path json) {
        TuneStudy.Design d = (TuneStudy.Design) tuning.settings();
        String against = d.against().equals(TuneStudy.SELF) ? null : d.against();
        return "./richelieu tune " + Format.shellWord(d.bot()) + (against == null ? "" : " --against "
                + Format.shellWord(against)) + " --resume " + Format.shellWord(json.toString())
                + TuneStudy.pluginOptions(botOptions.plugins, d.bot(), against);
    }

    @Override
    String completeNote(ResultFile file) {
        JsonNode test = file.course() == null ? null : file.course().get("confirm");
        boolean decided = test != null && test.path("progress").path("complete").asBoolean(false);
        if (decided && given("--confirm-max-games") && test.path("statistics").path("sprt").path("decision").asText()
                .equals("CONTINUE")) {
            return ": its confirming SPRT reached its cap undecided; continuing it up to --confirm-max-games "
                    + confirmMaxGames;
        }
        if (decided) {
            return " is already complete, its confirming SPRT too; reporting it";
        }
        if (test != null) {
            return ": its tuning is already complete; continuing the confirming SPRT";
        }
        return confirm ? ": its tuning is already complete; running the confirming SPRT" : super.completeNote(file);
    }

    /** True if the user typed one of the options of the confirming test. */
    private boolean confirmOptionsGiven() {
        for (String o : List.of("--confirm-move-time", "--elo0", "--elo1", "--confirm-max-games", "--confirm-batch")) {
            if (given(o)) {
                return true;
            }
        }
        return false;
    }

    /** The confirmation's settings, checked before any tuning game is played. */
    private void checkConfirm(StudyRun launch) {
        if (launch.config().players() != 2) {
            throw new UserError("--confirm runs a 2-player SPRT; with " + launch.config().players() + " players the "
                    + "report prints the tournament that confirms a tuned bot");
        }
        if (launch.json() == null) {
            throw new UserError("--confirm needs --json FILE: the confirming SPRT is kept in the tuning's result file");
        }
        if (confirmMoveTime < 1 || confirmMoveTime > 3_600_000) {
            throw new UserError("--confirm-move-time must be between 1 and 3600000 ms, not " + confirmMoveTime);
        }
        String start = launch.config().bots().get(0).substring(TuneStudy.PLUS.length() + 1);
        sprtConfig(start, start, launch.config());
        // the checkpoints take the first of their names that is free or this test's: none may be a file an exec: bot reads
        Map<String, Path> programs = ExecFiles.of(spec.commandLine().getParseResult().expandedArgs());
        for (int i = 1; Files.exists(scratchName(launch.json(), i), LinkOption.NOFOLLOW_LINKS); i++) {
            OutputPaths.notAnInput(Map.of("--confirm (its checkpoint file)", scratchName(launch.json(), i)), programs);
        }
    }

    /**
     * The SPRT of the tuned bot against the starting bot of the finished tuning in {@code json}
     * (resumed from the file when it holds one; with a larger --confirm-max-games a test that
     * reached its cap goes on), then the file again with it in its course. Its games follow the
     * tuning's in the tuning's --records and --csv files.
     */
    private int confirm(Path json) throws Exception {
        ResultFile tuned = ResultReader.readFile(json);
        String[] specs = TuneStudy.confirmBots(tuned.config(), tuned.course());
        Bots registry = botOptions.registry().withMoveTime(confirmMoveTime);
        long seed = TuneStudy.confirmSeed(tuned.config().seed());
        Path scratch = scratch(json, specs, seed);
        ResultFile resumed = null;
        String from = null;
        if (Files.exists(scratch)) {
            resumed = ResultReader.readFile(scratch); // a run killed outright leaves its last checkpoint here
            from = scratch.toString();
        } else if (tuned.course().has("confirm")) {
            from = json + " (course.confirm)";
            resumed = ResultReader.parseFile(tuned.course().get("confirm").toString(), from);
        }
        RunConfig config;
        if (resumed != null && !confirmOptionsGiven()) {
            config = resumed.config(); // the test the file began, with the settings it began with
            if (!confirms(config, specs, seed)) {
                throw new UserError("--confirm: " + from + " holds a confirmation of other bots than its tuning's");
            }
        } else {
            if (resumed != null) {
                adoptConfirm(resumed.config());
                registry = botOptions.registry().withMoveTime(confirmMoveTime);
            }
            config = sprtConfig(specs[0], specs[1], tuned.config(), registry);
            if (resumed != null) {
                resumed = withCap(resumed, config, from);
            }
        }
        String continueWith = resumeCommand(tuned.config(), json) + " --confirm";
        ResultFile.Outputs files = tuned.outputs().records() == null && tuned.outputs().csv() == null
                ? ResultFile.Outputs.NONE
                : new ResultFile.Outputs(tuned.outputs().records(), tuned.outputs().csv(), tuned.tally().games());
        System.out.println();
        int code = new StudyRun(new SprtStudy(), config, resumed, scratch, files, registry,
                "saved in " + json + " (course.confirm); continue with " + continueWith).execute(venue(), System.out);
        if (Files.exists(scratch)) {
            JsonNode sprt = ResultFile.readTree(scratch);
            ObjectNode course = ((ObjectNode) tuned.course().deepCopy()).set("confirm", sprt);
            ResultFile withConfirm = new ResultFile(tuned.version(), tuned.config(), tuned.units(), tuned.complete(),
                    tuned.tally(), null, tuned.outputs(), course);
            StudyOutcome report = ResultReader.reportOf(withConfirm);
            new ResultFile(tuned.version(), tuned.config(), tuned.units(), tuned.complete(), tuned.tally(),
                    report.statistics(), tuned.outputs(), course).write(json);
            Files.delete(scratch);
            StudyStatistics.Tune s = (StudyStatistics.Tune) report.stats();
            boolean atCap = code == 0 && s.confirm().sprt().decision() == SprtDecision.CONTINUE;
            System.out.println("\n" + (atCap ? "not confirmed: the SPRT reached its cap of " + config.deals() * 2
                    + " games without a decision; raise the cap to go on: " + continueWith + " --confirm-max-games "
                    + config.deals() * 4 : TuneStudy.verdictLine(report)) + "; saved in " + json);
        }
        return code;
    }

    /** The confirmation options the user left out, from the test a file began (as {@link #adopt} does for the tuning). */
    private void adoptConfirm(RunConfig test) {
        SprtStudy.Test t = (SprtStudy.Test) test.settings();
        elo0 = given("--elo0") ? elo0 : t.parameters().elo0();
        elo1 = given("--elo1") ? elo1 : t.parameters().elo1();
        confirmBatch = given("--confirm-batch") ? confirmBatch : t.batch();
        confirmMaxGames = given("--confirm-max-games") ? confirmMaxGames : test.deals() * 2;
        java.util.regex.Matcher ms = java.util.regex.Pattern.compile(",millis=(\\d+)$").matcher(test.bots().get(0));
        if (!given("--confirm-move-time") && ms.find()) {
            confirmMoveTime = Integer.parseInt(ms.group(1));
        }
    }

    /** True if the SPRT {@code config} is the confirmation of a tuning whose tuned and starting bots are {@code specs}. */
    private static boolean confirms(RunConfig config, String[] specs, long seed) {
        return config.command().equals("sprt") && config.bots().size() == 2 && config.seed() == seed
                && isAtMoveTime(config.bots().get(0), "tuned=" + specs[0])
                && isAtMoveTime(config.bots().get(1), "start=" + specs[1]);
    }

    /** The {@code i}-th name (from 1) the checkpoints of the confirmation of the tuning in {@code json} may take. */
    private static Path scratchName(Path json, int i) {
        return json.resolveSibling(json.getFileName() + ".confirm" + (i == 1 ? "" : "-" + i) + ".json");
    }

    /**
     * Where the confirmation of the tuning in {@code json} keeps its checkpoints: {@code
     * json.confirm.json}, or when that holds another run (a tuning saved there before), the first
     * {@code json.confirm-2.json}, … that holds this tuning's or nothing. Another run's file is
     * left alone, and said so.
     */
    private static Path scratch(Path json, String[] specs, long seed) {
        for (int i = 1; ; i++) {
            Path p = scratchName(json, i);
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                return p;
            }
            String why;
            try {
                why = confirms(ResultReader.readFile(p).config(), specs, seed) ? null : "its bots differ";
            } catch (UserError e) {
                why = "it is not a result file this run can continue";
            }
            if (why == null) {
                return p;
            }
            System.err.println("richelieu: " + p + " holds another run (" + why + "); left alone");
        }
    }

    /**
     * The test in {@code resumed} as {@code config} asks for it: the same test, perhaps with a
     * larger cap (--confirm-max-games), which its games so far fit; anything else is refused.
     */
    private static ResultFile withCap(ResultFile resumed, RunConfig config, String from) {
        RunConfig old = resumed.config();
        RunConfig capped = new RunConfig(old.command(), old.bots(), old.ruleSets(), old.deck(), old.seed(), config.deals(),
                old.lineups(), old.pairing(), 0, config.deals(), old.shardIndex(), old.shardCount(), old.settings());
        String difference = config.difference(capped, true);
        if (difference != null) {
            throw new UserError("--confirm: " + from + " holds a confirmation made with other settings (" + difference
                    + ")");
        }
        long played = resumed.units().end(0);
        if (config.deals() < played) {
            throw new UserError("--confirm-max-games " + config.deals() * 2 + " is fewer than the " + played * 2
                    + " games the confirmation has played");
        }
        return config.deals() == old.deals() ? resumed : new ResultFile(resumed.version(), capped, resumed.units(),
                false, resumed.tally(), null, resumed.outputs(), null);
    }

    /** {@code definition} is {@code bot}, or {@code bot} given a move time by --confirm-move-time. */
    private static boolean isAtMoveTime(String definition, String bot) {
        return definition.equals(bot) || definition.matches(java.util.regex.Pattern.quote(bot) + ",millis=\\d+");
    }

    private RunConfig sprtConfig(String tuned, String start, RunConfig tuning) {
        return sprtConfig(tuned, start, tuning, botOptions.registry().withMoveTime(confirmMoveTime));
    }

    private RunConfig sprtConfig(String tuned, String start, RunConfig tuning, Bots registry) {
        SprtStudy.Settings s = new SprtStudy.Settings(List.of("tuned=" + tuned, "start=" + start), elo0, elo1, 0.05,
                0.05, "logistic", confirmMaxGames, confirmBatch, tuning.ruleSets().get(0).variant());
        try {
            return new SprtStudy().configure(s, new RunBasics(TuneStudy.confirmSeed(tuning.seed()), tuning.deck(), 0, 1),
                    registry);
        } catch (UserError e) {
            // sprt's checks name its own flags; here they are set by tune's --confirm-… flags
            throw new UserError("--confirm: " + e.getMessage().replaceAll("--max-games\\b", "--confirm-max-games")
                    .replaceAll("--batch\\b", "--confirm-batch"));
        }
    }
}
