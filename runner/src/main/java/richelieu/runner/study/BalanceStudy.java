package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.studystats.BalanceStats;
import richelieu.runner.studystats.SeatStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.stats.BalanceVerdict;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PValue;
import richelieu.strategies.Bots;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Base rules against the three-row variant (R17) on the same deals, with the same bot random
 * streams, for each bot in self-play (2 players): per variant seat 0's score and win rate,
 * draws, margins, game length and the bonus for seat 1 that makes the game fair; across variants
 * the paired difference of seat 0's score, how often a deal's winner changes, and the verdict on
 * "is the three-row variant better balanced?" at the equivalence margin, Holm-corrected over the
 * bots of the run ({@link BalanceStats}).
 */
public final class BalanceStudy implements Study<BalanceStudy.Settings> {

    /**
     * @param bots   bot specs, each in self-play (empty: random, greedy, heuristic)
     * @param size   deals per bot, or games per bot (two per deal; default 10000 deals)
     * @param margin the verdict's equivalence margin in percentage points (null: 1.5)
     */
    public record Settings(List<String> bots, RunSize size, Double margin) {
        public Settings {
            bots = List.copyOf(bots);
        }
    }

    /**
     * The stored settings of a balance run whose margin is not the default, {@code {"margin": "2.5"}};
     * a run at the default stores none, so that files written before the margin was a setting resume.
     *
     * @param percentagePoints the verdict's equivalence margin
     */
    public record Margin(double percentagePoints) implements StudySettings {
        @Override
        public SortedMap<String, String> toJson() {
            return new TreeMap<>(Map.of(MARGIN, BalanceStats.marginWords(percentagePoints / 100)));
        }
    }

    private static final String MARGIN = "margin";

    @Override
    public StudySettings readSettings(JsonNode settings) {
        StudySettings.StoredFields f = new StudySettings.StoredFields(settings);
        f.checkOnly(MARGIN);
        if (!settings.has(MARGIN)) {
            return StudySettings.NONE;
        }
        double pp = f.number(MARGIN, 0, 100);
        if (!(pp > 0 && pp < 100)) {
            throw f.error(MARGIN, "must lie between 0 and 100 percentage points, not " + pp);
        }
        return new Margin(pp);
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
        List<Rules> rules = Shape.BOTH_VARIANTS;
        long[] range = basics.range(s.size().flag(), deals, lineups.size(), rules.size());
        double m = s.margin() == null ? BalanceStats.DEFAULT_MARGIN : s.margin() / 100;
        if (!(m > 0 && m < 1)) {
            throw new UserError("--margin must lie between 0 and 100 percentage points, not " + s.margin());
        }
        return new RunConfig(name(), labels, rules, basics.deck(), basics.seed(), deals, lineups, RunConfig.Pairing.FIXED,
                range[0], range[1], basics.shardIndex(), basics.shardCount(),
                m == BalanceStats.DEFAULT_MARGIN ? StudySettings.NONE : new Margin(s.margin()));
    }

    @Override
    public void checkShape(RunConfig c) {
        Shape.lineups(c, SelfPlay.lineups(c.bots().size(), 2), "a balance run");
        Shape.pairing(c, "a balance run", RunConfig.Pairing.FIXED);
        Shape.require(c.ruleSets().equals(Shape.BOTH_VARIANTS), "config.rules: a balance run compares base with "
                + "three-row (2 players), not " + Shape.variants(c) + " (" + c.players() + " players)");
    }

    @Override
    public Settings settingsOf(RunConfig c) {
        return new Settings(c.bots(), new RunSize(c.deals(), null),
                c.settings() instanceof Margin m ? m.percentagePoints() : null);
    }

    /** A run's equivalence margin (score units): its setting, or the default. */
    static double margin(RunConfig config) {
        return config.settings() instanceof Margin m ? m.percentagePoints() / 100 : BalanceStats.DEFAULT_MARGIN;
    }

    @Override
    public StudyOutcome report(RunConfig config, Tally tally) {
        StudyStatistics.Balance stats = StudyStatistics.Balance.of(tally, config.labels(), margin(config));
        StringBuilder sb = new StringBuilder("\n");
        List<BalanceVerdict> family = BalanceStats.holm(List.copyOf(stats.bots().values()));
        StringBuilder answers = new StringBuilder();
        int index = 0;
        for (Map.Entry<String, BalanceStats> e : stats.bots().entrySet()) {
            BalanceVerdict.Intervals intervals = family.get(index++).intervals(
                    BalanceStats.seat0ScoreDifference(tally, config.labels().indexOf(e.getKey())), BalanceStats.ALPHA);
            BalanceStats bot = e.getValue();
            sb.append(e.getKey()).append(String.format(Locale.ROOT, " (self-play, %,d deals under both variants):%n",
                    bot.base().seats().games()));
            List<BalanceStats.VariantStats> variants = List.of(bot.base(), bot.threeRow());
            for (int v = 0; v < 2; v++) {
                BalanceStats.VariantStats vs = variants.get(v);
                SeatStats s = vs.seats();
                sb.append("  ").append(config.ruleSets().get(v).variant().jsonName()).append(":\n");
                sb.append(StatisticsText.seatText(s, "    "));
                SeatStats.Seat0 s0 = s.seat0Figures();
                sb.append(String.format(Locale.ROOT, "    seat 0 score %s %s, draw rate %s%n", StatisticsText.pct(s0.score()),
                        StatisticsText.pct(s0.scoreInterval()), StatisticsText.pct(s.games() == 0 ? Double.NaN : vs.drawRate())));
                BalanceStats.Compensation c = vs.compensation();
                if (c != null) {
                    sb.append(String.format(Locale.ROOT, "    compensation for seat 1: %s (the half-point bonus that brings "
                            + "seat 0's expected score closest to 50%%); seat 0 would then score %s%n", StatisticsText.bonus(c),
                            StatisticsText.pct(c.seat0ScoreAfter())));
                }
            }
            BalanceStats.Difference d = bot.difference();
            if (d != null) {
                Interval ci = d.interval();
                sb.append(String.format(Locale.ROOT, "  seat 0 score base − three-row (paired by deal): %s %s (%s, %s)%n",
                        StatisticsText.num(100 * d.seat0ScoreBaseMinusThreeRow(), 2), "[" + StatisticsText.num(100 * ci.low(), 2) + ", "
                                + StatisticsText.num(100 * ci.high(), 2) + "] percentage points",
                        StatisticsText.pairedTest(BalanceStats.seat0ScoreDifference(tally, config.labels().indexOf(e.getKey()))),
                        PValue.text(d.pValue(), 4)));
                sb.append(String.format(Locale.ROOT, "  the winner changes between variants on %s %s of deals%n",
                        StatisticsText.pct(d.flipRate()), StatisticsText.pct(d.flipInterval())));
            }
            BalanceStats.Verdict verdict = bot.verdict();
            if (verdict != null) {
                answers.append("is the three-row variant better balanced in ").append(e.getKey()).append("'s self-play? ")
                        .append(StatisticsText.verdict(verdict, intervals)).append('\n');
            }
        }
        if (!answers.isEmpty()) {
            StatisticsText.answerFirst(sb, answers.toString());
        }
        sb.append(StatisticsText.forfeitsText(tally, config.labels()));
        return new StudyOutcome(sb.toString(), stats);
    }
}
