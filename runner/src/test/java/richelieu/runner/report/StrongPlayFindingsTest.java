package richelieu.runner.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.Main;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.studystats.StoredResult;
import richelieu.runner.stats.SeatHomogeneityChiSquare;
import richelieu.runner.text.Format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's strong-play answers, read from real small runs and checked against the raw counts. */
@Tag("slow")
class StrongPlayFindingsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ResultsPages.PlayedStudy run(Path dir, String id, String... args) throws IOException {
        Path json = dir.resolve(id + ".json");
        String[] all = new String[args.length + 4];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(new String[]{"--json", json.toString(), "--threads", "2"}, 0, all, args.length, 4);
        assertEquals(0, Main.run(all), id);
        StudyPlan.PlannedStudy study = new StudyPlan.PlannedStudy(id, id, "?", List.of(args), List.of(args));
        return new ResultsPages.PlayedStudy(study, String.join(" ", args), richelieu.runner.study.ResultReader.read(json), "text");
    }

    private static String readme(Path dir, ResultsPages.PlayedStudy... runs) throws IOException {
        Map<StudyPlan.PlannedStudy, ResultsPages.PlayedStudy> map = new LinkedHashMap<>();
        for (ResultsPages.PlayedStudy r : runs) {
            map.put(r.study(), r);
        }
        Path out = Files.createDirectories(dir.resolve("out"));
        new ResultsPages(map, out, false, "test", "today").write();
        return Files.readString(out.resolve("README.md"));
    }

    @Test
    void balanceVerdict_followsTheNinetyPercentIntervalOfThePairedDifference(@TempDir Path dir) throws IOException {
        ResultsPages.PlayedStudy r = run(dir, "balance", "balance", "random", "--pairs", "3000", "--seed", "11");
        String readme = readme(dir, r);
        // independent of the stats classes: the 90% interval from the tally's sums (t ≈ z at 2,999 df, off by < 1e-4)
        JsonNode f = JSON.readTree(Files.readString(dir.resolve("balance.json"))).get("tally").get("flips").get(0);
        double n = f.get("deals").asDouble();
        double mean = f.get("seat0DiffSum").asDouble() / n / 2;
        double var = (f.get("seat0DiffSq").asDouble() / 4 - n * mean * mean) / (n - 1);
        double se = Math.sqrt(var / n);
        boolean equivalent = mean - 1.6449 * se > -0.015 && mean + 1.6449 * se < 0.015;
        boolean different = Math.abs(mean) > 1.9600 * se;
        assertTrue(Math.abs(Math.abs(mean) + 1.6449 * se - 0.015) > 2e-4 && Math.abs(Math.abs(mean) - 1.96 * se) > 2e-4,
                "too close to a boundary for this check");
        if (different) {
            assertTrue(readme.contains("balanced, for every bot studied.**") && !readme.contains("**Equally"), readme);
        } else {
            assertTrue(readme.contains(equivalent ? "**Equally balanced within ±1.5 pp, for every bot studied.**"
                    : "**Inconclusive at this sample, for every bot studied.**"), readme);
        }
        assertTrue(readme.contains("| TOST p (Holm) |"), readme);
        // the equivalence chart: the difference with its 90% interval, and the margin band
        String svg = Files.readString(dir.resolve("out").resolve("balance-equivalence-all-bots.svg"));
        assertTrue(svg.contains(String.format(java.util.Locale.ROOT, "random: %+.2f pp [%+.2f, %+.2f]", 100 * mean,
                100 * (mean - 1.6449 * se), 100 * (mean + 1.6449 * se))), svg);
        assertTrue(svg.contains("±1.5 percentage points"), svg);
        // compensation curve, bonus 0, base game: (margins above 0 + half the margins at 0) / games
        JsonNode h = JSON.readTree(Files.readString(dir.resolve("balance.json"))).get("tally").get("seat").get(0).get(0)
                .get("marginHistogram");
        double above = 0;
        double at = 0;
        double total = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = h.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            int m = Integer.parseInt(e.getKey());
            total += e.getValue().asDouble();
            above += m > 0 ? e.getValue().asDouble() : 0;
            at += m == 0 ? e.getValue().asDouble() : 0;
        }
        String b0 = Format.pct((above + at / 2) / total);
        assertTrue(readme.matches("(?s).*\\| random \\| base \\| [^|]+ \\| [^|]+ \\| " + java.util.regex.Pattern.quote(b0)
                + " \\[.*"), readme);
        String curves = Files.readString(dir.resolve("out").resolve("compensation-all-bots.svg"));
        assertTrue(curves.contains("random, base: b=0 " + b0 + " ["), curves);
    }

    @Test
    void threePlayers_simultaneousIntervalsAndHomogeneityAcrossBots(@TempDir Path dir) throws IOException {
        ResultsPages.PlayedStudy r = run(dir, "fp3", "first-player", "random", "greedy", "--players", "3", "--games", "300", "--seed", "4");
        String readme = readme(dir, r);
        assertTrue(readme.contains("simultaneous 95% intervals"), readme);
        JsonNode seats = JSON.readTree(Files.readString(dir.resolve("fp3.json"))).get("tally").get("seat").get(0);
        long[][] wins = new long[2][3];
        for (int b = 0; b < 2; b++) {
            for (int s = 0; s < 3; s++) {
                wins[b][s] = seats.get(b).get("soleWins").get(s).asLong();
            }
        }
        String p = richelieu.runner.stats.PValue.text(SeatHomogeneityChiSquare.of(wins).pValue(), 3);
        assertTrue(readme.contains("with 3 players?") && readme.contains("across random, greedy: " + p), readme);
    }

    @Test
    void threePlayers_eachBotsSeatEffectAgainstGreedys_holmOverTheComparisons(@TempDir Path dir) throws IOException {
        ResultsPages.PlayedStudy cheap = run(dir, "fp3", "first-player", "random", "greedy", "--players", "3", "--games", "300", "--seed", "4");
        ResultsPages.PlayedStudy strong = run(dir, "fp3s", "first-player", "heuristic", "--players", "3", "--games", "90", "--seed", "4");
        String readme = readme(dir, cheap, strong);
        long[][] wins = new long[3][3];
        String[][] from = {{"fp3", "0"}, {"fp3", "1"}, {"fp3s", "0"}}; // random, greedy, heuristic
        for (int b = 0; b < 3; b++) {
            JsonNode seats = JSON.readTree(Files.readString(dir.resolve(from[b][0] + ".json"))).get("tally").get("seat").get(0);
            for (int s = 0; s < 3; s++) {
                wins[b][s] = seats.get(Integer.parseInt(from[b][1])).get("soleWins").get(s).asLong();
            }
        }
        double pRandom = SeatHomogeneityChiSquare.of(new long[][]{wins[0], wins[1]}).pValue();
        double pHeuristic = SeatHomogeneityChiSquare.of(new long[][]{wins[2], wins[1]}).pValue();
        assertTrue(readme.contains("Holm-corrected over the 2:"), readme);
        assertTrue(readme.contains("- random vs greedy, 3 players: ") && readme.contains("(p = "
                + richelieu.runner.stats.PValue.value(pRandom, 3) + ", Holm "), readme);
        assertTrue(readme.contains("- heuristic vs greedy, 3 players: ") && readme.contains("(p = "
                + richelieu.runner.stats.PValue.value(pHeuristic, 3) + ", Holm "), readme);
        // the bots of both studies side by side in one chart
        String svg = Files.readString(dir.resolve("out").resolve("win-rate-by-seat-3p-all-bots.svg"));
        assertTrue(svg.contains("greedy, seat 0: ") && svg.contains("heuristic, seat 2: ")
                && svg.contains("simultaneous 95%"), svg);
    }

    @Test
    void skillOrLuck_listsThePairedChangeOfTheFirstBotsScore(@TempDir Path dir) throws IOException {
        ResultsPages.PlayedStudy r = run(dir, "sl", "match", "greedy", "random", "--unpaired", "--both-variants", "--games", "200",
                "--seed", "6");
        String readme = readme(dir, r);
        assertTrue(readme.contains("### Skill or luck"), readme);
        assertTrue(readme.contains("| greedy vs random |"), readme);
        assertTrue(readme.contains("| 100 |"), readme);
    }
}
