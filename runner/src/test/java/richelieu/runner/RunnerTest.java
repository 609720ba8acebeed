package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runner end to end, through the command line. */
class RunnerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A result file without the paths of its per-game files (which differ between the runs compared). */
    private static JsonNode withoutOutputs(Path p) throws IOException {
        JsonNode n = JSON.readTree(p.toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) n).remove("outputs");
        return n;
    }

    private static byte[] bytes(Path p) throws IOException {
        return Files.readAllBytes(p);
    }

    /** Runs a command that must succeed; shipped bots must never forfeit. */
    private static Cli ok(String... args) {
        Cli c = Cli.ok(args);
        assertFalse(c.out.contains("forfeits:") && !c.out.contains("forfeits: none"), c.toString());
        return c;
    }

    @Test
    void match_oneAndTwoThreads_identicalBytesEverywhere(@TempDir Path dir) throws IOException {
        Cli[] runs = new Cli[2];
        for (int t = 1; t <= 2; t++) {
            runs[t - 1] = ok("match", "greedy", "random", "--pairs", "40", "--seed", "77", "--threads", Integer.toString(t),
                    "--json", dir.resolve("r" + t + ".json").toString(), "--csv", dir.resolve("c" + t + ".csv").toString(),
                    "--records", dir.resolve("g" + t + ".jsonl").toString());
        }
        assertEquals(runs[0].out, runs[1].out);
        assertEquals(withoutOutputs(dir.resolve("r1.json")), withoutOutputs(dir.resolve("r2.json")));
        assertArrayEquals(bytes(dir.resolve("c1.csv")), bytes(dir.resolve("c2.csv")));
        assertArrayEquals(bytes(dir.resolve("g1.jsonl")), bytes(dir.resolve("g2.jsonl")));
        assertEquals(81, Files.readAllLines(dir.resolve("c1.csv")).size(), "header + 80 games");
        assertEquals(80, Files.readAllLines(dir.resolve("g1.jsonl")).size());
        assertTrue(runs[0].out.contains("master seed: 77"));
    }

    @Test
    void tournament_fourPlayers_identicalAtOneAndThreeThreads(@TempDir Path dir) throws IOException {
        for (int t : new int[]{1, 3}) {
            ok("tournament", "random", "greedy", "random", "greedy", "--players", "4", "--pairs", "6", "--seed", "5",
                    "--threads", Integer.toString(t), "--json", dir.resolve("t" + t + ".json").toString());
        }
        assertArrayEquals(bytes(dir.resolve("t1.json")), bytes(dir.resolve("t3.json")));
        JsonNode n = JSON.readTree(dir.resolve("t1.json").toFile());
        assertEquals(24, n.get("tally").get("games").asInt(), "1 lineup x 6 deals x 4 rotations");
        assertTrue(n.get("statistics").get("seats").has("chiSquare"));
    }

    @Test
    void shards_mergeIntoExactlyTheSingleRun(@TempDir Path dir) throws IOException {
        ok("tournament", "random", "greedy", "heuristic", "--pairs", "5", "--seed", "3",
                "--json", dir.resolve("full.json").toString());
        for (int k = 0; k < 3; k++) {
            ok("tournament", "random", "greedy", "heuristic", "--pairs", "5", "--seed", "3", "--shard", k + "/3",
                    "--json", dir.resolve("s" + k + ".json").toString());
        }
        Cli m = ok("merge", dir.resolve("s1.json").toString(), dir.resolve("s0.json").toString(),
                dir.resolve("s2.json").toString(), "--json", dir.resolve("merged.json").toString());
        assertTrue(m.out.contains("(the whole run)"), m.out);
        JsonNode full = JSON.readTree(dir.resolve("full.json").toFile());
        JsonNode merged = JSON.readTree(dir.resolve("merged.json").toFile());
        assertEquals(full.get("tally"), merged.get("tally"));
        assertEquals(full.get("statistics"), merged.get("statistics"));
        assertEquals(full.get("config"), merged.get("config"));
        Cli twice = Cli.run("merge", dir.resolve("s0.json").toString(), dir.resolve("s0.json").toString());
        assertEquals(2, twice.exit);
        assertTrue(twice.err.contains("overlap"), twice.err);
    }

    @Test
    void merge_inPlace_keepsTheRememberedOutputs_soItsResumeContinuesThem(@TempDir Path dir) throws IOException {
        // Before: the merged file replaced the part without its "outputs", so a resume wrote no records or CSV.
        Path m = dir.resolve("m.json");
        Cli.run("match", "random", "greedy", "--pairs", "6", "--seed", "4", "--threads", "1", "--no-progress",
                "--stop-after-units", "2", "--json", m.toString(), "--records", dir.resolve("g.jsonl").toString(),
                "--csv", dir.resolve("g.csv").toString());
        JsonNode outputs = JSON.readTree(m.toFile()).get("outputs");
        assertTrue(outputs != null && outputs.has("records") && outputs.has("csv"), String.valueOf(outputs));
        ok("merge", m.toString(), "--json", m.toString());
        assertEquals(outputs, JSON.readTree(m.toFile()).get("outputs"), "the file in place keeps its outputs");
        ok("match", "random", "greedy", "--resume", m.toString(), "--threads", "1", "--no-progress");
        assertEquals(12, Files.readAllLines(dir.resolve("g.jsonl")).size(), "the resume continued the records");
        Path copy = dir.resolve("copy.json");
        ok("merge", m.toString(), "--json", copy.toString());
        assertEquals(null, JSON.readTree(copy.toFile()).get("outputs"),
                "a copy does not take them: two files would continue the same records");
    }

    @Test
    @Tag("slow")
    void interruptedRun_resumesToExactlyTheUninterruptedBytes(@TempDir Path dir) throws IOException {
        List<String> base = List.of("match", "heuristic", "random", "--pairs", "30", "--seed", "12", "--threads", "2");
        ok(concat(base, "--json", dir.resolve("full.json").toString(), "--records", dir.resolve("full.jsonl").toString(),
                "--csv", dir.resolve("full.csv").toString()));
        Cli stopped = ResultFiles.stopped(11, concat(base, "--json", dir.resolve("part.json").toString(), "--records",
                dir.resolve("part.jsonl").toString(), "--csv", dir.resolve("part.csv").toString()));
        assertTrue(stopped.out.contains("continue with --resume"), stopped.out);
        long done = ResultFiles.savedPrefix(dir.resolve("part.json"));
        assertTrue(done >= 11 && done < 30, "done " + done);
        assertEquals(done * 2, Files.readAllLines(dir.resolve("part.jsonl")).size());
        ok("match", "heuristic", "random", "--resume", dir.resolve("part.json").toString(), "--threads", "1", "--json",
                dir.resolve("part.json").toString(), "--records", dir.resolve("part.jsonl").toString(), "--csv",
                dir.resolve("part.csv").toString());
        assertArrayEquals(bytes(dir.resolve("full.jsonl")), bytes(dir.resolve("part.jsonl")));
        assertArrayEquals(bytes(dir.resolve("full.csv")), bytes(dir.resolve("part.csv")));
        JsonNode a = JSON.readTree(dir.resolve("full.json").toFile());
        JsonNode b = JSON.readTree(dir.resolve("part.json").toFile());
        assertEquals(a.get("tally"), b.get("tally"));
        assertEquals(a.get("statistics"), b.get("statistics"));
        assertTrue(b.get("progress").get("complete").asBoolean());
    }

    private static String[] concat(List<String> base, String... more) {
        List<String> all = new java.util.ArrayList<>(base);
        all.addAll(List.of(more));
        return all.toArray(new String[0]);
    }

    @Test
    void sprt_clearDifference_acceptsH1(@TempDir Path dir) throws IOException {
        Cli c = ok("sprt", "greedy", "random", "--elo0", "0", "--elo1", "100", "--seed", "4", "--batch", "10",
                "--json", dir.resolve("s.json").toString());
        assertTrue(c.out.contains("H1 accepted"), c.out);
        JsonNode n = JSON.readTree(dir.resolve("s.json").toFile());
        assertEquals("ACCEPT_H1", n.get("statistics").get("sprt").get("decision").asText());
        assertTrue(n.get("progress").get("complete").asBoolean());
        assertEquals(0, n.get("tally").get("games").asLong() % 20, "decided only after whole batches of pairs");
    }

    @Test
    void moveTime_givesEveryBudgetedBotThatBudget_badValueExits2() {
        Cli c = ok("match", "ismcts:iterations=50", "greedy", "--pairs", "1", "--seed", "3", "--move-time", "2",
                "--threads", "1");
        assertTrue(c.out.contains("ismcts:iterations=50,millis=2") && !c.out.contains("greedy:millis"), c.out);
        Cli bad = Cli.run("match", "ismcts", "greedy", "--move-time", "0");
        assertEquals(2, bad.exit, bad.toString());
        assertTrue(bad.err.contains("--move-time"), bad.err);
    }

    @Test
    void firstPlayer_andBalance_reportTheirStatistics(@TempDir Path dir) throws IOException {
        ok("first-player", "random", "--games", "300", "--seed", "2", "--json", dir.resolve("f.json").toString());
        JsonNode f = JSON.readTree(dir.resolve("f.json").toFile()).get("statistics").get("bots").get("random");
        assertEquals(300, f.get("games").asInt());
        assertTrue(f.get("seat0").has("exactBinomialP") && f.get("seat0").has("winRateDecisiveInterval"));
        ok("first-player", "random", "--players", "3", "--games", "90", "--seed", "2", "--json",
                dir.resolve("f3.json").toString());
        JsonNode f3 = JSON.readTree(dir.resolve("f3.json").toFile()).get("statistics").get("bots").get("random");
        assertEquals(2, f3.get("chiSquare").get("degreesOfFreedom").asInt());
        Cli b = ok("balance", "random", "greedy", "--pairs", "100", "--seed", "2", "--json", dir.resolve("b.json").toString());
        assertTrue(b.out.contains("compensation for seat 1") && b.out.contains("winner changes"), b.out);
        JsonNode bal = JSON.readTree(dir.resolve("b.json").toFile()).get("statistics").get("bots").get("random");
        assertTrue(bal.has("base") && bal.has("three-row") && bal.get("difference").has("flipRate"));
        assertEquals(100, bal.get("difference").get("deals").asInt());
    }

    @Test
    void records_replayThroughTheReplayCommand(@TempDir Path dir) {
        Path rec = dir.resolve("g.jsonl");
        ok("match", "greedy", "heuristic", "--pairs", "2", "--seed", "9", "--records", rec.toString());
        Cli r = ok("replay", rec.toString(), "--game", "3");
        assertTrue(r.out.contains("turn 0, seat 0") && r.out.contains("replay matches the record"), r.out);
        Cli seen = ok("replay", rec.toString(), "--game", "1", "--seat", "1");
        assertTrue(seen.out.contains("as seat 1 saw it"));
        assertFalse(seen.out.contains("(Ret)") || seen.out.contains("(Swd)"), "tokens stay hidden from seat 1's view");
        assertEquals(2, Cli.run("replay", rec.toString(), "--game", "9").exit);
    }

    @Test
    void listCommands_botsDeckVersion() {
        Cli bots = ok("bots");
        for (String b : new String[]{"random", "greedy", "heuristic", "ismcts", "exec"}) {
            assertTrue(bots.out.contains(b), b);
        }
        Cli deck = ok("deck");
        assertTrue(deck.out.contains("Bourgogne") && deck.out.contains("[ok] each symbol on 9 cards"), deck.out);
        assertFalse(deck.out.contains("differs"), deck.out);
        assertTrue(ok("version").out.startsWith("richelieu "));
    }

    @Test
    void badInput_exitCode2_oneLine_noStackTrace(@TempDir Path dir) throws IOException {
        Path badDeck = dir.resolve("bad.json");
        Files.writeString(badDeck, "{\"name\": \"x\", \"cards\": []}");
        String[][] cases = {
                {"match", "greedy"},
                {"match", "greedy", "nobot"},
                {"match", "greedy", "random", "--variant", "four-row"},
                {"match", "greedy", "random", "--threads", "0"},
                {"match", "greedy", "random", "--shard", "3/3"},
                {"match", "greedy", "random", "--pairs", "x"},
                {"match", "greedy", "random", "--deck", badDeck.toString()},
                {"match", "greedy", "random", "--deck", dir.resolve("missing.json").toString()},
                {"match", "ismcts:iterations=-4", "random"},
                {"match", "--resume", dir.resolve("missing.json").toString()},
                {"sprt", "greedy", "random", "--alpha", "2"},
                {"tournament", "random", "--players", "5"},
                {"deck", badDeck.toString()},
                {"merge", badDeck.toString()},
                {"nosuchcommand"},
        };
        for (String[] args : cases) {
            Cli c = Cli.run(args);
            assertEquals(2, c.exit, String.join(" ", args) + "\n" + c);
            assertFalse(c.err.contains("Exception") || c.err.contains("\tat "), c.err);
            assertTrue(c.err.startsWith("richelieu: ") || c.err.startsWith("Unmatched") || c.err.startsWith("Unknown"),
                    String.join(" ", args) + " -> " + c.err);
        }
    }
}
