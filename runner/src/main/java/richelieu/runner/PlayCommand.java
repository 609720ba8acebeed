package richelieu.runner;

import picocli.CommandLine.Mixin;
import richelieu.engine.Deck;
import richelieu.engine.GameResult;
import richelieu.runner.play.Execution;
import richelieu.runner.play.GameOutcome;
import richelieu.runner.play.Plan;
import richelieu.runner.play.ResultFile;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Seeds;
import richelieu.runner.play.Tally;
import richelieu.runner.play.UnitResult;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The life of every command that plays games: build (or resume) the run configuration, play
 * its units in parallel, stream games into the tally and the optional records/CSV files, write
 * the result file, print the report. Ctrl-C stops cleanly: the finished prefix of units is
 * reported and saved, and {@code --resume} continues exactly from there.
 */
abstract class PlayCommand implements Callable<Integer> {
    /** Tests only: behave as if Ctrl-C came after this many units (a test cannot signal itself). */
    static volatile long stopAfterUnitsForTests = -1;

    @Mixin
    RunOptions options;

    /** The command name stored in result files. */
    abstract String command();

    /** The configuration of a new run from this command's arguments. */
    abstract RunConfig newConfig(Bots bots, long seed);

    /** The report of a (possibly partial or merged) run. */
    abstract Report report(RunConfig config, Tally tally);

    /** Checks a resumed file belongs to this command; subclasses need not override. */
    void checkResumed(RunConfig config) {
        if (!config.command().equals(command())) {
            throw new UserError("--resume: the file holds a '" + config.command() + "' run, not '" + command() + "'");
        }
    }

    /** A short line for the progress display (e.g. the current score), or "". */
    String scoreLine(RunConfig config, Tally tally) {
        return "";
    }

    /** Extra header lines (e.g. the SPRT bounds). */
    String headerDetails(RunConfig config) {
        return "";
    }

    /**
     * Plays the run; most commands play all units. SPRT overrides this to stop early.
     * Returns the end of the played prefix.
     */
    long play(RunConfig config, Plan plan, Tally tally, long from, RunState state) throws Exception {
        return state.execute(from, config.to());
    }

    @Override
    public Integer call() throws Exception {
        Bots bots = options.bots();
        RunConfig config;
        Tally tally;
        long done;
        if (options.resume != null) {
            ResultFile r = ResultFile.read(options.resume);
            config = r.config();
            checkResumed(config);
            tally = r.tally();
            done = r.done();
            if (r.complete()) {
                System.err.println("richelieu: " + options.resume + " is already complete; reporting it");
            }
        } else {
            long seed = options.seed != null ? options.seed : Seeds.fresh();
            config = newConfig(bots, seed);
            tally = null;
            done = config.from();
        }
        Plan plan;
        try {
            plan = config.plan(bots);
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        }
        if (tally == null) {
            tally = Tally.forPlan(plan);
        }
        PrintStream out = System.out;
        out.println(header(config, plan));
        RunState state = new RunState(config, plan, tally, done);
        long end;
        try (state) {
            end = play(config, plan, tally, done, state);
        }
        boolean interrupted = state.stopFlag().get() && end < config.to();
        Report report = report(config, tally);
        ResultFile result = new ResultFile(Version.VERSION, config, end, !interrupted, tally, report.statistics());
        out.println(report.text());
        if (interrupted) {
            Path file = options.json != null ? options.json
                    : Path.of("richelieu-" + command() + "-" + Long.toUnsignedString(config.seed()) + ".partial.json");
            result.write(file);
            out.printf("interrupted after %,d of %,d units: saved to %s; continue with --resume %s%n",
                    end - config.from(), config.to() - config.from(), file, file);
            state.signalWritten();
            return 130;
        }
        if (options.json != null) {
            result.write(options.json);
        }
        state.signalWritten();
        return 0;
    }

    /**
     * The text a finished run prints (header and report), re-rendered from its result file:
     * the config and the raw counts determine it, so presentation changes need no new games.
     */
    String render(richelieu.runner.play.ResultFile file, Bots registry) {
        RunConfig c = file.config();
        Plan plan;
        try {
            plan = c.plan(registry);
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        }
        return header(c, plan) + "\n" + report(c, file.tally()).text();
    }

