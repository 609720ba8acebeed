package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.studystats.StudyStatistics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code match --both-variants}: the skill-or-luck study. */
class MatchBothVariantsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    @Tag("slow")
    void pairedChange_equalsTheOneComputedFromTheGames(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("m.json");
        Path csv = dir.resolve("m.csv");
        Cli c = Cli.run("match", "heuristic", "random", "--unpaired", "--both-variants", "--games", "80", "--seed", "5",
                "--threads", "2", "--json", json.toString(), "--csv", csv.toString());
        assertEquals(0, c.exit, c.toString());
        // independent: from the per-game rows, heuristic's half-points per deal under each variant
        List<String> rows = Files.readAllLines(csv);
        String[] head = rows.get(0).split(",");
        int unit = List.of(head).indexOf("unit");
        int variant = List.of(head).indexOf("variant");
        int bot0 = List.of(head).indexOf("bot0");
        int winners = List.of(head).indexOf("winners");
        Map<String, int[]> perDeal = new HashMap<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            int heuristicSeat = f[bot0].equals("heuristic") ? 0 : 1;
            String w = f[winners];
            int half = w.contains(" ") ? 1 : Integer.parseInt(w) == heuristicSeat ? 2 : 0;
            perDeal.computeIfAbsent(f[unit], k -> new int[2])[f[variant].equals("base") ? 0 : 1] = half;
        }
        assertEquals(40, perDeal.size());
        double sum = 0;
        double sq = 0;
        for (int[] h : perDeal.values()) {
            double d = (h[0] - h[1]) / 2.0;
            sum += d;
            sq += d * d;
        }
        int n = perDeal.size();
        double mean = sum / n;
        double se = Math.sqrt((sq - n * mean * mean) / (n - 1) / n);
        JsonNode d = JSON.readTree(json.toFile()).get("statistics").get("change");
        assertEquals(40, d.get("deals").asLong());
        assertEquals(mean, d.get("firstBotScoreBaseMinusThreeRow").asDouble(), 1e-12);
        // heuristic wins every game against random in both variants: every deal's change is 0, no spread, so the
        // interval is the exact one from the bounds ±1, ±(1 − 0.025^(1/40)); with spread it would be x̄ ± t·SE
        double t = 2.022691; // t(0.975, 39 df), from tables
        double half = se == 0 ? 1 - Math.pow(0.025, 1.0 / n) : t * se;
        assertEquals(0.0, se, 0.0, "this seed's games have no spread");
        assertEquals(mean - half, d.get("interval").get(0).asDouble(), 1e-5);
        assertEquals(mean + half, d.get("interval").get(1).asDouble(), 1e-5);
        assertTrue(c.out.contains("heuristic's score base − three-row (paired by deal)"), c.out);
        // the stored statistics bind back to their record (what the report reads)
        JsonNode stats = JSON.readTree(json.toFile()).get("statistics");
        assertTrue(StudyStatistics.read("match", stats) instanceof StudyStatistics.MatchVariants m
                && m.change().deals() == 40 && m.variants().containsKey("three-row"), stats.toString());
    }

    @Test
    void bothVariants_withoutUnpaired_isAOneLineError() {
        Cli c = Cli.run("match", "greedy", "random", "--both-variants", "--games", "8", "--seed", "1");
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("--both-variants needs --unpaired"), c.toString());
    }

    @Test
    void resume_takesBothVariantsFromTheFile(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("m.json");
        assertEquals(0, Cli.run("match", "greedy", "random", "--unpaired", "--both-variants", "--games", "8", "--seed", "3",
                "--json", json.toString()).exit);
        Cli again = Cli.run("match", "greedy", "random", "--resume", json.toString());
        assertEquals(0, again.exit, again.toString());
        assertTrue(again.out.contains("base vs three-row"), again.out);
    }
}
