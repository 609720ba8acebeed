package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.study.OutputFiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Output paths are checked before the first game and written safely. */
class OutputPathsTest {
    @TempDir
    Path dir;

    private Cli match(String... extra) {
        String[] args = new String[8 + extra.length];
        String[] base = {"match", "random", "random", "--pairs", "2", "--seed", "5", "--no-progress"};
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return Cli.run(args);
    }

    @Test
    void json_inAFolderThatCannotHoldFiles_exit2BeforeTheFirstGame() {
        Cli c = match("--json", "/proc/x.json");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("--json /proc/x.json: cannot write there"), c::toString);
        assertEquals("", c.out, "nothing is printed or played before the error");
    }

    @Test
    void json_symlink_writesThroughToItsTargetAndKeepsTheLink() throws IOException {
        Path target = dir.resolve("target.json");
        Files.writeString(target, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), target);
        Cli c = match("--json", link.toString());
        assertEquals(0, c.exit, c::toString);
        assertTrue(Files.isSymbolicLink(link), "the link is not replaced by the rename");
        assertTrue(Files.readString(target).contains("\"format\" : \"richelieu-result/1\""));
    }

    @Test
    void json_fifo_refusedAndLeftAsItIs() throws Exception {
        Path fifo = dir.resolve("fifo.json");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, p.waitFor());
        Cli c = match("--json", fifo.toString());
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("not a regular file"), c::toString);
        assertTrue(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(fifo), "still the FIFO");
    }

    @Test
    void csvAndRecords_onePathInTwoSpellings_exit2() throws IOException {
        Path x = dir.resolve("x.txt");
        Cli same = match("--csv", x.toString(), "--records", x.toString());
        assertEquals(2, same.exit, same::toString);
        assertTrue(same.err.contains("--csv and --records name the same file"), same::toString);
        Files.createDirectories(dir.resolve("sub"));
        Cli spelled = match("--csv", dir.resolve("sub/../x.txt").toString(), "--records", dir.resolve("./x.txt").toString());
        assertEquals(2, spelled.exit, spelled::toString);
        Path link = Files.createSymbolicLink(dir.resolve("alias.txt"), x);
        Cli linked = match("--json", link.toString(), "--records", x.toString());
        assertEquals(2, linked.exit, linked::toString);
        assertTrue(linked.err.contains("--json and --records name the same file"), linked::toString);
        assertFalse(Files.exists(x), "nothing was written");
    }

    @Test
    void csv_sameFileAsTheDeck_exit2() throws IOException {
        Path deck = dir.resolve("deck.json");
        Files.writeString(deck, richelieu.engine.Deck.standard().toJson());
        Cli c = match("--deck", deck.toString(), "--csv", deck.toString());
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("--csv and --deck name the same file"), c::toString);
        assertEquals(richelieu.engine.Deck.standard().toJson(), Files.readString(deck), "the deck is untouched");
    }

    @Test
    void outputFileThatCannotBeOpened_isAUserErrorNamingIt() {
        Path csv = Path.of("/proc/richelieu-no-such-folder/games.csv");
        UserError e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
                () -> OutputFiles.open(null, csv, "header", false, 0));
        assertTrue(e.getMessage().startsWith(csv + ": cannot write it ("), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void reportOut_aFolderThatCannotBeMade_exit2BeforeTheFirstGame() throws IOException {
        Path config = dir.resolve("studies.json");
        Files.writeString(config, "{\"seed\": 5, \"studies\": [{\"id\": \"ladder\", \"title\": \"Ladder\", \"question\": \"?\", "
                + "\"args\": [\"tournament\", \"random\", \"greedy\", \"--pairs\", \"2\"], \"quick\": [\"tournament\", "
                + "\"random\", \"greedy\", \"--pairs\", \"2\"]}]}");
        Cli c = Cli.run("report", "--config", config.toString(), "--out", "/proc/richelieu-report");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.startsWith("richelieu: --out /proc/richelieu-report: cannot write there")
                && c.err.strip().lines().count() == 1, c::toString);
        assertEquals("", c.out, "no study was run");
    }

    private final java.util.List<Process> drains = new java.util.ArrayList<>();

    /**
     * A FIFO with a reader at its other end, so that a command that wrongly writes to it ends
     * (and fails its test) instead of blocking for ever.
     */
    private Path fifo(String name) throws Exception {
        Path fifo = dir.resolve(name);
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        drains.add(new ProcessBuilder("sh", "-c", "while true; do cat \"$0\" > /dev/null; done", fifo.toString()).start());
        return fifo;
    }

    @org.junit.jupiter.api.AfterEach
    void stopDrains() {
        drains.forEach(p -> p.descendants().forEach(ProcessHandle::destroy));
        drains.forEach(Process::destroy);
    }

    private Path records() {
        return Cli.twoRecordedGames(dir);
    }

    private static void assertOneLine(Cli c, String expected) {
        c.assertRefused(expected, expected);
        assertFalse(c.err.contains("Exception") || c.err.contains("Error:"), c::toString);
    }

    @Test
    void outputs_aLoopOfSymbolicLinks_oneLineErrorBeforeTheFirstGame() throws IOException {
        // Before: StackOverflowError, exit 1.
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        for (String flag : new String[]{"--json", "--csv", "--records"}) {
            Cli c = match(flag, a.toString());
            assertOneLine(c, flag + " " + a + ": a loop of symbolic links");
            assertEquals("", c.out, "nothing played");
        }
        Path m = ResultFiles.smallMatch(dir.resolve("m.json"));
        assertOneLine(Cli.run("merge", m.toString(), "--json", a.toString()), "a loop of symbolic links");
        assertOneLine(Cli.run("first-player", "random", "--games", "2", "--json", a.toString()), "a loop of symbolic links");
    }

    @Test
    void view_outputIsTheRecordsFile_refusedAndTheRecordsKept() throws IOException {
        // Before: the records were replaced by the HTML page (also through a symlink).
        Path rec = records();
        String before = Files.readString(rec);
        assertOneLine(Cli.run("view", rec.toString(), "-o", rec.toString()), "the output would overwrite the input");
        Path link = Files.createSymbolicLink(dir.resolve("page.html"), rec);
        assertOneLine(Cli.run("view", rec.toString(), "-o", link.toString()), "the output would overwrite the input");
        assertEquals(before, Files.readString(rec));
    }

    @Test
    void ratings_outputIsAnInputFile_refusedAndTheFileKept() throws IOException {
        Path m = ResultFiles.smallMatch(dir.resolve("a.json"));
        String before = Files.readString(m);
        assertOneLine(Cli.run("ratings", m.toString(), "--json", m.toString()), "the output would overwrite the input");
        assertOneLine(Cli.run("ratings", m.toString(), "--csv", dir.resolve("./a.json").toString()),
                "the output would overwrite the input");
        assertEquals(before, Files.readString(m));
    }

    @Test
    void outputs_aHardLinkOfAnInput_refusedAndTheInputKept() throws IOException {
        // Before: paths were compared, not files: a hard link of the input was overwritten.
        Path m = dir.resolve("a.json");
        Cli.ok("match", "greedy", "random", "--pairs", "2", "--seed", "5", "--json", m.toString(), "--no-progress");
        String before = Files.readString(m);
        Path hard = Files.createLink(dir.resolve("h.json"), m);
        assertOneLine(Cli.run("ratings", m.toString(), "--json", hard.toString()), "the output would overwrite the input");
        assertOneLine(Cli.run("ratings", m.toString(), "--csv", hard.toString()), "the output would overwrite the input");
        Path rec = records();
        Path recHard = Files.createLink(dir.resolve("page.html"), rec);
        String records = Files.readString(rec);
        assertOneLine(Cli.run("view", rec.toString(), "-o", recHard.toString()), "the output would overwrite the input");
        assertOneLine(match("--resume", m.toString(), "--csv", hard.toString()), "the output would overwrite the input");
        assertEquals(before, Files.readString(m));
        assertEquals(records, Files.readString(rec));
    }

    @Test
    void json_devStdoutThroughAPipe_saysWhatItIs() throws Exception {
        // Before: "--json /dev/stdout: /dev/stdout".
        Spawned s = Spawned.run(dir, java.util.Map.of(), "match", "random", "greedy", "--pairs", "1", "--json",
                "/dev/stdout", "--no-progress");
        assertEquals(2, s.exit(), s::toString);
        assertEquals("richelieu: --json /dev/stdout: not a regular file (a pipe, socket or terminal); give the path of a "
                + "file", s.err().strip());
    }

    @Test
    void outputs_twoHardLinksOfOneFile_refusedAsOneFile() throws IOException {
        Path x = Files.writeString(dir.resolve("x.csv"), "old");
        Path y = Files.createLink(dir.resolve("y.jsonl"), x);
        assertOneLine(match("--csv", x.toString(), "--records", y.toString()), "--csv and --records name the same file");
        assertEquals("old", Files.readString(x));
    }

    @Test
    void viewAndRatings_fifoOutput_refusedAtOnce() throws Exception {
        // Before: view blocked for ever opening the FIFO.
        Path rec = records();
        Path f = fifo("out.html");
        assertOneLine(Cli.run("view", rec.toString(), "-o", f.toString()), "not a regular file");
        Path m = ResultFiles.smallMatch(dir.resolve("m.json"));
        assertOneLine(Cli.run("ratings", m.toString(), "--json", f.toString()), "not a regular file");
    }

    @Test
    void play_records_checkedBeforeTheFirstMove() throws Exception {
        // Before: a folder as --records played the whole game, then "cannot write d", and the game was lost.
        Path folder = Files.createDirectories(dir.resolve("d"));
        Path f = fifo("rec.jsonl");
        for (String bad : new String[]{folder.toString(), f.toString(), "/sys/x.jsonl"}) {
            InputStream old = System.in;
            Cli c;
            try {
                System.setIn(new java.io.ByteArrayInputStream("1\n".repeat(400).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
                c = Cli.run("play", "random", "--seed", "2", "--records", bad);
            } finally {
                System.setIn(old);
            }
            assertOneLine(c, "--records " + bad + ": ");
            assertFalse(c.out.contains("your move"), "no move was asked for: " + c);
        }
        Cli folderRun = Cli.run("play", "random", "--records", folder.toString());
        assertTrue(folderRun.err.contains("not a regular file"), folderRun::toString);
    }

    @Test
    void json_missingFolders_areCreatedAndSaidSo() throws IOException {
        Path json = dir.resolve("new/sub/r.json");
        Cli c = match("--json", json.toString());
        assertEquals(0, c.exit, c::toString);
        assertTrue(Files.exists(json));
        assertTrue(c.err.contains("created the folder " + dir.resolve("new/sub") + " for --json"), c::toString);
        Cli again = match("--json", json.toString());
        assertFalse(again.err.contains("created"), again::toString);
    }

    @Test
    void outputs_theProgramOrAFileOfAnExecBot_refusedBeforeAnythingRunsAndTheFileKept() throws IOException {
        // Before: --csv truncated the bot's program before it started, --json replaced it with the result.
        Path bot = Files.writeString(dir.resolve("bot.sh"), "#!/bin/sh\nexec python3 examples/python-bot/random_bot.py\n");
        assertTrue(bot.toFile().setExecutable(true));
        String program = Files.readString(bot);
        Path relative = Path.of("").toAbsolutePath().relativize(bot);
        Path link = Files.createSymbolicLink(dir.resolve("link.sh"), bot);
        Path hard = Files.createLink(dir.resolve("hard.sh"), bot);
        for (String flag : new String[]{"--json", "--csv", "--records"}) {
            for (Path out : new Path[]{bot, Path.of("./" + relative), link, hard}) {
                Cli c = Cli.run("match", "exec:" + bot, "random", "--pairs", "1", "--no-progress", flag, out.toString());
                assertOneLine(c, flag + " and the bot exec:" + bot + " name the same file");
                assertEquals("", c.out, "nothing played");
            }
            Cli spelled = Cli.run("match", "mine=exec:./" + relative, "random", "--pairs", "1", "--no-progress",
                    flag + "=" + link);
            assertOneLine(spelled, "the output would overwrite the input");
        }
        assertOneLine(Cli.run("tune", "heuristic", "--against", "exec:" + bot, "--iterations", "1", "--no-progress",
                "--json", hard.toString()), "--json and the bot exec:" + bot + " name the same file");
        assertOneLine(Cli.run("tournament", "random", "greedy", "exec:--move-timeout=300 sh '" + bot + "'",
                "--pairs", "1", "--no-progress", "--records", bot.toString()), "the output would overwrite the input");
        assertOneLine(Cli.run("distance", "greedy", "--lineup", "random,exec:" + bot, "--games", "2", "--cards", "4",
                "--json", link.toString()), "the output would overwrite the input");
        assertOneLine(Cli.run("play", "exec:sh " + bot, "--records", hard.toString()),
                "the output would overwrite the input");
        assertEquals(program, Files.readString(bot), "the program is untouched");
    }
    @Test
    void resume_rememberedRecordsOrCsv_aFileOfAnExecBot_refusedBeforeAnythingRunsAndTheFileKept() throws IOException {
        // Before: the resume cut the file the bot reads back to the run's games and appended the new ones.
        Path bot = Files.writeString(dir.resolve("bot.sh"), "exit 0\n");
        for (String flag : new String[]{"--records", "--csv"}) {
            Path out = dir.resolve("games" + flag.substring(2) + ".txt");
            Path json = dir.resolve(flag.substring(2) + ".json");
            String spec = "exec:sh " + bot + " " + out; // out is not there yet, so the first run may write it
            Cli first = Cli.run("match", spec, "random", "--pairs", "1", "--no-progress", "--json", json.toString(),
                    flag, out.toString());
            assertTrue(Files.exists(json) && Files.exists(out), first::toString);
            String kept = Files.readString(out);
            Cli c = Cli.run("match", spec, "random", "--pairs", "2", "--no-progress", "--resume", json.toString());
            assertOneLine(c, flag + " (remembered in " + json + ") and the bot " + spec + " (its argument " + out
                    + ") name the same file");
            assertEquals("", c.out, "nothing played");
            assertEquals(kept, Files.readString(out), "the bot's file is untouched");
        }
    }
    @Test
    void tuneConfirm_checkpointFileIsAFileOfAnExecBot_refusedBeforeAnythingRuns() throws IOException {
        // Before: the tuning was played, then its confirmation took the bot's file for its checkpoints.
        Path json = dir.resolve("t.json");
        Path program = Files.writeString(dir.resolve("t.json.confirm.json"), "exit 0\n");
        Cli c = Cli.run("tune", "heuristic", "--param", "marker=0..10", "--against", "exec:sh " + program,
                "--iterations", "1", "--no-progress", "--json", json.toString(), "--confirm");
        assertOneLine(c, "--confirm (its checkpoint file) and the bot exec:sh " + program);
        assertEquals("", c.out, "nothing played");
        assertFalse(Files.exists(json));
        assertEquals("exit 0\n", Files.readString(program));
    }

    @Test
    void report_aFileItWritesIsAFileOfAConfigStudysExecBot_refusedBeforeAnythingRuns() throws IOException {
        // Before: the study was played and the report's README replaced the file its bot was given.
        Path out = Files.createDirectories(dir.resolve("out"));
        Path bot = Path.of("..", "examples", "python-bot", "random_bot.py").toAbsolutePath().normalize();
        for (String name : new String[]{"README.md", "m.txt", "m.json", "ladder.png"}) {
            Path file = Files.writeString(out.resolve(name), "the bot's own data\n");
            String spec = "exec:python3 " + bot + " " + file;
            Path config = Files.writeString(dir.resolve("studies.json"), "{\"seed\": 1, \"studies\": [{\"id\": \"m\", "
                    + "\"title\": \"m\", \"question\": \"?\", \"args\": [\"match\", \"" + spec + "\", \"random\", "
                    + "\"--pairs\", \"1\"], \"quick\": [\"match\", \"random\", \"random\"]}]}");
            Cli c = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "1");
            assertOneLine(c, " and the bot " + spec + " (its argument " + file + ") name the same file");
            assertEquals("", c.out, "nothing played");
            assertEquals("the bot's own data\n", Files.readString(file));
            Files.delete(file);
        }
    }
}
