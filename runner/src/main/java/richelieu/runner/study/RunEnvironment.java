package richelieu.runner.study;

import java.nio.file.Path;
import java.util.List;

/**
 * Where and how a run's games are played — never what they are: none of this changes a result.
 *
 * @param threads           local worker threads
 * @param spark             the Spark master URL, or null to play locally
 * @param sparkParts        with Spark: where executors leave their records and CSV rows, or null
 * @param progress          show the progress line (only ever on a terminal)
 * @param plugins           the plug-in jars and folders the bots come from (shipped to Spark workers)
 * @param moveTimeoutMillis per-move limit of out-of-process bots (for Spark workers)
 */
public record RunEnvironment(int threads, String spark, String sparkParts, boolean progress, List<Path> plugins,
                             int moveTimeoutMillis) {
    public RunEnvironment {
        plugins = List.copyOf(plugins);
    }

    /** The same, on {@code threads} local threads without a progress line (the report's runs). */
    public RunEnvironment quiet(int threads) {
        return new RunEnvironment(threads, spark, sparkParts, false, plugins, moveTimeoutMillis);
    }
}
