package richelieu.runner.study;

/**
 * Where and how a run's games are played — never what they are: none of this changes a result.
 *
 * @param threads    local worker threads
 * @param spark      the Spark master URL, or null to play locally
 * @param sparkParts with Spark: where executors leave their records and CSV rows, or null
 * @param progress   show the progress line (only ever on a terminal)
 */
public record RunEnvironment(int threads, String spark, String sparkParts, boolean progress) {

    /** The same, on {@code threads} local threads without a progress line (the report's runs). */
    public RunEnvironment quiet(int threads) {
        return new RunEnvironment(threads, spark, sparkParts, false);
    }
}
