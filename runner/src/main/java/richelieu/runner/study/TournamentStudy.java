package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.answers.HeadToHead;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.studystats.BotRating;
import richelieu.runner.studystats.DealGroups;
import richelieu.runner.studystats.MatchStats;
import richelieu.runner.studystats.SeatStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.stats.BradleyTerry;
import richelieu.runner.stats.DerivedSeeds;
import richelieu.runner.stats.EloScale;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A round robin: every lineup of bots (every combination of as many bots as there are
 * players) plays the same deals in every seat rotation; Bradley-Terry ratings with bootstrap
 * intervals over whole deals, the pairwise score matrix, seat advantage and forfeits.
 */
public final class TournamentStudy implements Study<TournamentStudy.Settings> {
    /** The bots of a tournament named without bots. */
    /**
     * What {@code ./richelieu tournament} plays, the README's main job: the hand-written bots and
     * the two best bots of the ladder after pimc (results/ladder.md: heuristic-2p, ismcts-mast-2p), the search bots
     * at 300 iterations a move so that the round robin ends within a few minutes on 2 cores.
     */
    public static final List<String> DEFAULT_BOTS = List.of("random", "greedy", "heuristic", "heuristic-2p",
            "ismcts:iterations=300", "ismcts-mast-2p:iterations=300");
    public static final String DEFAULT_BOTS_TEXT = "random, greedy, heuristic, heuristic-2p, ismcts:iterations=300 and "
            + "ismcts-mast-2p:iterations=300, 100 deals per lineup";

    /**
     * Said under the answer of the default tournament: its winner is not the ladder's, whose bots
     * include the slower ones it leaves out.
     */
    static final String NOT_THE_LADDER = "these are the " + DEFAULT_BOTS.size() + " default bots, not the whole ladder "
            + "(pimc and the larger search budgets are left out to keep it quick): the ladder's answer is in "
            + "results/ladder.md";

    /** A 2-player run of the default bots, the tournament run with no bots named. */
    private static boolean defaultBots(RunConfig config) {
        return config.players() == 2 && (config.bots().equals(DEFAULT_BOTS) || config.labels().equals(DEFAULT_BOTS));
    }

    /**
     * @param bots       bot specs (empty: {@link #DEFAULT_BOTS})
     * @param players    2, 3 or 4
     * @param size       deals or games per lineup (default 100 deals)
     * @param variant    the rules' variant
     * @param bootstrap  bootstrap replicates of the rating intervals
     */
    public record Settings(List<String> bots, int players, RunSize size, Rules.Variant variant, int bootstrap) {
        public Settings {
            bots = List.copyOf(bots);
        }
    }

    /**
     * The stored settings of a tournament: {@code {"bootstrap": "1000"}}.
     *
     * @param replicates bootstrap replicates of the rating intervals
     */
    public record Bootstrap(int replicates) implements StudySettings {
        @Override
        public SortedMap<String, String> toJson() {
            return new TreeMap<>(Map.of("bootstrap", Integer.toString(replicates)));
        }
    }

    @Override
    public String name() {
        return "tournament";
    }

    @Override
    public Bootstrap readSettings(JsonNode settings) {
        StudySettings.StoredFields f = new StudySettings.StoredFields(settings);
        f.checkOnly("bootstrap");
        return new Bootstrap(f.integer("bootstrap", 2, Integer.MAX_VALUE));
    }

    @Override
    public RunConfig configure(Settings s, RunBasics basics, Bots registry) {
        int players = s.players();
        if (players < 2 || players > 4) {
            throw new UserError("--players must be 2, 3 or 4, not " + players);
        }
        List<String> labels = BotSpecs.definitions(registry, s.bots().isEmpty() ? DEFAULT_BOTS : s.bots());
        if (labels.size() < players) {
            throw new UserError("a " + players + "-player tournament needs at least " + players
                    + " bots (name a bot twice to seat it twice)");
        }
        if (labels.size() < 2) {
            throw new UserError("a tournament needs at least two bots");
        }
        List<int[]> lineups = new ArrayList<>();
        combinations(labels.size(), players, 0, new int[players], 0, lineups);
        long n = s.size().deals(players, 100);
        if (s.bootstrap() < 2) {
            throw new UserError("--bootstrap must be at least 2");
        }
        Rules rules = Rules.standard(players).withVariant(s.variant());
        long[] range = basics.range("--pairs", n, lineups.size(), players);
        return new RunConfig(name(), labels, List.of(rules), basics.deck(), basics.seed(), n, lineups, RunConfig.Pairing.ROTATE,
                range[0], range[1], basics.shardIndex(), basics.shardCount(),
                new Bootstrap(s.bootstrap()));
    }

