package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Rules;
import richelieu.runner.play.Plan;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Tally;
import richelieu.runner.results.BalanceStats;
import richelieu.runner.results.SeatStats;
import richelieu.runner.results.StudyStatistics;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PValue;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code richelieu balance}: base rules against the three-row variant on the same deals. */
@Command(name = "balance", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Base rules vs the three-row variant on the same deals.", "Base rules against the three-row variant (R17) on the same deals, with the same bot random "
                + "streams, for each bot in self-play (2 players). For each variant: seat 0's score and win rate with "
                + "intervals and an exact test, draw rate, mean and spread of score margins, game length, and the "
                + "compensation for seat 1: the bonus in half points that brings seat 0's expected score closest to "
                + "50%%, with a distribution-free interval. Across variants: the paired difference of seat 0's score "
                + "with its interval, how often a deal's winner changes, and the verdict on 'is the three-row variant "
                + "better balanced?': equally balanced within the margin (two one-sided tests), more or less balanced "
                + "(test of no difference), or inconclusive, each Holm-corrected over the bots of the run.",
                "Example: ./richelieu balance random greedy --pairs 10000 --seed 1"})
final class BalanceCommand extends PlayCommand {
    @Parameters(arity = "0..*", paramLabel = "BOT", description = "Bots, each in self-play (default: random greedy heuristic).")
    List<String> bots = new ArrayList<>();

    @Option(names = "--pairs", description = "Deals per bot, each played under both variants (default: 10000).")
    Long pairs;

    @Option(names = "--games", description = "Games per bot in all (two per deal: must be even).")
    Long games;

    @Option(names = "--margin", paramLabel = "PP", description = "Equivalence margin of the verdict, in percentage points "
            + "of seat 0's score (default: 1.5): 'equally balanced' means the 90%% interval of the difference lies within ±PP.")
    Double margin;

    @Override
    String command() {
        return "balance";
    }

    @Override
    RunConfig newConfig(Bots registry, long seed) {
        long deals = Commands.deals(pairs, games, 2, 10_000);
        List<String> labels = FirstPlayerCommand.selfPlayLabels(registry, bots);
        List<int[]> lineups = FirstPlayerCommand.selfPlayLineups(labels.size(), 2);
        List<Rules> rules = List.of(Rules.twoPlayer(), Rules.twoPlayer().withVariant(Rules.Variant.THREE_ROW));
        long[] range = shardRange(given("--games") ? "--games" : "--pairs", deals, lineups.size(), rules.size());
        int[] shard = shard();
        double m = margin == null ? BalanceStats.DEFAULT_MARGIN : margin / 100;
        if (!(m > 0 && m < 1)) {
            throw new UserError("--margin must lie between 0 and 100 percentage points, not " + margin);
        }
        // only a margin other than the default is stored, so files written before --margin existed still resume
        Map<String, String> settings = m == BalanceStats.DEFAULT_MARGIN ? Map.of()
                : Map.of(MARGIN, BalanceStats.marginWords(m));
        return new RunConfig(command(), labels, rules, deck(), seed, deals, lineups, Plan.Pairing.FIXED,
                range[0], range[1], shard[0], shard[1], settings);
    }

    /** The setting that holds a margin other than the default, in percentage points. */
    private static final String MARGIN = "margin";

    @Override
    void adopt(RunConfig file) {
        super.adopt(file);
        if (!given("--pairs") && !given("--games")) {
            pairs = file.deals();
        }
        if (!given("--margin")) {
            margin = 100 * margin(file);
        }
    }

    /** A run's equivalence margin (score units): its setting, or the default. */
    static double margin(RunConfig config) {
        if (!config.settings().containsKey(MARGIN)) {
            return BalanceStats.DEFAULT_MARGIN;
        }
        double pp = setting(config, MARGIN);
        if (!(pp > 0 && pp < 100)) {
            throw new UserError("config.settings." + MARGIN + ": must lie between 0 and 100 percentage points, not "
                    + config.settings().get(MARGIN));
        }
        return pp / 100;
    }

    @Override
    Report report(RunConfig config, Tally tally) {
        StudyStatistics.Balance stats = StudyStatistics.Balance.of(tally, config.labels(), margin(config));
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
                    sb.append(String.format(Locale.ROOT, "    compensation for seat 1: %s (the half-point bonus that brings "
                            + "seat 0's expected score closest to 50%%); seat 0 would then score %s%n", Analysis.bonus(c),
                            Analysis.pct(c.seat0ScoreAfter())));
                }
            }
            BalanceStats.Difference d = bot.difference();
            if (d != null) {
                Interval ci = d.interval();
                sb.append(String.format(Locale.ROOT, "  seat 0 score base − three-row (paired by deal): %s %s (%s, %s)%n",
                        Analysis.num(100 * d.seat0ScoreBaseMinusThreeRow(), 2), "[" + Analysis.num(100 * ci.low(), 2) + ", "
                                + Analysis.num(100 * ci.high(), 2) + "] percentage points",
                        Analysis.pairedTest(BalanceStats.seat0ScoreDifference(tally, config.labels().indexOf(e.getKey()))),
                        PValue.text(d.pValue(), 4)));
                sb.append(String.format(Locale.ROOT, "  the winner changes between variants on %s %s of deals%n",
                        Analysis.pct(d.flipRate()), Analysis.pct(d.flipInterval())));
            }
            BalanceStats.Verdict v = bot.verdict();
            if (v != null) {
                sb.append("  is the three-row variant better balanced? ").append(Analysis.verdict(v)).append('\n');
            }
        }
        sb.append(Analysis.forfeitsText(tally, config.labels()));
        return new Report(sb.toString(), stats);
    }
}
