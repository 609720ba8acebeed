package richelieu.runner.command;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import richelieu.engine.Deck;
import richelieu.runner.UserError;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;
import richelieu.strategies.exec.ExecStrategy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Options shared by every command that plays games. */
final class RunOptions {
    @Option(names = "--seed", description = "Master seed, printed with the results (default: 1; never taken from the clock).")
    Long seed;

    @Option(names = "--threads", description = "Worker threads (default: all cores). "
            + "Results are identical at any thread count. Not with --spark (there the cluster's cores play; local[N] uses N).")
    Integer threads;

    @Mixin
    DeckOption deckOption = new DeckOption();

    @Option(names = "--json", paramLabel = "FILE", description = "Write the full result (config, seed, raw counts, statistics).")
    Path json;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write one row per game.")
    Path csv;

    @Option(names = "--records", paramLabel = "FILE", description = "Write every game as a JSON line (richelieu-record/1).")
    Path records;

    @Option(names = "--shard", paramLabel = "K/N", description = "Play only shard K of N (0-based); merge the result files with 'merge'.")
    String shard;

    @Option(names = "--resume", paramLabel = "FILE", description = "Continue the interrupted run saved in this result file.")
    Path resume;

    @Option(names = "--plugin", paramLabel = "JAR", description = "Load bots from a plug-in jar or folder (repeatable; plugins/ here and next to ./richelieu are always searched).")
    List<Path> plugins = new ArrayList<>();

    @Option(names = "--move-timeout", paramLabel = "MS", description = "Per-move time limit of out-of-process bots (default: ${DEFAULT-VALUE} ms).")
    int moveTimeout = 5000;

    @Option(names = "--move-time", paramLabel = "MS", description = "Milliseconds per decision for every bot with a "
            + "millis= budget whose spec does not set it (equal-time matches with one flag; not reproducible).")
    Integer moveTime;

    @Option(names = "--spark", paramLabel = "MASTER", description = "Play the games on a Spark cluster at this master "
            + "URL (e.g. local[4], spark://host:7077); needs the cluster module. Results are identical to a local run.")
    String spark;

    @Option(names = "--spark-parts", paramLabel = "DIR", description = "With --spark, --records and --csv: the folder "
            + "(hdfs://…, s3a://…, or a path) where executors leave their games for this machine to join; on several "
            + "machines it must be shared (default: the current directory).")
    String sparkParts;

    @Option(names = "--no-progress", description = "No progress line (it is shown only on a terminal anyway).")
    boolean noProgress;

    /** The local worker threads (checked). Also refuses the local-only and cluster-only flags mixed. */
    int threads() {
        if (spark != null && threads != null) {
            throw new UserError("--threads does not apply with --spark: the cluster's cores play the games "
                    + "(with local[N], N threads)");
        }
        if (spark == null && sparkParts != null) {
            throw new UserError("--spark-parts needs --spark");
        }
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1 || t > 1024) {
            throw new UserError("--threads must be between 1 and 1024, not " + t);
        }
        return t;
    }

    Deck deck() {
        return deckOption.get();
    }

    /** The shard as {index, count}. */
    int[] shard() {
        if (shard == null) {
            return new int[]{0, 1};
        }
        String[] p = shard.split("/");
        try {
            int k = Integer.parseInt(p[0].trim());
            int n = Integer.parseInt(p[1].trim());
            if (p.length != 2 || n < 1 || k < 0 || k >= n) {
                throw new NumberFormatException();
            }
            return new int[]{k, n};
        } catch (RuntimeException e) {
            throw new UserError("--shard must be K/N with 0 <= K < N, e.g. 0/4, not '" + shard + "'");
        }
    }

    /**
     * The plug-in jars and folders: plugins/ in the current folder and plugins/ next to the
     * launcher ({@code RICHELIEU_HOME}, set by ./richelieu), each once, then every --plugin.
     * Only these folders are searched: their jars run code.
     */
    List<Path> pluginPaths() {
        List<Path> all = new ArrayList<>();
        List<Path> seen = new ArrayList<>();
        String home = System.getenv("RICHELIEU_HOME");
        for (Path dir : home == null ? List.of(Path.of("plugins")) : List.of(Path.of("plugins"), Path.of(home, "plugins"))) {
            if (Files.isDirectory(dir)) {
                Path real;
                try {
                    real = dir.toRealPath();
                } catch (java.io.IOException e) {
                    continue;
                }
                if (!seen.contains(real)) {
                    seen.add(real);
                    all.add(dir);
                }
            }
        }
        all.addAll(plugins);
        return all;
    }

    /** The bot registry: shipped bots, plugins/ and --plugin jars. */
    Bots bots() {
        List<Path> all = pluginPaths();
        if (moveTimeout < 1) {
            throw new UserError("--move-timeout must be at least 1 ms");
        }
        ExecStrategy.setDefaultMoveTimeoutMillis(moveTimeout);
        if (moveTime != null && (moveTime < 1 || moveTime > 3_600_000)) {
            throw new UserError("--move-time must be between 1 and 3600000 ms, not " + moveTime);
        }
        try {
            return Bots.withPlugins(all).withMoveTime(moveTime == null ? 0 : moveTime);
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        }
    }
}
