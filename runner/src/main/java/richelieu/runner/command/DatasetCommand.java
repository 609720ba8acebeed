package richelieu.runner.command;

import com.fasterxml.jackson.core.JacksonException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.dataset.DatasetJob;
import richelieu.runner.dataset.DatasetStudy;
import richelieu.runner.dataset.Manifest;
import richelieu.runner.dataset.RemoteChunks;
import richelieu.runner.study.BotDemands;
import richelieu.runner.study.BotSpecs;
import richelieu.runner.study.RunInProgress;
import richelieu.runner.text.Format;
import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;
import richelieu.strategies.learned.SeatFeatures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/** {@code richelieu dataset --out DIR}: the {@link DatasetStudy}, training data for a learned evaluation. */
@Command(name = "dataset", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Training data for a learned evaluation: turn starts of self-play games, each from both seats' "
                + "views as features (what the seat may know), labelled by the game's final margin and outcome and, "
                + "with at most --solve-cards cards on the table, by the exact solver's value of the open game "
                + "(2 players; with 3 or 4, --players, the outcome is the only label). Written as NumPy .npz chunks of --chunk games and a dataset.json into --out; the same "
                + "bytes at any --threads and on Spark (--spark MASTER); a stopped or extended run (more --games) "
                + "computes only the missing chunks. "
                + "See docs/learned-eval.md.",
                "Example: ./richelieu dataset --out data/eval --games 200 --lineup heuristic-2p,heuristic-2p",
                "         ./richelieu dataset --out data/eval3 --players 3 --games 300 --chunk 30 "
                        + "--lineup ismcts-mast-3p,ismcts-mast-3p,ismcts-mast-3p"})
