package richelieu.cluster;

import org.apache.spark.Success$;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import richelieu.runner.UserError;
import richelieu.runner.execution.UnitExecutor;
import richelieu.runner.execution.UnitJob;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

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
        public UnitExecutor open(String master, String partsDir, UnitJob job, AtomicBoolean stop) {
            return new SparkExecutor(Contexts.get(master), partsDir, job, stop);
        }
    }

    private final JavaSparkContext sc;
    /** The job as the tasks get it: plug-ins by the names of the jars shipped to the executors. */
    private final UnitJob job;
    private final AtomicBoolean stop;
    private final int gamesPerUnit;
    /** Where tasks write records and CSV rows; null when the run writes neither. */
    private final PartFiles parts;
    private final Listener listener = new Listener();
    private int jobs;

    /**
     * {@code partsDir}: the folder for the parts folder ({@code --spark-parts}; null: the Spark
     * setting {@value PartFiles#SETTING}, else the current directory).
     */
    SparkExecutor(JavaSparkContext sc, String partsDir, UnitJob job, AtomicBoolean stop) {
        this.sc = sc;
        this.stop = stop;
        this.gamesPerUnit = job.plan().config().gamesPerUnit();
        this.job = new UnitJob(job.configJson(), ship(sc, job.plugins()), job.moveTimeoutMillis(), job.records(), job.csv());
        this.parts = job.records() || job.csv()
                ? PartFiles.create(partsDir != null ? partsDir : sc.getConf().get(PartFiles.SETTING, "."),
                sc.hadoopConfiguration())
                : null;
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
            throw new UserError(PARTITIONS + " must be a whole number of at least 1, not '" + set + "'");
        }
        List<long[]> ranges = SparkJob.ranges(from, to, partitions);
        String group = "richelieu-" + System.identityHashCode(this) + "-" + jobs++;
        listener.expect(group, ranges, gamesPerUnit);
        sc.setJobGroup(group, "richelieu units " + from + ".." + (to - 1), true);
        try {
            return SparkJob.run(sc, job, ranges, stop, parts, gamesPerUnit, sink);
        } finally {
            sc.clearJobGroup();
        }
    }

    /**
     * Ships the plug-in jars (each {@code --plugin} jar, the jars of each plug-in folder, in the
     * order the runner loads them) to every executor with {@link JavaSparkContext#addFile}, so
     * nothing needs installing on the workers; returns their file names, by which tasks find
     * their copies. Spark serves files by name: two jars of the same name are refused.
     */
    static List<String> ship(JavaSparkContext sc, List<String> plugins) {
        Map<String, Path> byName = new LinkedHashMap<>();
        for (String p : plugins) {
            for (Path jar : jarsOf(Path.of(p))) {
                Path same = byName.putIfAbsent(jar.getFileName().toString(), jar);
                if (same != null && !same.equals(jar)) {
                    throw new UserError("plug-in jars " + same + " and " + jar + " have the same file name; Spark "
                            + "ships files to the executors by name: rename one");
                }
            }
        }
        for (Path jar : byName.values()) {
            sc.addFile(jar.toString());
        }
        return List.copyOf(byName.keySet());
    }

    /** A plug-in path's jars, as the runner loads them ({@link Bots#jarsOf}). */
    private static List<Path> jarsOf(Path p) {
        List<Path> jars = new ArrayList<>();
        try {
            for (java.net.URL u : Bots.jarsOf(p.toAbsolutePath().normalize())) {
                jars.add(Path.of(u.toURI()));
            }
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        } catch (java.net.URISyntaxException e) {
            throw new UserError("plug-in " + p + ": " + e.getMessage());
        }
        return jars;
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
        if (parts != null) {
            try {
                parts.close();
            } catch (IOException | RuntimeException e) {
                System.err.println("richelieu: could not delete " + parts.dir() + " (" + PartFiles.oneLine(e) + ")");
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
