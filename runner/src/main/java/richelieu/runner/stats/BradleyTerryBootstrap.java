package richelieu.runner.stats;

import richelieu.runner.stats.BradleyTerry.Anchor;
import richelieu.runner.stats.BradleyTerry.BootstrapFit;
import richelieu.runner.stats.BradleyTerry.BootstrapSettings;
import richelieu.runner.stats.BradleyTerry.DealGroup;
import richelieu.runner.stats.BradleyTerry.Fit;
import richelieu.runner.stats.BradleyTerry.Rating;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The bootstrap of {@link BradleyTerry}'s ratings: replicate r redraws every group's deals from
 * its empirical outcome distribution, refits from the point estimate and anchors; each rating's
 * interval is the percentile interval of its replicates (see the class comment of
 * {@link BradleyTerry}).
 */
final class BradleyTerryBootstrap {
    private BradleyTerryBootstrap() {
    }

    /** The point fit and the bootstrap intervals of every player. */
    static BootstrapFit fit(int players, List<DealGroup> groups, double priorDraws, Anchor anchor,
            BootstrapSettings settings) {
        BradleyTerryGraph graph = BradleyTerryGraph.of(players, groups, priorDraws, anchor);
        graph.requireFiniteMle(graph.score, "the data");
        double[] pointLog = new double[players];
        int sweeps = graph.solve(graph.score, pointLog);
        double[] point = graph.anchored(pointLog);

        int replicates = settings.replicates();
        double[][] samples = new double[players][replicates];
        double[] score = new double[graph.edgeCount()];
        double[] logStrength = new double[players];
        for (int r = 0; r < replicates; r++) {
            SplittableRandom random = new SplittableRandom(DerivedSeeds.child(settings.seed(), r));
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
        return new BootstrapFit(ratings, new Fit(BradleyTerry.box(point), sweeps, priorDraws, anchor), settings);
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
}
