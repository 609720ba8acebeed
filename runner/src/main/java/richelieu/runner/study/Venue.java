package richelieu.runner.study;

/**
 * Where and how a run's games are played — never what they are: none of this changes a result.
 *
 * @param threads          local worker threads
 * @param spark            the Spark master URL, or null to play locally
 * @param sparkParts       with Spark: where executors leave their records and CSV rows, or null
 * @param progress         show the progress line (only ever on a terminal)
 * @param checkpointMillis the time between two checkpoints of the result file ({@link #CHECKPOINT_MILLIS};
 *                         tests shorten it to see a checkpoint after every commit)
 * @param stopAfterUnits   stop as at Ctrl-C once this many units are held, or -1 never (a test
 *                         cannot press Ctrl-C; the run is then saved and resumable as after one)
 */
public record Venue(int threads, String spark, String sparkParts, boolean progress, long checkpointMillis,
                             long stopAfterUnits) {

    /** Checkpoints every 30 s: even a killed run loses at most the last half minute. */
    public static final long CHECKPOINT_MILLIS = 30_000;

    public Venue {
        if (checkpointMillis < 0 || stopAfterUnits < -1) {
            throw new IllegalArgumentException("checkpointMillis >= 0 and stopAfterUnits >= -1");
        }
    }

    /** The same, on {@code threads} local threads without a progress line (the report's runs). */
    public Venue quiet(int threads) {
        return new Venue(threads, spark, sparkParts, false, checkpointMillis, stopAfterUnits);
    }
}