public final class DatasetCommand implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", required = true, description = "The data set's folder (made if missing).")
    Path out;

    @Option(names = "--players", description = "2, 3 or 4; --lineup names one bot per seat (default: ${DEFAULT-VALUE}).")
    int players = 2;

    @Mixin
    LineupOption lineup = new LineupOption("heuristic-2p", "heuristic-2p");

    @Option(names = "--games", description = "Games, each deal once per seat rotation of the lineup (twice with the "
            + "seats swapped for 2 players), a whole number of --chunk (default: ${DEFAULT-VALUE}).")
    int games = 100;

    @Option(names = "--chunk", paramLabel = "GAMES", description = "Games per chunk file (default: ${DEFAULT-VALUE}).")
    int chunk = 20;

    @Option(names = "--per-game", paramLabel = "K", description = "Turn starts drawn per game, each giving a row per "
            + "seat; 0: every turn start (default: ${DEFAULT-VALUE}).")
    int perGame = 8;

    @Option(names = "--solve-cards", paramLabel = "N", description = "Label positions with at most N cards on the table "
            + "by the exact solver, 0.." + DatasetStudy.MAX_SOLVE_CARDS + " (default: 10 with 2 players; 0, the only "
            + "choice, with 3 or 4).")
    Integer solveCardsGiven;

    int solveCards;

    @Option(names = "--siblings", paramLabel = "K", description = "Also, at each drawn turn start with at most "
            + "--solve-cards cards, up to K different random turns of its mover, each position reached labelled by the "
            + "solver from both seats (a search's cut-off ranks such siblings), 0.." + DatasetStudy.MAX_SIBLINGS
            + " (default: ${DEFAULT-VALUE}).")
    int siblings = 0;

    @Option(names = "--cutoffs", paramLabel = "K", description = "Instead of turn starts, the positions the lineup's "
            + "searches judge at their cut-offs (pimc, or ismcts-mast with rollout=cutoff): per decision up to K of "
            + "those with at most --solve-cards cards, drawn uniformly, each a row from the searching seat labelled by "
            + "the solver, a decision's cut-offs one group; 2 players, 0.." + DatasetStudy.MAX_CUTOFFS
            + " (default: ${DEFAULT-VALUE}: off).")
    int cutoffs = 0;

    @Mixin
    SeedOption seed = new SeedOption();

    @Mixin
    VariantOption variant = new VariantOption();

    @Mixin
    DeckOption deck = new DeckOption();

    @Mixin
    BotOptions botOptions = new BotOptions();

    @Option(names = "--threads", paramLabel = "<threads>", description = "Worker threads (default: all cores); the data "
            + "set is the same at any count. Not with --spark (there the cluster's cores compute; local[N] uses N).")
    Integer threadsGiven;

    @Option(names = "--spark", paramLabel = "MASTER", description = "Compute the chunks on a Spark cluster at this master "
            + "URL (e.g. local[*], local[4], spark://host:7077); needs the cluster module (./richelieu builds it). The "
            + "executors send each chunk back and the files are written here: the same bytes as a local run.")
    String spark;

    @Override
    public Integer call() throws Exception {
        if (players < 2 || players > 4) {
            throw new UserError("--players must be 2, 3 or 4, not " + players);
        }
        solveCards = solveCardsGiven != null ? solveCardsGiven : players == 2 ? 10 : 0;
        if (games < 1 || games > 10_000_000) {
            throw new UserError("--games must be between 1 and 10000000, not " + games);
        }
        if (chunk < 1 || chunk > 100_000) {
            throw new UserError("--chunk must be between 1 and 100000, not " + chunk);
        }
        if (games % chunk != 0) {
            throw new UserError("--games must be a whole number of --chunk (" + chunk + "), not " + games);
        }
        if (perGame < 0 || perGame > 1000) {
            throw new UserError("--per-game must be between 0 and 1000, not " + perGame);
        }
        if (solveCards < 0 || solveCards > DatasetStudy.MAX_SOLVE_CARDS) {
            throw new UserError("--solve-cards must be between 0 and " + DatasetStudy.MAX_SOLVE_CARDS + ", not "
                    + solveCards);
        }
        if (siblings < 0 || siblings > DatasetStudy.MAX_SIBLINGS) {
            throw new UserError("--siblings must be between 0 and " + DatasetStudy.MAX_SIBLINGS + ", not " + siblings);
        }
        if (cutoffs < 0 || cutoffs > DatasetStudy.MAX_CUTOFFS) {
            throw new UserError("--cutoffs must be between 0 and " + DatasetStudy.MAX_CUTOFFS + ", not " + cutoffs);
        }
        if (cutoffs > 0 && (players != 2 || solveCards == 0 || siblings > 0)) {
            throw new UserError("--cutoffs needs 2 players and --solve-cards > 0, without --siblings");
        }
        if (players != 2 && (solveCards > 0 || siblings > 0)) {
            throw new UserError("--solve-cards and --siblings need the exact solver, which is for 2 players: with "
                    + "--players " + players + " leave them out");
        }
        if (spark != null && threadsGiven != null) {
            throw new UserError("--threads does not apply with --spark: the cluster's cores compute the chunks "
                    + "(with local[N], N threads)");
        }
        int threads = threadsGiven != null ? threadsGiven : Runtime.getRuntime().availableProcessors();
        if (threads < 1 || threads > 1024) {
            throw new UserError("--threads must be between 1 and 1024, not " + threads);
        }
        if (lineup.bots.size() != players) {
            throw new UserError("--lineup needs exactly " + players + " bots, one per seat, not " + lineup.bots.size());
        }
        Bots registry = botOptions.registry();
        List<BotSpec> bots = new ArrayList<>();
        for (String b : lineup.bots) {
            bots.add(BotSpecs.parse(registry, b));
        }
        if (cutoffs > 0) {
            try {
                DatasetStudy.checkCutoffLineup(bots);
            } catch (IllegalArgumentException e) {
                throw new UserError("--cutoffs: " + e.getMessage());
            }
        }
        Rules rules = Rules.standard(players).withVariant(variant.get());
        Deck d = deck.get();
        if (spark == null) {
            // on Spark the bots live in the executors' heaps, which this machine does not know
            BotDemands.checkMemory(bots, threads, Runtime.getRuntime().maxMemory());
        }
        Manifest manifest = new Manifest(Manifest.FORMAT, "seat-features " + SeatFeatures.VERSION, SeatFeatures.size(players), players,
                rules.variant().jsonName(), deck.file == null ? d.name() : deck.file.toString(),
                bots.stream().map(BotSpec::definition).toList(), games, chunk, games / chunk, perGame, solveCards,
                siblings, cutoffs, seed.get(), command());
        Path manifestFile = out.resolve(Manifest.FILE);
        if (Files.exists(manifestFile)) {
            Manifest old;
            try {
                old = Manifest.read(manifestFile);
            } catch (JacksonException e) {
                throw new UserError(manifestFile + " is not a data set description: " + e.getOriginalMessage());
            }
            if (!old.sameSettings(manifest)) {
                throw new UserError(out + " holds a data set of other settings (" + old.command() + "): use another --out");
            }
        }
        // The cluster before --out is touched: a master that cannot work leaves it as it was.
        AtomicBoolean stop = new AtomicBoolean();
        RemoteChunks remote = spark != null ? remote("spark").open(spark, stop) : null;
        try {
            OutputPaths.folder("--out", out);
            Files.createDirectories(out);
            manifest.write(manifestFile);
            return compute(bots, rules, d, registry, threads, remote, stop);
        } finally {
            if (remote != null) {
                remote.close();
            }
        }
    }

    /** Computes the missing chunks, locally or on {@code remote}; the exit code. */
    private int compute(List<BotSpec> bots, Rules rules, Deck d, Bots registry, int threads, RemoteChunks remote,
                        AtomicBoolean stop) throws Exception {
        for (BotSpec b : bots) {
            if (!b.isDeterministic()) {
                System.out.println("note: " + b.label() + " decides by time: this data set will not replay exactly");
            }
        }
        DatasetStudy.Settings settings = new DatasetStudy.Settings(bots, games, chunk, perGame, solveCards, siblings, seed.get(),
                rules, d, cutoffs);
        DatasetStudy study = new DatasetStudy(settings);
        int missing = study.missing(out).size();
        System.out.printf("dataset: %,d games of %s, %s turn starts a game, solver labels at <= %d cards%s, seed %d: "
                        + "%d of %d chunks to compute%n", games,
                String.join(" vs ", bots.stream().map(BotSpec::label).toList()),
                perGame == 0 ? "every" : Integer.toString(perGame), solveCards,
                (siblings > 0 ? " and " + siblings + " siblings each" : "")
                        + (cutoffs > 0 ? ", rows: up to " + cutoffs + " search cut-offs a decision" : ""),
                seed.get(), missing, settings.chunks());
        // Ctrl-C or SIGTERM: no chunk is started after it; the chunks written are whole files and stay.
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.set(true);
            try {
                finished.await(RunInProgress.SHUTDOWN_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "richelieu-dataset-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        AtomicInteger done = new AtomicInteger();
        long start = System.nanoTime();
        int total = missing;
        try {
            IntConsumer written = c -> System.err.printf("dataset: chunk %d written (%d of %d)%n",
                    c, done.incrementAndGet(), total);
            if (remote != null) {
                study.run(out, DatasetJob.of(settings, registry.plugins(), registry.moveTimeoutMillis()), remote, written);
            } else {
                study.run(out, threads, written, stop::get);
            }
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // already shutting down: the hook now ends
            }
        }
        if (stop.get()) {
            System.out.printf("interrupted: %d of %d chunks written; the same command computes the rest%n", done.get(),
                    total);
            return 130;
        }
        System.out.printf("wrote %d chunks into %s in %.1f s (%s)%n", done.get(), out, (System.nanoTime() - start) / 1e9,
                Manifest.FILE + " describes them");
        return 0;
    }

    /** The remote chunk computer of that name on the class path (the cluster module's Spark one). */
    private static RemoteChunks.Provider remote(String name) {
        for (RemoteChunks.Provider p : ServiceLoader.load(RemoteChunks.Provider.class)) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new UserError("--" + name + " needs the cluster module on the class path (no '" + name
                + "' chunk computer found; ./richelieu puts it there when the command line has --" + name + ")");
    }

    /** The command line that makes this data set, without --threads or --spark (neither changes the bytes). */
    private String command() {
        List<String> words = new ArrayList<>(List.of("./richelieu", "dataset", "--out", out.toString()));
        if (players != 2) {
            words.addAll(List.of("--players", Integer.toString(players)));
        }
        words.addAll(List.of("--lineup",
                String.join(",", lineup.bots), "--games", Integer.toString(games), "--chunk", Integer.toString(chunk),
                "--per-game", Integer.toString(perGame), "--solve-cards", Integer.toString(solveCards)));
        if (siblings > 0) {
            words.addAll(List.of("--siblings", Integer.toString(siblings)));
        }
        if (cutoffs > 0) {
            words.addAll(List.of("--cutoffs", Integer.toString(cutoffs)));
        }
        if (!variant.variant.equals("base")) {
            words.addAll(List.of("--variant", variant.variant));
        }
        if (deck.file != null) {
            words.addAll(List.of("--deck", deck.file.toString()));
        }
        words.addAll(List.of("--seed", Long.toString(seed.get())));
        return String.join(" ", words.stream().map(Format::shellWord).toList());
    }
}
