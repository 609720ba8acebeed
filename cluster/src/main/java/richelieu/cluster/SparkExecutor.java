package richelieu.cluster;

import org.apache.spark.Success$;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import richelieu.runner.play.UnitExecutor;
import richelieu.runner.play.UnitJob;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The runner's {@link UnitExecutor} on Apache Spark ({@code --spark MASTER}): each
 * {@link #run} is one Spark job whose partitions are contiguous unit ranges, played on the
 * executors by {@link UnitTask} and committed here in unit order ({@link SparkJob}).
 *
 * <p><b>Partitions.</b> By default four per core of the cluster ({@code defaultParallelism}), and
 * at least one per {@link #MAX_DEFAULT_UNITS} units, never more than the units: enough that a
 * slow or lost executor delays the end by about a quarter of its share and that Ctrl-C keeps
 * most of the work (a partition is committed whole or not at all), few enough that the per-task
 * overhead (tens of ms) is small next to the games. {@code --conf spark.richelieu.partitions=N}
 * (or {@code -Dspark.richelieu.partitions=N}) sets the number. The partitioning never changes a
 * result: every unit is a pure function of the plan and its number.
 *
 * <p><b>Progress</b> comes from a {@link SparkListener}: games of every partition whose task
 * succeeded (counted once per partition, whatever the attempts).
 */
public final class SparkExecutor implements UnitExecutor {
    /** Spark setting: partitions per job. */
    static final String PARTITIONS = "spark.richelieu.partitions";
    /** Default partitions hold at most this many units. */
    static final long MAX_DEFAULT_UNITS = 1000;

    /** Found by the runner through {@link java.util.ServiceLoader}; selected by {@code --spark}. */
    public static final class Provider implements UnitExecutor.Provider {
        @Override
        public String name() {
            return "spark";
        }

        @Override
        public UnitExecutor open(String master, UnitJob job, AtomicBoolean stop) throws IOException {
            return new SparkExecutor(Contexts.get(master), job, stop);
        }
    }

    private final JavaSparkContext sc;
    private final UnitJob job;
    private final AtomicBoolean stop;
    private final int gamesPerUnit;
    private final Path partsDir;
    private final Listener listener = new Listener();
    private int jobs;

    SparkExecutor(JavaSparkContext sc, UnitJob job, AtomicBoolean stop) throws IOException {
        this.sc = sc;
        this.job = job;
        this.stop = stop;
        this.gamesPerUnit = job.plan().gamesPerUnit();
        if (job.records() || job.csv()) {
            Path base = Path.of(sc.getConf().get(PartFiles.SETTING, ".")).toAbsolutePath();
            Files.createDirectories(base);
            this.partsDir = Files.createTempDirectory(base, ".richelieu-parts-");
        } else {
            this.partsDir = null;
        }
        sc.sc().addSparkListener(listener);
    }

    @Override
    public long run(long from, long to, ChunkSink sink) throws Exception {
        if (from >= to) {
            return from;
        }
        String set = System.getProperty(PARTITIONS, sc.getConf().get(PARTITIONS, ""));
        int partitions;
        try {
            partitions = set.isEmpty() ? defaultPartitions(to - from, sc.defaultParallelism()) : Integer.parseInt(set.trim());
        } catch (NumberFormatException e) {
            partitions = 0;
        }
        if (partitions < 1) {
            throw new richelieu.runner.UserError(PARTITIONS + " must be a whole number of at least 1, not '" + set + "'");
        }
        List<long[]> ranges = SparkJob.ranges(from, to, partitions);
        String group = "richelieu-" + System.identityHashCode(this) + "-" + jobs++;
        listener.expect(group, ranges, gamesPerUnit);
        sc.setJobGroup(group, "richelieu units " + from + ".." + (to - 1), true);
        try {
            return SparkJob.run(sc, job, ranges, stop, new PartFiles(partsDir == null ? "" : partsDir.toString()),
                    gamesPerUnit, sink);
        } finally {
            sc.clearJobGroup();
        }
    }

    static int defaultPartitions(long units, int cores) {
        long p = Math.max(4L * cores, (units + MAX_DEFAULT_UNITS - 1) / MAX_DEFAULT_UNITS);
        return (int) Math.min(Integer.MAX_VALUE, Math.min(units, p));
    }

    @Override
    public long gamesDone() {
        return listener.games.get();
    }

    /**
     * Deletes the parts folder once the tasks of a cancelled job (Ctrl-C) have ended — they stop
     * within about a slice — so none writes into it afterwards.
     */
    @Override
    public void close() throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (listener.running.get() > 0 && !sc.sc().isStopped() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        sc.sc().removeSparkListener(listener);
        if (partsDir != null) {
            try (Stream<Path> files = Files.walk(partsDir)) {
                for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                System.err.println("richelieu: could not delete " + partsDir + " (" + e.getMessage() + ")");
            }
        }
    }

    /** Counts the games of the current job's partitions as their tasks succeed, and the tasks running. */
    private static final class Listener extends SparkListener {
        final AtomicLong games = new AtomicLong();
        final AtomicInteger running = new AtomicInteger();
        /** Stages of every job of this run (for running tasks), and of the current job (for games). */
        private final Set<Integer> stages = ConcurrentHashMap.newKeySet();
        private final Set<Integer> current = ConcurrentHashMap.newKeySet();
        private volatile String group;
        private volatile long[] partitionGames = new long[0];
        private final BitSet seen = new BitSet();

        void expect(String group, List<long[]> ranges, int gamesPerUnit) {
            long[] g = new long[ranges.size()];
            for (int i = 0; i < g.length; i++) {
                g[i] = (ranges.get(i)[1] - ranges.get(i)[0]) * gamesPerUnit;
            }
            synchronized (seen) {
                seen.clear();
                current.clear();
                partitionGames = g;
                this.group = group;
            }
        }

        @Override
        public void onJobStart(SparkListenerJobStart e) {
            if (e.properties() != null && group != null && group.equals(e.properties().getProperty("spark.jobGroup.id"))) {
                scala.jdk.javaapi.CollectionConverters.asJava(e.stageIds()).forEach(id -> {
                    stages.add((Integer) id);
                    current.add((Integer) id);
                });
            }
        }

        @Override
        public void onTaskStart(SparkListenerTaskStart e) {
            if (stages.contains(e.stageId())) {
                running.incrementAndGet();
            }
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd e) {
            if (!stages.contains(e.stageId())) {
                return;
            }
            running.decrementAndGet();
            if (!(e.reason() instanceof Success$) || !current.contains(e.stageId())) {
                return;
            }
            int p = e.taskInfo().partitionId();
            synchronized (seen) {
                if (p >= 0 && p < partitionGames.length && !seen.get(p)) {
                    seen.set(p);
                    games.addAndGet(partitionGames[p]);
                }
            }
        }
    }
}
