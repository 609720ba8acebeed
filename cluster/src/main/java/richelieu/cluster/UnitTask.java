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
 * runner's own {@link UnitPlayer}, slice by slice ({@link #SLICE_UNITS} units, so memory stays
 * flat however large the partition); keeps each slice's integer tally and appends its record and
 * CSV lines to this range's part files. A retried or speculative attempt replays the same games
 * (units are deterministic) and replaces the part files atomically with the same bytes, so
 * nothing is counted or written twice.
 */
final class UnitTask implements FlatMapFunction<Iterator<long[]>, PartResult> {
    private static final long serialVersionUID = 1L;
    /** Units per slice: bounds the record lines held in memory (a few MB) on executors and driver. */
    static final long SLICE_UNITS = 1000;

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
            for (long a = from; a < to; a += SLICE_UNITS) {
                Chunk c = player.play(a, Math.min(to, a + SLICE_UNITS));
                if (rec != null) {
                    rec.write(c.records());
                }
                if (csv != null) {
                    csv.write(c.csv());
                }
                slices.add(new Chunk(c.from(), c.to(), c.tally(), null, null, c.lastForfeit()));
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
