package richelieu.runner.stats;

import richelieu.runner.stats.BradleyTerry.Anchor;
import richelieu.runner.stats.BradleyTerry.DealGroup;
import richelieu.runner.stats.BradleyTerry.FixedPlayer;
import richelieu.runner.stats.BradleyTerry.Meeting;
import richelieu.runner.stats.BradleyTerry.Outcome;
import richelieu.runner.stats.BradleyTerry.Sweep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * {@link BradleyTerry}'s fit: the aggregated comparison graph — one edge per pair of players that
 * met, with its number of games and the points of the lower-indexed player; plus, for the
 * bootstrap, the groups' deal counts by outcome — and over it Hunter's MM iterations, the checks
 * that the data identify the ratings, and the anchoring.
 */
final class BradleyTerryGraph {
    private static final double TOLERANCE = 1e-12;
    private static final int MAX_SWEEPS = 1_000_000;
    private static final double ELO_PER_LN = 400.0 / Math.log(10.0);

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

    private BradleyTerryGraph(int players, double priorDraws, Anchor anchor, int[] lower, int[] upper, double[] games,
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

    static BradleyTerryGraph of(int players, List<DealGroup> groups, double priorDraws, Anchor anchor) {
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
        BradleyTerryGraph graph = new BradleyTerryGraph(players, priorDraws, anchor, lower, upper, games, new double[edges], dealCounts,
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
