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
        List<Object> all = new ArrayList<>();
        for (int i = 0; i < ranges.size(); i++) {
            all.add(i);
        }
        LinkedBlockingQueue<PartResult> arrived = new LinkedBlockingQueue<>();
        SimpleFutureAction<Void> job = sc.sc().submitJob(rdd, new First(),
                scala.jdk.javaapi.CollectionConverters.asScala(all).toSeq(), new Handler(arrived), new Nothing());
        PartResult[] pending = new PartResult[ranges.size()];
        int next = 0;
        long end = ranges.get(0)[0];
        try {
            while (next < pending.length && !stop.get()) {
                PartResult r = arrived.poll(100, TimeUnit.MILLISECONDS);
                if (r == null) {
                    if (job.isCompleted() && arrived.isEmpty()) {
                        try {
                            job.get(); // throws the job's failure
                        } catch (Exception e) {
                            if (stop.get()) {
                                break; // Ctrl-C: Spark's own shutdown hook stopped the context; keep the prefix
                            }
                            throw unseenParts(e).orElseThrow(() -> e);
                        }
                        throw new IllegalStateException("the Spark job ended without the results of every partition");
                    }
                    continue;
                }
                pending[r.index()] = r;
                while (next < pending.length && pending[next] != null && !stop.get()) {
                    commit(pending[next], unitJob, parts, gamesPerUnit, sink);
                    end = pending[next].to();
                    pending[next] = null;
                    next++;
                }
            }
        } finally {
            if (!job.isCompleted()) {
                job.cancel();
            }
        }
        return end;
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
    private static final class First extends AbstractFunction1<scala.collection.Iterator<PartResult>, PartResult>
            implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public PartResult apply(scala.collection.Iterator<PartResult> it) {
            return it.next();
        }
    }

    /** On the driver, as each partition succeeds. */
    private static final class Handler extends AbstractFunction2<Object, PartResult, BoxedUnit> {
        private final LinkedBlockingQueue<PartResult> queue;

        Handler(LinkedBlockingQueue<PartResult> queue) {
            this.queue = queue;
        }

        @Override
        public BoxedUnit apply(Object index, PartResult r) {
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