    String header(RunConfig c, Plan plan) {
        StringBuilder sb = new StringBuilder();
        sb.append("richelieu ").append(c.command()).append(": ").append(String.join(", ", c.bots())).append('\n');
        sb.append("rules: ").append(c.ruleSets().get(0).players()).append(" players, ");
        for (int i = 0; i < c.ruleSets().size(); i++) {
            sb.append(i == 0 ? "" : " vs ").append(c.ruleSets().get(i).variant().jsonName());
        }
        sb.append("; deck: ").append(c.deck().name()).append('\n');
        sb.append("master seed: ").append(c.seed()).append('\n');
        long units = c.to() - c.from();
        sb.append(String.format("%,d deals x %d lineup(s), %s, %,d games", c.deals(), c.lineups().size(),
                describePairing(c, plan), units * plan.gamesPerUnit()));
        if (c.shardCount() > 1) {
            sb.append(String.format("; shard %d/%d (units %,d..%,d)", c.shardIndex(), c.shardCount(), c.from(), c.to() - 1));
        }
        String extra = headerDetails(c);
        if (!extra.isEmpty()) {
            sb.append('\n').append(extra);
        }
        return sb.toString();
    }

    private static String describePairing(RunConfig c, Plan plan) {
        return switch (c.pairing()) {
            case ROTATE -> plan.players() == 2 ? "each deal played twice with seats swapped"
                    : "each deal played in all " + plan.players() + " seat rotations";
            case ALTERNATE -> "one game per deal, seats alternating";
            case FIXED -> "one game per deal";
        };
    }

    /** Shard range of a run of {@code units} units. */
    long[] shardRange(long units) {
        int[] s = options.shard();
        long from = units * s[0] / s[1];
        long to = units * (s[0] + 1) / s[1];
        return new long[]{from, to};
    }

    /** A prepared chunk of units: its partial tally and formatted record and CSV lines. */
    record Chunk(Tally tally, String records, String csv) {
    }

    /** Sinks, stop signal, checkpoints and output files of one run. */
    final class RunState implements AutoCloseable {
        final RunConfig config;
        final Plan plan;
        final Tally tally;
        private final AtomicBoolean stop = new AtomicBoolean();
        private final CountDownLatch written = new CountDownLatch(1);
        private final Thread hook;
        private final BufferedWriter records;
        private final BufferedWriter csv;
        private long lastCheckpoint = System.nanoTime();
        private long done;
        private long gamesBefore;
        private long played;
        private double seconds;
        private String lastForfeit;

