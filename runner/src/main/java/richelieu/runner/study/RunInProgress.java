package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.runner.UserError;
import richelieu.runner.Version;
import richelieu.runner.execution.Chunk;
import richelieu.runner.execution.ThreadExecutor;
import richelieu.runner.execution.GameCsv;
import richelieu.runner.resultfile.OutputTarget;
import richelieu.runner.resultfile.Plan;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.RunTimes;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.execution.UnitExecutor;
import richelieu.runner.execution.UnitJob;
import richelieu.runner.resultfile.UnitRanges;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;
import richelieu.strategies.exec.ExecStrategy;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
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
public final class RunInProgress implements AutoCloseable {
    /** After a checkpoint failed, the time until the next try. */
    private static final long RETRY_NANOS = 5_000_000_000L;
    /** How long a shutdown waits for the result to be saved (the whole shutdown stays within 5 s). */
    public static final long SHUTDOWN_WAIT_MILLIS = 4000;

    private final RunConfig config;
    private final Plan plan;
    private final Tally tally;
    private final Path json;
    private final ResultFile.Outputs outputs;
    private final Venue venue;
    /** The time between two checkpoints of the result file ({@link Venue#checkpointMillis}). */
    private final long checkpointNanos;
    private final PrintStream out;
    private final Supplier<String> scoreLine;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final Runnable stopAction = () -> stop.set(true);
    private final CountDownLatch written = new CountDownLatch(1);
    private final Thread hook;
    private final OutputFiles files;
    private final UnitExecutor executor;
    private final String where;
    private final Bots registry;
    /** A sequential study's course so far (see {@link ResultFile#course}), or null. */
    private volatile JsonNode course;
    /** The study's line in the progress display, after the score line. */
    private volatile String status = "";
    private long lastCheckpoint = System.nanoTime();
    /** The units committed before the current {@link #execute}. */
    private UnitRanges held;
    /** The start of the current {@link #execute} and the end of its committed prefix. */
    private long executing;
    private long done;
    private long played;
    private double seconds;
    /** The process's CPU time while the games were played (s; NaN where the system does not say). */
    private double cpuSeconds;
    private String lastForfeit;
    /** Why the last checkpoint failed, or null when it was saved. */
    private String checkpointFailure;
    /** True once a checkpoint of this session was written to {@link #json}. */
    private volatile boolean checkpointed;
    /** The stop's save and the stop's wait: the file named whichever ends first. */
    private final StopSave stopSave = new StopSave(System.err);

