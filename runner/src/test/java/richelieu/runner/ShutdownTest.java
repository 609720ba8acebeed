package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.study.ResultReader;
import richelieu.strategies.PluginJars;
import richelieu.strategies.exec.ExecStrategy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A run stopped by Ctrl-C, by a plug-in's {@code System.exit} or while an
 * {@code exec:} bot hangs ends within seconds, commits no game that was in flight (no crash
 * forfeit from a bot killed by the shutdown), saves every committed unit, and resumes to exactly
 * the result of an uninterrupted run.
 *
 * <p>The real runner is started in a JVM of its own, in a session and process group of its own
 * (through {@code setsid}), as a shell starts a foreground job; a terminal's Ctrl-C is SIGINT to
 * that whole group, which the tests send with {@code kill -INT -- -pgid}. Shutdown times are
 * asserted with a generous bound (the machine is shared); the design bound is 5 s.
 */
@Tag("slow")
class ShutdownTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Generous: the runner's own bound is 5 s, but a loaded machine slows everything. */
    private static final long EXIT_BOUND_MILLIS = 15_000;

    @TempDir
    Path dir;

    @BeforeAll
    static void requirePythonAndSetsid() throws Exception {
        for (String[] probe : List.of(new String[]{"python3", "-c", "pass"}, new String[]{"setsid", "true"})) {
            Process p = new ProcessBuilder(probe).redirectErrorStream(true).start();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                fail("ShutdownTest needs " + probe[0] + " on the PATH");
            }
        }
    }

    /** A test bot of src/test/resources/bots, as an absolute path. */
    private static String script(String name) {
        try {
            return Path.of(ShutdownTest.class.getResource("/bots/" + name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The spec of the steady test bot: logs game starts to {@code log}, sleeps {@code delay} s a move. */
    private static String bot(Path log, String delay, Path hangMarker) {
        return "exec:python3 " + script("steady_bot.py") + " " + log + " " + delay + (hangMarker == null ? "" : " " + hangMarker);
    }

    /** The runner in a JVM of its own, leading its own session and process group (pid = pgid). */
    private Process spawn(String exitMarker, String... args) throws IOException {
        return spawn(List.of(), exitMarker, args);
    }

    /** {@link #spawn(String, String...)} with more options for the JVM. */
    private Process spawn(List<String> jvmOptions, String exitMarker, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("setsid", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1"));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "richelieu.runner.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(dir.toFile()) // where a run without --json saves
                .redirectOutput(dir.resolve("spawned.out").toFile())
                .redirectError(dir.resolve("spawned.err").toFile());
        if (exitMarker != null) {
            pb.environment().put(ExitingPluginFixture.MARKER_ENV, exitMarker);
        }
        return pb.start();
    }

    /** What the spawned runner printed, for failure messages. */
    private String printed() throws IOException {
        return "--- stdout\n" + Files.readString(dir.resolve("spawned.out")) + "--- stderr\n"
                + Files.readString(dir.resolve("spawned.err"));
    }

    /** A terminal's Ctrl-C: SIGINT to the foreground process group. */
    private static void ctrlC(Process p) throws Exception {
        Process k = new ProcessBuilder("kill", "-INT", "--", "-" + p.pid()).redirectErrorStream(true).start();
        assertEquals(0, k.waitFor(), "kill -INT -- -" + p.pid());
    }

    /** Polls until {@code done}; fails if the run ends first or after two minutes. */
    private static void await(String what, java.util.function.BooleanSupplier done, java.util.function.BooleanSupplier running)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!done.getAsBoolean()) {
            assertTrue(running.getAsBoolean(), "the run ended before " + what);
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.sleep(5);
        }
    }

    private static long lines(Path f) {
        try {
            return Files.exists(f) ? Files.readAllLines(f).size() : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** Games started by each process of the steady test bot, by its process id. */
    private static java.util.Map<String, Long> startsPerProcess(Path log) {
        try {
            List<String> starts = Files.exists(log) ? Files.readAllLines(log) : List.of();
            return starts.stream().collect(java.util.stream.Collectors.groupingBy(l -> l, java.util.stream.Collectors.counting()));
        } catch (IOException e) {
            return java.util.Map.of();
        }
    }

    /** Waits for the runner to exit; fails if that takes longer than the bound. Returns the exit code. */
    private int exitWithinBound(Process p, long fromNanos) throws Exception {
        boolean ended = p.waitFor(EXIT_BOUND_MILLIS + 30_000, TimeUnit.MILLISECONDS);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - fromNanos);
        if (!ended) {
            p.destroyForcibly().waitFor();
        }
        System.out.println("ShutdownTest: the runner ended " + millis + " ms after the stop");
        assertTrue(ended && millis <= EXIT_BOUND_MILLIS, "the runner took " + millis + " ms to end (bound "
                + EXIT_BOUND_MILLIS + " ms)\n" + printed());
        return p.exitValue();
    }

    /**
     * The stopped runner ends within the bound with {@code exit}, says it was interrupted (no stack
     * trace), and leaves a valid partial result.
     */
    private void assertStoppedAndSaved(Process p, int exit, Path f) throws Exception {
        assertEquals(exit, exitWithinBound(p, System.nanoTime()), this::printedQuietly);
        String printed = printed();
        assertTrue(printed.contains("interrupted after"), printed);
        assertFalse(printed.contains("Exception"), printed);
        assertValidPartial(f, printed);
    }

    /** The saved partial result is a valid, incomplete file holding some units and no forfeit. */
    private static ResultFile assertValidPartial(Path f, String printed) {
        assertTrue(Files.exists(f), "no result file was saved\n" + printed);
        ResultFile r = ResultReader.readFile(f); // every check of a resume
        assertFalse(r.complete(), "the run was interrupted\n" + printed);
        assertTrue(r.units().count() > 0, "committed units were saved: " + r.units() + "\n" + printed);
        assertEquals(0, r.tally().totalForfeits(), "a game in flight became a forfeit\n" + printed);
        return r;
    }

    /** A run's command line: the command and bots, the options that shape it, and the others. */
    record Command(List<String> bots, List<String> shape, List<String> other) {
        String[] with(List<String> more) {
            List<String> all = new ArrayList<>(bots);
            all.addAll(shape);
            all.addAll(other);
            all.addAll(more);
            all.add("--no-progress");
            return all.toArray(new String[0]);
        }

        String[] resuming(Path partial) {
            List<String> all = new ArrayList<>(bots);
            all.addAll(List.of("--resume", partial.toString(), "--no-progress"));
            all.addAll(other);
            return all.toArray(new String[0]);
        }
    }

    /** Resumes {@code partial} in-process and compares it with one uninterrupted run of the same command. */
    private void assertResumeEqualsOneRun(Path partial, Command run) throws IOException {
        Cli r = Cli.run(run.resuming(partial));
        assertEquals(0, r.exit, r::toString);
        Path one = dir.resolve("one.json");
        Cli o = Cli.run(run.with(List.of("--json", one.toString())));
        assertEquals(0, o.exit, o::toString);
        JsonNode resumed = JSON.readTree(partial.toFile());
        JsonNode single = JSON.readTree(one.toFile());
        assertTrue(resumed.get("progress").get("complete").asBoolean());
        assertEquals(single.get("tally"), resumed.get("tally"), "resumed = one uninterrupted run");
        assertEquals(single.get("statistics"), resumed.get("statistics"));
    }

    // ------------------------------------------------------------------ item 2

    @Test
    void ctrlC_execBotMidGame_gamesInFlightDiscarded_resumeEqualsOneRun() throws Exception {
        Path log = dir.resolve("log.txt");
        Path f = dir.resolve("r.json");
        Command run = new Command(List.of("match", bot(log, "0.002", null), "random"),
                List.of("--pairs", "30", "--seed", "11"), List.of("--threads", "2"));
        Process p = spawn(null, run.with(List.of("--json", f.toString())));
        await("14 games to start", () -> lines(log) >= 14, p::isAlive);
        ctrlC(p);
        assertStoppedAndSaved(p, 130, f);
        assertResumeEqualsOneRun(f, run);
    }

    /**
     * The race behind item 2, made certain: the exec bots' shutdown kills the bot processes while
     * games are in flight. The run's stop flag is set before any bot dies, so those games are
     * dropped — never committed as crash forfeits of the killed bot (which on the old main they
     * were, whenever the bots' shutdown hook ran before the runner's).
     */
    @Test
    void execBotsKilledByTheShutdown_noForfeitCommitted() throws Exception {
        Path log = dir.resolve("log.txt");
        Path f = dir.resolve("r.json");
        Cli[] result = new Cli[1];
        Thread t = new Thread(() -> result[0] = Cli.run("match", bot(log, "0.002", null), "random", "--pairs", "40",
                "--seed", "13", "--threads", "2", "--json", f.toString(), "--no-progress"));
        t.start();
        // Units are committed in unit order, so games started say nothing of what is committed: the
        // worker holding unit 0 may lag far behind the other (its bot slow to start on a loaded
        // machine). A chunk of this run is at most 2 units (40 units / (2 threads x 8)), 4 games: a bot
        // process that has started its 5th game has seen its worker's first chunk end; with both
        // workers past their first chunk, unit 0 and the units up to theirs are committed. (A third
        // process, the bot's check before the run, starts one game.)
        await("each worker's first chunk to end", () -> startsPerProcess(log).values().stream().filter(n -> n >= 5)
                .count() == 2, t::isAlive);
        ExecStrategy.shutdownAll(); // what the JVM's shutdown hook of the exec bots does
        t.join(TimeUnit.SECONDS.toMillis(60));
        assertFalse(t.isAlive(), "the run did not stop");
        Cli c = result[0];
        assertEquals(130, c.exit, c::toString);
        assertValidPartial(f, c.toString());
    }

    /**
     * Where bots share the runner's process group (no setsid, as on macOS), a terminal's Ctrl-C
     * kills them at the moment the runner starts to stop. Such a crash (exit code 130) is reported
     * only after a pause, by when the runner has set its stop flag: the game is dropped, not
     * committed as a forfeit (on the old main it was, as the crash was reported at once).
     */
    @Test
    void botKilledBySigintAsTheRunnerStops_crashDroppedNotForfeited() throws Exception {
        Path marker = dir.resolve("sigint");
        Path f = dir.resolve("r.json");
        Cli[] result = new Cli[1];
        Thread t = new Thread(() -> result[0] = Cli.run("match", "exec:python3 " + script("sigint_bot.py") + " " + marker,
                "random", "--pairs", "20", "--seed", "17", "--threads", "1", "--json", f.toString(), "--no-progress"));
        t.start();
        await("the bot to be hit by SIGINT", () -> Files.exists(marker), t::isAlive);
        // the runner's own handling of the Ctrl-C comes after the bot's death
        long bot = Long.parseLong(Files.readString(marker).strip());
        await("the bot to die of it", () -> ProcessHandle.of(bot).map(h -> !h.isAlive()).orElse(true), t::isAlive);
        ExecStrategy.shutdownAll(); // its stop flag, then the bots killed
        t.join(TimeUnit.SECONDS.toMillis(60));
        assertFalse(t.isAlive(), "the run did not stop");
        assertEquals(130, result[0].exit, result[0]::toString);
        assertValidPartial(f, result[0].toString());
    }

    // ------------------------------------------------------------------ item 4

    @Test
    void pluginCallsSystemExit_committedUnitsSavedWithinBound_resumeEqualsOneRun() throws Exception {
        Path jar = PluginJars.write(dir.resolve("exits.jar"), ExitingPluginFixture.class, true);
        Path marker = dir.resolve("exited");
        Path f = dir.resolve("r.json");
        Command run = new Command(List.of("match", "exits-once", "random"), List.of("--pairs", "40", "--seed", "5"),
                List.of("--plugin", jar.toString(), "--threads", "1"));
        Process p = spawn(marker.toString(), run.with(List.of("--json", f.toString())));
        await("the plug-in to call System.exit", () -> Files.exists(marker), () -> true);
        assertStoppedAndSaved(p, 0, f); // the exit code is the plug-in's
        assertResumeEqualsOneRun(f, run);
    }

    /**
     * The race behind the one failure of the test above (exit 130 instead of the plug-in's 0), made
     * certain under a debugger ({@link ExitRace}): the runner's main thread, released by the end of
     * its own shutdown hook, reaches its exit after all hooks have run but before the plug-in's
     * thread halts. The JDK then halts at once with main's non-zero status; the runner must leave
     * the exit to the shutdown under way instead.
     */
    @Test
    void pluginCallsSystemExit_mainReturnsAfterTheHooksRan_exitCodeStaysThePlugins() throws Throwable {
        Path jar = PluginJars.write(dir.resolve("exits.jar"), ExitingPluginFixture.class, true);
        Path f = dir.resolve("r.json");
        try (ExitRace race = ExitRace.listen()) {
            Process p = spawn(List.of(race.jvmOption()), dir.resolve("exited").toString(), "match", "exits-once", "random",
                    "--pairs", "40", "--seed", "5", "--plugin", jar.toString(), "--threads", "1", "--json", f.toString(),
                    "--no-progress");
            assertRaceEnds(race, p, () -> { }, 0, f); // the plug-in stops the run by itself
        }
    }

    /**
     * The same race with SIGTERM (exit code 143) in place of the plug-in: the runner's own 130 must
     * not replace it.
     */
    @Test
    void sigterm_mainReturnsAfterTheHooksRan_exitCodeStays143() throws Throwable {
        Path log = dir.resolve("log.txt");
        Path f = dir.resolve("r.json");
        try (ExitRace race = ExitRace.listen()) {
            Process p = spawn(List.of(race.jvmOption()), null, "match", bot(log, "0.002", null), "random",
                    "--pairs", "30", "--seed", "11", "--threads", "2", "--json", f.toString(), "--no-progress");
            assertRaceEnds(race, p, () -> {
                await("14 games to start", () -> lines(log) >= 14, p::isAlive);
                Process k = new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).redirectErrorStream(true).start();
                assertEquals(0, k.waitFor(), "kill -TERM " + p.pid());
            }, 143, f);
        }
    }

    /**
     * Drives {@code p} under {@code race} while {@code stop} stops it, then asserts that it ended
     * with {@code exit}, said it was interrupted and left a valid partial result {@code f}.
     */
    private void assertRaceEnds(ExitRace race, Process p, Executable stop, int exit, Path f)
            throws Throwable {
        CompletableFuture<String> events = CompletableFuture.supplyAsync(() -> {
            try {
                return race.drive(TimeUnit.SECONDS.toMillis(120));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        stop.execute();
        String happened = events.get(150, TimeUnit.SECONDS);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the runner did not end\n" + happened + printed());
        assertEquals(exit, p.exitValue(), () -> happened + printedQuietly());
        assertTrue(printed().contains("interrupted after"), printed());
        assertValidPartial(f, printed());
    }

    @Test
    void ctrlC_execBotHangsAndIgnoresSigterm_endsWithinBound_botKilled_resumeEqualsOneRun() throws Exception {
        Path log = dir.resolve("log.txt");
        Path hang = dir.resolve("hang");
        Path f = dir.resolve("r.json");
        Command run = new Command(List.of("match", bot(log, "0", hang), "random"), List.of("--pairs", "12", "--seed", "3"),
                List.of("--threads", "1", "--move-timeout", "60000"));
        Process p = spawn(null, run.with(List.of("--json", f.toString())));
        await("the bot to hang", () -> lines(hang) > 0, p::isAlive);
        ctrlC(p);
        assertStoppedAndSaved(p, 130, f);
        // the runner has ended; the processes it killed may take a moment to be gone
        await("the bot processes to be gone", () -> botProcesses(hang).isEmpty(), () -> true);
        assertResumeEqualsOneRun(f, run);
    }

    // ------------------------------------------------------------------ saving at Ctrl-C

    /** A match of the logging test bot against random without --json, Ctrl-C once {@code games} have started; exit 130. */
    private String interruptedWithoutJson(Path log, int games, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("match", bot(log, "0.002", null), "random", "--pairs", "100000",
                "--threads", "1", "--no-progress"));
        args.addAll(List.of(more));
        Process p = spawn((String) null, args.toArray(new String[0]));
        await(games + " games to start", () -> lines(log) >= games, p::isAlive);
        ctrlC(p);
        assertEquals(130, exitWithinBound(p, System.nanoTime()), this::printedQuietly);
        return printed();
    }

    @Test
    void ctrlC_reportOutlastsTheStop_theSaveIsNamed_noCheckpointClaimed() throws Exception {
        // Before: "could not be saved within 4 s of the stop; the last checkpoint stands" with no
        // checkpoint made, while the partial file was written and never named.
        Path log = dir.resolve("log.txt");
        Process p = spawn((String) null, "tournament", bot(log, "0", null), "random", "greedy", "--pairs", "100000",
                "--threads", "1", "--bootstrap", "200000", "--seed", "1", "--no-progress");
        await("150 games to start", () -> lines(log) >= 150, p::isAlive); // enough for a slow bootstrap
        ctrlC(p);
        assertEquals(130, exitWithinBound(p, System.nanoTime()), this::printedQuietly);
        String printed = printed();
        Path saved = dir.resolve("richelieu-tournament-1.partial.json");
        assertTrue(printed.contains("saved to " + saved + "; continue with --resume " + saved), printed);
        assertFalse(printed.contains("checkpoint"), "no checkpoint was made: " + printed);
        assertValidPartial(saved, printed);
    }

    @Test
    void distance_ctrlCOrSigterm_savesTheGamesMeasuredAndNamesTheFile() throws Exception {
        // Before: exit 130 with no line, nothing saved.
        for (String signal : new String[]{"INT", "TERM"}) {
            Path json = dir.resolve("d-" + signal + ".json");
            Process p = spawn((String) null, "distance", "greedy", "random", "--lineup", "random,greedy", "--games",
                    "100000", "--cards", "4", "--seed", "3", "--threads", "1", "--checkpoint-millis", "0", "--json",
                    json.toString());
            await("a checkpoint of the units measured", () -> Files.exists(json), p::isAlive);
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            assertEquals(signal.equals("INT") ? 130 : 143, exitWithinBound(p, System.nanoTime()), this::printedQuietly);
            String printed = printed();
            assertTrue(printed.contains("saved to " + json), printed);
            richelieu.runner.distance.DistanceResult r = richelieu.runner.study.PerfectPlayStudy.read(json);
            assertTrue(r.games() >= 1 && r.games() < 100000, printed);
            assertTrue(r.command().contains("--games " + r.games() + " "), r.command());
            assertTrue(printed.contains("interrupted after " + String.format("%,d", r.games()) + " of 100,000 units"),
                    printed);
        }
    }

    @Test
    void ctrlC_twiceWithoutJson_theSecondRunSavesUnderAFreshName_theFirstSaveKept() throws Exception {
        // Before: both saved to richelieu-match-1.partial.json, the second over the first.
        Path first = dir.resolve("richelieu-match-1.partial.json");
        String once = interruptedWithoutJson(dir.resolve("log1.txt"), 4);
        assertTrue(once.contains("saved to " + first), once);
        String kept = Files.readString(first);
        Path second = dir.resolve("richelieu-match-1-2.partial.json");
        String twice = interruptedWithoutJson(dir.resolve("log2.txt"), 4);
        assertTrue(twice.contains("saved to " + second + "; continue with --resume " + second), twice);
        assertEquals(kept, Files.readString(first), "the first run's save is kept");
        assertValidPartial(second, twice);
    }

    @Test
    void ctrlC_theDefaultSaveNameIsAFolder_summaryPrinted_savedUnderTheNextName() throws Exception {
        // Before: exit 130 with no summary, nothing saved and no word why.
        Files.createDirectory(dir.resolve("richelieu-match-1.partial.json"));
        String printed = interruptedWithoutJson(dir.resolve("log.txt"), 4);
        assertTrue(printed.contains("forfeits:"), "the summary: " + printed);
        Path next = dir.resolve("richelieu-match-1-2.partial.json");
        assertTrue(printed.contains("saved to " + next), printed);
        assertFalse(printed.contains("internal error") || printed.contains("Exception"), printed);
        assertValidPartial(next, printed);
    }

    @Test
    void ctrlC_theJsonFileCannotBeWritten_summaryAndOneLineWhy_savedUnderTheDefaultName() throws Exception {
        Path json = dir.resolve("r.json");
        Path log = dir.resolve("log.txt");
        Process p = spawn((String) null, "match", bot(log, "0.002", null), "random", "--pairs", "100000", "--threads", "1",
                "--json", json.toString(), "--no-progress");
        await("4 games to start", () -> lines(log) >= 4, p::isAlive);
        Files.createDirectory(json); // before its first checkpoint
        ctrlC(p);
        assertEquals(130, exitWithinBound(p, System.nanoTime()), this::printedQuietly);
        String printed = printed();
        assertTrue(printed.contains("forfeits:"), "the summary: " + printed);
        assertTrue(printed.contains("richelieu: could not save the result to " + json + ": not a regular file"), printed);
        Path saved = dir.resolve("richelieu-match-1.partial.json");
        assertTrue(printed.contains("saved to " + saved), printed);
        assertValidPartial(saved, printed);
    }

    /** The processes whose command line names {@code file} (a test bot's), as "pid command" lines. */
    private static List<String> botProcesses(Path file) {
        return ProcessHandle.allProcesses()
                .filter(h -> h.isAlive() && h.info().commandLine().orElse("").contains(file.toString()))
                .map(h -> h.pid() + " " + h.info().commandLine().orElse("")).toList();
    }

    private String printedQuietly() {
        try {
            return printed();
        } catch (IOException e) {
            return e.toString();
        }
    }
}
