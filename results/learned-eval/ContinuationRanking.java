import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.solver.Solver;
import richelieu.strategies.BotParams;
import richelieu.strategies.HeuristicEvaluation;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.Presets;
import richelieu.strategies.ShippedBots;
import richelieu.strategies.learned.LearnedEvaluation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A diagnostic of the learned evaluation at a search's cut-off (results/learned-eval/README.md):
 * what a cut-off asks of an evaluation is to rank the positions a seat's different turns lead to
 * from one position, not to say who is ahead across positions.
 *
 * <p>From seeded random 2-player games it takes turn starts with at most {@code maxCards} cards
 * left (minus 0-5, drawn), plays up to 8 different random turns of the seat to move, and values
 * each resulting position (the other seat to move) from the seat's view by: the shipped network
 * ({@link LearnedEvaluation}), heuristic-2p's {@link HeuristicEvaluation}, the mean final margin
 * of 30 random playouts (what rollout=random estimates), and the exact solver (the truth of the
 * open game). It prints each judge's mean Pearson correlation with the solver within a position,
 * how often its best continuation is a solver-best one, and the correlation pooled over all.
 *
 * <pre>
 * mvn -q -B -o -pl strategies -am compile
 * java -cp engine/target/classes:strategies/target/classes:$(find ~/.m2/repository/com/fasterxml/jackson -name '*.jar' | tr '\n' :) \
 *     results/learned-eval/ContinuationRanking.java 12 150
 * </pre>
 */
public class ContinuationRanking {
    public static void main(String[] args) {
        int maxCards = Integer.parseInt(args[0]);
        int wanted = Integer.parseInt(args[1]);
        LearnedEvaluation learned = LearnedEvaluation.shipped2p();
        HeuristicStrategy judge = new HeuristicStrategy(ShippedBots.HeuristicFactory.weights(
                BotParams.of(new ShippedBots.HeuristicFactory(), Presets.named("heuristic-2p").values())), "heuristic-2p");
        String[] names = {"net", "heuristic", "random-30", "solver"};
        List<List<Double>> pooled = new ArrayList<>();
        for (int j = 0; j < 4; j++) {
            pooled.add(new ArrayList<>());
        }
        double[] within = new double[3];
        int[] withinN = new int[3];
        int[] best = new int[3];
        SplittableRandom rng = new SplittableRandom(3);
        int[] buf = new int[Action.MAX_LEGAL];
        int[] scores = new int[2];
        int groups = 0;
        for (int g = 0; g < 4 * wanted && groups < wanted; g++) {
            GameState s = new GameState(Rules.standard(2), Deal.generate(Deck.standard(), 5000 + g));
            HeuristicEvaluation heuristic = new HeuristicEvaluation(judge.weights(), s.rules(), s.layout());
            Solver solver = new Solver(s.rules(), s.layout(), 20);
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
            double[][] v = new double[4][8];
            Set<Long> seen = new HashSet<>();
            int k = 0;
            for (int tries = 0; tries < 60 && k < 8; tries++) {
                GameState q = s.copy();
                while (!q.isOver() && q.toMove() == seat) {
                    q.play(buf[rng.nextInt(q.legalActions(buf))]);
                }
                if (q.isOver() || !seen.add(q.table())) {
                    continue;
                }
                int sign = seat == 0 ? 1 : -1;
                v[0][k] = learned.value(q, seat);
                v[1][k] = sign * heuristic.difference(q);
                double sum = 0;
                for (int r = 0; r < 30; r++) {
                    GameState z = q.copy();
                    while (!z.isOver()) {
                        z.play(buf[rng.nextInt(z.legalActions(buf))]);
                    }
                    z.scores(scores);
                    sum += sign * (scores[0] - scores[1]);
                }
                v[2][k] = sum / 30;
                solver.load(q);
                v[3][k] = sign * solver.solve() / 128.0;
                for (int j = 0; j < 4; j++) {
                    pooled.get(j).add(v[j][k]);
                }
                k++;
            }
            if (k < 4) {
                continue;
            }
            groups++;
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
        System.out.printf("%d positions (at most %d cards left), up to 8 continuations each, %d continuations%n", groups,
                maxCards, pooled.get(0).size());
        for (int j = 0; j < 3; j++) {
            System.out.printf("%-10s within a position: mean r with the solver %.3f (%d positions), best continuation "
                            + "solver-best in %d of %d; pooled over all continuations: r %.3f%n", names[j],
                    within[j] / withinN[j], withinN[j], best[j], groups, corr(arr(pooled.get(j)), arr(pooled.get(3))));
        }
    }

    private static double[] arr(List<Double> l) {
        return l.stream().mapToDouble(Double::doubleValue).toArray();
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

    private static double corr(double[] a, double[] b) {
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
        return sab / Math.sqrt(saa * sbb);
    }
}
