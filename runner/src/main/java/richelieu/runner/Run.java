package richelieu.runner;

import richelieu.runner.play.Chunk;
import richelieu.runner.play.Execution;
import richelieu.runner.play.GameCsv;
import richelieu.runner.play.Plan;
import richelieu.runner.play.ResultFile;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Tally;
import richelieu.runner.play.UnitExecutor;
import richelieu.runner.play.UnitJob;

import java.util.ServiceLoader;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * One run in progress: its tally and committed prefix of units, the {@link UnitExecutor} that
 * plays them, the per-game {@link OutputFiles}, the stop signal (Ctrl-C) and the periodic
 * checkpoints of the result file. Chunks are committed here in unit order: merged into the
 * tally, appended to the files.
 */
final class Run implements AutoCloseable {
    /** Tests only: behave as if Ctrl-C came after this many units (a test cannot signal itself). */
    static volatile long stopAfterUnitsForTests = -1;
    private static final long CHECKPOINT_NANOS = 30_000_000_000L;

    private final RunConfig config;
    private final Plan plan;
    private final Tally tally;
    private final RunOptions options;
    private final Supplier<String> scoreLine;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final CountDownLatch written = new CountDownLatch(1);
    private final Thread hook;
    private final OutputFiles files;
    private final UnitExecutor executor;
    private final String where;
    private long lastCheckpoint = System.nanoTime();
    private long done;
    private long played;
    private double seconds;
    private String lastForfeit;

    Run(RunConfig config, Plan plan, Tally tally, long done, RunOptions options, Supplier<String> scoreLine)
            throws Exception {
        this.config = config;
        this.plan = plan;
        this.tally = tally;
        this.done = done;
        this.options = options;
        this.scoreLine = scoreLine;
        long gamesDone = (done - config.from()) * plan.gamesPerUnit();
        this.files = OutputFiles.open(options.records, options.csv, GameCsv.header(plan), done > config.from(), gamesDone);
        try {
            if (options.spark != null) {
                UnitJob job = UnitJob.of(config, options.pluginPaths(), options.moveTimeout, files.writesRecords(),
                        files.writesCsv());
                this.executor = provider("spark").open(options.spark, job, stop);
                this.where = "on spark " + options.spark;
            } else {
                int threads = options.threads();
                this.executor = new Execution(plan, files.writesRecords(), files.writesCsv(), threads, stop);
                this.where = "on " + threads + " thread" + (threads == 1 ? "" : "s");
            }
        } catch (Exception | Error e) {
            files.close();
            throw e;
        }
        hook = new Thread(() -> {
            stop.set(true);
            try {
                written.await(120, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }, "richelieu-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The executor provider of that name on the class path (e.g. the cluster module's Spark executor). */
    private static UnitExecutor.Provider provider(String name) {
        for (UnitExecutor.Provider p : ServiceLoader.load(UnitExecutor.Provider.class)) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new UserError("--" + name + " needs the cluster module on the class path (no '" + name
                + "' executor found)");
    }

    /** True once the user asked to stop (Ctrl-C). */
    boolean stopped() {
        return stop.get();
    }

    /** Plays units [from, to) into the tally and files; returns the end of the committed prefix. */
    long execute(long from, long to) throws Exception {
        long gamesBefore = tally.games();
        long totalGames = (to - from) * plan.gamesPerUnit();
        long t0 = System.nanoTime();
        long base = executor.gamesDone();
        long end;
        try (Progress p = Progress.start(totalGames,
                () -> executor.gamesDone() - base, scoreLine, !options.noProgress)) {
            end = executor.run(from, to, this::commit);
        }
        seconds += (System.nanoTime() - t0) / 1e9;
        played += tally.games() - gamesBefore;
        done = end;
        return end;
    }

    /** In unit order: merge, write, checkpoint. */
    private void commit(Chunk c) throws Exception {
        tally.merge(c.tally());
        files.write(c);
        if (c.lastForfeit() != null) {
            lastForfeit = c.lastForfeit();
        }
        done = c.to();
        if (stopAfterUnitsForTests >= 0 && done - config.from() >= stopAfterUnitsForTests) {
            stop.set(true);
        }
        if (options.json != null && System.nanoTime() - lastCheckpoint > CHECKPOINT_NANOS) {
            // Checkpoint: even a killed run can be resumed from the last 30 s.
            files.flush();
            new ResultFile(Version.VERSION, config, done, false, tally, null).write(options.json);
            lastCheckpoint = System.nanoTime();
        }
    }

    /** Lets a shutdown (Ctrl-C) proceed: the result file is written. */
    void signalWritten() {
        written.countDown();
    }

    @Override
    public void close() throws Exception {
        // Timing goes to stderr: it differs from run to run, the results on stdout do not.
        if (played > 0) {
            System.err.printf("played %,d games in %.1f s (%,.0f games/s) %s%n", played, seconds,
                    played / Math.max(seconds, 1e-9), where);
        }
        if (lastForfeit != null) {
            System.err.println("last forfeit: " + lastForfeit);
        }
        try {
            executor.close();
        } finally {
            try {
                files.close();
            } finally {
                if (!stop.get()) {
                    try {
                        Runtime.getRuntime().removeShutdownHook(hook);
                    } catch (IllegalStateException ignored) {
                        // already shutting down
                    }
                }
            }
        }
    }
}
