package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static richelieu.runner.Cli.ok;
import static richelieu.runner.Cli.refused;
import static richelieu.runner.ResultFiles.edit;
import static richelieu.runner.ResultFiles.stopped;

/** Data safety: result files are data, checked on every read; resume and merge never corrupt a result. */
class ResultFileTrustTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String[] args(List<String> base, String... more) {
        List<String> all = new ArrayList<>(base);
        all.addAll(List.of(more));
        return all.toArray(new String[0]);
    }

    // ------------------------------------------------------------------ item 1

    @Test
    void resume_afterMergeWithGap_playsExactlyMissingUnits(@TempDir Path dir) throws IOException {
        List<String> m = List.of("match", "greedy", "random", "--pairs", "30", "--seed", "42");
        Path s0 = dir.resolve("s0.json");
        Path s2 = dir.resolve("s2.json");
        Path g = dir.resolve("g.json");
        Path one = dir.resolve("one.json");
        ok(args(m, "--shard", "0/3", "--json", s0.toString()));
        ok(args(m, "--shard", "2/3", "--json", s2.toString()));
        Cli merged = ok("merge", s0.toString(), s2.toString(), "--json", g.toString());
        assertTrue(merged.out.contains("missing units 10..19"), merged.out);
        JsonNode gap = JSON.readTree(g.toFile()).get("progress");
        assertEquals("[[0,10],[20,30]]", gap.get("units").toString());
        assertFalse(gap.get("complete").asBoolean());
        ok(args(m, "--resume", g.toString(), "--json", g.toString()));
        ok(args(m, "--json", one.toString()));
        JsonNode resumed = JSON.readTree(g.toFile());
        JsonNode single = JSON.readTree(one.toFile());
        assertEquals(single.get("tally"), resumed.get("tally"), "exactly the units of one run, none twice");
        assertEquals(single.get("statistics"), resumed.get("statistics"));
        assertEquals("[[0,30]]", resumed.get("progress").get("units").toString());
        assertTrue(resumed.get("progress").get("complete").asBoolean());
        // merging the resumed file with a shard it already holds is refused
        refused("overlap", "merge", g.toString(), s0.toString());
    }

    // ------------------------------------------------------------------ item 3

    /** Small runs of every answering command that takes --resume, each stopped after a unit or two. */
    static Stream<List<String>> studyCommands() {
        return Stream.of(
                List.of("match", "greedy", "random", "--pairs", "6", "--seed", "3"),
                List.of("tournament", "greedy", "random", "heuristic", "--pairs", "2", "--bootstrap", "20", "--seed", "3"),
                List.of("first-player", "greedy", "random", "--games", "8", "--seed", "3"),
                List.of("balance", "greedy", "--pairs", "6", "--seed", "3"),
                List.of("sprt", "greedy", "random", "--elo0", "0", "--elo1", "150", "--max-games", "40", "--seed", "3"));
    }

    @ParameterizedTest
    @MethodSource("studyCommands")
    void resume_theFileAlone_continuesTheRunToTheUninterruptedRunsFile(List<String> command, @TempDir Path dir)
            throws IOException {
        // Before: "tournament --resume t.json" alone ran the default bots and was refused; the bots had to be typed.
        Path whole = dir.resolve("whole.json");
        Path cut = dir.resolve("cut.json");
        ok(args(command, "--no-progress", "--json", whole.toString()));
        stopped(1, args(command, "--no-progress", "--json", cut.toString()));
        ok(command.get(0), "--resume", cut.toString(), "--no-progress");
        JsonNode a = JSON.readTree(whole.toFile());
        JsonNode b = JSON.readTree(cut.toFile());
        assertEquals(a.get("config"), b.get("config"));
        assertEquals(a.get("tally"), b.get("tally"));
        assertEquals(a.get("statistics"), b.get("statistics"));
        // options typed with it must still agree with the file
        refused("seed: 4 vs 3", command.get(0), "--seed", "4", "--resume", cut.toString());
    }

    @Test
    void resume_botNamedOnlyInTheFile_isNeverStarted_exit2(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("r.json");
        Path marker = dir.resolve("started");
        stopped(2, "match", "greedy", "random", "--pairs", "10", "--seed", "3", "--json", f.toString());
        String evil = "exec:sh -c 'touch " + marker + "; exec cat'";
        edit(f, n -> ((ArrayNode) n.get("config").get("bots")).set(0, evil));
        refused("bots: greedy, random on the command line, " + evil + ", random in the file",
                "match", "greedy", "random", "--resume", f.toString());
        refused("the file's bots: " + evil, "match", "--resume", f.toString());
        refused("holds a 'match' run, not 'tournament'", "tournament", "--resume", f.toString());
        assertFalse(Files.exists(marker), "a program named only in a result file was started");
    }

    /** The distance study takes its measured bots and its lineup from the file on a resume: never a program. */
    @ParameterizedTest(name = "bot {0} of the file")
    @ValueSource(ints = {0, 1})
    void distanceResume_programNamedOnlyInTheFile_isNeverStarted_exit2(int bot, @TempDir Path dir) throws IOException {
        Path f = dir.resolve("d.json");
        Path marker = dir.resolve("started");
        // bots: greedy (measured), then random (the lineup's, not measured)
        stopped(1, "distance", "greedy", "--lineup", "random,random", "--games", "4", "--cards", "4", "--seed", "3",
                "--no-progress", "--json", f.toString());
        String evil = "exec:sh -c 'touch " + marker + "; exec cat'";
        edit(f, n -> ((ArrayNode) n.get("config").get("bots")).set(bot, evil));
        refused("include a program", "distance", "--resume", f.toString());
        assertFalse(Files.exists(marker), "a program named only in a result file was started");
    }

    // ------------------------------------------------------------------ item 6

    /** A corruption of a valid partial result file, and a word the one-line error must contain. */
    record Corruption(String name, String expected, Consumer<ObjectNode> change) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Corruption> corruptions() {
        return Stream.of(
                new Corruption("negative done (old format)", "progress.done", n -> {
                    ObjectNode p = (ObjectNode) n.get("progress");
                    p.remove("units");
                    p.put("done", -100);
                }),
                new Corruption("units beyond the run", "progress.units", n -> ((ArrayNode) n.get("progress").get("units"))
                        .set(0, JSON.createArrayNode().add(0).add(500))),
                new Corruption("lineup index out of range", "config.lineups[0][1]",
                        n -> ((ArrayNode) n.get("config").get("lineups").get(0)).set(1, 7)),
                new Corruption("seed not a number", "config.seed", n -> ((ObjectNode) n.get("config")).put("seed", "abc")),
                new Corruption("fractional deals", "config.deals", n -> ((ObjectNode) n.get("config")).put("deals", 10.5)),
                new Corruption("shard beyond the units", "config.shard.to",
                        n -> ((ObjectNode) n.get("config").get("shard")).put("to", 99)),
                new Corruption("tally games that do not add up", "tally.games",
                        n -> ((ObjectNode) n.get("tally")).put("games", 1000)),
                new Corruption("negative count", "soleWins[0]", n -> ((ArrayNode) n.get("tally").get("seat").get(0).get(0)
                        .get("soleWins")).set(0, -1)),
                new Corruption("tally of other units than progress", "tally.units",
                        n -> ((ObjectNode) n.get("progress")).set("units", JSON.createArrayNode()
                                .add(JSON.createArrayNode().add(0).add(3)))),
                new Corruption("missing tally", "tally", n -> n.remove("tally")),
                new Corruption("complete not a boolean", "progress.complete",
                        n -> ((ObjectNode) n.get("progress")).put("complete", "yes")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corruptions")
    void resume_corruptedField_oneLineExit2(Corruption c, @TempDir Path dir) throws IOException {
        Path f = dir.resolve("r.json");
        stopped(4, "match", "greedy", "random", "--pairs", "10", "--seed", "3", "--json", f.toString());
        byte[] before = Files.readAllBytes(f);
        edit(f, c.change());
        Cli r = refused(c.expected(), "match", "greedy", "random", "--resume", f.toString());
        assertTrue(r.err.contains("result file " + f), r.err);
        assertTrue(r.out.isEmpty(), "refused before playing: " + r.out);
        assertFalse(java.util.Arrays.equals(before, Files.readAllBytes(f)), "the test corrupted the file");
    }

    // ------------------------------------------------------------------ item 7

    @Test
    void resume_conflictingArguments_refusedNamingTheDifference_exit2(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("r.json");
        stopped(3, "match", "greedy", "random", "--pairs", "10", "--seed", "3", "--json", f.toString());
        byte[] before = Files.readAllBytes(f);
        String r = f.toString();
        refused("seed: 4 vs 3", "match", "greedy", "random", "--seed", "4", "--resume", r);
        refused("deals: 9 vs 10", "match", "greedy", "random", "--pairs", "9", "--resume", r); // more extends it (ExtendRunTest)
        refused("bots: random, greedy on the command line", "match", "random", "greedy", "--resume", r);
        refused("rules", "match", "greedy", "random", "--variant", "three-row", "--resume", r);
        refused("shard", "match", "greedy", "random", "--shard", "1/2", "--resume", r);
        refused("pairing", "match", "greedy", "random", "--unpaired", "--games", "10", "--resume", r);
        refused("holds a 'match' run, not 'sprt'", "sprt", "greedy", "random", "--resume", r);
        assertArrayEquals(before, Files.readAllBytes(f), "a refused resume leaves the file alone");
        // the same options as the file's are fine, typed or not
        ok("match", "greedy", "random", "--seed", "3", "--pairs", "10", "--resume", r);
    }

    @Test
    @Tag("slow")
    void resume_withoutOutputOptions_updatesTheFile_andContinuesItsRecordsAndCsv(@TempDir Path dir)
            throws IOException {
        List<String> base = List.of("match", "heuristic", "random", "--pairs", "20", "--seed", "12", "--threads", "2");
        ok(args(base, "--json", dir.resolve("full.json").toString(), "--records", dir.resolve("full.jsonl").toString(),
                "--csv", dir.resolve("full.csv").toString()));
        Path part = dir.resolve("part.json");
        stopped(7, args(base, "--json", part.toString(), "--records", dir.resolve("part.jsonl").toString(),
                "--csv", dir.resolve("part.csv").toString()));
        ok("match", "heuristic", "random", "--resume", part.toString());
        JsonNode full = JSON.readTree(dir.resolve("full.json").toFile());
        JsonNode resumed = JSON.readTree(part.toFile());
        assertTrue(resumed.get("progress").get("complete").asBoolean(), "the resumed file itself is updated");
        assertEquals(full.get("tally"), resumed.get("tally"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("full.jsonl")), Files.readAllBytes(dir.resolve("part.jsonl")));
        assertArrayEquals(Files.readAllBytes(dir.resolve("full.csv")), Files.readAllBytes(dir.resolve("part.csv")));
    }

    @Test
    void resume_rememberedOutputPathNotOurs_leftAlone_exit2(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("r.json");
        stopped(3, "match", "greedy", "random", "--pairs", "10", "--seed", "3", "--json", f.toString(),
                "--csv", dir.resolve("g.csv").toString());
        Path precious = dir.resolve("precious.txt");
        Files.writeString(precious, "line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\n");
        byte[] before = Files.readAllBytes(precious);
        edit(f, n -> ((ObjectNode) n.get("outputs")).put("csv", precious.toString()));
        refused("left alone", "match", "greedy", "random", "--resume", f.toString());
        assertArrayEquals(before, Files.readAllBytes(precious));
    }

    // ------------------------------------------------------------------ item 21

    @Test
    void merge_winsDrawsLossesDisagreeWithPentanomial_refused(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        ok("match", "greedy", "random", "--pairs", "10", "--seed", "5", "--shard", "0/2", "--json", a.toString());
        ok("match", "greedy", "random", "--pairs", "10", "--seed", "5", "--shard", "1/2", "--json", b.toString());
        edit(b, n -> {
            ObjectNode p = (ObjectNode) n.get("tally").get("pairs").get(0);
            p.put("wins", 6).put("draws", 0).put("losses", 4);
            ArrayNode penta = (ArrayNode) p.get("pentanomial");
            for (int i = 0; i < 5; i++) {
                penta.set(i, i == 2 ? 5 : 0);
            }
        });
        Cli c = refused("disagree with the pentanomial counts [0, 0, 5, 0, 0]", "merge", a.toString(), b.toString());
        assertTrue(c.err.contains(b.toString()), c.err);
    }

    @Test
    void merge_botTotalsDisagreeWithSeats_refused(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.json");
        ok("match", "greedy", "random", "--pairs", "6", "--seed", "5", "--json", a.toString());
        edit(a, n -> ((ObjectNode) n.get("tally").get("botStats").get(0)).put("wins", 0));
        refused("tally.botStats", "merge", a.toString());
    }

    // ------------------------------------------------------------------ derivable sums

    /** A tampering of one shard's tally that its other counts contradict, and the field a refusal must name. */
    record Tamper(String name, String field, Consumer<ObjectNode> change) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static ObjectNode seat0(ObjectNode n) {
        return (ObjectNode) n.get("tally").get("seat").get(0).get(0);
    }

    static Stream<Tamper> tamperings() {
        return Stream.of(
                // merge reported "game length 0.0 turns (sd 42.8)"
                new Tamper("turns sum set to 0", "tally.seat[0][0].turnsSum", n -> seat0(n).put("turnsSum", 0)),
                new Tamper("seat pairs that do not give seat 0's points", "tally.seat[0][0].seatPairs", n -> {
                    ArrayNode p = (ArrayNode) seat0(n).get("seatPairs");
                    p.set(4, p.get(4).asLong() + 1);
                    p.set(0, p.get(0).asLong() - 1);
                }),
                new Tamper("margin sum against its histogram", "tally.seat[0][0].marginSum",
                        n -> seat0(n).put("marginSum", seat0(n).get("marginSum").asLong() + 7)),
                new Tamper("counts moved between histogram bins", "tally.seat[0][0].marginHistogram", n -> {
                    ObjectNode h = (ObjectNode) seat0(n).get("marginHistogram");
                    String from = h.fieldNames().next();
                    long c = h.get(from).asLong();
                    h.put(from, c - 1);
                    String to = Integer.toString(Integer.parseInt(from) - 1);
                    h.put(to, h.path(to).asLong(0) + 1);
                }),
                new Tamper("seat scores shifted", "tally.seat[0][0].scoreSum", n -> {
                    ArrayNode sum = (ArrayNode) seat0(n).get("scoreSum");
                    sum.set(0, sum.get(0).asLong() + 50);
                }),
                new Tamper("pair margins against their histogram", "tally.pairs", n -> {
                    ObjectNode p = (ObjectNode) n.get("tally").get("pairs").get(0);
                    p.put("marginSum", p.get("marginSum").asLong() + 3);
                }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tamperings")
    void merge_tamperedDerivableSum_refusedNamingFileAndField(Tamper t, @TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        ok("match", "greedy", "random", "--pairs", "10", "--seed", "5", "--shard", "0/2", "--json", a.toString());
        ok("match", "greedy", "random", "--pairs", "10", "--seed", "5", "--shard", "1/2", "--json", b.toString());
        edit(b, t.change());
        Cli c = refused(t.field(), "merge", a.toString(), b.toString());
        assertTrue(c.err.contains("result file " + b), c.err);
    }

    // ------------------------------------------------------------------ a stored run is one its study makes

    @Test
    void read_balanceWhoseFlipsNoDifferenceMoved_refused(@TempDir Path dir) throws IOException {
        // Before: accepted, "the winner changes between variants on 90% of deals".
        Path a = dir.resolve("a.json");
        ok("balance", "random", "--pairs", "10", "--seed", "5", "--json", a.toString());
        edit(a, n -> ((ObjectNode) n.get("tally").get("flips").get(0)).put("flips", 9).put("seat0DiffSum", 0)
                .put("seat0DiffSq", 0));
        refused("tally.flips[0]", "merge", a.toString());
        refused("tally.flips[0]", "chart", a.toString(), "-o", dir.toString());
    }

    @Test
    void read_balanceComparingBaseWithBase_refused(@TempDir Path dir) throws IOException {
        // Before: accepted, a verdict on the three-row variant from two base games.
        Path a = dir.resolve("a.json");
        ok("balance", "random", "--pairs", "10", "--seed", "5", "--json", a.toString());
        edit(a, n -> ((ArrayNode) n.get("config").get("rules")).set(1, n.get("config").get("rules").get(0).deepCopy()));
        refused("config.rules: a balance run compares base with three-row", "merge", a.toString());
        refused("config.rules: a balance run compares base with three-row", "balance", "random", "--resume", a.toString());
    }

    @Test
    void read_aStudysLineupsNotItsOwn_refused(@TempDir Path dir) throws IOException {
        Path t = dir.resolve("t.json");
        ok("tournament", "random", "greedy", "heuristic", "--pairs", "2", "--seed", "5", "--json", t.toString());
        edit(t, n -> ((ArrayNode) n.get("config").get("lineups").get(2)).set(0, 0));
        refused("config.lineups[2]: a 2-player tournament of 3 bots plays [1, 2] there, not [0, 2]", "merge", t.toString());
        Path m = dir.resolve("m.json");
        ok("match", "greedy", "random", "--pairs", "2", "--seed", "5", "--json", m.toString());
        edit(m, n -> ((ArrayNode) n.get("config").get("lineups")).set(0, JSON.createArrayNode().add(1).add(0)));
        refused("config.lineups[0]: a match of 2 bots plays [0, 1] there, not [1, 0]", "merge", m.toString());
    }

    @Test
    void read_tuneWithoutItsCourse_refused_neverMerged(@TempDir Path dir) throws IOException {
        // Before: merged with exit 0, "0 of 3 iterations" over a tally of 6 games.
        Path f = dir.resolve("t.json");
        ok("tune", "heuristic", "--param", "marker=0..10", "--iterations", "3", "--batch", "1", "--seed", "5", "--json",
                f.toString(), "--no-progress");
        edit(f, n -> n.remove("course"));
        refused("its course (0 iterations)", "merge", f.toString());
        refused("its course (0 iterations)", "chart", f.toString(), "-o", dir.toString());
        Path m = dir.resolve("m.json");
        ok("match", "greedy", "random", "--pairs", "2", "--seed", "5", "--json", m.toString());
        edit(m, n -> n.putObject("course"));
        refused("course: a match run has none", "merge", m.toString());
    }

    @Test
    void resume_fileMarkedCompleteWithAGap_refusedNotPlayed(@TempDir Path dir) throws IOException {
        // Before: "already complete; reporting it", then the 200 missing games were played.
        Path s0 = dir.resolve("s0.json");
        Path s2 = dir.resolve("s2.json");
        Path g = dir.resolve("g.json");
        List<String> m = List.of("match", "greedy", "random", "--pairs", "30", "--seed", "42");
        ok(args(m, "--shard", "0/3", "--json", s0.toString()));
        ok(args(m, "--shard", "2/3", "--json", s2.toString()));
        ok("merge", s0.toString(), s2.toString(), "--json", g.toString());
        edit(g, n -> ((ObjectNode) n.get("progress")).put("complete", true));
        Cli c = refused("progress.complete", args(m, "--resume", g.toString()));
        assertTrue(c.err.contains("10..19"), c.err);
        assertFalse(c.out.contains("games"), "nothing played: " + c.out);
    }

    @Test
    void merge_ofADecidedSprtOntoItself_staysComplete(@TempDir Path dir) throws IOException {
        // A decided SPRT holds fewer units than its cap and is complete; merging it (to refresh its statistics)
        // made it incomplete, and the report would then have resumed a finished test.
        Path s = dir.resolve("s.json");
        ok("sprt", "greedy", "random", "--elo0", "0", "--elo1", "150", "--batch", "5", "--max-games", "200", "--seed", "4",
                "--json", s.toString(), "--no-progress");
        JsonNode before = JSON.readTree(s.toFile()).get("progress");
        assertTrue(before.get("complete").asBoolean() && !before.get("units").toString().equals("[[0,100]]"), before.toString());
        ok("merge", s.toString(), "--json", s.toString());
        assertEquals(before, JSON.readTree(s.toFile()).get("progress"));
    }
}
