package richelieu.runner.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.studystats.SeatStats;
import richelieu.runner.studystats.StoredResult;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.stats.Interval;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsPagesTest {

    static StoredResult sample(String name) throws IOException {
        try (InputStream in = ResultsPagesTest.class.getResourceAsStream("/samples/" + name + ".json")) {
            return richelieu.runner.study.ResultReader.of(richelieu.runner.study.ResultReader.parseFile(new String(in.readAllBytes(), StandardCharsets.UTF_8), name));
        }
    }

    @Test
    void firstPlayerAnswer_twoBotsEachJustSignificant_holmCorrectsTheFamily(@TempDir Path dir) throws IOException {
        StoredResult result = sample("first-player");
        // Two bots, each with an interval just above 50% (p = 0.03 and 0.04): before, the answer said
        // "Yes." from the two tests separately; Holm-adjusted they are 0.06 and 0.06.
        StudyStatistics.FirstPlayer f = (StudyStatistics.FirstPlayer) result.statistics();
        Map<String, SeatStats> bots = new LinkedHashMap<>(f.bots());
        bots.put("random", withSeat0(bots.get("random"), 0.03, 0.501));
        bots.put("greedy", withSeat0(bots.get("greedy"), 0.04, 0.502));
        result = new StoredResult(result.config(), result.tally(), new StudyStatistics.FirstPlayer(bots, f.forfeits()));
        StudyPlan.PlannedStudy study = new StudyPlan.PlannedStudy("first-player", "First player", "Seat advantage?", List.of("first-player"),
                List.of("first-player"));
        new ResultsPages(Map.of(study, new ResultsPages.PlayedStudy(study, "first-player", result, "text")), dir, false, "test", "today").write();
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(readme.contains("**No measurable advantage** (exact binomial tests at 5%, Holm-corrected over the 2 bots)"),
                readme);
        assertFalse(readme.contains("**Yes.**"), readme);
        assertTrue(readme.contains("| Holm-adjusted p |"), readme);
    }

    /** The same seat statistics with seat 0's exact binomial p and the low end of its win-rate interval replaced. */
    private static SeatStats withSeat0(SeatStats s, double p, double low) {
        SeatStats.Seat0 o = s.seat0();
        SeatStats.Seat0 seat0 = new SeatStats.Seat0(o.winRateDecisive(), new Interval(low, o.winRateDecisiveInterval().high()),
                p, o.score(), o.scoreInterval(), o.elo(), o.eloInterval());
        return new SeatStats(s.games(), s.sharedWins(), s.forfeits(), s.soleWins(), s.seatPairs(), seat0, s.chiSquare(),
                s.winRate(), s.margin(), s.meanScore(), s.turns());
    }
}
