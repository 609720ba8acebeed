package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Rules;
import richelieu.runner.play.Plan;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Tally;
import richelieu.runner.results.StudyStatistics;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;
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
        long deals = Commands.deals(pairs, games, unpaired ? 1 : 2, 500);
        Rules rules = Rules.twoPlayer().withVariant(options.variant());
        long[] range = shardRange(pairs != null ? "--pairs" : "--games", deals, 1, unpaired ? 1 : 2);
        int[] shard = shard();
        return new RunConfig(command(), labels, List.of(rules), deck(), seed, deals, List.<int[]>of(new int[]{0, 1}),
                unpaired ? Plan.Pairing.ALTERNATE : Plan.Pairing.ROTATE, range[0], range[1], shard[0], shard[1], Map.of());
    }

    @Override
    void adopt(RunConfig file) {
        super.adopt(file);
        if (!given("--unpaired")) {
            unpaired = file.pairing() == Plan.Pairing.ALTERNATE;
        }
        if (!given("--pairs") && !given("--games")) {
            if (unpaired) {
                games = file.deals();
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
        String a = config.labels().get(0);
        String b = config.labels().get(1);
        StudyStatistics.Match stats = StudyStatistics.Match.of(tally, config.labels());
        StringBuilder sb = new StringBuilder("\n");
        sb.append(Analysis.pairText(a, b, stats.match()));
        sb.append("seats:\n").append(Analysis.seatText(stats.seats(), "  "));
        sb.append(Analysis.forfeitsText(tally, config.labels()));
        return new Report(sb.toString(), stats);
    }
}
