package richelieu.runner.study;

import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.answers.HeadToHead;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.stats.PValue;
import richelieu.strategies.Bots;

import java.util.List;
import java.util.Locale;

/**
 * Two bots over the same deals: by default each deal twice with seats swapped (the luck of the
 * deal cancels), or once with seats alternating ({@code unpaired}); with {@code bothVariants}
 * every deal also under the three-row variant, for the paired change of the first bot's score.
 */
public final class MatchStudy implements Study<MatchStudy.Settings> {

    /**
     * @param bots         the two bot specs
     * @param size         deals or games (default 500 deals)
     * @param unpaired     one game per deal, seats alternating between deals
     * @param bothVariants every deal under base and three-row (needs unpaired)
     * @param variant      the rules' variant, or null when not given (base)
     */
    public record Settings(List<String> bots, RunSize size, boolean unpaired, boolean bothVariants,
                           Rules.Variant variant) {
        public Settings {
            bots = List.copyOf(bots);
        }
    }

    @Override
    public String name() {
        return "match";
    }

    @Override
    public RunConfig configure(Settings s, RunBasics basics, Bots registry) {
        if (s.bots().size() != 2) {
            throw new UserError("match needs two bots, e.g. 'match greedy random' (see 'bots')");
        }
        List<String> labels = BotSpecs.definitions(registry, s.bots());
        if (s.bothVariants() && !s.unpaired()) {
            // with the seats swapped within a deal, the tally keeps no per-deal change of a bot's score
            throw new UserError("--both-variants needs --unpaired (one game per deal and variant)");
        }
        if (s.bothVariants() && s.variant() != null) {
            throw new UserError("--both-variants plays both variants; leave out --variant");
        }
        int gamesPerDeal = (s.unpaired() ? 1 : 2) * (s.bothVariants() ? 2 : 1);
        long deals = s.size().deals(gamesPerDeal, 500, " with --unpaired");
        List<Rules> rules = s.bothVariants() ? Shape.BOTH_VARIANTS
                : List.of(Rules.twoPlayer().withVariant(s.variant() == null ? Rules.Variant.BASE : s.variant()));
        long[] range = basics.range(s.size().pairs() != null ? "--pairs" : "--games", deals, 1, gamesPerDeal);
        return new RunConfig(name(), labels, rules, basics.deck(), basics.seed(), deals, Shape.HEAD_TO_HEAD,
                s.unpaired() ? RunConfig.Pairing.ALTERNATE : RunConfig.Pairing.ROTATE, range[0], range[1], basics.shardIndex(),
                basics.shardCount(), StudySettings.NONE);
    }

    @Override
    public void checkShape(RunConfig c) {
        Shape.lineups(c, Shape.HEAD_TO_HEAD, "a match");
        Shape.pairing(c, "a match", RunConfig.Pairing.ROTATE, RunConfig.Pairing.ALTERNATE);
        Shape.require(c.players() == 2 && (c.ruleSets().size() == 1 || c.ruleSets().equals(Shape.BOTH_VARIANTS)
                && c.pairing() == RunConfig.Pairing.ALTERNATE), "config.rules: a match plays 2 players under one variant, or "
                + "unpaired under base and three-row, not " + Shape.variants(c) + " (" + c.players() + " players)");
    }

    @Override
    public Settings settingsOf(RunConfig c) {
        boolean unpaired = c.pairing() == RunConfig.Pairing.ALTERNATE;
        boolean bothVariants = c.ruleSets().size() == 2;
        RunSize size = unpaired ? new RunSize(null, c.deals() * (bothVariants ? 2 : 1)) : new RunSize(c.deals(), null);
        return new Settings(c.bots(), size, unpaired, bothVariants,
                bothVariants ? null : c.ruleSets().get(0).variant());
    }

    @Override
    public String scoreLine(RunConfig config, Tally tally) {
        Tally.PairBlock p = tally.pair(0, 0, 1);
        long n = p.games();
        return n == 0 ? "" : config.labels().get(0) + " " + StatisticsText.pct((p.wins() + p.draws() / 2.0) / n);
    }

    @Override
    public StudyOutcome report(RunConfig config, Tally tally) {
        if (config.ruleSets().size() == 2) {
            return bothVariantsReport(config, tally);
        }
        String a = config.labels().get(0);
        String b = config.labels().get(1);
        StudyStatistics.Match stats = StudyStatistics.Match.of(tally, config.labels());
        StringBuilder sb = new StringBuilder("\n");
        sb.append(StatisticsText.pairText(a, b, stats.match()));
        sb.append("seats:\n").append(StatisticsText.seatText(stats.seats(), "  "));
        StatisticsText.answerFirst(sb, "is " + a + " better than " + b + "? "
                + StatisticsText.headToHead(a, b, HeadToHead.of(stats.match(), HeadToHead.MARGIN_ELO)));
        sb.append(StatisticsText.forfeitsText(tally, config.labels()));
        return new StudyOutcome(sb.toString(), stats);
    }

    /** Both variants on the same deals: each variant's match and seats, then the paired change of the first bot's score. */
    private static StudyOutcome bothVariantsReport(RunConfig config, Tally tally) {
        String a = config.labels().get(0);
        String b = config.labels().get(1);
        List<String> variants = config.ruleSets().stream().map(r -> r.variant().jsonName()).toList();
        StudyStatistics.MatchVariants stats = StudyStatistics.MatchVariants.of(tally, config.labels(), variants);
        StringBuilder sb = new StringBuilder("\n");
        StringBuilder answers = new StringBuilder();
        for (String v : variants) {
            sb.append(v).append(":\n").append(StatisticsText.pairText(a, b, stats.variants().get(v)));
            sb.append("seats:\n").append(StatisticsText.seatText(stats.seats().get(v), "  "));
            answers.append("is ").append(a).append(" better than ").append(b).append(" (").append(v).append(")? ")
                    .append(StatisticsText.headToHead(a, b, HeadToHead.of(stats.variants().get(v), HeadToHead.MARGIN_ELO)))
                    .append('\n');
        }
        StudyStatistics.MatchVariants.Change c = stats.change();
        if (c != null) {
            sb.append(String.format(Locale.ROOT, "%s's score %s − %s (paired by deal): %s [%s, %s] percentage points, "
                            + "p = %s (%s)%n", a, variants.get(0), variants.get(1),
                    StatisticsText.num(100 * c.firstBotScoreBaseMinusThreeRow(), 2), StatisticsText.num(100 * c.interval().low(), 2),
                    StatisticsText.num(100 * c.interval().high(), 2), PValue.value(c.p(), 3),
                    StatisticsText.pairedTest(StudyStatistics.MatchVariants.firstBotChange(tally))));
            sb.append(String.format(Locale.ROOT, "  the winner changes between variants on %s %s of deals%n",
                    StatisticsText.pct(c.flipRate()), StatisticsText.pct(c.flipInterval())));
        }
        StatisticsText.answerFirst(sb, answers.toString());
        sb.append(StatisticsText.forfeitsText(tally, config.labels()));
        return new StudyOutcome(sb.toString(), stats);
    }
}
