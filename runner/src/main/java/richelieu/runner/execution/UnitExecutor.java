package richelieu.runner.execution;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Plays units {@code [from, to)} of a plan and commits them <em>in unit order</em> to a sink:
 * the one seam between "what a run is" (plan, tally, files, resume, reports — the commands) and
 * "where its games are played". {@link ThreadExecutor} (threads of this JVM) is the local
 * implementation; a cluster implementation (Spark, in the {@code cluster} module) is found by
 * {@link java.util.ServiceLoader} through {@link Provider} — the runner never depends on it.
 *
 * <p>Contract, for every implementation:
 * <ul>
 *   <li>A chunk is computed by {@link UnitPlayer#play(long, long)} — a pure function of the plan
 *       and the unit range (every seed derives from the master seed and the unit number, see
 *       {@link richelieu.engine.Seeds}) — so any machine computes the same chunk for the same units.</li>
 *   <li>{@link ChunkSink#commit} is called on one thread at a time, with chunks that tile
 *       {@code [from, end)} contiguously in increasing unit order (chunk sizes are free).</li>
 *   <li>{@link #run} returns {@code end}: {@code to}, or less if the stop flag was set (Ctrl-C);
 *       then units {@code [from, end)} were committed and nothing beyond — units in flight are
 *       dropped, never committed partially. A failure is rethrown after the work has stopped.</li>
 *   <li>{@code run} may be called several times on one executor (SPRT plays batch after batch);
 *       {@link #close} releases threads, processes or cluster sessions.</li>
 * </ul>
 *
 * <p>A remote implementation rebuilds the plan on each worker from the serializable
 * {@link UnitJob} (the run's configuration as JSON, plug-ins, which outputs to format):
 * {@code new UnitPlayer(job.plan(), job.records(), job.csv()).play(from, to)} there, then the
 * {@link Chunk}s (serializable) come back and are committed in unit order here.
 */
public interface UnitExecutor extends AutoCloseable {

    /** Plays units {@code [from, to)}, committing their chunks in unit order; returns the end of the committed prefix. */
    long run(long from, long to, ChunkSink sink) throws Exception;

    /** Games committed so far over every {@link #run} (for progress displays; may be read from any thread). */
    long gamesDone();

    @Override
    default void close() throws Exception {
    }

    /** Receives chunks in unit order, one call at a time. */
    @FunctionalInterface
    interface ChunkSink {
        void commit(Chunk chunk) throws Exception;
    }

    /**
     * A non-local executor, listed in {@code META-INF/services/richelieu.runner.execution.UnitExecutor$Provider}
     * of a module on the class path and chosen on the command line by its {@link #name()}
     * (e.g. {@code --spark MASTER} selects the provider named {@code spark} with that master URL).
     */
    interface Provider {
        /** The name that selects this provider (e.g. {@code "spark"}). */
        String name();

        /**
         * Opens an executor for one run. {@code partsDir} is where its workers leave records and
         * CSV rows for this machine to join (a folder they share with it; null: the executor's
         * default). {@code stop} is set when the user interrupts: stop committing and return from
         * {@link UnitExecutor#run} promptly.
         */
        UnitExecutor open(String master, String partsDir, UnitJob job, AtomicBoolean stop) throws Exception;
    }
}
