package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.study.ResultReader;
import richelieu.runner.study.StudyRun;
import richelieu.runner.spsa.TextParameterBotFactory;
import richelieu.strategies.PluginJars;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code richelieu tune} as a user runs it: bad input refused in one line, the same file at any
 * thread count and after Ctrl-C and {@code --resume}, every seating of the points with 3 and 4
 * players, plug-in parameters tuned by name, a tampered course refused, and on real games a bad
 * starting value that moves to the good region and is confirmed by an SPRT.
 */
class TuneCommandTest {

    /** A cheap run: heuristic's marker weight, head to head, 3 iterations of 2 deals. */
    private static final String[] SMALL = {"tune", "heuristic", "--param", "marker=0..10,c_end=2,r_end=0.05",
            "--param", "winBonus=0..100", "--iterations", "3", "--batch", "2", "--seed", "7", "--no-progress"};

    private static String[] with(String[] base, String... more) {
        List<String> all = new ArrayList<>(List.of(base));
        all.addAll(List.of(more));
        return all.toArray(new String[0]);
    }

    private static JsonNode json(Path f) throws IOException {
        return ResultFile.MAPPER.readTree(f.toFile());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
            "tune needs the bot to tune#tune --param c=0..1",
            "nothing to tune: name a parameter with --param#tune ismcts2",
            "bot 'ismcts2' has no parameter 'cc'#tune ismcts2 --param cc=0..1",
            "bot 'heuristic' has no parameter 'c'; its numbers: marker#tune heuristic --param c=0..1",
            "--param c: the range 2..1 must go from low to high#tune ismcts2 --param c=2..1",
            "--param mast: the range 0..2 goes beyond what ismcts2 accepts (0..1)#tune ismcts2 --param mast=0..2",
            "--param reuse: ismcts2's reuse is true|false, not a number#tune ismcts2 --param reuse=0..1",
            "--param c: its default, 0.7, lies outside the range 1..2#tune ismcts2 --param c=1..2",
            "--players must be 2, 3 or 4, not 5#tune heuristic --param marker=0..10 --players 5",
            "--iterations must be at least 1, not 0#tune heuristic --param marker=0..10 --iterations 0",
            "--batch must be at least 1 deal, not 0#tune heuristic --param marker=0..10 --batch 0",
            "tune is sequential#tune heuristic --param marker=0..10 --shard 0/2",
            "alpha must lie in (0, 1]#tune heuristic --param marker=0..10 --spsa-alpha 2",
            "unknown bot 'nobot'#tune heuristic --param marker=0..10 --against nobot",
            "takes a command line, not parameters#tune 'exec:python3 bot.py' --param x=0..1",
            "--confirm needs --json FILE#tune heuristic --param marker=0..10 --confirm",
            "--confirm runs a 2-player SPRT#tune heuristic --param marker=0..10 --players 3 --confirm --json x.json",
            "--confirm: --elo1 must be greater than --elo0#tune heuristic --param marker=0..10 --confirm --elo1 -5 --json x.json",
            // Before: accepted, θ became NaN and the run ended with a parser message and no --json.
            "--param c: c_end 1e300 is larger than the range 0..1#tune ismcts-mast --param c=0..1,c_end=1e300",
            "--param marker: r_end 1e300 times c_end 0.5 is 5e299, a step larger than the range 0..10 for one net win#"
                    + "tune heuristic --param marker=0..10,r_end=1e300",
            // Before: read as 0..0.1 without a word.
            "--param c: '0...1' reads two ways (0..0.1 or 0..1)#tune ismcts-mast --param c=0...1",
            // Before: the message printed the range as 0..1000…000 (309 digits).
            "--param c: the range 0..1e308 goes beyond what ismcts-mast accepts#tune ismcts-mast --param c=0..1e308",
            // Before: the errors named sprt's own --max-games and --batch.
            "--confirm: --confirm-max-games must be at least 2#tune heuristic --param marker=0..10 --confirm "
                    + "--confirm-max-games 1 --json x.json",
            "and --confirm-batch at least 1#tune heuristic --param marker=0..10 --confirm "
                    + "--confirm-batch 0 --json x.json"})
    void tune_badInput_isRefusedInOneLineBeforeAnyGame(String expected, String command, @TempDir Path dir) {
        List<String> args = new ArrayList<>();
        for (String a : command.split(" ")) {
            args.add(a.replace("'", "").replace("x.json", dir.resolve("x.json").toString()));
        }
        if (command.contains("exec:")) {
            args = List.of("tune", "exec:python3 bot.py", "--param", "x=0..1");
        }
        Cli c = Cli.refused(expected, args.toArray(new String[0]));
        assertEquals("", c.out, "nothing printed, nothing played");
        assertFalse(Files.exists(dir.resolve("x.json")));
    }

    @Test
    void tune_anyThreadCount_writesTheSameFileAndText(@TempDir Path dir) throws IOException {
        Path one = dir.resolve("one.json");
        Path two = dir.resolve("two.json");
        Cli a = Cli.ok(with(SMALL, "--threads", "1", "--json", one.toString()));
        Cli b = Cli.ok(with(SMALL, "--threads", "2", "--json", two.toString()));
        assertEquals(a.out, b.out);
        assertEquals(Files.readString(one), Files.readString(two));
        JsonNode course = json(one).get("course");
        assertEquals(3, course.get("iterations").size());
        assertEquals("marker", course.get("parameters").get(0).asText());
        // Each iteration: 2 deals played twice, one meeting of the points per game.
        for (JsonNode it : course.get("iterations")) {
            long meetings = 0;
            for (JsonNode x : it.get("plus")) {
                meetings += x.asLong();
            }
            assertEquals(4, meetings);
        }
        assertTrue(a.out.contains("tune: 3 of 3 iterations, 12 games"), a.out);
        // Its chart: θ of each parameter against the iterations, in its range.
        Cli chart = Cli.ok("chart", one.toString());
        assertTrue(chart.out.contains("one-theta.png"), chart.out);
        String svg = Files.readString(dir.resolve("one-theta.svg"));
        assertTrue(svg.contains("Tuning heuristic (2 players, base, head to head): θ by iteration"), svg.substring(0, 900));
        assertTrue(svg.contains("x axis: iteration (4 games each; 12 in all)"), svg.substring(0, 900));
        assertTrue(svg.contains("marker (range 0..10): start 1.5, after 3 iterations "), svg.substring(0, 1500));
        assertTrue(svg.contains("winBonus (range 0..100): start 50, after 3 iterations "), svg.substring(0, 1500));
        assertTrue(a.out.contains("not confirmed: the tuned bot counts as better only once an SPRT accepts H1"), a.out);
    }

    @Test
    void tune_stoppedMidIterationAndResumed_endsWithTheUninterruptedRunsFile(@TempDir Path dir) throws IOException {
        Path whole = dir.resolve("whole.json");
        Path cut = dir.resolve("cut.json");
        Cli.ok(with(SMALL, "--json", whole.toString()));
        // 2 units an iteration: stopped after 3 units, in the middle of the second iteration.
        ResultFiles.stopped(3, with(SMALL, "--json", cut.toString()));
        assertEquals(3, ResultFiles.savedPrefix(cut));
        assertEquals(1, json(cut).get("course").get("iterations").size(), "the cut iteration is not in the course");
        // the file alone: its bot, settings and seed are the run's
        Cli resumed = Cli.ok("tune", "--resume", cut.toString(), "--no-progress");
        assertTrue(resumed.out.contains("tune: 3 of 3 iterations"), resumed.out);
        assertEquals(Files.readString(whole), Files.readString(cut));
    }

    @Test
    void tune_resumeWithOtherSettings_isRefused(@TempDir Path dir) throws IOException {
        Path cut = dir.resolve("cut.json");
        ResultFiles.stopped(3, with(SMALL, "--json", cut.toString()));
        Cli.refused("the command line differs from the file in deals: 8 vs 6", "tune", "heuristic", "--resume",
                cut.toString(), "--iterations", "4");
        Cli.refused("the command line differs from the file in settings", "tune", "heuristic", "--resume",
                cut.toString(), "--param", "marker=0..10,c_end=2,r_end=0.06", "--param", "winBonus=0..100");
    }

    @Test
    void tune_resumeAloneOfAFileWhoseBotIsAProgram_refused_theProgramNeverStarted(@TempDir Path dir) throws IOException {
        Path cut = dir.resolve("cut.json");
        ResultFiles.stopped(3, with(SMALL, "--json", cut.toString()));
        String evil = "exec:sh -c 'touch " + dir.resolve("started") + "; exec cat'";
        ResultFiles.edit(cut, n -> ((com.fasterxml.jackson.databind.node.ObjectNode) n.get("config").get("settings"))
                .put("bot", evil));
        // the file's tuned bot must be a bot of key=value parameters: a program there is refused as the file is read
        Cli.refused("config.settings.bot: not a key=value bot spec", "tune", "--resume", cut.toString());
        assertFalse(Files.exists(dir.resolve("started")), "a program named only in a result file was started");
    }

    @Test
    void tune_threeAndFourPlayers_seatThePointsInEveryPairOfSeats(@TempDir Path dir) throws IOException {
        Path three = dir.resolve("three.json");
        Path four = dir.resolve("four.json");
        Path against = dir.resolve("against.json");
        String[] base = {"tune", "heuristic", "--param", "marker=0..10", "--iterations", "2", "--batch", "1", "--seed",
                "3", "--no-progress"};
        Cli.ok(with(base, "--players", "3", "--json", three.toString()));
        Cli.ok(with(base, "--players", "4", "--json", four.toString()));
        Cli a = Cli.ok(with(base, "--players", "3", "--against", "greedy", "--json", against.toString()));
        // 3 players: both orders of the points, every rotation: the 6 seatings; 4 players: the 12.
        assertEquals("[[0,1,2],[1,0,2]]", json(three).get("config").get("lineups").toString());
        assertEquals("[[0,1,2,2],[1,0,2,2],[0,2,1,2]]", json(four).get("config").get("lineups").toString());
        assertEquals(List.of("plus", "minus", "theta"), labels(json(four)));
        assertEquals(24, json(four).get("tally").get("games").asLong());
        assertEquals(12, meetings(json(three)));
        assertEquals(24, meetings(json(four)));
        // Against an opponent: each point in one seat, greedy in the two others; two meetings a game.
        assertEquals("[[0,2,2],[1,2,2]]", json(against).get("config").get("lineups").toString());
        assertEquals(List.of("plus", "minus", "greedy"), labels(json(against)));
        assertEquals(12, meetings(json(against)), "6 games of each point, two meetings each, 2 iterations");
        assertTrue(a.out.contains("against greedy (every iteration): plus "), a.out);
        // The chart's title says who played: the player count, the variant and the opponent.
        Cli.ok("chart", four.toString());
        Cli.ok("chart", against.toString());
        assertTrue(Files.readString(dir.resolve("four-theta.svg")).contains("Tuning heuristic (4 players, base, self-play): "
                + "θ by iteration"), "four-theta.svg");
        assertTrue(Files.readString(dir.resolve("against-theta.svg")).contains("Tuning heuristic (3 players, base, "
                + "against greedy): θ by iteration"), "against-theta.svg");
    }

    private static List<String> labels(JsonNode file) {
        List<String> l = new ArrayList<>();
        for (JsonNode b : file.get("config").get("bots")) {
            String s = b.asText();
            l.add(s.contains("=") && s.indexOf('=') < s.indexOf(':') ? s.substring(0, s.indexOf('=')) : s);
        }
        return l;
    }

    /** The plus point's meetings over the course. */
    private static long meetings(JsonNode file) {
        long n = 0;
        for (JsonNode it : file.get("course").get("iterations")) {
            for (JsonNode x : it.get("plus")) {
                n += x.asLong();
            }
        }
        return n;
    }

    @Test
    void tune_pluginParameterWithoutType_isTunedByName(@TempDir Path dir) throws IOException {
        Path jar = PluginJars.write(dir.resolve("old.jar"), TextParameterBotFactory.class, true);
        Path f = dir.resolve("old.json");
        Cli c = Cli.ok("tune", "oldstyle", "--param", "depth=1..8,c_end=1,r_end=1", "--param", "weight=0..2",
                "--plugin", jar.toString(), "--iterations", "2", "--batch", "1", "--no-progress", "--json", f.toString());
        assertTrue(c.out.contains("  tuned: oldstyle:depth="), c.out);
        assertEquals("depth=1..8,start=3,c_end=1,r_end=1,type=integer; weight=0..2,start=0.5,c_end=0.1,r_end=0.002,"
                + "type=real", json(f).get("config").get("settings").get("params").asText());
        Cli.refused("type must be integer or real", "tune", "oldstyle", "--param", "depth=1..8,type=whole", "--plugin",
                jar.toString());
        // Before: accepted; the gains overflowed and θ became NaN mid-run.
        Cli.refused("--param weight: c_end 1e307 and r_end 0.002 make SPSA's first steps infinite", "tune", "oldstyle",
                "--param", "weight=0..1e308,c_end=1e307", "--plugin", jar.toString(), "--iterations", "2", "--batch", "1");
    }

    @Test
    void tune_pluginBotConstructorThrowsMidRun_stopsAsAtCtrlC_everyFinishedIterationSaved(@TempDir Path dir)
            throws Exception {
        // Before: an internal error (exit 1), and the iterations since the last checkpoint were lost.
        Path jar = PluginJars.write(dir.resolve("fragile.jar"), FragilePluginFixture.class, true);
        Path f = dir.resolve("t.json");
        Path broken = dir.resolve("broken");
        Cli[] result = new Cli[1];
        System.setProperty(FragilePluginFixture.BREAK_PROPERTY, broken.toString());
        try {
            Thread t = new Thread(() -> result[0] = Cli.run("tune", "fragile", "--param", "x=0..1", "--plugin",
                    jar.toString(), "--iterations", "100000", "--batch", "1", "--threads", "1", "--no-progress",
                    "--json", f.toString(), "--checkpoint-millis", "0")); // the course is in the file after every iteration
            t.start();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(f) || json(f).path("course").path("iterations").size() < 2) {
                assertTrue(t.isAlive() && System.nanoTime() < deadline, "no iteration was saved");
                Thread.sleep(5);
            }
            Files.writeString(broken, "");
            t.join(java.util.concurrent.TimeUnit.SECONDS.toMillis(60));
            assertFalse(t.isAlive(), "the tuning did not stop");
        } finally {
            System.clearProperty(FragilePluginFixture.BREAK_PROPERTY);
        }
        Cli c = result[0];
        assertEquals(2, c.exit, c::toString);
        List<String> err = c.err.strip().lines().toList();
        assertTrue(err.get(err.size() - 1).startsWith("richelieu: could not make the bots plus=fragile:x=")
                && err.get(err.size() - 1).endsWith("IllegalStateException: fragile is broken"), c::toString);
        assertFalse(c.err.contains("internal error") || c.err.contains("\tat "), c::toString);
        int saved = json(f).get("course").get("iterations").size();
        assertTrue(saved >= 2, c::toString);
        assertTrue(c.out.contains(String.format("tune: %,d of 100,000 iterations", saved)), "the summary: " + c.out);
        assertTrue(c.out.contains("stopped by the error below after ") && c.out.contains("saved to " + f), c.out);
        assertFalse(ResultReader.readFile(f).complete());
    }

    @Test
    void tune_tamperedCourse_isRefusedNamingTheField_andCannotBeMerged(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("t.json");
        Cli.ok(with(SMALL, "--json", f.toString()));
        Cli.refused("holds a tune run, which cannot be merged", "merge", f.toString(), f.toString());
        ResultFiles.edit(f, n -> ((ArrayNode) n.get("course").get("iterations").get(1).get("theta")).set(0, 5.5));
        Cli.refused("course.iterations[1].theta: ", "tune", "heuristic", "--resume", f.toString());
        Cli.refused("course.iterations[1].theta: ", "chart", f.toString(), "-o", dir.toString());
        Path g = dir.resolve("g.json");
        Cli.ok(with(SMALL, "--json", g.toString()));
        ResultFiles.edit(g, n -> ((ArrayNode) n.get("course").get("iterations").get(2).get("plus")).set(0, 9));
        Cli.refused("course.iterations[2].result: ", "tune", "heuristic", "--resume", g.toString());
        Path h = dir.resolve("h.json");
        Cli.ok(with(SMALL, "--json", h.toString()));
        ResultFiles.edit(h, n -> ((ObjectNode) n.get("course")).remove("iterations"));
        Cli.refused("course.iterations", "tune", "heuristic", "--resume", h.toString());
        ResultFiles.edit(h, n -> ((ObjectNode) n.get("config").get("settings")).put("spsa_alpha", "2"));
        Cli.refused("config.settings.spsa_alpha: must be between", "chart", h.toString(), "-o", dir.toString());
        ResultFiles.edit(h, n -> ((ObjectNode) n.get("config").get("settings")).put("params", "marker=9..1"));
        Cli.refused("config.settings.params: --param marker: the range 9..1 must go from low to high", "chart",
                h.toString(), "-o", dir.toString());
    }

    /*
     * On real games: ismcts2 with MAST at 20 iterations a move plays c = 3 about 230 Elo below
     * c = 0.7, and every c from 0.1 to 1 about as well as 0.7 or better (matches of 200-300
     * games, seed 5). The tuner starts at c = 3 with a perturbation and a rate fit for 320 games
     * (c_end 0.5, r_end 0.1) and must end in that good region: it did for each of the seeds 1 to
     * 6 (ending between 0.1 and 0.41). The confirming SPRT (at the same budget: the spec sets
     * millis=0, so no time budget replaces it) must then accept H1 at elo1 = 30.
     */
    @Test
    void tune_badStartingC_movesToTheGoodRegion_andTheSprtConfirmsIt(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("c.json");
        Cli c = Cli.ok("tune", "ismcts2:mast=0.5,iterations=20,millis=0,c=3", "--param", "c=0.1..4,c_end=0.5,r_end=0.1",
                "--iterations", "40", "--batch", "4", "--seed", "2", "--threads", "2", "--no-progress", "--json",
                f.toString(), "--confirm", "--confirm-batch", "20");
        JsonNode file = json(f);
        JsonNode course = file.get("course");
        assertEquals(3.0, course.get("iterations").get(0).get("theta").get(0).asDouble());
        double tuned = course.get("theta").get(0).asDouble();
        assertTrue(tuned >= 0.1 && tuned <= 1.0, "c ends in the good region 0.1..1, not at " + tuned);
        JsonNode stats = file.get("statistics");
        assertEquals("ACCEPT_H1", stats.get("confirm").get("sprt").get("decision").asText(), c.out);
        assertTrue(stats.get("better").asBoolean());
        assertEquals("sprt", course.get("confirm").get("config").get("command").asText());
        assertTrue(c.out.contains("better: the SPRT accepted H1"), c.out);
        assertFalse(Files.exists(dir.resolve("c.json.confirm.json")), "the confirmation lives in the tuning's file");
        // Reading the file again gives the same verdict, recomputed from the embedded test's games.
        Cli again = Cli.ok("tune", "ismcts2:mast=0.5,iterations=20,millis=0,c=3", "--resume", f.toString(),
                "--no-progress");
        assertTrue(again.out.contains("better: the SPRT accepted H1"), again.out);
    }

    @Test
    void tune_confirmThatAcceptsH0_doesNotCallTheTunedBotBetter(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("h0.json");
        // A rate so small that the tuned bot is the starting bot to five digits: no difference to find.
        Cli c = Cli.ok("tune", "heuristic", "--param", "marker=0..10,r_end=0.000001", "--iterations", "2", "--batch",
                "1", "--seed", "4", "--no-progress", "--json", f.toString(), "--confirm", "--elo0", "0", "--elo1", "150",
                "--confirm-batch", "10");
        JsonNode stats = json(f).get("statistics");
        assertEquals("ACCEPT_H0", stats.get("confirm").get("sprt").get("decision").asText(), c.out);
        assertFalse(stats.get("better").asBoolean());
        assertTrue(c.out.contains("not shown to be better: the SPRT accepted H0"), c.out);
        // the tuning's own report, printed before the SPRT, says that the SPRT runs now, not that --confirm would run it
        assertTrue(c.out.contains("not confirmed yet: the confirming SPRT (tuned against start) runs now"), c.out);
        assertFalse(c.out.contains("--confirm runs it"), c.out);
        // the report of the finished file (as report and a resumed run print it) leads with the verdict
        ResultFile done = ResultReader.readFile(f);
        String text = StudyRun.render(done.config(), ResultReader.reportOf(done));
        assertTrue(AnswerLinesTest.answers(text).get(0).startsWith("not shown to be better: "), "the verdict first, "
                + "before the parameters and the confirming test\n" + text);
    }

    @Test
    void tune_completeRunResumedWithConfirm_saysItWillConfirmAndDoes(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("done.json");
        Cli.ok("tune", "heuristic", "--param", "marker=0..10,r_end=0.000001", "--iterations", "2", "--batch", "1",
                "--seed", "4", "--no-progress", "--json", f.toString());
        Cli c = Cli.ok("tune", "heuristic", "--resume", f.toString(), "--no-progress", "--confirm", "--elo0", "0",
                "--elo1", "150", "--confirm-batch", "10");
        assertTrue(c.err.contains(f + ": its tuning is already complete; running the confirming SPRT"), c.err);
        assertFalse(c.err.contains("reporting it"), c.err);
        assertEquals("ACCEPT_H0", json(f).get("statistics").get("confirm").get("sprt").get("decision").asText(), c.out);
    }

    @Test
    void tune_confirmInterruptedAndResumed_endsWithTheUninterruptedFile(@TempDir Path dir) throws IOException {
        String[] run = {"tune", "heuristic", "--param", "marker=0..10,r_end=0.000001", "--iterations", "2", "--batch",
                "1", "--seed", "4", "--no-progress", "--confirm", "--elo0", "0", "--elo1", "150", "--confirm-batch", "10"};
        Path whole = dir.resolve("whole.json");
        Path cut = dir.resolve("cut.json");
        Cli.ok(with(run, "--json", whole.toString()));
        // The tuning (2 units) is never stopped; its SPRT is, after 5 pairs, in the middle of its first batch.
        ResultFiles.stopped(5, with(run, "--json", cut.toString()));
        JsonNode partial = json(cut).get("course").get("confirm");
        assertFalse(partial.get("progress").get("complete").asBoolean());
        assertEquals(5, partial.get("tally").get("units").asLong());
        assertFalse(Files.exists(dir.resolve("cut.json.confirm.json")), "the partial test is kept in the tuning's file");
        // the file alone: its bot, settings and seed are the run's
        Cli resumed = Cli.ok("tune", "--resume", cut.toString(), "--no-progress");
        assertTrue(resumed.out.contains("not shown to be better: the SPRT accepted H0"), resumed.out);
        assertEquals(Files.readString(whole), Files.readString(cut));
    }

    /** A tiny tuning whose tuned bot is the starting bot to five digits, confirmed by an SPRT. */
    private static final String[] CONFIRMED = {"tune", "heuristic", "--param", "marker=0..10,r_end=0.000001",
            "--iterations", "2", "--batch", "1", "--seed", "4", "--no-progress", "--confirm", "--elo0", "0",
            "--elo1", "150"};

    @Test
    void tune_confirmAtItsCap_saysHowToRaiseIt_andRaisingItContinuesTheTest(@TempDir Path dir) throws IOException {
        // Before: "resume it", but resuming did nothing and a larger --confirm-max-games was refused.
        Path f = dir.resolve("t.json");
        Cli c = Cli.ok(with(CONFIRMED, "--confirm-max-games", "4", "--confirm-batch", "1", "--json", f.toString()));
        String raise = "./richelieu tune heuristic --resume " + f + " --confirm --confirm-max-games 8";
        assertTrue(c.out.contains("not confirmed: the SPRT reached its cap of 4 games without a decision; raise the cap "
                + "to go on: " + raise), c.out);
        Cli more = Cli.ok("tune", "heuristic", "--resume", f.toString(), "--confirm", "--confirm-max-games", "40",
                "--no-progress");
        JsonNode confirm = json(f).get("course").get("confirm");
        assertTrue(confirm.get("tally").get("games").asLong() > 4, more::toString);
        assertEquals(20, confirm.get("config").get("deals").asLong());
        Cli fewer = Cli.run("tune", "heuristic", "--resume", f.toString(), "--confirm", "--confirm-max-games", "2");
        assertEquals(2, fewer.exit, fewer::toString);
        assertTrue(fewer.err.strip().endsWith("richelieu: --confirm-max-games 2 is fewer than the "
                + confirm.get("tally").get("games").asLong() + " games the confirmation has played"), fewer::toString);
    }

    @Test
    void tune_confirmInterrupted_saysTheTuneCommandThatContinuesIt(@TempDir Path dir) throws IOException {
        // Before: "continue with --resume t.json.confirm.json", a file deleted a moment later.
        Path f = dir.resolve("t.json");
        Cli c = ResultFiles.stopped(5, with(CONFIRMED, "--confirm-batch", "10", "--json", f.toString()));
        assertFalse(c.out.contains(".confirm.json"), c.out);
        assertTrue(c.out.contains("continue with ./richelieu tune heuristic --resume " + f + " --confirm"), c.out);
    }

    @Test
    void tune_staleConfirmFileOfAnotherRun_leftAlone_andTheFreshConfirmRuns(@TempDir Path dir) throws IOException {
        // Before: refused, naming t.json for what was in t.json.confirm.json.
        Path f = dir.resolve("t.json");
        Path stale = dir.resolve("t.json.confirm.json");
        Cli.ok("sprt", "greedy", "random", "--elo0", "0", "--elo1", "100", "--max-games", "4", "--json", stale.toString(),
                "--no-progress");
        String kept = Files.readString(stale);
        Cli c = Cli.ok(with(CONFIRMED, "--confirm-batch", "10", "--json", f.toString()));
        assertEquals(kept, Files.readString(stale), "another run's file is never replaced");
        assertTrue(c.err.contains(stale + " holds another run (its bots differ); left alone"), c.err);
        assertEquals("ACCEPT_H0", json(f).get("statistics").get("confirm").get("sprt").get("decision").asText(), c.out);
    }

    @Test
    void tune_resumeWithoutTheBot_takesTheBotAndOpponentFromTheFile(@TempDir Path dir) throws IOException {
        // Before: refused, "give the bot to tune again (a file never names the bots a run starts)".
        Path f = dir.resolve("t.json");
        Cli.ok("tune", "heuristic:marker=2", "--param", "marker=0..10", "--against", "greedy", "--iterations", "1",
                "--batch", "1", "--no-progress", "--json", f.toString());
        byte[] before = Files.readAllBytes(f);
        Cli c = Cli.ok("tune", "--resume", f.toString(), "--no-progress");
        assertTrue(c.err.contains("is already complete"), c.err);
        assertArrayEquals(before, Files.readAllBytes(f), "the complete run is reported as it is");
        Cli.refused("the command line differs from the file", "tune", "--resume", f.toString(), "--against", "random");
    }

    @Test
    void tune_pluginBot_theCommandsItPrintsNameThePlugin(@TempDir Path dir) throws IOException {
        // Before: the printed confirming command had no --plugin, and failed with "unknown bot".
        Path jar = PluginJars.write(dir.resolve("old.jar"), TextParameterBotFactory.class, true);
        Path f = dir.resolve("old.json");
        Cli c = Cli.ok("tune", "oldstyle", "--param", "weight=0..2", "--plugin", jar.toString(), "--iterations", "1",
                "--batch", "1", "--no-progress", "--json", f.toString());
        String sprt = c.out.lines().filter(l -> l.contains("./richelieu sprt")).findFirst().orElse("");
        assertTrue(sprt.endsWith(" --plugin " + jar), c.out);
        Cli.refused("./richelieu tune oldstyle --resume " + f + " --plugin JAR", "tune", "--resume", f.toString());
    }

    @Test
    void tune_confirmWithRecordsAndCsv_keepsEveryGame_thenTheConfirmingSprts(@TempDir Path dir) throws IOException {
        // Before: the tuning's games were recorded, the confirming SPRT's were not.
        Path f = dir.resolve("t.json");
        Path rec = dir.resolve("g.jsonl");
        Path csv = dir.resolve("g.csv");
        Cli.ok(with(CONFIRMED, "--confirm-batch", "10", "--json", f.toString(), "--records", rec.toString(), "--csv",
                csv.toString()));
        JsonNode file = json(f);
        long games = file.get("tally").get("games").asLong() + file.get("course").get("confirm").get("tally").get("games")
                .asLong();
        List<String> records = Files.readAllLines(rec);
        assertEquals(games, records.size());
        assertEquals(games + 1, Files.readAllLines(csv).size());
        assertTrue(records.get(records.size() - 1).contains("tuned="), "the last game is the SPRT's");
        Cli.ok("replay", rec.toString(), "--game", Long.toString(games - 1));
    }
}
