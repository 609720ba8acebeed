package richelieu.runner.study;

import richelieu.engine.Rules;
import richelieu.runner.play.Plan;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.StudySettings;
import richelieu.runner.play.Tally;
import richelieu.runner.results.BalanceStats;
import richelieu.runner.results.SeatStats;
import richelieu.runner.results.StudyStatistics;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PValue;
import richelieu.strategies.Bots;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Base rules against the three-row variant (R17) on the same deals, with the same bot random
 * streams, for each bot in self-play (2 players): per variant seat 0's score and win rate,
 * draws, margins, game length and the compensation that evens the game; across variants the
 * paired difference of seat 0's score and how often a deal's winner changes.
 */
public final class BalanceStudy implements Study<BalanceStudy.Settings> {

    /**
     * @param bots bot specs, each in self-play (empty: random, greedy, heuristic)
     * @param size deals per bot, or games per bot (two per deal; default 10000 deals)
     */
    public record Settings(List<String> bots, RunSize size) {
        public Settings {
            bots = List.copyOf(bots);
        }
    }

    @Override
    public String name() {
        return "balance";
    }

    @Override
    public RunConfig configure(Settings s, RunBasics basics, Bots registry) {
        long deals = s.size().deals(2, 10_000);
        List<String> labels = SelfPlay.labels(registry, s.bots());
        List<int[]> lineups = SelfPlay.lineups(labels.size(), 2);
        List<Rules> rules = List.of(Rules.twoPlayer(), Rules.twoPlayer().withVariant(Rules.Variant.THREE_ROW));
        long[] range = basics.range(s.size().flag(), deals, lineups.size(), rules.size());
        return new RunConfig(name(), labels, rules, basics.deck(), basics.seed(), deals, lineups, Plan.Pairing.FIXED,
                range[0], range[1], basics.shardIndex(), basics.shardCount(), StudySettings.NONE);
    }

    @Override
    public Settings settingsOf(RunConfig c) {
        return new Settings(c.bots(), new RunSize(c.deals(), null));
    }

    @Override
    public Report report(RunConfig config, Tally tally) {
        StudyStatistics.Balance stats = StudyStatistics.Balance.of(tally, config.labels());
        StringBuilder sb = new StringBuilder("\n");
        for (Map.Entry<String, BalanceStats> e : stats.bots().entrySet()) {
            BalanceStats bot = e.getValue();
            sb.append(e.getKey()).append(String.format(Locale.ROOT, " (self-play, %,d deals under both variants):%n",
                    bot.base().seats().games()));
            List<BalanceStats.VariantStats> variants = List.of(bot.base(), bot.threeRow());
            for (int v = 0; v < 2; v++) {
                BalanceStats.VariantStats vs = variants.get(v);
                SeatStats s = vs.seats();
                sb.append("  ").append(config.ruleSets().get(v).variant().jsonName()).append(":\n");
                sb.append(Analysis.seatText(s, "    "));
                SeatStats.Seat0 s0 = s.seat0Figures();
                sb.append(String.format(Locale.ROOT, "    seat 0 score %s %s, draw rate %s%n", Analysis.pct(s0.score()),
                        Analysis.pct(s0.scoreInterval()), Analysis.pct(s.games() == 0 ? Double.NaN : vs.drawRate())));
                BalanceStats.Compensation c = vs.compensation();
                if (c != null) {
                    sb.append(String.format(Locale.ROOT, "    compensation for seat 1: %s points %s (median margin); "
                            + "seat 0 would then score %s%n", Analysis.num(c.points(), 1), Analysis.interval(c.interval(), 1),
                            Analysis.pct(c.seat0ScoreAfter())));
                }
            }
            BalanceStats.Difference d = bot.difference();
            if (d != null) {
                Interval ci = d.interval();
                sb.append(String.format(Locale.ROOT, "  seat 0 score base − three-row (paired by deal): %s %s (paired t-test, %s)%n",
                        Analysis.num(100 * d.seat0ScoreBaseMinusThreeRow(), 2), "[" + Analysis.num(100 * ci.low(), 2) + ", "
                                + Analysis.num(100 * ci.high(), 2) + "] percentage points", PValue.text(d.pValue(), 4)));
                sb.append(String.format(Locale.ROOT, "  the winner changes between variants on %s %s of deals%n",
                        Analysis.pct(d.flipRate()), Analysis.pct(d.flipInterval())));
            }
        }
        sb.append(Analysis.forfeitsText(tally, config.labels()));
        return new Report(sb.toString(), stats);
    }
}
