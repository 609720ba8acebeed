package richelieu.strategies.search;

import richelieu.engine.GameState;

/**
 * What an iteration's end is worth to each seat: its share of the win (1 for a win, 1/k for a
 * win shared by k seats, 0 for a loss), blended with the score margin when {@code marginWeight}
 * &gt; 0: {@code (1 − w)·share + w·(0.5 + 0.5·tanh(margin / marginScale))}, margin = own score −
 * best other score. A win by 20 and a win by 1 are then no longer the same signal, which
 * separates moves in positions that random rollouts decide mostly one way.
 */
final class Reward {
    /** The default score margin at which the margin term is 0.5 + 0.5·tanh(1) ≈ 0.88. */
    static final double MARGIN_SCALE = 10;

    private final double marginWeight;
    private final double marginScale;
    private final int[] scores = new int[4];

    Reward(double marginWeight, double marginScale) {
        this.marginWeight = marginWeight;
        this.marginScale = marginScale;
    }

    /** Writes each seat's reward for the finished game {@code s} into {@code result}. */
    void score(GameState s, double[] result) {
        int[] scores = this.scores;
        s.scores(scores);
        int w = s.winners(scores);
        double share = 1.0 / Integer.bitCount(w);
        int players = s.players();
        for (int p = 0; p < players; p++) {
            result[p] = (w >>> p & 1) != 0 ? share : 0;
        }
        if (marginWeight > 0) {
            for (int p = 0; p < players; p++) {
                int other = Integer.MIN_VALUE;
                for (int q = 0; q < players; q++) {
                    if (q != p) {
                        other = Math.max(other, scores[q]);
                    }
                }
                double squashed = 0.5 + 0.5 * Math.tanh((scores[p] - other) / marginScale);
                result[p] = (1 - marginWeight) * result[p] + marginWeight * squashed;
            }
        }
    }
}
