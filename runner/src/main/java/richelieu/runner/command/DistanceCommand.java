package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.UserError;
import richelieu.runner.distance.DistanceFiles;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.distance.DistanceStudy;
import richelieu.runner.report.DistancePage;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.study.PerfectPlayAdd;
import richelieu.runner.study.PerfectPlayStudy;
import richelieu.runner.study.ResultReader;
import richelieu.strategies.Bots;
import richelieu.strategies.StrategyFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code richelieu distance BOT…}: the {@link PerfectPlayStudy}, every bot's distance from perfect
 * play, run as every study is (checkpoints, Ctrl-C, --resume, --shard, merge, --spark), with its page.
 */
@Command(name = "distance", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"How far is each bot from perfect play? Positions sampled from games of a lineup of strong bots "
                + "at each number of cards on the table; at each, every bot decides with what its seat knows, and the "
                + "exact solver of the open game (every token known) values every legal action: the share of decisions "
                + "that give away game value (a win played into a draw or loss, a draw into a loss) and the mean points "
                + "lost against the best action, each with its 95%% interval. 2 players.",
                "With no bot named: every shipped bot. Each lineup game is a unit: checkpoints, Ctrl-C, --resume, "
                        + "--shard with merge, and --spark work as in every study. See docs/perfect-play.md.",
                "Example: ./richelieu distance heuristic-2p ismcts-mast-2p pimc --games 40 --cards 4,6,8 --out dist"})
public final class DistanceCommand extends StudyCommand<PerfectPlayStudy.Settings> {
    @Parameters(arity = "0..*", paramLabel = "BOT", description = "Bots to measure (default: every shipped bot).")
    List<String> bots = new ArrayList<>();

    @Mixin
    LineupOption lineup = new LineupOption("heuristic-2p", "ismcts-mast-2p");

    @Option(names = "--games", description = "Lineup games, an even number: each deal played twice with the seats "
            + "swapped (default: ${DEFAULT-VALUE}); one position per game and number of cards.")
    long games = 100;

    @Option(names = "--cards", split = ",", paramLabel = "N", description = "Numbers of cards on the table to sample, "
            + "each 1.." + DistanceStudy.MAX_CARDS + ", or up to " + DistanceStudy.MAX_OUTCOME_CARDS + " with --outcome-only "
            + "(default: 4,6,8,10).")
    List<Integer> cards = new ArrayList<>(List.of(4, 6, 8, 10));

    @Option(names = "--outcome-only", split = ",", paramLabel = "N", description = "Numbers of cards (among --cards) "
            + "at which only each action's win/draw/loss is solved, not its margin: far cheaper, so up to "
            + DistanceStudy.MAX_OUTCOME_CARDS + " cards; the share of decisions that give away game value is measured "
            + "there, the points lost are not (default: none).")
    List<Integer> outcomeOnly = new ArrayList<>();

    @Mixin
    VariantOption variant = new VariantOption();

    @Option(names = "--out", paramLabel = "DIR", description = "Write the study's page there: distance.md and the "
            + "charts, with the result (distance.json, unless --json says elsewhere) and the lineup's games "
            + "(distance-games.jsonl, for replay, view and solve, unless --records says elsewhere).")
    Path out;

    @Option(names = "--from", paramLabel = "FILE", description = "Play nothing: read this result (--json, or distance.json "
            + "of --out) and write its page and charts again into --out, the statistics computed afresh from its positions.")
    Path from;

    @Option(names = "--add", split = ",", paramLabel = "BOT", description = "With --from: measure these bots too at the "
            + "stored positions and write the result with them (--json, else distance.json of --out): their decisions "
            + "only; the positions' values are reused, an action no measured bot chose is solved alone. Reads the "
            + "lineup's games from distance-games.jsonl beside the --from file (--records names another).")
    List<String> add = new ArrayList<>();

    public DistanceCommand() {
        super(new PerfectPlayStudy());
    }

