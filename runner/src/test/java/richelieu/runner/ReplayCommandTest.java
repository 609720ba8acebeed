package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.record.GameRecord;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Replay text a person can follow. */
class ReplayCommandTest {

    @Test
    void replay_legendStableColumnsKnowledgeOnChangeAndBreakdown(@TempDir Path dir) throws IOException {
        Path rec = dir.resolve("g.jsonl");
        assertEquals(0, Cli.run("match", "greedy", "heuristic", "--pairs", "3", "--seed", "9", "--threads", "1",
                "--records", rec.toString()).exit);
        List<String> games = Files.readAllLines(rec);
        for (int g = 0; g < games.size(); g++) {
            GameRecord r = GameRecord.parse(games.get(g));
            for (Integer seat : new Integer[]{null, 0, 1}) {
                Cli c = seat == null ? Cli.run("replay", rec.toString(), "--game", "" + g)
                        : Cli.run("replay", rec.toString(), "--game", "" + g, "--seat", "" + seat);
                assertEquals(0, c.exit, c.toString());
                String out = c.out;
                assertTrue(out.contains("legend:") && out.contains("Bbn Bourbon") && out.contains("*k = marker of seat k"));
                int w = seat == null ? 12 : 10; // "BbnC(Twr)*0" + a space, or "BbnC(?)*0" + a space
                Map<Integer, String> knew = new HashMap<>();
                for (String line : out.split("\n")) {
                    if (line.startsWith("row ")) {
                        for (int col = 0; col < 12; col++) {
                            int at = 7 + w * col;
                            assertTrue(line.length() > at && line.charAt(at) != ' ' && line.charAt(at - 1) == ' ',
                                    "column " + col + " starts at " + at + " in\n" + line);
                        }
                    }
                    if (line.startsWith("  seat ") && line.contains(" knew: ")) {
                        int p = line.charAt(7) - '0';
                        assertTrue(seat == null || seat == p, "seat " + seat + "'s view shows only its own knowledge");
                        String k = line.substring(line.indexOf(" knew: ") + 7).replace("; others' tokens and table tokens hidden (R26)", "");
                        assertNotEquals(knew.get(p), k, "a knowledge line repeats unchanged: " + line);
                        knew.put(p, k);
                    }
                }
                assertEquals(seat == null ? 2 : 1, knew.size());
                assertTrue(out.contains("final score by category"), out);
                assertTrue(out.contains(String.format("%-14s  %3d         %3d", "total (cards)", r.result().cards()[0],
                        r.result().scores()[0])), out);
                assertTrue(out.contains("replay matches the record"));
            }
        }
    }

    private static Path records(Path dir) {
        return Cli.twoRecordedGames(dir);
    }

    private static void assertOneLine(Cli c, String expected) {
        c.assertRefused(expected, expected);
        assertFalse(c.err.contains("Exception"), c::toString);
    }

    @Test
    void replayAndView_resultFile_sayWhatItIs(@TempDir Path dir) throws IOException {
        // Before: "not valid JSON (Unexpected end-of-input … StreamReadFeature …)".
        Path fp = dir.resolve("fp.json");
        Cli.ok("first-player", "random", "--games", "2", "--seed", "1", "--json", fp.toString(), "--no-progress");
        for (String command : new String[]{"replay", "view"}) {
            assertOneLine(Cli.run(command, fp.toString()), fp + " is a result file, not game records (see chart, ratings)");
        }
    }

    @Test
    void replayAndView_bytesThatAreNotUtf8_oneLineNamingTheLine(@TempDir Path dir) throws IOException {
        // Before: "internal error: MalformedInputException", exit 1, even for a good game 0 with the bad byte on line 2.
        Path bad = dir.resolve("x.jsonl");
        Files.write(bad, new byte[]{(byte) 0xff, '\n'});
        assertOneLine(Cli.run("replay", bad.toString()), bad + " line 1: not UTF-8 text");
        assertOneLine(Cli.run("view", bad.toString()), bad + " line 1: not UTF-8 text");

        Path rec = records(dir);
        Path mixed = dir.resolve("mixed.jsonl");
        byte[] good = Files.readAllLines(rec).get(0).concat("\n").getBytes(StandardCharsets.UTF_8);
        byte[] both = java.util.Arrays.copyOf(good, good.length + 2);
        both[good.length] = (byte) 0xff;
        both[good.length + 1] = '\n';
        Files.write(mixed, both);
        Cli first = Cli.run("replay", mixed.toString(), "--game", "0");
        assertEquals(0, first.exit, first::toString);
        assertOneLine(Cli.run("replay", mixed.toString(), "--game", "1"), mixed + " line 2: not UTF-8 text");
    }

    @Test
    void replay_lineBeyondTheLimit_refusedAtTheLimitWithoutReadingOn(@TempDir Path dir) throws IOException {
        // Before: the whole line was read first (a 2.5 GB line without a newline ran out of memory).
        Path huge = dir.resolve("huge.jsonl");
        try (var out = Files.newOutputStream(huge)) {
            byte[] chunk = new byte[1 << 20];
            java.util.Arrays.fill(chunk, (byte) 'x');
            for (int i = 0; i < 6; i++) {
                out.write(chunk);
            }
        }
        assertOneLine(Cli.run("replay", huge.toString()), huge + " line 1: longer than");
    }

    @Test
    void replay_controlCharactersInSeatNames_printedAsData(@TempDir Path dir) throws IOException {
        // Before: an escape sequence in a seat name reached the terminal, and a newline split the lines.
        Path rec = records(dir);
        String line = Files.readAllLines(rec).get(0)
                .replace("\"random\"", "\"ev\\u001b[2Jil\\nname\"");
        Path evil = Files.writeString(dir.resolve("evil.jsonl"), line + "\n");
        Cli c = Cli.run("replay", evil.toString());
        assertEquals(0, c.exit, c::toString);
        assertFalse(c.out.contains("\u001b"), "no raw escape character");
        assertTrue(c.out.contains("ev\\u001B[2Jil\\u000Aname"), c.out.lines().limit(5).toList().toString());
        assertFalse(c.out.lines().anyMatch(l -> l.startsWith("name")), "no line split by the name");
    }
}
