package richelieu.cluster;

import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import richelieu.runner.play.Chunk;
import richelieu.runner.play.Plan;
import richelieu.runner.play.UnitJob;
import richelieu.runner.play.UnitPlayer;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

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

    private final UnitJob job;
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
        Plan plan = job.plan();
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
}
