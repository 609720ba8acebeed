package richelieu.strategies.multi;

import richelieu.engine.GameState;
import richelieu.strategies.HeuristicStrategy;

/**
 * The multi-player search's judgement of a position: every seat's share of the win, as whole
 * numbers that add up to at most {@link #WHOLE}.
 *
 * <ul>
 * <li>Over: R24's outcome, {@code WHOLE / k} to each of the k seats that share the win, 0 to
 * the others.</li>
 * <li>Not over: the heuristic's value of every seat ({@link HeuristicStrategy#seatValues}, in
 * points) turned into win chances by a softmax with temperature {@code scale}: with two seats
 * it is the logistic curve of the value difference that {@code ismcts-mast}'s cut-short
 * rollouts use, so {@code scale} points of lead make a win 73% likely.</li>
 * </ul>
 * Shares, not points, because the search needs a vector whose components every seat wants to
 * maximise and whose sum is bounded: that is what makes max-n's shallow pruning sound (a seat
 * that already holds x of the win leaves at most {@code WHOLE − x} to anyone else). The shares
 * are rounded down, so they never add up to more than the whole; whole numbers make the search's
 * values exact and fit the solver's transposition table.
 */
final class SeatShares {
    /** The whole win (divisible by 2, 3 and 4, and within the table's 16-bit values). */
    static final int WHOLE = 30_000;

    private final HeuristicStrategy judge;
    private final double scale;
    private final double[] values = new double[4];
    private final int[] scores = new int[4];

    /**
     * @param judge the heuristic whose seat values are judged
     * @param scale points of lead that make a win 73% likely
     */
    SeatShares(HeuristicStrategy judge, double scale) {
        this.judge = judge;
        this.scale = scale;
    }

    /**
     * How much a marker on each table card is worth to its owner in {@code s} (in the judge's
     * importance units; the judgement of a marker step's choices, best first, before any search).
     */
    void markerValues(GameState s, double[] out) {
        judge.cardImportance(s, out);
    }

    /** Writes every seat's share of the win in {@code s} (a full or determinized state) into {@code out}. */
    void shares(GameState s, int[] out) {
        int players = s.players();
        if (s.isOver()) {
            s.scores(scores);
            int winners = s.winners(scores);
            int share = WHOLE / Integer.bitCount(winners);
            for (int p = 0; p < players; p++) {
                out[p] = (winners >>> p & 1) != 0 ? share : 0;
            }
            return;
        }
        double[] v = values;
        judge.seatValues(s, v);
        double max = v[0];
        for (int p = 1; p < players; p++) {
            max = Math.max(max, v[p]);
        }
        double sum = 0;
        for (int p = 0; p < players; p++) {
            v[p] = Math.exp((v[p] - max) / scale); // the largest is 1: no overflow
            sum += v[p];
        }
        for (int p = 0; p < players; p++) {
            out[p] = (int) (WHOLE * v[p] / sum);
        }
    }
}