    @Override
    public void checkShape(RunConfig c) {
        List<int[]> lineups = new ArrayList<>();
        combinations(c.bots().size(), c.players(), 0, new int[c.players()], 0, lineups);
        Shape.lineups(c, lineups, "a " + c.players() + "-player tournament");
        Shape.pairing(c, "a tournament", RunConfig.Pairing.ROTATE);
        Shape.oneRuleSet(c, "a tournament");
    }

    @Override
    public Settings settingsOf(RunConfig c) {
        return new Settings(c.bots(), c.players(), new RunSize(c.deals(), null), c.ruleSets().get(0).variant(),
                ((Bootstrap) c.settings()).replicates());
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
    public StudyOutcome report(RunConfig config, Tally tally) {
        List<String> names = config.labels();
        int n = names.size();
        int k = config.ruleSets().get(0).players();
        StringBuilder sb = new StringBuilder("\n");
        String ratingsNotIdentified = null;

        // Bradley-Terry over the deals, resampled whole by the bootstrap.
        List<BradleyTerry.DealGroup> groups = DealGroups.of(config, tally, n, k);
        int replicates = ((Bootstrap) config.settings()).replicates();
        List<BradleyTerry.Rating> ratings = null;
        if (!groups.isEmpty()) {
            try {
                java.util.Optional<BradleyTerry.Sweep> notIdentified = BradleyTerry.notIdentified(n, groups);
                if (notIdentified.isPresent()) {
                    sb.append("ratings: ").append(StatisticsText.notIdentifiedText(notIdentified.get(), names))
                            .append("; see the pairwise scores and their intervals\n");
                    ratingsNotIdentified = StatisticsText.sweepText(notIdentified.get(), names);
                } else {
                    ratings = BradleyTerry.fitDealsWithBootstrap(n, groups, 1.0, new BradleyTerry.MeanZero(),
                            new BradleyTerry.BootstrapSettings(replicates, StatisticsText.CONFIDENCE, DerivedSeeds.tournamentBootstrap(config.seed())))
                            .ratings();
                }
            } catch (IllegalArgumentException e) {
                sb.append("ratings: not available (").append(e.getMessage()).append(")\n");
            }
        }
        List<BotRating> botRatings = null;
        List<Integer> ratingOrder = null; // bot indices, as labels may repeat (a bot at two seats of a table)
        if (ratings != null) {
            List<BradleyTerry.Rating> ranked = new ArrayList<>(ratings);
            ranked.sort(Comparator.comparingDouble(BradleyTerry.Rating::elo).reversed());
            int w = Math.max(4, names.stream().mapToInt(String::length).max().orElse(4));
            sb.append(String.format(Locale.ROOT, "Bradley-Terry ratings (Elo, mean 0; 95%% bootstrap interval over %s, %d replicates)%n",
                    DealGroups.areDeals(config, tally, k) ? "whole deals" : "games (no deal outcomes in this file)", replicates));
            sb.append(String.format(Locale.ROOT, "  %-4s %-" + w + "s %9s  %-22s %10s %8s%n", "rank", "bot", "Elo", "95% interval",
                    "games", "score"));
            botRatings = new ArrayList<>();
            ratingOrder = ranked.stream().map(BradleyTerry.Rating::player).toList();
            for (BradleyTerry.Rating r : ranked) {
                botRatings.add(new BotRating(botRatings.size() + 1, names.get(r.player()), r.elo(), r.interval(),
                        r.standardError(), tally.botGames(r.player()), botScore(tally, r.player(), n)));
            }
            for (BotRating r : botRatings) {
                sb.append(String.format(Locale.ROOT, "  %-4d %-" + w + "s %9s  %-22s %,10d %8s%n", r.rank(), r.bot(),
                        StatisticsText.elo(r.elo()), StatisticsText.elo(r.interval()), r.games(), StatisticsText.pct(r.score())));
            }
        }

        // Pairwise score matrix (row's score against column), strongest first as in the ratings, and details.
        List<Integer> order = ranked(names, ratingOrder, tally);
        sb.append("\npairwise score (row against column (k) = bot k, strongest first, over all games they met in):\n");
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
        for (int r = 0; r < n; r++) {
            int i = order.get(r);
            sb.append(String.format(Locale.ROOT, "  %-" + w + "s", "(" + (r + 1) + ") " + names.get(i)));
            for (int j : order) {
                if (i == j) {
                    sb.append(String.format(Locale.ROOT, " %8s", "-"));
                    continue;
                }
                Tally.PairBlock p = tally.pair(0, i, j);
                double score = p.games() == 0 ? Double.NaN : (p.wins() + p.draws() / 2.0) / p.games();
                sb.append(String.format(Locale.ROOT, " %8s", StatisticsText.pct(score)));
            }
            sb.append('\n');
        }
        sb.append('\n');
        List<String> withoutNElo = new ArrayList<>();
        for (MatchStats m : pairwise) {
            sb.append(StatisticsText.pairText(m.a(), m.b(), m, false));
            if (!StatisticsText.nEloNote(m).isEmpty()) {
                withoutNElo.add(m.a() + " vs " + m.b());
            }
        }
        if (!withoutNElo.isEmpty()) { // once, not after each such pair
            sb.append(String.format(Locale.ROOT, "nElo n/a for %d pair%s (%s): fewer than %d games or pairs of games differ from "
                            + "the most common result, and nElo divides by the spread of the results%n", withoutNElo.size(),
                    withoutNElo.size() == 1 ? "" : "s", String.join(", ", withoutNElo), EloScale.NELO_MIN_OFF_MODE));
        }
        SeatStats seats = SeatStats.of(tally.seatTotal(0), k);
        sb.append("seats (all games):\n").append(StatisticsText.seatText(seats, "  "));
        StatisticsText.answerFirst(sb, "who is strongest? " + strongest(names, order, botRatings, pairwise, k)
                + (defaultBots(config) ? "\n" + NOT_THE_LADDER : ""));
        sb.append(StatisticsText.forfeitsText(tally, names));
        return new StudyOutcome(sb.toString(), new StudyStatistics.Tournament(ratingsNotIdentified, botRatings, pairwise, seats,
                StudyStatistics.forfeitsOf(tally, names)));
    }

    /**
     * The bots (indices into {@code names}) strongest first: in the order of the rating list
     * ({@code ratingOrder}), or by mean pairwise score when the ratings are not identified (null).
     * The answer and the pairwise table read in this one order.
     */
    private static List<Integer> ranked(List<String> names, List<Integer> ratingOrder, Tally tally) {
        List<Integer> order = new ArrayList<>();
        if (ratingOrder != null) {
            order.addAll(ratingOrder);
        } else {
            for (int b = 0; b < names.size(); b++) {
                order.add(b);
            }
            order.sort(Comparator.comparingDouble((Integer b) -> -botScore(tally, b, names.size())));
        }
        return order;
    }

    /**
     * The answer to "who is strongest?". With 2 players the bot rated first (by score when the
     * ratings are not identified) against the next, head to head ({@link HeadToHead}): named
     * strongest only when it is stronger than that bot. With 3-4 players the ratings alone: named
     * only when its interval lies above every other bot's (the games of a table are not a match of
     * two, so no equivalence is claimed).
     */
    private static String strongest(List<String> names, List<Integer> ranked, List<BotRating> ratings,
                                    List<MatchStats> pairwise, int players) {
        List<String> order = ranked.stream().map(names::get).toList();
        String top = order.get(0);
        String next = order.get(1);
        if (players > 2) {
            if (ratings == null) {
                return "not told: the ratings are not identified (see below)";
            }
            double rest = ratings.stream().skip(1).mapToDouble(r -> r.interval().high()).max().orElse(Double.NaN);
            return ratings.get(0).interval().low() > rest
                    ? top + ": its rating's 95% interval " + StatisticsText.elo(ratings.get(0).interval()) + " lies above every "
                    + "other bot's" : "not told: " + top + " rates first, but its rating's 95% interval "
                    + StatisticsText.elo(ratings.get(0).interval()) + " overlaps " + next + "'s " + StatisticsText.elo(ratings.get(1).interval());
        }
        MatchStats m = null;
        for (MatchStats p : pairwise) {
            if (p.a().equals(top) && p.b().equals(next) || p.a().equals(next) && p.b().equals(top)) {
                m = p;
            }
        }
        if (m == null) {
            return "not told: " + top + " and " + next + " did not meet";
        }
        HeadToHead h = HeadToHead.of(m, HeadToHead.MARGIN_ELO);
        String a = m.a();
        String b = m.b();
        HeadToHead.Kind topWins = a.equals(top) ? HeadToHead.Kind.A_STRONGER : HeadToHead.Kind.B_STRONGER;
        String rated = ratings != null ? "rates first" : "scores best";
        if (h.kind() == topWins) {
            return top + ": it " + rated + ", and head to head " + StatisticsText.headToHead(a, b, h);
        }
        if (h.kind() == HeadToHead.Kind.EQUAL) {
            return top + " and " + next + " share the top: head to head " + StatisticsText.headToHead(a, b, h);
        }
        return "not told: " + top + " " + rated + ", but head to head " + StatisticsText.headToHead(a, b, h);
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
