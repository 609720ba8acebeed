package richelieu.cluster;

import org.apache.spark.SparkFiles;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import richelieu.runner.execution.Chunk;
import richelieu.runner.resultfile.Plan;
import richelieu.runner.execution.UnitJob;
import richelieu.runner.execution.UnitPlayer;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One Spark task: rebuilds the plan from the {@link UnitJob} and plays its unit range with the
 * runner's own {@link UnitPlayer}, slice by slice — slices grow to about a second of play, at
 * most {@link #MAX_SLICE_UNITS} units, so memory stays flat however large the partition and a
 * cancelled job (Ctrl-C) stops its tasks within about a second; keeps each slice's integer tally
 * and appends its record and CSV lines to this range's part files. A retried or speculative attempt replays the same games
 * (units are deterministic) and replaces the part files atomically with the same bytes, so
 * nothing is counted or written twice.
 */
final class UnitTask implements FlatMapFunction<Iterator<long[]>, PartResult> {
    private static final long serialVersionUID = 1L;
    /** Units per slice at most: bounds the record lines held in memory (a few MB) on executors and driver. */
    static final long MAX_SLICE_UNITS = 1000;
    private static final long TARGET_SLICE_NANOS = 1_000_000_000L;

    /**
     * The plans of the latest jobs this executor played, by job: built once per executor JVM,
     * not once per partition, so plug-in classes are loaded (and compiled by the JIT) once. A
     * plan is immutable and shared by the executor's task threads, as by the local runner's.
     */
    private static final Map<UnitJob, Plan> PLANS = new LinkedHashMap<>(4, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UnitJob, Plan> eldest) {
            return size() > 4;
        }
    };

    private final UnitJob job;
    /** Null when the run writes neither records nor CSV. */
    private final PartFiles parts;

    UnitTask(UnitJob job, PartFiles parts) {
        this.job = job;
        this.parts = parts;
    }

    @Override
    public Iterator<PartResult> call(Iterator<long[]> ranges) throws IOException {
        long[] range = ranges.next(); // one range per partition
        TaskContext t = TaskContext.get();
        return List.of(play(t.partitionId(), range[0], range[1], Long.toString(t.taskAttemptId()))).iterator();
    }

    PartResult play(int index, long from, long to, String attempt) throws IOException {
        if (parts != null) {
            parts.checkVisible(); // before playing: an executor that cannot deliver its parts fails at once
        }
        Plan plan = plan(job);
        List<Chunk> slices = new ArrayList<>();
        try (UnitPlayer player = new UnitPlayer(plan, job.records(), job.csv());
             Writer rec = job.records() ? parts.open(PartFiles.Kind.RECORDS, from, attempt) : null;
             Writer csv = job.csv() ? parts.open(PartFiles.Kind.CSV, from, attempt) : null) {
            long size = 1;
            for (long a = from; a < to; ) {
                TaskContext t = TaskContext.get();
                if (t != null) {
                    t.killTaskIfInterrupted(); // the job was cancelled
                }
                long t0 = System.nanoTime();
                long b = Math.min(to, a + size);
                Chunk c = player.play(a, b);
                long perUnit = Math.max(1, (System.nanoTime() - t0) / (b - a));
                size = Math.max(1, Math.min(MAX_SLICE_UNITS, TARGET_SLICE_NANOS / perUnit));
                if (rec != null) {
                    rec.write(c.records());
                }
                if (csv != null) {
                    csv.write(c.csv());
                }
                slices.add(new Chunk(c.from(), c.to(), c.tally(), null, null, c.lastForfeit()));
                a = b;
            }
        }
        if (job.records()) {
            parts.publish(PartFiles.Kind.RECORDS, from, attempt);
        }
        if (job.csv()) {
            parts.publish(PartFiles.Kind.CSV, from, attempt);
        }
        return new PartResult(index, slices);
    }

    /**
     * The job's plan, built on this executor once (see {@link #PLANS}). The job's plug-ins are
     * the names of jars the driver shipped ({@link SparkExecutor#ship}); they load from this
     * executor's copies.
     */
    static Plan plan(UnitJob job) {
        synchronized (PLANS) {
            return PLANS.computeIfAbsent(job, j -> new UnitJob(j.configJson(), j.plugins().stream().map(SparkFiles::get)
                    .toList(), j.moveTimeoutMillis(), j.records(), j.csv()).plan());
        }
    }
}
