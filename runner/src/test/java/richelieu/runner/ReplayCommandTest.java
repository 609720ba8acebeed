package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.record.GameRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Replay text a person can follow. */
class ReplayCommandTest {

    @Test
    void replay_legendStableColumnsKnowledgeOnChangeAndBreakdown_issue13_4(@TempDir Path dir) throws IOException {
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
}
