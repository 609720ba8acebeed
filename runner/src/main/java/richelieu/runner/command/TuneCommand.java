package richelieu.runner.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.UserError;
import richelieu.runner.play.ResultFile;
import richelieu.runner.play.RunConfig;
import richelieu.runner.spsa.SpsaSchedule;
import richelieu.runner.study.Report;
import richelieu.runner.study.Results;
import richelieu.runner.study.RunBasics;
import richelieu.runner.study.SprtStudy;
import richelieu.runner.study.StudyLaunch;
import richelieu.runner.study.StudyRun;
import richelieu.runner.study.TuneStudy;
import richelieu.strategies.Bots;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
        TuneStudy.Settings f = study.settingsOf(file);
        if (!given("--variant")) {
            variant.adopt(file);
        }
        // The bots are typed again (a file never starts a program), the rest may come from the file.
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
        StudyLaunch launch = launch();
        boolean confirming = confirm || launch.resumed() != null && launch.resumed().course() != null
                && launch.resumed().course().has("confirm");
        if (confirming) {
            checkConfirm(launch);
        }
        int code = StudyRun.run(launch, environment(), System.out);
        if (code != 0 || !confirming) {
            return code;
        }
        return confirm(launch.json());
    }

    @Override
    String completeNote(ResultFile file) {
        JsonNode test = file.course() == null ? null : file.course().get("confirm");
        boolean decided = test != null && test.path("progress").path("complete").asBoolean(false);
        if (decided) {
            return " is already complete, its confirming SPRT too; reporting it";
        }
        if (test != null) {
            return ": its tuning is already complete; continuing the confirming SPRT";
        }
        return confirm ? ": its tuning is already complete; running the confirming SPRT" : super.completeNote(file);
    }

    @Override
    void checkResumed(ResultFile file) {
        TuneStudy.checkCourse(file);
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
    private void checkConfirm(StudyLaunch launch) {
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
    }

    /**
     * The SPRT of the tuned bot against the starting bot of the finished tuning in {@code json}
     * (resumed from the file when it holds one), then the file again with it in its course.
     */
    private int confirm(Path json) throws Exception {
        ResultFile tuned = Results.readFile(json);
        String[] specs = TuneStudy.confirmBots(tuned.config(), tuned.course());
        Bots registry = botOptions.registry().withMoveTime(confirmMoveTime);
        Path scratch = json.resolveSibling(json.getFileName() + ".confirm.json");
        ResultFile resumed = null;
        if (Files.exists(scratch)) {
            resumed = Results.readFile(scratch); // a run killed outright leaves its last checkpoint here
        } else if (tuned.course().has("confirm")) {
            resumed = Results.parseFile(tuned.course().get("confirm").toString(), json + " (course.confirm)");
        }
        RunConfig config;
        if (resumed != null && !confirmOptionsGiven()) {
            config = resumed.config(); // the test the file began, with the settings it began with
            if (!config.command().equals("sprt") || config.bots().size() != 2
                    || !isAtMoveTime(config.bots().get(0), "tuned=" + specs[0])
                    || !isAtMoveTime(config.bots().get(1), "start=" + specs[1])) {
                throw new UserError("--confirm: " + json + " holds a confirmation of other bots than its tuning's");
            }
        } else {
            config = sprtConfig(specs[0], specs[1], tuned.config(), registry);
            String difference = resumed == null ? null : config.difference(resumed.config(), true);
            if (difference != null) {
                throw new UserError("--confirm: " + json + " holds a confirmation made with other settings ("
                        + difference + ")");
            }
        }
        System.out.println();
        int code = StudyRun.run(new StudyLaunch(new SprtStudy(), config, resumed, scratch, ResultFile.Outputs.NONE,
                registry), environment(), System.out);
        if (Files.exists(scratch)) {
            JsonNode sprt = ResultFile.readTree(scratch);
            ObjectNode course = ((ObjectNode) tuned.course().deepCopy()).set("confirm", sprt);
            ResultFile withConfirm = new ResultFile(tuned.version(), tuned.config(), tuned.units(), tuned.complete(),
                    tuned.tally(), null, tuned.outputs(), course);
            Report report = Results.reportOf(withConfirm);
            new ResultFile(tuned.version(), tuned.config(), tuned.units(), tuned.complete(), tuned.tally(),
                    report.statistics(), tuned.outputs(), course).write(json);
            Files.delete(scratch);
            System.out.println("\n" + TuneStudy.verdictLine(report) + "; saved in " + json);
        }
        return code;
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
            throw new UserError("--confirm: " + e.getMessage());
        }
    }
}
