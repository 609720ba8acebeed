package richelieu.runner.study;

import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.answers.FirstPlayerVerdict;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.studystats.SeatStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.strategies.Bots;

import java.util.List;
import java.util.Map;

/**
 * Seat advantage: each bot plays itself, one game per deal. With 2 players seat 0's win rate
 * among decisive games, draws and the score margin; with 3-4 players the win rate by seat and
 * a test of equal seats.
 */
public final class FirstPlayerStudy implements Study<FirstPlayerStudy.Settings> {

    /**
     * @param bots    bot specs, each in self-play (empty: random, greedy, heuristic)
     * @param players 2, 3 or 4
     * @param size    games (deals) per bot (default 10000)
     * @param variant the rules' variant
     */
    public record Settings(List<String> bots, int players, RunSize size, Rules.Variant variant) {
        public Settings {
            bots = List.copyOf(bots);
        }
    }

    @Override
    public String name() {
        return "first-player";
    }

    @Override
    public RunConfig configure(Settings s, RunBasics basics, Bots registry) {
        if (s.players() < 2 || s.players() > 4) {
            throw new UserError("--players must be 2, 3 or 4, not " + s.players());
        }
        long games = s.size().deals(1, 10_000);
        List<String> labels = SelfPlay.labels(registry, s.bots());
        List<int[]> lineups = SelfPlay.lineups(labels.size(), s.players());
        Rules rules = Rules.standard(s.players()).withVariant(s.variant());
        long[] range = basics.range("--games", games, lineups.size(), 1);
        return new RunConfig(name(), labels, List.of(rules), basics.deck(), basics.seed(), games, lineups,
                RunConfig.Pairing.FIXED, range[0], range[1], basics.shardIndex(), basics.shardCount(), StudySettings.NONE);
    }

    @Override
    public void checkShape(RunConfig c) {
        Shape.lineups(c, SelfPlay.lineups(c.bots().size(), c.players()), "a first-player run");
        Shape.pairing(c, "a first-player run", RunConfig.Pairing.FIXED);
        Shape.oneRuleSet(c, "a first-player run");
    }

    @Override
    public Settings settingsOf(RunConfig c) {
        return new Settings(c.bots(), c.players(), new RunSize(null, c.deals()), c.ruleSets().get(0).variant());
    }

    @Override
    public StudyOutcome report(RunConfig config, Tally tally) {
        StudyStatistics.FirstPlayer stats = StudyStatistics.FirstPlayer.of(tally, config.labels(), config.players());
        StringBuilder sb = new StringBuilder("\n");
        List<FirstPlayerVerdict> verdicts = config.players() == 2 ? FirstPlayerVerdict.of(stats.bots().values().stream()
                .map(FirstPlayerVerdict.Games::of).toList(), FirstPlayerVerdict.MARGIN) : null;
        StringBuilder answers = new StringBuilder();
        int i = 0;
        for (Map.Entry<String, SeatStats> e : stats.bots().entrySet()) {
            sb.append(e.getKey()).append(String.format(" (self-play, %,d games):%n", e.getValue().games()));
            sb.append(StatisticsText.seatText(e.getValue(), "  "));
            String in = " in " + e.getKey() + "'s self-play? ";
            answers.append(verdicts != null ? "does the first player have an advantage" + in
                    + StatisticsText.firstPlayer(verdicts.get(i)) : "does the seat order matter" + in
                    + StatisticsText.seatOrder(e.getValue())).append('\n');
            i++;
        }
        StatisticsText.answerFirst(sb, answers.toString());
        sb.append(StatisticsText.forfeitsText(tally, config.labels()));
        return new StudyOutcome(sb.toString(), stats);
    }
}
