package richelieu.cluster;

import org.apache.spark.SparkFiles;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import richelieu.runner.UserError;
import richelieu.runner.dataset.DatasetJob;
import richelieu.runner.dataset.RemoteChunks;

import java.io.IOException;
import java.io.Serializable;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A data set's chunks on Apache Spark ({@code dataset --spark MASTER}): one partition per chunk,
 * each task computing its chunk's file bytes with the runner's own {@link DatasetJob#chunkBytes}
 * (the same code and seeds as the local runner) and sending them back; the driver hands them to
 * the runner, which writes the files. Nothing is written on the executors, so no folder needs
 * sharing.
 *
 * <p><b>Waves.</b> Spark refuses a job whose results together exceed
 * {@code spark.driver.maxResultSize} (1 GB by default), although the driver keeps none of them:
 * the chunks are computed in waves of several jobs, the first one chunk per core, each next one
 * as many chunks as half that limit holds at the size of the largest chunk seen.
 */
public final class SparkChunks implements RemoteChunks {
    /** Spark's limit on a job's results, and its default. */
    static final String MAX_RESULT_SIZE = "spark.driver.maxResultSize";
    private static final String DEFAULT_MAX_RESULT_SIZE = "1g";

    /** Found by the runner through {@link java.util.ServiceLoader}; selected by {@code dataset --spark}. */
    public static final class Provider implements RemoteChunks.Provider {
        @Override
        public String name() {
            return "spark";
        }

        @Override
        public RemoteChunks open(String master, AtomicBoolean stop) {
            return new SparkChunks(Contexts.get(master), stop);
        }
    }

    private final JavaSparkContext sc;
    private final AtomicBoolean stop;

    SparkChunks(JavaSparkContext sc, AtomicBoolean stop) {
        this.sc = sc;
        this.stop = stop;
    }

    @Override
    public void run(DatasetJob job, List<Integer> chunks, Sink sink) throws Exception {
        DatasetJob shipped = job.withPlugins(SparkExecutor.ship(sc, job.plugins()));
        long limit = sc.getConf().getSizeAsBytes(MAX_RESULT_SIZE, DEFAULT_MAX_RESULT_SIZE);
        long[] largest = {0};
        int from = 0;
        while (from < chunks.size() && !stop.get()) {
            int n = waveSize(chunks.size() - from, sc.defaultParallelism(), limit, largest[0]);
            List<Integer> wave = chunks.subList(from, from + n);
            try {
                SparkJob.each(sc, sc.parallelize(wave, wave.size()).mapPartitions(new ChunkTask(shipped)).rdd(), stop,
                        r -> {
                            largest[0] = Math.max(largest[0], r.bytes().length);
                            sink.chunk(r.chunk(), r.bytes());
                        });
            } catch (Exception e) {
                throw tooLarge(e, job.chunkGames()).orElseThrow(() -> e);
            }
            from += n;
        }
    }

    /**
     * Chunks in the next wave: one per core before any chunk's size is known, then as many as half
     * of {@code limit} holds at {@code largest} bytes each (all that remain when there is no limit, 0).
     */
    static int waveSize(int remaining, int cores, long limit, long largest) {
        long n = largest == 0 ? Math.max(1, cores) : limit <= 0 ? remaining : Math.max(1, limit / 2 / largest);
        return (int) Math.min(remaining, n);
    }

    /** A job that failed because one chunk is larger than Spark's result limit, as the one-line error the user can act on. */
    static java.util.Optional<UserError> tooLarge(Throwable failure, int chunkGames) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && m.contains(MAX_RESULT_SIZE)) {
                return java.util.Optional.of(new UserError("a chunk of " + chunkGames + " games is larger than Spark's "
                        + MAX_RESULT_SIZE + " (" + PartFiles.oneLine(t) + "): use a smaller --chunk, or raise it "
                        + "(--conf " + MAX_RESULT_SIZE + "=… with spark-submit)"));
            }
        }
        return java.util.Optional.empty();
    }

    /** A chunk's number and its file's bytes, sent from an executor to the driver. */
    record ChunkResult(int chunk, byte[] bytes) implements Serializable {
    }

    /** One Spark task: the chunk of its partition, computed from the job with the executor's copies of the plug-ins. */
    static final class ChunkTask implements FlatMapFunction<Iterator<Integer>, ChunkResult> {
        private static final long serialVersionUID = 1L;
        private final DatasetJob job;

        ChunkTask(DatasetJob job) {
            this.job = job;
        }

        @Override
        public Iterator<ChunkResult> call(Iterator<Integer> chunks) throws IOException {
            int c = chunks.next(); // one chunk per partition
            TaskContext t = TaskContext.get();
            if (t != null) {
                t.killTaskIfInterrupted(); // the job was cancelled before this task began
            }
            DatasetJob here = job.withPlugins(job.plugins().stream().map(SparkFiles::get).toList());
            return List.of(new ChunkResult(c, here.chunkBytes(c))).iterator();
        }
    }
}
