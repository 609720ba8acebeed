package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Rules;
import richelieu.runner.play.Plan;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Tally;
import richelieu.runner.results.StudyStatistics;
import richelieu.runner.stats.PValue;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code richelieu match A B}: two bots over paired deals. */
@Command(name = "match", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Two bots over paired deals: W/D/L, Elo, LOS.", "Two bots play each other. By default every deal is played twice with seats swapped, "
                + "so the luck of the deal cancels; reports W/D/L, score and Elo with 95%% intervals (trinomial "
                + "and pentanomial), LOS, seat advantage and score margins.",
                "Example: ./richelieu match greedy random --pairs 2000 --seed 1"})
final class MatchCommand extends PlayCommand {
    @Parameters(arity = "0..2", paramLabel = "BOT", description = "Two bot specs, e.g. greedy 'ismcts:iterations=500'. See 'bots'.")
    List<String> bots = new ArrayList<>();

    @Option(names = "--pairs", description = "Deals, each played twice with seats swapped (default: 500).")
    Long pairs;

    @Option(names = "--games", description = "Games in all (paired: must be even).")
    Long games;

    @Option(names = "--unpaired", description = "Play each deal once, seats alternating between deals.")
    boolean unpaired;

    @Option(names = "--both-variants", description = "Play every deal under the base rules and again under the "
            + "three-row variant (same seats, same bot random streams) and report the paired change of the first "
            + "bot's score: does the variant change how often the stronger bot wins? Needs --unpaired and --games "
            + "(two games per deal).")
    boolean bothVariants;

    @Override
    String command() {
        return "match";
    }

    @Override
    RunConfig newConfig(Bots registry, long seed) {
        if (bots.size() != 2) {
            throw new UserError("match needs two bots, e.g. 'match greedy random' (see 'bots')");
        }
        List<String> labels = new ArrayList<>();
        for (String b : bots) {
            labels.add(Commands.parseBot(registry, b).definition());
        }
        if (bothVariants && !unpaired) {
            // with the seats swapped within a deal, the tally keeps no per-deal change of a bot's score
            throw new UserError("--both-variants needs --unpaired (one game per deal and variant)");
        }
        if (bothVariants && given("--variant")) {
            throw new UserError("--both-variants plays both variants; leave out --variant");
        }
        int gamesPerDeal = (unpaired ? 1 : 2) * (bothVariants ? 2 : 1);
        long deals = Commands.deals(pairs, games, gamesPerDeal, 500);
        List<Rules> rules = bothVariants
                ? List.of(Rules.twoPlayer(), Rules.twoPlayer().withVariant(Rules.Variant.THREE_ROW))
                : List.of(Rules.twoPlayer().withVariant(options.variant()));
        long[] range = shardRange(pairs != null ? "--pairs" : "--games", deals, 1, gamesPerDeal);
        int[] shard = shard();
        return new RunConfig(command(), labels, rules, deck(), seed, deals, List.<int[]>of(new int[]{0, 1}),
                unpaired ? Plan.Pairing.ALTERNATE : Plan.Pairing.ROTATE, range[0], range[1], shard[0], shard[1], Map.of());
    }

    @Override
    void adopt(RunConfig file) {
        super.adopt(file);
        if (!given("--unpaired")) {
            unpaired = file.pairing() == Plan.Pairing.ALTERNATE;
        }
        if (!given("--both-variants")) {
            bothVariants = file.ruleSets().size() == 2;
        }
        if (!given("--pairs") && !given("--games")) {
            if (unpaired) {
                games = file.deals() * (bothVariants ? 2 : 1);
            } else {
                pairs = file.deals();
            }
        }
    }

    @Override
    String scoreLine(RunConfig config, Tally tally) {
        Tally.PairBlock p = tally.pair(0, 0, 1);
        long n = p.games();
        return n == 0 ? "" : config.labels().get(0) + " " + Analysis.pct((p.wins() + p.draws() / 2.0) / n);
    }

    @Override
    Report report(RunConfig config, Tally tally) {
        if (config.ruleSets().size() == 2) {
            return bothVariantsReport(config, tally);
        }
        String a = config.labels().get(0);
        String b = config.labels().get(1);
        StudyStatistics.Match stats = StudyStatistics.Match.of(tally, config.labels());
        StringBuilder sb = new StringBuilder("\n");
        sb.append(Analysis.pairText(a, b, stats.match()));
        sb.append("seats:\n").append(Analysis.seatText(stats.seats(), "  "));
        sb.append(Analysis.forfeitsText(tally, config.labels()));
        return new Report(sb.toString(), stats);
    }

    /** Both variants on the same deals: each variant's match and seats, then the paired change of the first bot's score. */
    private Report bothVariantsReport(RunConfig config, Tally tally) {
        String a = config.labels().get(0);
        String b = config.labels().get(1);
        List<String> variants = config.ruleSets().stream().map(r -> r.variant().jsonName()).toList();
        StudyStatistics.MatchVariants stats = StudyStatistics.MatchVariants.of(tally, config.labels(), variants);
        StringBuilder sb = new StringBuilder("\n");
        for (String v : variants) {
            sb.append(v).append(":\n").append(Analysis.pairText(a, b, stats.variants().get(v)));
            sb.append("seats:\n").append(Analysis.seatText(stats.seats().get(v), "  "));
        }
        StudyStatistics.MatchVariants.Change c = stats.change();
        if (c != null) {
            sb.append(String.format(Locale.ROOT, "%s's score %s − %s (paired by deal): %s [%s, %s] percentage points, "
                            + "p = %s (%s)%n", a, variants.get(0), variants.get(1),
                    Analysis.num(100 * c.firstBotScoreBaseMinusThreeRow(), 2), Analysis.num(100 * c.interval().low(), 2),
                    Analysis.num(100 * c.interval().high(), 2), PValue.value(c.p(), 3),
                    Analysis.pairedTest(StudyStatistics.MatchVariants.firstBotChange(tally))));
            sb.append(String.format(Locale.ROOT, "  the winner changes between variants on %s %s of deals%n",
                    Analysis.pct(c.flipRate()), Analysis.pct(c.flipInterval())));
        }
        sb.append(Analysis.forfeitsText(tally, config.labels()));
        return new Report(sb.toString(), stats);
    }
}