    @Override
    PerfectPlayStudy.Settings settings() {
        return new PerfectPlayStudy.Settings(bots.isEmpty() ? shipped() : bots, lineup.bots, games, cards,
                variant.get(), outcomeOnly);
    }

    /** The lineup's bots too: {@code --lineup random,exec:bot.sh} is one word of the command line. */
    @Override
    List<String> botArgs() {
        List<String> words = new ArrayList<>(super.botArgs());
        words.addAll(lineup.bots);
        return words;
    }

    @Override
    void adopt(RunConfig file) {
        PerfectPlayStudy.Settings f = study.settingsOf(file);
        // a file is data: the bots it names are taken only if none is a program (fromFile)
        if (bots.isEmpty()) {
            bots = new ArrayList<>(fromFile(f.bots(), options.resume));
        }
        if (!given("--lineup")) {
            lineup.bots = new ArrayList<>(fromFile(f.lineup(), options.resume));
        }
        if (!given("--games")) {
            games = f.games();
        }
        if (!given("--cards")) {
            cards = new ArrayList<>(f.cards());
        }
        if (!given("--outcome-only")) {
            outcomeOnly = new ArrayList<>(f.outcomeOnly());
        }
        if (!given("--variant")) {
            variant.adopt(file);
        }
    }

    @Override
    public Integer call() throws Exception {
        if (from != null) {
            return render();
        }
        if (!add.isEmpty()) {
            throw new UserError("--add measures more bots on a stored run: it needs --from FILE");
        }
        if (out != null) {
            OutputPaths.folder("--out", out);
            if (options.json == null) {
                options.json = out.resolve(DistanceFiles.JSON);
            }
            // --out's folder holds the run's games file beside its result, resumed or not: a resumed
            // run continues the file there, never the one its result remembers from where it began
            if (options.records == null) {
                options.records = out.resolve(DistanceFiles.RECORDS);
            }
        }
        int code = super.call();
        if (code == 0 && out != null) {
            DistanceResult result = PerfectPlayStudy.read(options.json != null ? options.json : options.resume);
            DistancePage.write(result, out);
            System.out.println("wrote " + out.resolve(DistanceFiles.PAGE) + " and its charts");
        }
        return code;
    }

    /** {@code --from}: the page and charts of a stored result, no game played. */
    private int render() throws IOException {
        if (out == null) {
            throw new UserError("--from needs --out DIR (where the page and charts go)");
        }
        if (!bots.isEmpty() || options.resume != null || options.json != null && add.isEmpty()) {
            throw new UserError("--from plays nothing: it takes only --out, or --add with --json (not bots or --resume)");
        }
        if (!add.isEmpty()) {
            Path games = options.records != null ? options.records
                    : from.toAbsolutePath().resolveSibling(DistanceFiles.RECORDS);
            Path json = options.json != null ? options.json : out.resolve(DistanceFiles.JSON);
            if (!Files.exists(games)) {
                throw new UserError("--add: no games file " + games + " (the run's lineup games, distance-games.jsonl "
                        + "beside its result; --records names another)");
            }
            ResultFile more = PerfectPlayAdd.withBots(ResultReader.readFile(from), RecordGame.lines(games), games, add,
                    botOptions.registry());
            OutputPaths.folder("--out", out);
            more.write(json);
            System.out.println("wrote " + json + " with " + String.join(", ", add) + " measured too");
            from = json;
        }
        DistanceResult result = PerfectPlayStudy.read(from);
        OutputPaths.folder("--out", out);
        DistancePage.write(result, out);
        System.out.print(result.text());
        System.out.println("wrote " + out.resolve(DistanceFiles.PAGE) + " and its charts");
        return 0;
    }

    /** Every shipped bot that plays alone in this JVM: no older name, no out-of-process bot. */
    static List<String> shipped() {
        List<String> names = new ArrayList<>();
        for (StrategyFactory f : Bots.standard().factories()) {
            if (!Bots.isKept(f) && !f.name().equals("exec")) {
                names.add(f.name());
            }
        }
        return names;
    }
}
