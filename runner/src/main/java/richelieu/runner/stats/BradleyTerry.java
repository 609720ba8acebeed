package richelieu.runner.stats;


import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
 * derivation, SplitMix64 finaliser: {@link DerivedSeeds#child}), so the same seed gives identical intervals regardless of how
 * replicates might later be spread over threads. Under a player anchor the anchored player's
 * interval is degenerate; the others are then relative to it.
 *
 * <p>Here are the model's types and entry points; the fit itself (graph, MM, identification,
 * anchor) is BradleyTerryGraph, the bootstrap BradleyTerryBootstrap.
 */
public final class BradleyTerry {

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
        BradleyTerryGraph graph = BradleyTerryGraph.of(players, groups, priorDraws, anchor);
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
        return BradleyTerryBootstrap.fit(players, groups, priorDraws, anchor, settings);
    }

    /**
     * Why the data do not identify the ratings, or empty if they do: without a prior the
     * maximum-likelihood ratings are finite only if everybody scored against everybody along some
     * chain (Hunter 2004, Assumption 1). A clean sweep (one bot won every game against the others)
     * fails it: the games then give an order, and any prior alone decides the gaps, so bootstrap
     * intervals are ±0 or nearly so.
     */
    public static Optional<Sweep> notIdentified(int players, List<DealGroup> groups) {
        BradleyTerryGraph graph = BradleyTerryGraph.of(players, groups, 0.0, new MeanZero());
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
        return BradleyTerryBootstrap.quantile(sorted, q);
    }


    static List<Double> box(double[] values) {
        List<Double> list = new ArrayList<>(values.length);
        for (double v : values) {
            list.add(v);
        }
        return list;
    }
}
