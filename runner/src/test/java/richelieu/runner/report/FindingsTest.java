package richelieu.runner.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.play.ResultFile;
import richelieu.runner.results.BalanceStats;
import richelieu.runner.results.SeatStats;
import richelieu.runner.results.StoredResult;
import richelieu.runner.results.StudyStatistics;
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

class FindingsTest {

    static StoredResult sample(String name) throws IOException {
        try (InputStream in = FindingsTest.class.getResourceAsStream("/samples/" + name + ".json")) {
            return StoredResult.of(ResultFile.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name));
        }
    }

    @Test
    void firstPlayerAnswer_twoBotsEachJustSignificant_holmCorrectsTheFamily_issue9_22(@TempDir Path dir) throws IOException {
        StoredResult result = sample("first-player");
        // Two bots, each with an interval just above 50% (p = 0.03 and 0.04): before, the answer said
        // "Yes." from the two tests separately; Holm-adjusted they are 0.06 and 0.06.
        StudyStatistics.FirstPlayer f = (StudyStatistics.FirstPlayer) result.statistics();
        Map<String, SeatStats> bots = new LinkedHashMap<>(f.bots());
        bots.put("random", withSeat0(bots.get("random"), 0.03, 0.501));
        bots.put("greedy", withSeat0(bots.get("greedy"), 0.04, 0.502));
        result = new StoredResult(result.config(), result.tally(), new StudyStatistics.FirstPlayer(bots, f.forfeits()));
        StudyPlan.Study study = new StudyPlan.Study("first-player", "First player", "Seat advantage?", List.of("first-player"),
                List.of("first-player"));
        new Findings(Map.of(study, new Findings.Run(study, "first-player", result, "text")), dir, false, "test", "today").write();
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(readme.contains("**No measurable advantage** (exact binomial tests at 5%, Holm-corrected over the 2 bots)"),
                readme);
        assertFalse(readme.contains("**Yes.**"), readme);
        assertTrue(readme.contains("| Holm-adjusted p |"), readme);
    }

    @Test
    void balanceAnswer_twoBotsEachJustSignificant_holmCorrectsTheFamily_issue9_22(@TempDir Path dir) throws IOException {
        StoredResult result = sample("balance");
        // Two bots whose paired differences each just leave out 0 (p = 0.03 and 0.04), the base game favouring seat 0
        // more: before, the answer said "Yes, measurably." from the two intervals separately; Holm-adjusted p = 0.06.
        StudyStatistics.Balance b = (StudyStatistics.Balance) result.statistics();
        Map<String, BalanceStats> bots = new LinkedHashMap<>();
        double p = 0.03;
        for (Map.Entry<String, BalanceStats> e : b.bots().entrySet()) {
            bots.put(e.getKey(), withDifference(e.getValue(), p));
            p += 0.01;
        }
        result = new StoredResult(result.config(), result.tally(), new StudyStatistics.Balance(bots, b.forfeits()));
        StudyPlan.Study study = new StudyPlan.Study("balance", "Balance", "Better balanced?", List.of("balance"),
                List.of("balance"));
        new Findings(Map.of(study, new Findings.Run(study, "balance", result, "text")), dir, false, "test", "today").write();
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(readme.contains("**No measurable difference** (paired t-tests of seat 0's score at 5%, Holm-corrected over "
                + "the 2 bots)"), readme);
        assertFalse(readme.contains("**Yes, measurably"), readme);
        assertTrue(readme.contains("| Holm-adjusted p |"), readme);
    }

    /** Seat 0 scores 60% in the base game and 55% in the three-row variant; the difference's p and its interval above 0. */
    private static BalanceStats withDifference(BalanceStats s, double p) {
        return new BalanceStats(withSeat0Score(s.base(), 0.60), withSeat0Score(s.threeRow(), 0.55),
                new BalanceStats.Difference(0.05, new Interval(0.001, 0.099), p, 0.2, new Interval(0.1, 0.3), 1000));
    }

    private static BalanceStats.VariantStats withSeat0Score(BalanceStats.VariantStats v, double score) {
        SeatStats s = v.seats();
        SeatStats.Seat0 o = s.seat0();
        SeatStats.Seat0 seat0 = new SeatStats.Seat0(o.winRateDecisive(), o.winRateDecisiveInterval(), o.exactBinomialP(), score,
                new Interval(score - 0.02, score + 0.02), o.elo(), o.eloInterval());
        return new BalanceStats.VariantStats(new SeatStats(s.games(), s.sharedWins(), s.forfeits(), s.soleWins(), s.seatPairs(),
                seat0, s.chiSquare(), s.winRate(), s.margin(), s.meanScore(), s.turns()), v.compensation(), v.drawRate());
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
