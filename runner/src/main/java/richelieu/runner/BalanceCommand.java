package richelieu.runner;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.commons.math3.distribution.BinomialDistribution;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Rules;
import richelieu.runner.play.Plan;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Tally;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.MeanEstimate;
import richelieu.runner.stats.Proportions;
import richelieu.runner.stats.TrinomialCounts;
import richelieu.runner.stats.TrinomialSummary;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import richelieu.runner.play.Histogram;

/** {@code richelieu balance}: base rules against the three-row variant on the same deals. */
@Command(name = "balance", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Base rules vs the three-row variant on the same deals.", "Base rules against the three-row variant (R17) on the same deals, with the same bot random "
                + "streams, for each bot in self-play (2 players). For each variant: seat 0's score and win rate with "
                + "intervals and an exact test, draw rate, mean and spread of score margins, game length, and the "
                + "compensation in points for seat 1 that would even the game (the median margin, with a "
                + "distribution-free interval). Across variants: the paired difference of seat 0's score with its "
                + "interval, and how often a deal's winner changes.",
                "Example: ./richelieu balance random greedy --pairs 10000 --seed 1"})
final class BalanceCommand extends PlayCommand {
    @Parameters(arity = "0..*", paramLabel = "BOT", description = "Bots, each in self-play (default: random greedy heuristic).")
    List<String> bots = new ArrayList<>();

    @Option(names = "--pairs", description = "Deals per bot, each played under both variants (default: 10000).")
    Long pairs;

    @Option(names = "--games", description = "Games per bot in all (two per deal: must be even).")
    Long games;

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
        return new RunConfig(command(), labels, rules, deck(), seed, deals, lineups, Plan.Pairing.FIXED,
                range[0], range[1], shard[0], shard[1], Map.of());
    }

    @Override
    void adopt(RunConfig file) {
        super.adopt(file);
        if (!given("--pairs") && !given("--games")) {
            pairs = file.deals();
        }
    }

    @Override
    Report report(RunConfig config, Tally tally) {
        StringBuilder sb = new StringBuilder("\n");
        ObjectNode stats = Analysis.object();
        ObjectNode per = stats.putObject("bots");
        for (int b = 0; b < config.labels().size(); b++) {
            String name = config.labels().get(b);
            ObjectNode o = per.putObject(name);
            sb.append(name).append(String.format(Locale.ROOT, " (self-play, %,d deals under both variants):%n",
                    tally.seat(0, b).games()));
            for (int v = 0; v < 2; v++) {
                String variant = config.ruleSets().get(v).variant().jsonName();
                Tally.SeatBlock s = tally.seat(v, b);
                ObjectNode vo = Analysis.seatJson(s, 2);
                sb.append("  ").append(variant).append(":\n");
                sb.append(Analysis.seatText(s, 2, "    "));
                TrinomialSummary t = seat0(s);
                sb.append(String.format(Locale.ROOT, "    seat 0 score %s %s, draw rate %s%n", Analysis.pct(t.score()),
                        Analysis.pct(t.scoreInterval()), Analysis.pct(s.games() == 0 ? Double.NaN : s.sharedGames() / (double) s.games())));
                Compensation c = Compensation.of(s.marginHistogram());
                if (c != null) {
                    sb.append(String.format(Locale.ROOT, "    compensation for seat 1: %s points %s (median margin); "
                            + "seat 0 would then score %s%n", Analysis.num(c.points(), 1), Analysis.interval(c.interval(), 1),
                            Analysis.pct(c.seat0ScoreAfter())));
                    ObjectNode co = vo.putObject("compensation");
                    Analysis.put(co, "points", c.points());
                    Analysis.put(co, "interval", c.interval());
                    Analysis.put(co, "seat0ScoreAfter", c.seat0ScoreAfter());
                }
                vo.put("drawRate", s.games() == 0 ? 0 : s.sharedGames() / (double) s.games());
                o.set(variant, vo);
            }
            long deals = tally.flipDeals(b);
            if (deals > 1) {
                // d in half-points per deal; seat-0 score difference = d / 2
                MeanEstimate diff = MeanEstimate.fromSums(deals, tally.diffSum(b), tally.diffSq(b), Analysis.CONFIDENCE);
                double mean = diff.mean() / 2;
                Interval ci = new Interval(diff.interval().low() / 2, diff.interval().high() / 2);
                Interval flipCi = Proportions.wilson(tally.flips(b), deals, Analysis.CONFIDENCE);
                double flipRate = tally.flips(b) / (double) deals;
                sb.append(String.format(Locale.ROOT, "  seat 0 score base − three-row (paired by deal): %s %s%n",
                        Analysis.num(100 * mean, 2), "[" + Analysis.num(100 * ci.low(), 2) + ", "
                                + Analysis.num(100 * ci.high(), 2) + "] percentage points"));
                sb.append(String.format(Locale.ROOT, "  the winner changes between variants on %s %s of deals%n",
                        Analysis.pct(flipRate), Analysis.pct(flipCi)));
                ObjectNode d = o.putObject("difference");
                Analysis.put(d, "seat0ScoreBaseMinusThreeRow", mean);
                Analysis.put(d, "interval", ci);
                Analysis.put(d, "flipRate", flipRate);
                Analysis.put(d, "flipInterval", flipCi);
                d.put("deals", deals);
            }
        }
        sb.append(Analysis.forfeitsText(tally, config.labels()));
        stats.set("forfeits", Analysis.forfeitsJson(tally, config.labels()));
        return new Report(sb.toString(), stats);
    }

    private static TrinomialSummary seat0(Tally.SeatBlock s) {
        return TrinomialSummary.of(new TrinomialCounts(s.soleWins(0), s.sharedGames(), s.soleWins(1)), Analysis.CONFIDENCE);
    }

    /**
     * The points to give seat 1 so that seat 0's expected score is ½: the median of the margin
     * seat 0 − seat 1. The interval is the distribution-free order-statistic interval of the
     * median (ranks from Binomial(n, ½)). The card-count tie-break is ignored: a margin equal to
     * the compensation counts as half a win.
     */
    record Compensation(double points, Interval interval, double seat0ScoreAfter) {
        static Compensation of(Histogram histogram) {
            long n = histogram.total();
            if (n < 2) {
                return null;
            }
            double median = (histogram.valueAtRank((n + 1) / 2) + histogram.valueAtRank(n / 2 + 1)) / 2.0;
            BinomialDistribution bin = new BinomialDistribution(null, (int) Math.min(n, Integer.MAX_VALUE), 0.5);
            long j = Math.max(1, bin.inverseCumulativeProbability((1 - Analysis.CONFIDENCE) / 2));
            long k = Math.min(n, n - j + 1);
            Interval ci = new Interval(histogram.valueAtRank(j), histogram.valueAtRank(k));
            double above = histogram.countAbove(median);
            double equal = median == Math.rint(median) ? histogram.count((int) median) : 0;
            return new Compensation(median, ci, (above + equal / 2) / n);
        }
    }
}