    /**
     * Opens the output files (cut back to the games of {@code held} when resuming) and the
     * executor. {@code json} gets the checkpoints; {@code outputs} are the per-game files; the
     * study's lines go to {@code out}; {@code registry} names the bots of {@link #execute(long,
     * long, RunConfig)}; {@code course} is a resumed run's course, or null.
     */
    RunInProgress(Plan plan, Tally tally, UnitRanges held, Path json, ResultFile.Outputs outputs,
        Venue venue, PrintStream out, Supplier<String> scoreLine, Bots registry, JsonNode course)
            throws Exception {
        this.config = plan.config();
        this.registry = registry;
        this.course = course;
        this.plan = plan;
        this.tally = tally;
        this.held = held;
        this.json = json;
        this.outputs = outputs;
        this.venue = venue;
        this.checkpointNanos = TimeUnit.MILLISECONDS.toNanos(venue.checkpointMillis());
        this.out = out;
        this.scoreLine = scoreLine;
        boolean resuming = !held.isEmpty();
        boolean records = outputs.records() != null;
        boolean csv = outputs.csv() != null;
        if ((records || csv) && resuming && !held.isPrefixOf(config.from(), held.end(config.from()))) {
            throw new UserError("the resumed file holds units " + held + " (merged shards with gaps), so its games "
                    + "cannot be appended to --records/--csv files in order; resume it without them");
        }
        long gamesDone = held.count() * config.gamesPerUnit();
        // The executor first: a Spark master or --spark-parts folder that fails must fail before
        // the output files are opened (and, when not resuming, emptied) — never lose a result.
        this.executor = open(plan);
        this.where = venue.spark() != null ? "on spark " + venue.spark()
                : "on " + venue.threads() + " thread" + (venue.threads() == 1 ? "" : "s");
        try {
            // Files that follow another run's games (a tuning's, before its confirming test) are
            // continued after them, as a resumed run's are after its own.
            this.files = OutputFiles.open(outputs.records(), outputs.csv(), GameCsv.header(plan),
                    resuming || outputs.gamesBefore() > 0, outputs.gamesBefore() + gamesDone);
        } catch (Exception | Error e) {
            executor.close();
            throw e;
        }
        // Ctrl-C (or a plug-in's System.exit): stop committing, then let the command save what is
        // committed, for at most SHUTDOWN_WAIT. The stop flag is also set before any
        // exec bot is killed, so a game whose bot dies in the shutdown is dropped, not forfeited.
        ExecStrategy.addShutdownAction(stopAction);
        hook = new Thread(() -> {
            stop.set(true);
            try {
                if (!written.await(SHUTDOWN_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    stopSave.waitRanOut(this::stopOverLine);
                }
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }, "richelieu-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** An executor that plays the units of {@code plan}: on Spark or on local threads. */
    private UnitExecutor open(Plan plan) throws Exception {
        boolean records = outputs.records() != null;
        boolean csv = outputs.csv() != null;
        if (venue.spark() != null) {
            UnitJob job = UnitJob.of(plan.config(), registry.plugins(), registry.moveTimeoutMillis(), records, csv);
            return provider("spark").open(venue.spark(), venue.sparkParts(), job, stop);
        }
        return new ThreadExecutor(plan, records, csv, venue.threads(), stop);
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

    /** Where the study prints its lines (e.g. an SPRT's look after each batch). */
    public PrintStream out() {
        return out;
    }

    /** True once the user asked to stop (Ctrl-C). */
    public boolean stopped() {
        return stop.get();
    }

    /** The units committed so far. */
    public UnitRanges held() {
        return executing == done ? held : held.union(UnitRanges.of(executing, done));
    }

    /** Plays units [from, to) (none of them held yet) into the tally and files; returns the end of the committed prefix. */
    public long execute(long from, long to) throws Exception {
        return execute(from, to, executor, plan);
    }

    /**
     * Plays units [from, to) (none of them held yet) as {@code variant} configures them — the
     * run's own units, deals, seeds and lineups, with other bots in the same roles (a tuner's
     * points of one iteration) — into the run's tally and files; returns the end of the committed
     * prefix.
     */
    public long execute(long from, long to, RunConfig variant) throws Exception {
        String difference = variant.bots().size() != config.bots().size() ? "the number of bots"
                : config.difference(variant.withBots(config.bots()), true);
        if (difference != null) {
            throw new IllegalArgumentException("a variant of a run differs from it only in its bots, not in "
                    + difference);
        }
        Plan p = plan(variant, registry);
        try (UnitExecutor e = open(p)) {
            return execute(from, to, e, p);
        }
    }

    /**
     * The plan of {@code config}, its bots made by {@code registry}; a spec that is refused, or a
     * plug-in whose constructor throws, is a one-line {@link UserError} (mid-run it stops the run
     * as Ctrl-C does: what was played is saved).
     */
    static Plan plan(RunConfig config, Bots registry) {
        try {
            return config.plan(registry);
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        } catch (RuntimeException e) {
            throw new UserError("could not make the bots " + String.join(", ", config.bots()) + ": "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
        }
    }

    private long execute(long from, long to, UnitExecutor executor, Plan plan) throws Exception {
        executing = from;
        done = from;
        long gamesBefore = tally.games();
        long totalGames = (to - from) * plan.config().gamesPerUnit();
        long t0 = System.nanoTime();
        double cpu0 = RunTimes.processCpuSeconds();
        long base = executor.gamesDone();
        long end;
        Supplier<String> line = () -> {
            String score = scoreLine.get();
            return score.isEmpty() ? status : status.isEmpty() ? score : score + "  " + status;
        };
        try (Progress p = Progress.start(totalGames, () -> executor.gamesDone() - base, line, venue.progress())) {
            end = executor.run(from, to, this::commit);
        }
        seconds += (System.nanoTime() - t0) / 1e9;
        cpuSeconds += RunTimes.processCpuSeconds() - cpu0;
        played += tally.games() - gamesBefore;
        held = held();
        executing = done;
        return end;
    }

    /** A sequential study's course so far ({@link ResultFile#course}), or null. */
    public JsonNode course() {
        return course;
    }

    /** Sets the course: saved with every checkpoint from now on, and with the result. */
    public void course(JsonNode course) {
        this.course = course;
    }

    /** The study's line in the progress display (e.g. the tuner's iteration and θ); "" for none. */
    public void status(String status) {
        this.status = status == null ? "" : status;
    }

    /** Games committed by this session so far, over every {@link #execute}. */
    public long played() {
        return played;
    }

    /** In unit order: merge, write, checkpoint. */
    private void commit(Chunk c) throws Exception {
        tally.merge(c.tally());
        files.write(c);
        if (c.lastForfeit() != null) {
            lastForfeit = c.lastForfeit();
        }
        done = c.to();
        if (venue.stopAfterUnits() >= 0 && held().count() >= venue.stopAfterUnits()) {
            stop.set(true);
        }
        if (json != null && System.nanoTime() - lastCheckpoint > checkpointNanos) {
            checkpoint();
        }
    }

    /**
     * Even a killed run can be resumed from the last 30 s. A checkpoint that fails (the file
     * became a folder, the disk is full for a moment) is a warning, not the end of the run: the
     * games go on, the next try comes a few seconds later, and the result is saved at the end
     * ({@link ResultSaver}). The per-game files are flushed first, so a checkpoint never holds
     * games they lack.
     */
    private void checkpoint() {
        try {
            files.flush();
            new ResultFile(Version.VERSION, config, held(), false, tally, null, outputs, course).write(json);
            checkpointed = true;
            lastCheckpoint = System.nanoTime();
            if (checkpointFailure != null) {
                System.err.println("richelieu: the checkpoint is saved to " + json + " again");
                checkpointFailure = null;
            }
        } catch (IOException | RuntimeException e) {
            String why = e instanceof IOException io ? OutputTarget.why(io) : String.valueOf(e.getMessage());
            if (!why.equals(checkpointFailure)) {
                System.err.println("richelieu: warning: could not save the checkpoint to " + json + " (" + why
                        + "); the games go on and the checkpoint is tried again");
            }
            checkpointFailure = why;
            lastCheckpoint = System.nanoTime() - checkpointNanos + Math.min(RETRY_NANOS, checkpointNanos);
        }
    }

    /**
     * The games committed before a stop are saved in {@code file} (before the report is computed,
     * which may outlast the stop's wait). If that wait has already run out, says so at once, since
     * the run's own last line may never come: the JVM halts when the shutdown ends.
     */
    void stopSaved(Path file) {
        stopSave.saved(file, f -> "richelieu: saved to " + f + " after all; continue with --resume " + f);
    }

    /**
     * The line of a stop whose wait ran out before the run's last line: where the committed games
     * are, as far as is known now — the stop's save ({@code saved}), the last checkpoint, or
     * neither yet.
     */
    private String stopOverLine(Path saved) {
        String late = "richelieu: the report was not finished within " + SHUTDOWN_WAIT_MILLIS / 1000
                + " s of the stop";
        if (saved != null) {
            return late + "; the games played are saved to " + saved + "; continue with --resume " + saved;
        }
        if (checkpointed) {
            return late + " nor the result saved; the last checkpoint, " + json + ", stands; continue with "
                    + "--resume " + json;
        }
        return late + " nor the result saved, and there is no checkpoint yet: the games of this session are "
                + "lost unless a line below names their file";
    }

    /** The last forfeit's one-line description, or null. */
    String lastForfeit() {
        return lastForfeit;
    }

    /**
     * The run's result is saved (or could not be): a shutdown (Ctrl-C) may proceed, and when
     * none is under way the shutdown hooks are removed. Call it once, in a finally.
     */
    void signalWritten() {
        written.countDown();
        ExecStrategy.removeShutdownAction(stopAction);
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down: the hook now ends
        }
    }

    /**
     * The run's time: wall and CPU time with the threads, since wall time alone misleads on a busy
     * machine (and CPU time alone on an idle one with many threads). The CPU time is this process's,
     * so none is given for a cluster's games (NaN) or where the system does not say.
     */
    static String timeLine(long played, double wallSeconds, double cpuSeconds, String where) {
        return String.format(Locale.ROOT, "played %,d games in %s wall%s (%s games/s) %s", played, time(wallSeconds),
                Double.isNaN(cpuSeconds) ? "" : ", " + time(cpuSeconds) + " CPU", rate(played / Math.max(wallSeconds, 1e-9)),
                where);
    }

    /**
     * Games a second as a reader compares them: whole games from 10 a second, else two significant
     * digits, so that a slow run (a strong bot plays well under one game a second) does not read 0.
     */
    static String rate(double perSecond) {
        if (perSecond >= 9.5 || perSecond == 0) {
            return String.format(Locale.ROOT, "%,.0f", perSecond);
        }
        return String.format(Locale.ROOT, perSecond >= 0.995 ? "%.1f" : "%.2f", perSecond);
    }

    /** Tenths of a second for a short run, else as the report's run times read ({@link RunTimes#duration}). */
    private static String time(double seconds) {
        return seconds < 10 ? String.format(Locale.ROOT, "%.1f s", seconds) : RunTimes.duration(seconds);
    }

    @Override
    public void close() throws Exception {
        // Timing goes to stderr: it differs from run to run, the results on stdout do not.
        if (played > 0) {
            System.err.println(timeLine(played, seconds, venue.spark() == null ? cpuSeconds : Double.NaN, where));
        }
        if (lastForfeit != null) {
            System.err.println("last forfeit: " + lastForfeit);
        }
        try {
            executor.close();
        } finally {
            files.close();
        }
    }
}
