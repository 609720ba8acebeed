package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.distance.DistanceFiles;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.distance.DistanceStudy;
import richelieu.runner.report.DistancePage;
import richelieu.runner.study.BotDemands;
import richelieu.runner.study.ResultSaver;
import richelieu.runner.study.RunInProgress;
import richelieu.runner.study.StopSave;
import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;
import richelieu.strategies.StrategyFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** {@code richelieu distance BOT…}: the {@link DistanceStudy}, every bot's distance from perfect play. */
@Command(name = "distance", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"How far is each bot from perfect play? Positions sampled from games of a lineup of strong bots "
                + "at each number of cards on the table; at each, every bot decides with what its seat knows, and the "
                + "exact solver of the open game (every token known) values every legal action: the share of decisions "
                + "that give away game value (a win played into a draw or loss, a draw into a loss) and the mean points "
                + "lost against the best action, each with its 95%% interval. 2 players.",
                "With no bot named: every shipped bot. See docs/perfect-play.md.",
                "Example: ./richelieu distance heuristic-2p ismcts-mast-2p pimc --games 40 --cards 4,6,8 --out dist"})
public final class DistanceCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "BOT", description = "Bots to measure (default: every shipped bot).")
    List<String> bots = new ArrayList<>();

    @Option(names = "--lineup", split = ",", paramLabel = "BOT", description = "The two bots whose games give the "
            + "positions (default: ${DEFAULT-VALUE}).")
    List<String> lineup = new ArrayList<>(List.of("heuristic-2p", "ismcts-mast-2p"));

    @Option(names = "--games", description = "Lineup games, each deal played twice with the seats swapped "
            + "(default: ${DEFAULT-VALUE}); one position per game and number of cards.")
    int games = 100;

    @Option(names = "--cards", split = ",", paramLabel = "N", description = "Numbers of cards on the table to sample, "
            + "each 1.." + DistanceStudy.MAX_CARDS + " (default: 4,6,8,10).")
    List<Integer> cards = new ArrayList<>(List.of(4, 6, 8, 10));

    @Mixin
    SeedOption seed = new SeedOption();

    @Mixin
    VariantOption variant = new VariantOption();

    @Mixin
    DeckOption deck = new DeckOption();

    @Mixin
    BotOptions botOptions = new BotOptions();

    @Option(names = "--threads", description = "Worker threads (default: all cores); the result is the same at any count.")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--json", paramLabel = "FILE", description = "Write the result (every position, every bot's "
            + "choice, the statistics) as JSON.")
    Path json;

    @Option(names = "--out", paramLabel = "DIR", description = "Write the study's page there: distance.md, distance.json, "
            + "the lineup's games (distance-games.jsonl, for replay, view and solve) and the charts.")
    Path out;

    @Option(names = "--from", paramLabel = "FILE", description = "Play nothing: read this result (--json, or distance.json "
            + "of --out) and write its page and charts again into --out, the statistics computed afresh from its positions.")
    Path from;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (from != null) {
            return render();
        }
        if (games < 1 || games > 1_000_000) {
            throw new UserError("--games must be between 1 and 1000000, not " + games);
        }
        if (threads < 1 || threads > 1024) {
            throw new UserError("--threads must be between 1 and 1024, not " + threads);
        }
        if (cards.isEmpty() || new HashSet<>(cards).size() != cards.size()) {
            throw new UserError("--cards must name each number of cards once");
        }
        for (int c : cards) {
            if (c < 1 || c > DistanceStudy.MAX_CARDS) {
                throw new UserError("--cards: " + c + " is not between 1 and " + DistanceStudy.MAX_CARDS
                        + " (the exact solver values every action of a position; beyond 12 cards that takes minutes)");
            }
        }
        if (lineup.size() != 2) {
            throw new UserError("--lineup needs exactly two bots, not " + lineup.size());
        }
        Bots registry = botOptions.registry();
        List<BotSpec> measured = parse(registry, bots.isEmpty() ? shipped(registry) : bots);
        Set<String> labels = new HashSet<>();
        for (BotSpec b : measured) {
            if (!labels.add(b.label())) {
                throw new UserError("the bot " + b.label() + " is named twice");
            }
        }
        List<BotSpec> pair = parse(registry, lineup);
        Rules rules = Rules.standard(2).withVariant(variant.get());
        Deck d = deck.get();
        Map<String, Path> outputs = new LinkedHashMap<>();
        outputs.put("--json", json);
        if (out != null) {
            OutputPaths.folder("--out", out);
            for (String f : List.of(DistanceFiles.JSON, DistanceFiles.PAGE, DistanceFiles.RECORDS)) {
                outputs.put("--out " + f, out.resolve(f));
            }
        }
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("--deck", deck.file);
        inputs.putAll(ExecFiles.of(concat(bots, lineup)));
        OutputPaths.check(outputs, inputs);
        // a thread holds the lineup's two bots through its game, then the measured bots one at a time
        BotSpec largest = measured.stream().max(Comparator.comparingLong(BotSpec::memoryBytes)).orElseThrow();
        BotDemands.checkMemory(largest.memoryBytes() > pair.get(0).memoryBytes() + pair.get(1).memoryBytes()
                ? List.of(largest) : pair, threads, Runtime.getRuntime().maxMemory());
        List<String> timed = new ArrayList<>();
        for (BotSpec b : concat(measured, pair)) {
            if (!b.isDeterministic()) {
                timed.add(b.label());
            }
        }
        DistanceStudy.Settings settings = new DistanceStudy.Settings(measured, pair, games, List.copyOf(cards),
                seed.get(), rules, d);
        System.out.println("distance: " + games + " games of " + pair.get(0).label() + " vs " + pair.get(1).label()
                + ", positions at " + cards + " cards on the table, " + measured.size() + " bots, seed " + seed.get());
        if (!timed.isEmpty()) {
            System.out.println("note: " + String.join(", ", timed) + " decide by time: this run will not replay exactly");
        }
        AtomicInteger finished = new AtomicInteger();
        // Ctrl-C or SIGTERM: the games measured from game 0 on are saved and named before the JVM
        // halts (the shutdown waits for that as a study run's does).
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch saved = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.set(true);
            try {
                if (!saved.await(RunInProgress.SHUTDOWN_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    stopSave.waitRanOut(f -> f != null ? "richelieu: the summary was not printed within "
                            + RunInProgress.SHUTDOWN_WAIT_MILLIS / 1000 + " s of the stop; the measured games are saved to " + f
                            : "richelieu: the measured games were not saved within " + RunInProgress.SHUTDOWN_WAIT_MILLIS / 1000
                            + " s of the stop; a save that lands later is named below, if the shutdown leaves it time");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "richelieu-distance-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        DistanceResult result;
        try {
            result = new DistanceStudy(settings).run(threads, g -> {
                int k = finished.incrementAndGet();
                if (k % 10 == 0 || k == games) {
                    System.err.printf("distance: %d of %d games measured%n", k, games);
                }
            }, stop::get);
            if (stop.get()) {
                return saveStopped(result);
            }
        } finally {
            saved.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // already shutting down: the hook now ends
            }
        }
        result = result.withCommand(command(games));
        System.out.print(result.text());
        if (json != null) {
            Files.writeString(json, result.toJson());
        }
        if (out != null) {
            DistancePage.write(result, out);
            System.out.println("wrote " + out.resolve(DistanceFiles.PAGE) + " and its charts");
        }
        return 0;
    }

    /** Where a stopped run's games were saved, once they are, and whether the stop's wait ran out first. */
    private final StopSave stopSave = new StopSave(System.err);

    /**
     * A stopped run: the result of the games measured from game 0 on (what {@code --games} that
     * many gives) saved to --json, else --out's distance.json, else a free name of its own
     * ({@link ResultSaver}), and named in the last line; exit code 130.
     */
    private int saveStopped(DistanceResult measured) {
        if (measured.games() == 0) {
            System.out.println("interrupted before the first game was measured: nothing to save");
            return 130;
        }
        DistanceResult result = measured.withCommand(command(measured.games()));
        ResultSaver saver = ResultSaver.standard(json != null ? json : out != null ? out.resolve(DistanceFiles.JSON) : null,
                "distance", seed.get(), true);
        Path file = saver.save(f -> Files.writeString(f, result.toJson()));
        stopSave.saved(file, f -> "richelieu: saved to " + f + " after all");
        for (String failure : saver.failures()) {
            System.err.println("richelieu: could not save the result to " + failure);
        }
        // Named before the summary: the shutdown may halt the JVM while the summary is printed.
        String how = String.format("interrupted after %,d of %,d games", result.games(), games);
        if (file == null) {
            System.err.println("richelieu: " + how + ", which could not be saved anywhere (see above)");
        } else {
            System.out.println(how + ": saved to " + file + " (the result of --games " + result.games()
                    + "; distance has no --resume: run it again for all " + games + ")");
        }
        System.out.print(result.text());
        return 130;
    }

    /** {@code --from}: the page and charts of a stored result, no game played. */
    private int render() throws IOException {
        if (out == null) {
            throw new UserError("--from needs --out DIR (where the page and charts go)");
        }
        if (!bots.isEmpty() || json != null) {
            throw new UserError("--from plays nothing: it takes only --out (not bots or --json)");
        }
        DistanceResult result = DistanceResult.read(from);
        OutputPaths.folder("--out", out);
        DistancePage.write(result, out);
        System.out.print(result.text());
        System.out.println("wrote " + out.resolve(DistanceFiles.PAGE) + " and its charts");
        return 0;
    }

    /**
     * The command line as typed, without --threads and the output options (they do not change the
     * numbers), with {@code --games n}.
     */
    private String command(int n) {
        List<String> words = new ArrayList<>(List.of("./richelieu", "distance"));
        words.addAll(bots);
        words.addAll(List.of("--lineup", String.join(",", lineup), "--games", Integer.toString(n), "--cards",
                String.join(",", cards.stream().map(String::valueOf).toList())));
        if (!variant.variant.equals("base")) {
            words.addAll(List.of("--variant", variant.variant));
        }
        if (deck.file != null) {
            words.addAll(List.of("--deck", deck.file.toString()));
        }
        words.addAll(List.of("--seed", Long.toString(seed.get())));
        return String.join(" ", words.stream().map(richelieu.runner.text.Format::shellWord).toList());
    }

    /** Every shipped bot that plays alone in this JVM: no older name, no out-of-process bot. */
    static List<String> shipped(Bots registry) {
        List<String> names = new ArrayList<>();
        for (StrategyFactory f : Bots.standard().factories()) {
            if (!Bots.isKept(f) && !f.name().equals("exec")) {
                names.add(f.name());
            }
        }
        return names;
    }

    private static List<BotSpec> parse(Bots registry, List<String> specs) {
        List<BotSpec> out = new ArrayList<>();
        for (String s : specs) {
            try {
                out.add(registry.parse(s));
            } catch (BotSpecException e) {
                throw new UserError(e.getMessage());
            }
        }
        return out;
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
