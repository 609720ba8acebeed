package richelieu.runner.dataset;

import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.solver.OpenGame;
import richelieu.engine.solver.Solver;
import richelieu.strategies.HeuristicEvaluation;
import richelieu.strategies.learned.LearnedEvaluation;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The acceptance check of a learned evaluation for a search's cut-off: how well it ranks the
 * positions one seat's different turns lead to from the same position, against the exact solver.
 * A cut-off compares such siblings; telling who is ahead across positions is not enough.
 *
 * <p>From seeded random 2-player games (deal {@code 5000 + g} of {@link Deal#generate}) it takes
 * turn starts with at most {@code maxCards} cards left (minus 0–5, drawn), plays up to 8 different
 * random turns of the seat to move, and values each position reached (the other seat to move)
 * from the seat's view by four judges: the network, heuristic-2p's {@link HeuristicEvaluation}
 * (on the real position, as a search's cut-off sees its determinization), the mean final margin
 * of {@code playouts} random playouts (what {@code rollout=random} estimates) and the exact solver
 * (the truth of the open game). Positions with fewer than 4 siblings are skipped. Per judge: the
 * mean Pearson correlation with the solver within a position, how often its best sibling is a
 * solver-best one, and the correlation pooled over every sibling.
 */
public final class ContinuationRanking {
    /** The judges in the order of {@link Result#judges}; the solver is the truth, not a judge. */
    public static final List<String> JUDGES = List.of("net", "heuristic", "random");
    private static final int MAX_SIBLINGS = 8;
    private static final int MIN_SIBLINGS = 4;
    private static final int TRIES = 60;

    /**
     * One judge's figures.
     *
     * @param within     mean within-position correlation with the solver (positions where it is defined)
     * @param withinN    positions where it is defined (not every sibling equal)
     * @param bestRight  positions whose best sibling by this judge is a solver-best one
     * @param pooled     correlation with the solver over every sibling of every position
     */
    public record Judge(String name, double within, int withinN, int bestRight, double pooled) {
    }

    /** The check's figures: positions, siblings, and per judge. */
    public record Result(int positions, int siblings, List<Judge> judges) {
        public Judge judge(String name) {
            return judges.stream().filter(j -> j.name().equals(name)).findFirst().orElseThrow();
        }
    }

    private ContinuationRanking() {
    }

    /**
     * Runs the check on {@code wanted} positions with at most {@code maxCards} cards; {@code seed}
     * draws the random play (the old diagnostic's numbers come back with seed 3).
     */
    public static Result run(LearnedEvaluation learned, int maxCards, int wanted, int playouts, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int[] buf = new int[Action.MAX_LEGAL];
        int[] scores = new int[2];
        double[] within = new double[3];
        int[] withinN = new int[3];
        int[] best = new int[3];
        double[][] pooled = new double[4][0];
        int n = 0;
        int groups = 0;
        for (int g = 0; g < 4 * wanted && groups < wanted; g++) {
            GameState s = new GameState(Rules.standard(2), Deal.generate(Deck.standard(), 5000 + g));
            HeuristicEvaluation heuristic = new HeuristicEvaluation(DatasetStudy.heuristic2p(), s.rules(), s.layout());
            Solver solver = new Solver(s.rules(), s.layout(), DatasetStudy.TABLE_BITS);
            int target = maxCards - rng.nextInt(6);
            while (!s.isOver() && Long.bitCount(s.table()) > target) {
                s.play(buf[rng.nextInt(s.legalActions(buf))]);
            }
            int mover = s.toMove();
            while (!s.isOver() && s.toMove() == mover) {
                s.play(buf[rng.nextInt(s.legalActions(buf))]);
            }
            if (s.isOver()) {
                continue;
            }
            int seat = s.toMove();
            int sign = seat == 0 ? 1 : -1;
            double[][] v = new double[4][MAX_SIBLINGS];
            Set<Long> seen = new HashSet<>();
            int k = 0;
            for (int tries = 0; tries < TRIES && k < MAX_SIBLINGS; tries++) {
                GameState q = s.copy();
                while (!q.isOver() && q.toMove() == seat) {
                    q.play(buf[rng.nextInt(q.legalActions(buf))]);
                }
                if (q.isOver() || !seen.add(q.table())) {
                    continue;
                }
                v[0][k] = learned.value(q, seat);
                v[1][k] = sign * heuristic.difference(q);
                double sum = 0;
                for (int r = 0; r < playouts; r++) {
                    GameState z = q.copy();
                    while (!z.isOver()) {
                        z.play(buf[rng.nextInt(z.legalActions(buf))]);
                    }
                    z.scores(scores);
                    sum += sign * (scores[0] - scores[1]);
                }
                v[2][k] = sum / playouts;
                solver.load(q);
                v[3][k] = sign * solver.solve() / (double) OpenGame.SCALE;
                k++;
            }
            if (k < MIN_SIBLINGS) {
                continue;
            }
            groups++;
            for (int j = 0; j < 4; j++) {
                pooled[j] = Arrays.copyOf(pooled[j], n + k);
                System.arraycopy(v[j], 0, pooled[j], n, k);
            }
            n += k;
            double[] truth = Arrays.copyOf(v[3], k);
            double top = truth[argmax(truth)];
            for (int j = 0; j < 3; j++) {
                double[] judged = Arrays.copyOf(v[j], k);
                double c = corr(judged, truth);
                if (!Double.isNaN(c)) {
                    within[j] += c;
                    withinN[j]++;
                }
                best[j] += truth[argmax(judged)] == top ? 1 : 0;
            }
        }
        Judge[] judges = new Judge[3];
        for (int j = 0; j < 3; j++) {
            judges[j] = new Judge(JUDGES.get(j), within[j] / withinN[j], withinN[j], best[j], corr(pooled[j], pooled[3]));
        }
        return new Result(groups, n, List.of(judges));
    }

    private static int argmax(double[] a) {
        int b = 0;
        for (int i = 1; i < a.length; i++) {
            if (a[i] > a[b]) {
                b = i;
            }
        }
        return b;
    }

    /** Pearson's correlation; NaN when either side does not vary. */
    static double corr(double[] a, double[] b) {
        double ma = Arrays.stream(a).average().orElse(0);
        double mb = Arrays.stream(b).average().orElse(0);
        double sab = 0;
        double saa = 0;
        double sbb = 0;
        for (int i = 0; i < a.length; i++) {
            sab += (a[i] - ma) * (b[i] - mb);
            saa += (a[i] - ma) * (a[i] - ma);
            sbb += (b[i] - mb) * (b[i] - mb);
        }
        return saa == 0 || sbb == 0 ? Double.NaN : sab / Math.sqrt(saa * sbb);
    }
}
