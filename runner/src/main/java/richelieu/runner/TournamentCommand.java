package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Rules;
import richelieu.runner.play.DealOutcomes;
import richelieu.runner.play.Plan;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Tally;
import richelieu.runner.results.BotRating;
import richelieu.runner.results.MatchStats;
import richelieu.runner.results.SeatStats;
import richelieu.runner.results.StudyStatistics;
import richelieu.runner.stats.BradleyTerry;
import richelieu.runner.stats.PentanomialCounts;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code richelieu tournament [BOT…]}: a round robin with every seat rotation over the same deals. */
@Command(name = "tournament", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Round robin with ratings (the main job; no arguments: the shipped bots).", "Round robin: every lineup of bots plays the same deals in every seat rotation. "
                + "Reports Bradley-Terry ratings with bootstrap intervals, the pairwise score matrix, seat "
                + "advantage and forfeits.",
                "With no bots: " + TournamentCommand.DEFAULT_BOTS_TEXT + ".",
                "Example: ./richelieu tournament random greedy heuristic --pairs 500 --seed 1"})
final class TournamentCommand extends PlayCommand {
    static final List<String> DEFAULT_BOTS = List.of("random", "greedy", "heuristic", "ismcts:iterations=300");
    static final String DEFAULT_BOTS_TEXT = "random, greedy, heuristic and ismcts:iterations=300, 100 deals per lineup";

    @Parameters(arity = "0..*", paramLabel = "BOT", description = "Bot specs (default: the shipped bots at modest budgets).")
    List<String> bots = new ArrayList<>();

    @Option(names = "--players", description = "2, 3 or 4 (default: ${DEFAULT-VALUE}). With 3-4 players every "
            + "combination of that many bots plays, in all rotations.")
    int players = 2;

    @Option(names = "--pairs", description = "Deals per lineup, each played in every seat rotation (default: 100).")
    Long deals;

    @Option(names = "--games", description = "Games in all (a multiple of lineups x rotations).")
    Long games;

    @Option(names = "--bootstrap", description = "Bootstrap replicates for the rating intervals (default: ${DEFAULT-VALUE}).")
    int replicates = 1000;

    @Override
    String command() {
        return "tournament";
    }

    @Override
    RunConfig newConfig(Bots registry, long seed) {
        if (players < 2 || players > 4) {
            throw new UserError("--players must be 2, 3 or 4, not " + players);
        }
        List<String> specs = bots.isEmpty() ? DEFAULT_BOTS : bots;
        List<String> labels = new ArrayList<>();
        for (String b : specs) {
            labels.add(Commands.parseBot(registry, b).definition());
        }
        if (labels.size() < players) {
            throw new UserError("a " + players + "-player tournament needs at least " + players
                    + " bots (name a bot twice to seat it twice)");
        }
        if (labels.size() < 2) {
            throw new UserError("a tournament needs at least two bots");
        }
        List<int[]> lineups = new ArrayList<>();
        combinations(labels.size(), players, 0, new int[players], 0, lineups);
        long n = Commands.deals(deals, games, lineups.size() * players, 100);
        if (replicates < 2) {
            throw new UserError("--bootstrap must be at least 2");
        }
        Rules rules = Rules.standard(players).withVariant(options.variant());
        long[] range = shardRange("--pairs", n, lineups.size(), players);
        int[] shard = shard();
        return new RunConfig(command(), labels, List.of(rules), deck(), seed, n, lineups, Plan.Pairing.ROTATE,
                range[0], range[1], shard[0], shard[1], Map.of("bootstrap", Integer.toString(replicates)));
    }

    @Override
    void adopt(RunConfig file) {
        super.adopt(file);
        if (!given("--players")) {
            players = file.ruleSets().get(0).players();
        }
        if (!given("--pairs") && !given("--games")) {
            deals = file.deals();
        }
        if (!given("--bootstrap")) {
            replicates = (int) setting(file, "bootstrap");
        }
    }

    private static void combinations(int n, int k, int start, int[] cur, int depth, List<int[]> out) {
        if (depth == k) {
            out.add(cur.clone());
            return;
        }
        for (int i = start; i < n; i++) {
            cur[depth] = i;
            combinations(n, k, i + 1, cur, depth + 1, out);
        }
    }

    @Override
    String scoreLine(RunConfig config, Tally tally) {
        return "";
    }

