package richelieu.runner.stats;


import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Bradley–Terry ratings of two or more bots (typically three or more) from head-to-head game
 * pairs, on the logistic Elo scale, with percentile intervals from a seeded bootstrap over pairs.
 *
 * <p><b>Model.</b> Player i has strength γ_i &gt; 0 and beats j with probability γ_i/(γ_i + γ_j);
 * a draw counts as half a win for each side. The rating is {@code 400·log10 γ_i}, so a rating
 * difference d means an expected score 1/(1 + 10^(-d/400)): the same Elo as
 * {@link TrinomialSummary}. Ratings are identified only up to a common shift, fixed by an
 * {@link Anchor}: the mean rating is 0, or one player has a chosen rating.
 *
 * <p><b>Fit.</b> Maximum likelihood by the MM algorithm of Hunter (2004, "MM algorithms for
 * generalized Bradley–Terry models", Ann. Statist. 32:384-406, section 2), cycling through players:
 * {@code γ_i ← W_i / Σ_j n_ij/(γ_i + γ_j)} with W_i the points of i and n_ij the games between i
 * and j; each update increases the likelihood. After each sweep the common shift of all
 * log-strengths, which the games do not determine, is set exactly: to geometric mean 1 without a
 * prior, to the prior's maximum with one (plain MM would crawl along that direction at a rate of
 * about 1 - priorDraws/games per sweep). Iteration stops when no log-strength moves by more than
 * 1e-12 (about 2e-10 Elo).
 *
 * <p><b>Prior.</b> The maximum-likelihood ratings are finite only if the "scored against" graph is
 * strongly connected (Hunter's Assumption 1): a player who lost (or won) every game would drift to
 * -∞ (+∞). With {@code priorDraws = d > 0} every player gets d virtual games against a
 * pseudo-opponent of fixed strength 1 (rating 0 before anchoring), each drawn, i.e. d/2 points out
 * of d games. This is a mild shrinkage toward the pseudo-opponent — with d = 1 its weight is that
 * of one game against real data of thousands — and keeps every rating finite; the pseudo-opponent
 * is not reported and the anchor is applied afterwards. With {@code priorDraws = 0} the fit is the
 * plain MLE, and data without a finite MLE is rejected with an {@link IllegalArgumentException}.
 *
 * <p><b>Disconnected data.</b> If the comparison graph (players joined when they played at least
 * one pair) is not connected, ratings in different components are not comparable and an
 * {@link IllegalArgumentException} names the components. The prior does not paper over this.
 *
 * <p><b>Input: groups of deals.</b> The data are {@link DealGroup}s: deals among a fixed set of
 * players, each deal a set of {@link Meeting}s (players A and B met in g games of the deal), counted
 * by {@link Outcome} (A's half-points in each meeting). A 2-player game pair is one meeting of 2
 * games ({@link Matchup}, the pentanomial); a 3-4 player deal played in all k seat rotations has a
 * meeting of k games for every two players at the table, each game counted once
 * (counting a pairwise result as a doubled pair made the real games weigh twice as much against the
 * prior as documented).
 *
 * <p><b>Bootstrap.</b> The deal is the resampling unit, since the games of a deal share its cards
 * and, with 3-4 players, all its meetings: replicate r redraws every group's deals from the group's
 * empirical outcome distribution (one multinomial draw), refits, and anchors. The interval of each rating is the
 * percentile interval of the replicates (quantile definition 7 of Hyndman &amp; Fan 1996:
 * linear interpolation, R's default). Replicate r uses
 * {@code new SplittableRandom(mix64(seed + (r + 1) · 0x9E3779B97F4A7C15L))} (house seed
 * derivation, SplitMix64 finaliser), so the same seed gives identical intervals regardless of how
 * replicates might later be spread over threads. Under a player anchor the anchored player's
 * interval is degenerate; the others are then relative to it.
 */
public final class BradleyTerry {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private static final double TOLERANCE = 1e-12;
    private static final int MAX_SWEEPS = 1_000_000;
    private static final double ELO_PER_LN = 400.0 / Math.log(10.0);

    private BradleyTerry() {
    }

    /**
     * Game pairs played between two bots.
     *
     * @param playerA    index of the first bot, 0-based
     * @param playerB    index of the second bot
     * @param pairsFromA counts of pair scores of {@code playerA} (0..2 points in halves)
     */
    public record Matchup(int playerA, int playerB, PentanomialCounts pairsFromA) {
        public Matchup {
            if (playerA < 0 || playerB < 0 || playerA == playerB) {
                throw new IllegalArgumentException("need two distinct non-negative player indices, got "
                        + playerA + " and " + playerB);
            }
            if (pairsFromA == null) {
                throw new IllegalArgumentException("counts must not be null");
            }
        }
    }

    /**
     * Two players met in {@code games} games of every deal of a group.
     *
     * @param playerA index of one player
     * @param playerB index of the other
     * @param games   games between them per deal (2 for a 2-player pair; k for k rotations)
     */
    public record Meeting(int playerA, int playerB, int games) {
        public Meeting {
            if (playerA < 0 || playerB < 0 || playerA == playerB || games < 1) {
                throw new IllegalArgumentException("need two distinct non-negative player indices and games >= 1, got "
                        + playerA + ", " + playerB + ", " + games);
            }
        }
    }

    /**
     * Deals that ended alike.
     *
     * @param deals          how many
     * @param halfPointsOfA  per meeting of the group, player A's half-points (win 2, draw 1 per game)
     */
    public record Outcome(long deals, int[] halfPointsOfA) {
        public Outcome {
            halfPointsOfA = halfPointsOfA.clone();
            StatMath.nonNegative("deals", deals);
        }
    }

    /**
     * Deals among the same players, the unit of the bootstrap.
     *
     * @param meetings who met whom in each deal
     * @param outcomes the deals by outcome
     */
    public record DealGroup(List<Meeting> meetings, List<Outcome> outcomes) {
        public DealGroup {
            meetings = List.copyOf(meetings);
            outcomes = List.copyOf(outcomes);
            for (Outcome o : outcomes) {
                if (o.halfPointsOfA().length != meetings.size()) {
                    throw new IllegalArgumentException("an outcome has " + o.halfPointsOfA().length + " results for "
                            + meetings.size() + " meetings");
                }
                for (int m = 0; m < meetings.size(); m++) {
                    int h = o.halfPointsOfA()[m];
                    if (h < 0 || h > 2 * meetings.get(m).games()) {
                        throw new IllegalArgumentException("half-points " + h + " outside 0.." + 2 * meetings.get(m).games());
                    }
                }
            }
        }

        /** A 2-player matchup's pairs: one meeting of 2 games, outcomes by pair score. */
        public static DealGroup of(Matchup m) {
            long[] c = m.pairsFromA().toArray();
            List<Outcome> outcomes = new ArrayList<>();
            for (int k = 0; k < 5; k++) {
                outcomes.add(new Outcome(c[k], new int[]{k}));
            }
            return new DealGroup(List.of(new Meeting(m.playerA(), m.playerB(), 2)), outcomes);
        }

        /** Number of deals. */
        public long deals() {
            long n = 0;
            for (Outcome o : outcomes) {
                n += o.deals();
            }
            return n;
        }
    }

    /** How the free additive constant of the ratings is fixed. */
    public sealed interface Anchor permits MeanZero, FixedPlayer {
    }

    /** Ratings sum to zero. */
    public record MeanZero() implements Anchor {
    }

    /**
     * One player's rating is set to a given value.
     *
     * @param player the anchored player
     * @param elo    its rating
     */
    public record FixedPlayer(int player, double elo) implements Anchor {
        public FixedPlayer {
            if (player < 0 || !Double.isFinite(elo)) {
                throw new IllegalArgumentException("need a player index >= 0 and a finite rating");
            }
        }
    }

    /**
     * Point estimates.
     *
     * @param elo        rating of each player, index = player
     * @param sweeps     MM sweeps the fit took
     * @param priorDraws virtual draws per player against the pseudo-opponent
     * @param anchor     how the ratings were anchored
     */
    public record Fit(List<Double> elo, int sweeps, double priorDraws, Anchor anchor) {
        public Fit {
            elo = List.copyOf(elo);
        }

        /** Rating of one player. */
        public double elo(int player) {
            return elo.get(player);
        }
    }

    /**
     * Bootstrap settings.
     *
     * @param replicates number of bootstrap replicates, ≥ 2 (1000 or more for 95% percentile ends)
     * @param confidence two-sided level of the percentile intervals
     * @param seed       master seed of the replicates
     */
    public record BootstrapSettings(int replicates, double confidence, long seed) {
        public BootstrapSettings {
            if (replicates < 2) {
                throw new IllegalArgumentException("need at least 2 replicates, got " + replicates);
            }
            StatMath.checkConfidence(confidence);
        }
    }

    /**
     * A rating with its bootstrap uncertainty.
     *
     * @param player        player index
     * @param elo           point estimate (from the original data)
     * @param interval      percentile interval of the bootstrap replicates
     * @param standardError standard deviation of the bootstrap replicates
     */
    public record Rating(int player, double elo, Interval interval, double standardError) {
    }

    /**
     * Point estimates with bootstrap intervals.
     *
     * @param ratings  one entry per player, index = player
     * @param fit      the point fit
     * @param settings the bootstrap settings used
     */
    public record BootstrapFit(List<Rating> ratings, Fit fit, BootstrapSettings settings) {
        public BootstrapFit {
            ratings = List.copyOf(ratings);
        }
    }

    /**
     * Fits the ratings.
     *
     * @param players    number of players, ≥ 2; every one must have played
     * @param matchups   pair counts; several entries for the same two players are added up
     * @param priorDraws virtual draws of every player against the pseudo-opponent, ≥ 0 (1 is a
     *                   sensible default; 0 gives the plain MLE)
     * @param anchor     how to fix the additive constant
     * @throws IllegalArgumentException on a disconnected comparison graph, or with
     *                                  {@code priorDraws = 0} when the MLE is not finite
     */
    public static Fit fit(int players, List<Matchup> matchups, double priorDraws, Anchor anchor) {
        return fitDeals(players, groups(matchups), priorDraws, anchor);
    }

    /** As {@link #fit}, from groups of deals. */
    public static Fit fitDeals(int players, List<DealGroup> groups, double priorDraws, Anchor anchor) {
        Graph graph = Graph.of(players, groups, priorDraws, anchor);
        graph.requireFiniteMle(graph.score, "the data");
        double[] logStrength = new double[players];
        int sweeps = graph.solve(graph.score, logStrength);
        return new Fit(box(graph.anchored(logStrength)), sweeps, priorDraws, anchor);
    }

    /**
     * Fits the ratings and bootstraps them over pairs (see the class comment).
     *
     * @throws IllegalArgumentException as {@link #fit}, or with {@code priorDraws = 0} when a
     *                                  replicate has no finite MLE (use a prior)
     */
    public static BootstrapFit fitWithBootstrap(int players, List<Matchup> matchups, double priorDraws, Anchor anchor,
            BootstrapSettings settings) {
        return fitDealsWithBootstrap(players, groups(matchups), priorDraws, anchor, settings);
    }

    /** As {@link #fitWithBootstrap}, from groups of deals: the bootstrap resamples whole deals. */
    public static BootstrapFit fitDealsWithBootstrap(int players, List<DealGroup> groups, double priorDraws, Anchor anchor,
            BootstrapSettings settings) {
        Graph graph = Graph.of(players, groups, priorDraws, anchor);
        graph.requireFiniteMle(graph.score, "the data");
        double[] pointLog = new double[players];
        int sweeps = graph.solve(graph.score, pointLog);
        double[] point = graph.anchored(pointLog);

        int replicates = settings.replicates();
        double[][] samples = new double[players][replicates];
        double[] score = new double[graph.edgeCount()];
        double[] logStrength = new double[players];
        for (int r = 0; r < replicates; r++) {
            SplittableRandom random = new SplittableRandom(richelieu.engine.SplitMix.mix64(settings.seed() + (r + 1) * GOLDEN_GAMMA));
            graph.resampleScores(random, score);
            graph.requireFiniteMle(score, "bootstrap replicate " + r);
            System.arraycopy(pointLog, 0, logStrength, 0, players);
            graph.solve(score, logStrength);
            double[] elo = graph.anchored(logStrength);
            for (int i = 0; i < players; i++) {
                samples[i][r] = elo[i];
            }
        }
        double tail = (1.0 - settings.confidence()) / 2.0;
        List<Rating> ratings = new ArrayList<>(players);
        for (int i = 0; i < players; i++) {
            double[] s = samples[i];
            Arrays.sort(s);
            ratings.add(new Rating(i, point[i], new Interval(quantile(s, tail), quantile(s, 1.0 - tail)),
                    standardDeviation(s)));
        }
        return new BootstrapFit(ratings, new Fit(box(point), sweeps, priorDraws, anchor), settings);
    }

    /**
     * Why the data do not identify the ratings, or empty if they do: without a prior the
     * maximum-likelihood ratings are finite only if everybody scored against everybody along some
     * chain (Hunter 2004, Assumption 1). A clean sweep (one bot won every game against the others)
     * fails it: the games then give an order, and any prior alone decides the gaps, so bootstrap
     * intervals are ±0 or nearly so.
     */
    public static Optional<Sweep> notIdentified(int players, List<DealGroup> groups) {
        Graph graph = Graph.of(players, groups, 0.0, new MeanZero());
        return Optional.ofNullable(graph.sweep(graph.score));
    }

    /**
     * Why ratings are not identified: the games split the players in two, {@code scoredNothing}
     * and {@code against}, and no player of the first scored a point against one of the second in
     * the games they played; {@code met} says which of them played which (a player of the first
     * may have met none of the second, and lost only to its own side).
     *
     * @param scoredNothing the players who scored nothing against the other side
     * @param against       the other side
     * @param met           for each player of {@code scoredNothing}, the players of {@code against}
     *                      it played, in order (empty if none)
     */
    public record Sweep(List<Integer> scoredNothing, List<Integer> against, List<List<Integer>> met) {
        public Sweep {
            scoredNothing = List.copyOf(scoredNothing);
            against = List.copyOf(against);
            met = met.stream().map(List::copyOf).toList();
            if (met.size() != scoredNothing.size()) {
                throw new IllegalArgumentException("one list of opponents per player who scored nothing");
            }
        }

        @Override
        public String toString() {
            return "players " + scoredNothing + " scored no points against players " + against;
        }
    }

    private static List<DealGroup> groups(List<Matchup> matchups) {
        List<DealGroup> g = new ArrayList<>(matchups.size());
        for (Matchup m : matchups) {
            g.add(DealGroup.of(m));
        }
        return g;
    }

    /** Hyndman–Fan type 7 quantile of sorted data: linear interpolation at h = (n-1)·q. */
    static double quantile(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    private static double standardDeviation(double[] values) {
        double mean = 0.0;
        for (double v : values) {
            mean += v;
        }
        mean /= values.length;
        double ss = 0.0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / (values.length - 1));
    }


    private static List<Double> box(double[] values) {
        List<Double> list = new ArrayList<>(values.length);
        for (double v : values) {
            list.add(v);
        }
        return list;
    }

    /**
     * The aggregated comparison graph: one edge per pair of players that met, with its number of
     * games and the points of the lower-indexed player; plus, for the bootstrap, the matchups'
     * pentanomial counts oriented from the lower-indexed player.
     */
    private static final class Graph {
        final int players;
        final double priorDraws;
        final Anchor anchor;
        final int[] lower;
        final int[] upper;
        final double[] games;
        final double[] score;
        /** Per group: deals by outcome; per outcome and meeting, the lower player's half-points; the meeting's edge. */
        final long[][] dealCounts;
        final int[][][] lowerHalfPoints;
        final int[][] meetingEdge;
        /** Per player, the incident edges. */
        final int[][] incident;

        private Graph(int players, double priorDraws, Anchor anchor, int[] lower, int[] upper, double[] games,
                double[] score, long[][] dealCounts, int[][][] lowerHalfPoints, int[][] meetingEdge) {
            this.players = players;
            this.priorDraws = priorDraws;
            this.anchor = anchor;
            this.lower = lower;
            this.upper = upper;
            this.games = games;
            this.score = score;
            this.dealCounts = dealCounts;
            this.lowerHalfPoints = lowerHalfPoints;
            this.meetingEdge = meetingEdge;
            int[] degree = new int[players];
            for (int e = 0; e < lower.length; e++) {
                degree[lower[e]]++;
                degree[upper[e]]++;
            }
            incident = new int[players][];
            for (int i = 0; i < players; i++) {
                incident[i] = new int[degree[i]];
            }
            int[] fill = new int[players];
            for (int e = 0; e < lower.length; e++) {
                incident[lower[e]][fill[lower[e]]++] = e;
                incident[upper[e]][fill[upper[e]]++] = e;
            }
        }

        static Graph of(int players, List<DealGroup> groups, double priorDraws, Anchor anchor) {
            if (players < 2) {
                throw new IllegalArgumentException("need at least 2 players, got " + players);
            }
            if (!(priorDraws >= 0.0 && Double.isFinite(priorDraws))) {
                throw new IllegalArgumentException("priorDraws must be finite and >= 0, got " + priorDraws);
            }
            if (anchor == null) {
                throw new IllegalArgumentException("anchor must not be null");
            }
            if (anchor instanceof FixedPlayer fixed && fixed.player() >= players) {
                throw new IllegalArgumentException("anchored player " + fixed.player() + " out of range");
            }
            Map<Long, Integer> edgeOf = new HashMap<>();
            List<int[]> ends = new ArrayList<>();
            List<DealGroup> used = new ArrayList<>();
            List<int[]> edgeOfMeeting = new ArrayList<>();
            for (DealGroup g : groups) {
                for (Meeting m : g.meetings()) {
                    if (m.playerA() >= players || m.playerB() >= players) {
                        throw new IllegalArgumentException("meeting " + m.playerA() + "-" + m.playerB()
                                + " names a player >= " + players);
                    }
                }
                if (g.deals() == 0) {
                    continue;
                }
                int[] edgeIndex = new int[g.meetings().size()];
                for (int i = 0; i < edgeIndex.length; i++) {
                    Meeting m = g.meetings().get(i);
                    int a = Math.min(m.playerA(), m.playerB());
                    int b = Math.max(m.playerA(), m.playerB());
                    Integer e = edgeOf.get((long) a * players + b);
                    if (e == null) {
                        e = ends.size();
                        edgeOf.put((long) a * players + b, e);
                        ends.add(new int[] {a, b});
                    }
                    edgeIndex[i] = e;
                }
                used.add(g);
                edgeOfMeeting.add(edgeIndex);
            }
            int edges = ends.size();
            int[] lower = new int[edges];
            int[] upper = new int[edges];
            for (int e = 0; e < edges; e++) {
                lower[e] = ends.get(e)[0];
                upper[e] = ends.get(e)[1];
            }
            double[] games = new double[edges];
            long[][] dealCounts = new long[used.size()][];
            int[][][] lowerHalfPoints = new int[used.size()][][];
            int[][] meetingEdge = edgeOfMeeting.toArray(new int[0][]);
            for (int gi = 0; gi < used.size(); gi++) {
                DealGroup g = used.get(gi);
                List<Meeting> meetings = g.meetings();
                long deals = g.deals();
                for (int i = 0; i < meetings.size(); i++) {
                    games[meetingEdge[gi][i]] += (double) deals * meetings.get(i).games();
                }
                dealCounts[gi] = new long[g.outcomes().size()];
                lowerHalfPoints[gi] = new int[g.outcomes().size()][meetings.size()];
                for (int o = 0; o < g.outcomes().size(); o++) {
                    Outcome out = g.outcomes().get(o);
                    dealCounts[gi][o] = out.deals();
                    for (int i = 0; i < meetings.size(); i++) {
                        Meeting m = meetings.get(i);
                        int h = out.halfPointsOfA()[i];
                        lowerHalfPoints[gi][o][i] = m.playerA() < m.playerB() ? h : 2 * m.games() - h;
                    }
                }
            }
            Graph graph = new Graph(players, priorDraws, anchor, lower, upper, games, new double[edges], dealCounts,
                    lowerHalfPoints, meetingEdge);
            graph.scores(dealCounts, graph.score);
            graph.requireConnected();
            return graph;
        }

        /** Points of the lower player per edge, from deal counts per group and outcome. */
        void scores(long[][] deals, double[] into) {
            long[] halfPoints = new long[into.length];
            for (int gi = 0; gi < deals.length; gi++) {
                for (int o = 0; o < deals[gi].length; o++) {
                    long d = deals[gi][o];
                    if (d == 0) {
                        continue;
                    }
                    for (int i = 0; i < meetingEdge[gi].length; i++) {
                        halfPoints[meetingEdge[gi][i]] += d * lowerHalfPoints[gi][o][i];
                    }
                }
            }
            for (int e = 0; e < into.length; e++) {
                into[e] = halfPoints[e] / 2.0;
            }
        }

        int edgeCount() {
            return lower.length;
        }

        void requireConnected() {
            int[] component = new int[players];
            Arrays.fill(component, -1);
            int components = 0;
            for (int start = 0; start < players; start++) {
                if (component[start] >= 0) {
                    continue;
                }
                int[] stack = new int[players];
                int top = 0;
                stack[top++] = start;
                component[start] = components;
                while (top > 0) {
                    int i = stack[--top];
                    for (int e : incident[i]) {
                        int j = lower[e] == i ? upper[e] : lower[e];
                        if (component[j] < 0) {
                            component[j] = components;
                            stack[top++] = j;
                        }
                    }
                }
                components++;
            }
            if (components > 1) {
                StringBuilder groups = new StringBuilder();
                for (int c = 0; c < components; c++) {
                    List<Integer> members = new ArrayList<>();
                    for (int i = 0; i < players; i++) {
                        if (component[i] == c) {
                            members.add(i);
                        }
                    }
                    groups.append(c == 0 ? "" : " | ").append(members);
                }
                throw new IllegalArgumentException("comparison graph is disconnected (" + components
                        + " components: " + groups + "); ratings across components are not comparable");
            }
        }

        /**
         * With no prior, the MLE is finite iff the directed graph "i scored against j" is strongly
         * connected (Hunter 2004, Assumption 1; a draw scores for both sides).
         */
        void requireFiniteMle(double[] edgeScore, String what) {
            if (priorDraws > 0.0) {
                return;
            }
            Sweep problem = sweep(edgeScore);
            if (problem != null) {
                throw new IllegalArgumentException("in " + what + ", " + problem
                        + ", so the maximum-likelihood ratings are infinite; use priorDraws > 0");
            }
        }

        /** Which players scored no points against which, or null when the MLE is finite. */
        Sweep sweep(double[] edgeScore) {
            // forward: players reached from 0 by "scored against" steps; nobody inside scored
            // against anybody outside. backward: players from whom 0 is reached; nobody outside
            // scored against anybody inside.
            boolean[] forward = reach(edgeScore, true);
            boolean[] backward = reach(edgeScore, false);
            if (!all(forward)) {
                return sweep(members(forward, true), members(forward, false));
            }
            if (!all(backward)) {
                return sweep(members(backward, false), members(backward, true));
            }
            return null;
        }

        /** The sweep of {@code losers} by {@code winners}, with who met whom across the split. */
        private Sweep sweep(List<Integer> losers, List<Integer> winners) {
            List<List<Integer>> met = new ArrayList<>();
            for (int loser : losers) {
                List<Integer> opponents = new ArrayList<>();
                for (int winner : winners) {
                    for (int e : incident[loser]) {
                        if ((lower[e] == winner || upper[e] == winner) && games[e] > 0) {
                            opponents.add(winner);
                            break;
                        }
                    }
                }
                met.add(opponents);
            }
            return new Sweep(losers, winners, met);
        }

        private static boolean all(boolean[] flags) {
            for (boolean f : flags) {
                if (!f) {
                    return false;
                }
            }
            return true;
        }

        private static List<Integer> members(boolean[] flags, boolean value) {
            List<Integer> list = new ArrayList<>();
            for (int i = 0; i < flags.length; i++) {
                if (flags[i] == value) {
                    list.add(i);
                }
            }
            return list;
        }

        /** Players reachable from 0 along "scored against" edges (or their reverses). */
        private boolean[] reach(double[] edgeScore, boolean forward) {
            boolean[] seen = new boolean[players];
            int[] stack = new int[players];
            int top = 0;
            stack[top++] = 0;
            seen[0] = true;
            while (top > 0) {
                int i = stack[--top];
                for (int e : incident[i]) {
                    int j = lower[e] == i ? upper[e] : lower[e];
                    double scoreOfI = lower[e] == i ? edgeScore[e] : games[e] - edgeScore[e];
                    double scoreOfJ = games[e] - scoreOfI;
                    boolean step = forward ? scoreOfI > 0.0 : scoreOfJ > 0.0;
                    if (step && !seen[j]) {
                        seen[j] = true;
                        stack[top++] = j;
                    }
                }
            }
            return seen;
        }

        /**
         * Cyclic MM iteration on natural-log strengths, starting from {@code logStrength}, which
         * receives the result. Without a prior the strengths are renormalized to geometric mean 1
         * after each sweep (the likelihood is scale-free); with a prior the pseudo-opponent's fixed
         * strength 1 sets the scale.
         *
         * @return the number of sweeps
         */
        int solve(double[] edgeScore, double[] logStrength) {
            double[] wins = new double[players];
            for (int i = 0; i < players; i++) {
                wins[i] = priorDraws / 2.0;
            }
            for (int e = 0; e < lower.length; e++) {
                wins[lower[e]] += edgeScore[e];
                wins[upper[e]] += games[e] - edgeScore[e];
            }
            double[] gamma = new double[players];
            for (int i = 0; i < players; i++) {
                gamma[i] = Math.exp(logStrength[i]);
            }
            double[] next = new double[players];
            for (int sweep = 1; sweep <= MAX_SWEEPS; sweep++) {
                for (int i = 0; i < players; i++) {
                    double denominator = priorDraws / (gamma[i] + 1.0);
                    for (int e : incident[i]) {
                        int j = lower[e] == i ? upper[e] : lower[e];
                        denominator += games[e] / (gamma[i] + gamma[j]);
                    }
                    gamma[i] = wins[i] / denominator;
                }
                double mean = 0.0;
                for (int i = 0; i < players; i++) {
                    next[i] = Math.log(gamma[i]);
                    mean += next[i];
                }
                mean /= players;
                // The common shift of all log-strengths: free without a prior (fix the geometric
                // mean at 1); with a prior, set only by the few virtual games, so MM alone would
                // crawl along it at rate ~ 1 - priorDraws/games. Maximize it exactly instead.
                double shift = priorDraws == 0.0 ? -mean : bestShift(next);
                double change = 0.0;
                for (int i = 0; i < players; i++) {
                    double value = next[i] + shift;
                    change = Math.max(change, Math.abs(value - logStrength[i]));
                    logStrength[i] = value;
                    gamma[i] = Math.exp(value);
                }
                if (change < TOLERANCE) {
                    return sweep;
                }
            }
            throw new IllegalStateException("Bradley-Terry MM did not converge in " + MAX_SWEEPS + " sweeps");
        }

        /**
         * The shift c maximizing the prior's log-likelihood Σ_i [d/2·(θ_i + c) - d·ln(1 + e^(θ_i + c))]
         * (the real games do not depend on c): the root of Σ_i σ(θ_i + c) = players/2, σ the
         * logistic function, increasing in c. Bisection to adjacent doubles.
         */
        private double bestShift(double[] theta) {
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (double t : theta) {
                min = Math.min(min, t);
                max = Math.max(max, t);
            }
            double lo = -max - 1.0;
            double hi = -min + 1.0;
            for (int iteration = 0; iteration < 200; iteration++) {
                double mid = lo + (hi - lo) / 2.0;
                if (mid <= lo || mid >= hi) {
                    break;
                }
                double g = -players / 2.0;
                for (double t : theta) {
                    g += 1.0 / (1.0 + Math.exp(-(t + mid)));
                }
                if (g < 0.0) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            return lo + (hi - lo) / 2.0;
        }

        /** Elo ratings from natural-log strengths, shifted to the anchor. */
        double[] anchored(double[] logStrength) {
            double[] elo = new double[players];
            for (int i = 0; i < players; i++) {
                elo[i] = ELO_PER_LN * logStrength[i];
            }
            double shift;
            if (anchor instanceof FixedPlayer fixed) {
                shift = fixed.elo() - elo[fixed.player()];
            } else {
                double mean = 0.0;
                for (double v : elo) {
                    mean += v;
                }
                shift = -mean / players;
            }
            for (int i = 0; i < players; i++) {
                elo[i] += shift;
            }
            return elo;
        }

        /** Redraws every group's deals from its empirical outcome distribution (whole deals). */
        void resampleScores(SplittableRandom random, double[] into) {
            long[][] draw = new long[dealCounts.length][];
            for (int gi = 0; gi < dealCounts.length; gi++) {
                draw[gi] = MultinomialSampler.resample(random, dealCounts[gi]);
            }
            scores(draw, into);
        }
    }
}
