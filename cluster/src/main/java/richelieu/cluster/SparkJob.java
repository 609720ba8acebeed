package richelieu.cluster;

import org.apache.spark.SimpleFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.rdd.RDD;
import richelieu.runner.UserError;
import richelieu.runner.execution.Chunk;
import richelieu.runner.execution.UnitExecutor;
import richelieu.runner.execution.UnitJob;
import scala.runtime.AbstractFunction0;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One Spark job over units {@code [from, to)}: one partition per unit range, each a
 * {@link UnitTask}; the driver receives each partition's {@link PartResult} as its task succeeds
 * (Spark delivers a partition's result once, however many attempts ran) and commits them as
 * the runner's chunks, strictly in unit order, from the calling thread. Stopping cancels the job;
 * the committed prefix is then the run's end, exactly as in the local runner.
 */
final class SparkJob {
    private SparkJob() {
    }

    /**
     * The unit ranges of {@code [from, to)} cut into {@code partitions} contiguous pieces of
     * nearly equal size (never an empty one).
     */
    static List<long[]> ranges(long from, long to, int partitions) {
        long n = to - from;
        int k = (int) Math.max(1, Math.min(partitions, n));
        List<long[]> l = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            l.add(new long[]{from + n * i / k, from + n * (i + 1) / k});
        }
        return l;
    }

    /**
     * Runs the job; returns the end of the committed prefix ({@code to} unless stopped). Each
     * partition's slices are committed as chunks, their records and CSV rows read back from the
     * part files ({@code gamesPerUnit} lines per unit; {@code parts} null when the run writes neither),
     * and the part files then deleted.
     */
    static long run(JavaSparkContext sc, UnitJob unitJob, List<long[]> ranges, AtomicBoolean stop, PartFiles parts,
                    int gamesPerUnit, UnitExecutor.ChunkSink sink) throws Exception {
        if (ranges.isEmpty()) {
            throw new IllegalArgumentException("no units");
        }
        RDD<PartResult> rdd = sc.parallelize(ranges, ranges.size()).mapPartitions(new UnitTask(unitJob, parts)).rdd();
        PartResult[] pending = new PartResult[ranges.size()];
        int[] next = {0};
        long[] end = {ranges.get(0)[0]};
        try {
            each(sc, rdd, stop, r -> {
                pending[r.index()] = r;
                while (next[0] < pending.length && pending[next[0]] != null && !stop.get()) {
                    commit(pending[next[0]], unitJob, parts, gamesPerUnit, sink);
                    end[0] = pending[next[0]].to();
                    pending[next[0]] = null;
                    next[0]++;
                }
            });
        } catch (Exception e) {
            throw unseenParts(e).orElseThrow(() -> e);
        }
        return end[0];
    }

    /** Receives a partition's result on the driver. */
    @FunctionalInterface
    interface Receiver<T> {
        void accept(T result) throws Exception;
    }

    /**
     * Runs {@code rdd} as one job, one result per partition, and hands each partition's result to
     * {@code receiver} on the calling thread as its task succeeds (Spark delivers a partition's
     * result once, however many attempts ran), in the order they arrive. Returns once every
     * partition's result was received, or soon after {@code stop} is set (then the job is
     * cancelled); rethrows the job's failure, unless it came after {@code stop} (Ctrl-C: Spark's
     * own shutdown hook stopped the context).
     */
    static <T> void each(JavaSparkContext sc, RDD<T> rdd, AtomicBoolean stop, Receiver<T> receiver) throws Exception {
        int partitions = rdd.getNumPartitions();
        List<Object> all = new ArrayList<>();
        for (int i = 0; i < partitions; i++) {
            all.add(i);
        }
        LinkedBlockingQueue<T> arrived = new LinkedBlockingQueue<>();
        SimpleFutureAction<Void> job = sc.sc().submitJob(rdd, new First<T>(),
                scala.jdk.javaapi.CollectionConverters.asScala(all).toSeq(), new Handler<T>(arrived), new Nothing());
        int received = 0;
        try {
            while (received < partitions && !stop.get()) {
                T r = arrived.poll(100, TimeUnit.MILLISECONDS);
                if (r == null) {
                    if (job.isCompleted() && arrived.isEmpty()) {
                        try {
                            job.get(); // throws the job's failure
                        } catch (Exception e) {
                            if (stop.get()) {
                                break; // Ctrl-C: keep what was received
                            }
                            throw e;
                        }
                        throw new IllegalStateException("the Spark job ended without the results of every partition");
                    }
                    continue;
                }
                received++;
                receiver.accept(r);
            }
        } finally {
            if (!job.isCompleted()) {
                job.cancel();
            }
        }
    }

    private static void commit(PartResult r, UnitJob unitJob, PartFiles parts, int gamesPerUnit,
                               UnitExecutor.ChunkSink sink) throws Exception {
        if (parts == null) {
            for (Chunk c : r.slices()) {
                sink.commit(c);
            }
            return;
        }
        try (PartFiles.Lines rec = parts.lines(PartFiles.Kind.RECORDS, r.from(), unitJob.records());
             PartFiles.Lines csv = parts.lines(PartFiles.Kind.CSV, r.from(), unitJob.csv())) {
            for (Chunk c : r.slices()) {
                long games = (c.to() - c.from()) * gamesPerUnit;
                sink.commit(new Chunk(c.from(), c.to(), c.tally(), rec.next(games), csv.next(games), c.lastForfeit()));
            }
        }
        parts.delete(r.from());
    }

    /**
     * A job that failed because a task could not see the parts folder, as the one-line error the
     * user can act on (Spark's message holds the task's exception and its stack trace).
     */
    static java.util.Optional<UserError> unseenParts(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage();
            int at = m == null ? -1 : m.indexOf(PartFiles.UNSEEN);
            if (at >= 0) {
                String detail = PartFiles.oneLine(new Exception(m.substring(at + PartFiles.UNSEEN.length())));
                return java.util.Optional.of(new UserError("an executor cannot see the parts folder (" + detail
                        + "): records and CSV on a cluster of several machines need a folder that the driver and every "
                        + "executor share (--spark-parts DIR: hdfs://…, s3a://…, or a shared mount)"));
            }
        }
        return java.util.Optional.empty();
    }

    /** The one result of a partition's iterator (runs on executors). */
    private static final class First<T> extends AbstractFunction1<scala.collection.Iterator<T>, T>
            implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public T apply(scala.collection.Iterator<T> it) {
            return it.next();
        }
    }

    /** On the driver, as each partition succeeds. */
    private static final class Handler<T> extends AbstractFunction2<Object, T, BoxedUnit> {
        private final LinkedBlockingQueue<T> queue;

        Handler(LinkedBlockingQueue<T> queue) {
            this.queue = queue;
        }

        @Override
        public BoxedUnit apply(Object index, T r) {
            queue.add(r);
            return BoxedUnit.UNIT;
        }
    }

    private static final class Nothing extends AbstractFunction0<Void> {
        @Override
        public Void apply() {
            return null;
        }
    }
}