    @Override
    Report report(RunConfig config, Tally tally) {
        List<String> names = config.labels();
        int n = names.size();
        int k = config.ruleSets().get(0).players();
        StringBuilder sb = new StringBuilder("\n");
        String ratingsNotIdentified = null;

        // Bradley-Terry over the deals, resampled whole by the bootstrap.
        List<BradleyTerry.DealGroup> groups = dealGroups(config, tally, n, k);
        int replicates = Integer.parseInt(config.setting("bootstrap", "1000"));
        List<BradleyTerry.Rating> ratings = null;
        if (!groups.isEmpty()) {
            try {
                java.util.Optional<BradleyTerry.Sweep> notIdentified = BradleyTerry.notIdentified(n, groups);
                if (notIdentified.isPresent()) {
                    sb.append("ratings: ").append(notIdentifiedText(notIdentified.get(), names))
                            .append("; see the pairwise scores and their intervals\n");
                    ratingsNotIdentified = sweepText(notIdentified.get(), names);
                } else {
                    ratings = BradleyTerry.fitDealsWithBootstrap(n, groups, 1.0, new BradleyTerry.MeanZero(),
                            new BradleyTerry.BootstrapSettings(replicates, Analysis.CONFIDENCE, richelieu.engine.SplitMix.mix64(config.seed() ^ 0xB7L)))
                            .ratings();
                }
            } catch (IllegalArgumentException e) {
                sb.append("ratings: not available (").append(e.getMessage()).append(")\n");
            }
        }
        List<BotRating> botRatings = null;
        if (ratings != null) {
            List<BradleyTerry.Rating> ranked = new ArrayList<>(ratings);
            ranked.sort(Comparator.comparingDouble(BradleyTerry.Rating::elo).reversed());
            int w = Math.max(4, names.stream().mapToInt(String::length).max().orElse(4));
            sb.append(String.format(Locale.ROOT, "Bradley-Terry ratings (Elo, mean 0; 95%% bootstrap interval over %s, %d replicates)%n",
                    groupsAreDeals(config, tally, k) ? "whole deals" : "games (no deal outcomes in this file)", replicates));
            sb.append(String.format(Locale.ROOT, "  %-4s %-" + w + "s %9s  %-22s %10s %8s%n", "rank", "bot", "Elo", "95% interval",
                    "games", "score"));
            botRatings = new ArrayList<>();
            for (BradleyTerry.Rating r : ranked) {
                botRatings.add(new BotRating(botRatings.size() + 1, names.get(r.player()), r.elo(), r.interval(),
                        r.standardError(), tally.botGames(r.player()), botScore(tally, r.player(), n)));
            }
            for (BotRating r : botRatings) {
                sb.append(String.format(Locale.ROOT, "  %-4d %-" + w + "s %9s  %-22s %,10d %8s%n", r.rank(), r.bot(),
                        Analysis.elo(r.elo()), Analysis.elo(r.interval()), r.games(), Analysis.pct(r.score())));
            }
        }

        // Pairwise score matrix (row's score against column), and details.
        sb.append("\npairwise score (row against column (k) = bot k, over all games they met in):\n");
        // full names, never cut: columns are numbered, so two long names cannot look alike
        int w = names.stream().mapToInt(String::length).max().orElse(8) + 5;
        sb.append(String.format(Locale.ROOT, "  %-" + w + "s", ""));
        for (int j = 0; j < n; j++) {
            sb.append(String.format(Locale.ROOT, " %8s", "(" + (j + 1) + ")"));
        }
        sb.append('\n');
        List<MatchStats> pairwise = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                Tally.PairBlock p = tally.pair(0, i, j);
                if (p.games() > 0) {
                    pairwise.add(MatchStats.of(p).between(names.get(i), names.get(j)));
                }
            }
        }
        for (int i = 0; i < n; i++) {
            sb.append(String.format(Locale.ROOT, "  %-" + w + "s", "(" + (i + 1) + ") " + names.get(i)));
            for (int j = 0; j < n; j++) {
                if (i == j) {
                    sb.append(String.format(Locale.ROOT, " %8s", "-"));
                    continue;
                }
                Tally.PairBlock p = tally.pair(0, i, j);
                double score = p.games() == 0 ? Double.NaN : (p.wins() + p.draws() / 2.0) / p.games();
                sb.append(String.format(Locale.ROOT, " %8s", Analysis.pct(score)));
            }
            sb.append('\n');
        }
        sb.append('\n');
        for (MatchStats m : pairwise) {
            sb.append(Analysis.pairText(m.a(), m.b(), m));
        }
        SeatStats seats = SeatStats.of(tally.seatTotal(0), k);
        sb.append("seats (all games):\n").append(Analysis.seatText(seats, "  "));
        sb.append(Analysis.forfeitsText(tally, names));
        return new Report(sb.toString(), new StudyStatistics.Tournament(ratingsNotIdentified, botRatings, pairwise, seats,
                StudyStatistics.forfeitsOf(tally, names)));
    }

    /**
     * The data of the ratings, deal by deal: with 2 players each pair of games (the pentanomial), or
     * each game of an unpaired match;
     * with 3-4 players each deal with all its rotations (every two bots at the table meet k times
     * per deal, each game counted once). Result files written before deal outcomes were counted
     * fall back to pairwise games resampled one by one.
     */
    static List<BradleyTerry.DealGroup> dealGroups(RunConfig config, Tally tally, int n, int k) {
        List<BradleyTerry.DealGroup> groups = new ArrayList<>();
        if (k == 2) {
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    Tally.PairBlock p = tally.pair(0, i, j);
                    if (p.pairs() > 0) {
                        groups.add(BradleyTerry.DealGroup.of(new BradleyTerry.Matchup(i, j, PentanomialCounts.of(p.penta()))));
                    } else if (p.games() > 0) {
                        groups.add(singleGames(i, j, p)); // an unpaired match: each game is a deal of its own
                    }
                }
            }
            return groups;
        }
        if (groupsAreDeals(config, tally, k)) {
            for (int l = 0; l < config.lineups().size(); l++) {
                int[] lineup = config.lineups().get(l);
                List<int[]> meetings = DealOutcomes.meetings(lineup);
                List<BradleyTerry.Meeting> m = new ArrayList<>();
                for (int[] st : meetings) {
                    m.add(new BradleyTerry.Meeting(lineup[st[0]], lineup[st[1]], k));
                }
                List<BradleyTerry.Outcome> outcomes = new ArrayList<>();
                tally.deals(0, l).counts().forEach((key, deals) ->
                        outcomes.add(new BradleyTerry.Outcome(deals, DealOutcomes.unpack(key, meetings.size(), k))));
                if (!m.isEmpty()) {
                    groups.add(new BradleyTerry.DealGroup(m, outcomes));
                }
            }
            return groups;
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                Tally.PairBlock p = tally.pair(0, i, j);
                if (p.games() > 0) {
                    groups.add(singleGames(i, j, p));
                }
            }
        }
        return groups;
    }

    /** The games of bots i and j as deals of one game each (i's side). */
    private static BradleyTerry.DealGroup singleGames(int i, int j, Tally.PairBlock p) {
        return new BradleyTerry.DealGroup(List.of(new BradleyTerry.Meeting(i, j, 1)), List.of(
                new BradleyTerry.Outcome(p.losses(), new int[]{0}), new BradleyTerry.Outcome(p.draws(), new int[]{1}),
                new BradleyTerry.Outcome(p.wins(), new int[]{2})));
    }

    /** True if the tally holds every deal's outcome (always with 2 players: the pairs). */
    static boolean groupsAreDeals(RunConfig config, Tally tally, int k) {
        if (k == 2) {
            return true;
        }
        for (int l = 0; l < config.lineups().size(); l++) {
            long deals = 0;
            for (long d : tally.deals(0, l).counts().values()) {
                deals += d;
            }
            if (k * deals != tally.seat(0, l).games() && !DealOutcomes.meetings(config.lineups().get(l)).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** Why there is no rating list: "not identified by these games (…): they order the bots but …". */
    static String notIdentifiedText(BradleyTerry.Sweep sweep, List<String> names) {
        return "not identified by these games (" + sweepText(sweep, names) + "): they order the bots but do not bound "
                + "the Elo gaps, and a bootstrap would only echo the prior";
    }

    /** "random scored no points against greedy, heuristic". */
    static String sweepText(BradleyTerry.Sweep sweep, List<String> names) {
        return String.join(", ", sweep.scoredNothing().stream().map(names::get).toList()) + " scored no points against "
                + String.join(", ", sweep.against().stream().map(names::get).toList());
    }

    /** A bot's mean pairwise score over all its games against the others. */
    private static double botScore(Tally t, int b, int n) {
        long games = 0;
        double points = 0;
        for (int j = 0; j < n; j++) {
            if (j != b) {
                Tally.PairBlock p = t.pair(0, b, j);
                games += p.games();
                points += p.wins() + p.draws() / 2.0;
            }
        }
        return games == 0 ? Double.NaN : points / games;
    }
}
