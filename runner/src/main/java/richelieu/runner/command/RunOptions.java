package richelieu.runner.command;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import richelieu.engine.Deck;
import richelieu.runner.UserError;
import richelieu.runner.study.Venue;

import java.nio.file.Path;

/** Options shared by every study command: where the games are played, which shard, and what is written. */
final class RunOptions {
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

    @Option(names = "--resume", paramLabel = "FILE", description = "Continue the interrupted run saved in this result file (with more --pairs or --games than "
            + "it holds: extend its whole run to that size, playing only the new deals).")
    Path resume;

    @Option(names = "--spark", paramLabel = "MASTER", description = "Play the games on a Spark cluster at this master "
            + "URL (e.g. local[4], spark://host:7077); needs the cluster module. Results are identical to a local run.")
    String spark;

    @Option(names = "--spark-parts", paramLabel = "DIR", description = "With --spark, --records and --csv: the folder "
            + "(hdfs://…, s3a://…, or a path) where executors leave their games for this machine to join; on several "
            + "machines it must be shared (default: the current directory).")
    String sparkParts;

    @Option(names = "--no-progress", description = "No progress on stderr (on a terminal a line redrawn in place; otherwise a line every "
            + "10 s).")
    boolean noProgress;

    // Hidden: for the tests of checkpoints and resumes, which can neither wait half a minute nor
    // press Ctrl-C. Neither changes a game or a count; the second ends the run as Ctrl-C does.
    @Option(names = "--checkpoint-millis", hidden = true, paramLabel = "MS")
    long checkpointMillis = Venue.CHECKPOINT_MILLIS;

    @Option(names = "--stop-after-units", hidden = true, paramLabel = "N")
    long stopAfterUnits = -1;

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

    /** Where and how the games are played (checked, as {@link #threads}). */
    Venue venue() {
        if (checkpointMillis < 0 || stopAfterUnits < -1) {
            throw new UserError("--checkpoint-millis must be at least 0 and --stop-after-units at least -1");
        }
        return new Venue(threads(), spark, sparkParts, !noProgress, checkpointMillis, stopAfterUnits);
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
}
