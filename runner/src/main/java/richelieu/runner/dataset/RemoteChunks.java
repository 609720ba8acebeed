package richelieu.runner.dataset;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Computes a data set's chunks elsewhere (a Spark cluster, in the {@code cluster} module, found
 * by {@link java.util.ServiceLoader} through {@link Provider}: the runner never depends on it)
 * and hands each chunk's file bytes back to this machine, which writes the files as the local
 * runner does ({@link DatasetStudy#run(java.nio.file.Path, DatasetJob, RemoteChunks, java.util.function.IntConsumer)}).
 *
 * <p>Every chunk is {@link DatasetJob#chunkBytes}, a pure function of the job and the chunk's
 * number, so any machine computes the same bytes; a chunk is delivered whole or not at all.
 */
public interface RemoteChunks extends AutoCloseable {

    /**
     * Computes {@code chunks} of {@code job}, calling {@code sink} on this thread, one chunk at a
     * time, in any order, as each is done. Returns when every chunk was delivered, or soon after
     * the stop flag its provider was given is set (the chunks delivered stay); rethrows a failure
     * once the work has stopped.
     */
    void run(DatasetJob job, List<Integer> chunks, Sink sink) throws Exception;

    @Override
    default void close() throws Exception {
    }

    /** Receives a chunk's file bytes. */
    @FunctionalInterface
    interface Sink {
        void chunk(int c, byte[] bytes) throws IOException;
    }

    /**
     * A cluster that computes chunks, listed in
     * {@code META-INF/services/richelieu.runner.dataset.RemoteChunks$Provider} of a module on the
     * class path, chosen by its {@link #name()} ({@code --spark MASTER}: the provider named
     * {@code spark}, with that master URL).
     */
    interface Provider {
        String name();

        /** Connects to {@code master}; {@code stop} is set when the user interrupts (Ctrl-C). */
        RemoteChunks open(String master, AtomicBoolean stop) throws Exception;
    }
}
