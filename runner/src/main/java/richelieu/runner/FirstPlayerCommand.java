package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Rules;
import richelieu.runner.play.Plan;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Tally;
import richelieu.runner.results.SeatStats;
import richelieu.runner.results.StudyStatistics;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code richelieu first-player BOT…}: seat advantage of each bot in self-play. */
@Command(name = "first-player", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Seat advantage of each bot in self-play.", "Seat advantage study: each bot plays itself, one game per deal. With 2 players: seat 0's "
                + "win rate among decisive games with a 95%% Wilson interval and an exact two-sided binomial test, "
                + "draws, and the mean score margin seat 0 - seat 1 with its interval. With 3-4 players: win rate "
                + "by seat with intervals and a chi-square test of equal seats.",
                "Example: ./richelieu first-player random greedy --games 100000 --seed 1"})
final class FirstPlayerCommand extends PlayCommand {
    @Parameters(arity = "0..*", paramLabel = "BOT", description = "Bots, each studied in self-play (default: random greedy heuristic).")
    List<String> bots = new ArrayList<>();

    @Option(names = "--players", description = "2, 3 or 4 (default: ${DEFAULT-VALUE}).")
    int players = 2;

    @Option(names = "--games", description = "Games per bot (default: ${DEFAULT-VALUE}).")
    long games = 10_000;

    @Override
    String command() {
        return "first-player";
    }

    @Override
    RunConfig newConfig(Bots registry, long seed) {
        if (players < 2 || players > 4) {
            throw new UserError("--players must be 2, 3 or 4, not " + players);
        }
        if (games < 1) {
            throw new UserError("--games must be at least 1");
        }
        List<String> labels = selfPlayLabels(registry, bots);
        List<int[]> lineups = selfPlayLineups(labels.size(), players);
        Rules rules = Rules.standard(players).withVariant(options.variant());
        long[] range = shardRange("--games", games, lineups.size(), 1);
        int[] shard = shard();
        return new RunConfig(command(), labels, List.of(rules), deck(), seed, games, lineups, Plan.Pairing.FIXED,
                range[0], range[1], shard[0], shard[1], Map.of());
    }

    @Override
    void adopt(RunConfig file) {
        super.adopt(file);
        if (!given("--players")) {
            players = file.ruleSets().get(0).players();
        }
        if (!given("--games")) {
            games = file.deals();
        }
    }

    static List<String> selfPlayLabels(Bots registry, List<String> bots) {
        List<String> specs = bots.isEmpty() ? List.of("random", "greedy", "heuristic") : bots;
        List<String> labels = new ArrayList<>();
        for (String b : specs) {
            String label = Commands.parseBot(registry, b).definition();
            if (labels.contains(label)) {
                throw new UserError("bot '" + label + "' is named twice");
            }
            labels.add(label);
        }
        return labels;
    }

    /** One lineup per bot: the bot in every seat. */
    static List<int[]> selfPlayLineups(int bots, int players) {
        List<int[]> lineups = new ArrayList<>();
        for (int b = 0; b < bots; b++) {
            int[] l = new int[players];
            java.util.Arrays.fill(l, b);
            lineups.add(l);
        }
        return lineups;
    }

    @Override
    Report report(RunConfig config, Tally tally) {
        int k = config.ruleSets().get(0).players();
        StudyStatistics.FirstPlayer stats = StudyStatistics.FirstPlayer.of(tally, config.labels(), k);
        StringBuilder sb = new StringBuilder("\n");
        for (Map.Entry<String, SeatStats> e : stats.bots().entrySet()) {
            sb.append(e.getKey()).append(String.format(" (self-play, %,d games):%n", e.getValue().games()));
            sb.append(Analysis.seatText(e.getValue(), "  "));
        }
        sb.append(Analysis.forfeitsText(tally, config.labels()));
        return new Report(sb.toString(), stats);
    }
}