        RunState(RunConfig config, Plan plan, Tally tally, long done) throws IOException {
            this.config = config;
            this.plan = plan;
            this.tally = tally;
            this.done = done;
            boolean resuming = done > config.from();
            long gamesDone = (done - config.from()) * plan.gamesPerUnit();
            this.records = open(options.records, resuming, gamesDone, null);
            this.csv = open(options.csv, resuming, gamesDone, csvHeader(plan));
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

        AtomicBoolean stopFlag() {
            return stop;
        }

        /** Plays units [from, to) into the tally and files; returns the end of the played prefix. */
        long execute(long from, long to) throws Exception {
            Execution ex = new Execution(plan, options.threads(), records != null, stop);
            gamesBefore = tally.games();
            long totalGames = (to - from) * plan.gamesPerUnit();
            long t0 = System.nanoTime();
            long end;
            try (Progress p = Progress.start(totalGames, ex::gamesDone, () -> scoreLine(config, tally), !options.noProgress)) {
                end = ex.run(from, to, new Execution.Sink<Chunk>() {
                    @Override
                    public Chunk prepare(List<UnitResult> units) {
                        return RunState.this.prepare(units);
                    }

                    @Override
                    public void commit(Chunk chunk, long endUnit) throws IOException {
                        RunState.this.commit(chunk, endUnit);
                    }
                });
            }
            seconds += (System.nanoTime() - t0) / 1e9;
            played += tally.games() - gamesBefore;
            if (ex.lastForfeit() != null) {
                lastForfeit = ex.lastForfeit();
            }
            done = end;
            return end;
        }

        /** On a worker thread: the chunk's tally and its formatted output lines. */
        private Chunk prepare(List<UnitResult> units) {
            Tally part = Tally.forPlan(plan);
            StringBuilder rec = records != null ? new StringBuilder() : null;
            StringBuilder rows = csv != null ? new StringBuilder() : null;
            for (UnitResult r : units) {
                part.add(plan, r);
                if (rec != null) {
                    for (String line : r.records()) {
                        rec.append(line).append('\n');
                    }
                }
                if (rows != null) {
                    for (GameOutcome g : r.games()) {
                        rows.append(csvRow(plan, g)).append('\n');
                    }
                }
            }
            return new Chunk(part, rec == null ? null : rec.toString(), rows == null ? null : rows.toString());
        }

        /** In unit order: merge and write. */
        private void commit(Chunk c, long endUnit) throws IOException {
            tally.merge(c.tally());
            if (c.records() != null) {
                records.write(c.records());
            }
            if (c.csv() != null) {
                csv.write(c.csv());
            }
            done = endUnit;
            if (stopAfterUnitsForTests >= 0 && done - config.from() >= stopAfterUnitsForTests) {
                stop.set(true);
            }
            if (options.json != null && System.nanoTime() - lastCheckpoint > 30_000_000_000L) {
                // Checkpoint: even a killed run can be resumed from the last 30 s.
                flush();
                new ResultFile(Version.VERSION, config, done, false, tally, null).write(options.json);
                lastCheckpoint = System.nanoTime();
            }
        }

        private void flush() throws IOException {
            if (records != null) {
                records.flush();
            }
            if (csv != null) {
                csv.flush();
            }
        }

        void signalWritten() {
            written.countDown();
        }

        @Override
        public void close() throws IOException {
            // Timing goes to stderr: it differs from run to run, the results on stdout do not.
            if (played > 0) {
                System.err.printf("played %,d games in %.1f s (%,.0f games/s) on %d thread%s%n", played, seconds,
                        played / Math.max(seconds, 1e-9), options.threads(), options.threads() == 1 ? "" : "s");
            }
            if (lastForfeit != null) {
                System.err.println("last forfeit: " + lastForfeit);
            }
            try {
                flush();
            } finally {
                if (records != null) {
                    records.close();
                }
                if (csv != null) {
                    csv.close();
                }
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

    /**
     * Opens an output file. When resuming, the file must hold at least the lines of the games
     * already played (plus the header); any lines beyond (games the interrupted run played but
     * did not count) are cut, so the finished file is exactly that of an uninterrupted run.
     */
    private static BufferedWriter open(Path file, boolean resuming, long games, String header) throws IOException {
        if (file == null) {
            return null;
        }
        if (resuming) {
            long keep = games + (header != null ? 1 : 0);
            if (!Files.exists(file)) {
                throw new UserError(file + ": missing; resuming needs the file the interrupted run wrote");
            }
            long offset = 0;
            long lines = 0;
            try (var in = Files.newInputStream(file)) {
                byte[] buf = new byte[1 << 16];
                int n;
                outer:
                while ((n = in.read(buf)) > 0) {
                    for (int i = 0; i < n; i++) {
                        offset++;
                        if (buf[i] == '\n' && ++lines == keep) {
                            break outer;
                        }
                    }
                }
            }
            if (lines < keep) {
                throw new UserError(file + ": has " + lines + " lines but the interrupted run had finished " + keep
                        + "; it cannot be resumed");
            }
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(offset);
            }
            return Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        if (header != null) {
            w.write(header);
            w.write('\n');
        }
        return w;
    }

    private static String csvHeader(Plan plan) {
        StringBuilder sb = new StringBuilder("unit,game,deal_seed,variant");
        int k = plan.players();
        for (int s = 0; s < k; s++) {
            sb.append(",bot").append(s);
        }
        for (int s = 0; s < k; s++) {
            sb.append(",score").append(s);
        }
        for (int s = 0; s < k; s++) {
            sb.append(",cards").append(s);
        }
        return sb.append(",winners,turns,forfeit_seat,forfeit_reason").toString();
    }

    private static String csvRow(Plan plan, GameOutcome g) {
        GameResult r = g.result();
        StringBuilder sb = new StringBuilder();
        sb.append(g.unit()).append(',').append(g.game()).append(',').append(g.dealSeed()).append(',')
                .append(plan.ruleSets().get(g.variant()).variant().jsonName());
        for (int b : g.seatBots()) {
            sb.append(',').append(csvText(plan.bots().get(b).label()));
        }
        for (int s : r.scores()) {
            sb.append(',').append(s);
        }
        for (int c : r.cards()) {
            sb.append(',').append(c);
        }
        StringBuilder w = new StringBuilder();
        for (int s = 0; s < r.players(); s++) {
            if (r.isWinner(s)) {
                w.append(w.length() == 0 ? "" : " ").append(s);
            }
        }
        sb.append(',').append(w).append(',').append(r.turns()).append(',')
                .append(r.isForfeit() ? Integer.toString(r.forfeitSeat()) : "").append(',')
                .append(r.isForfeit() ? r.forfeit().jsonName() : "");
        return sb.toString();
    }

    private static String csvText(String s) {
        return s.contains(",") || s.contains("\"") || s.contains(" ") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /** The deck option, for subclasses. */
    Deck deck() {
        return options.deck();
    }
}
