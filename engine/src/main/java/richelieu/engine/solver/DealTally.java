package richelieu.engine.solver;

import richelieu.engine.Action;

/**
 * Each action over the token deals {@link TokenDeals#sample} finished, from the side of the seat
 * to move: how many deals it wins, draws and loses (by the sign of its value), the sum of its
 * values and the sum of its score margins ({@link RootValues#margin}). Outcomes and margins mean
 * something for the exact solver's values only; other analyses read {@link #valueSum}. A holder
 * reused from call to call; not thread-safe.
 */
public final class DealTally {
    private final int[] actions = new int[Action.MAX_LEGAL];
    private final int[] wins = new int[Action.MAX_LEGAL];
    private final int[] draws = new int[Action.MAX_LEGAL];
    private final int[] losses = new int[Action.MAX_LEGAL];
    private final long[] valueSum = new long[Action.MAX_LEGAL];
    private final long[] marginSum = new long[Action.MAX_LEGAL];
    private int size;
    private int deals;
    private int asked;
    private int unfinished;

    /** Starts over for the first {@code n} actions of {@code legal}, {@code asked} deals asked for. */
    void reset(int[] legal, int n, int asked) {
        System.arraycopy(legal, 0, actions, 0, n);
        java.util.Arrays.fill(wins, 0, n, 0);
        java.util.Arrays.fill(draws, 0, n, 0);
        java.util.Arrays.fill(losses, 0, n, 0);
        java.util.Arrays.fill(valueSum, 0, n, 0);
        java.util.Arrays.fill(marginSum, 0, n, 0);
        size = n;
        deals = 0;
        this.asked = asked;
        unfinished = 0;
    }

    /** Adds one finished deal's values. */
    void add(RootValues values) {
        for (int i = 0; i < size; i++) {
            int v = values.value(i);
            if (v > 0) {
                wins[i]++;
            } else if (v == 0) {
                draws[i]++;
            } else {
                losses[i]++;
            }
            valueSum[i] += v;
            marginSum[i] += RootValues.margin(v);
        }
        deals++;
    }

    /** The deal the deadline struck in: {@code actions} of its actions were not finished. */
    void cutShort(int actions) {
        unfinished = actions;
    }

    /** How many actions there are. */
    public int size() {
        return size;
    }

    /** The i-th action. */
    public int action(int i) {
        return actions[i];
    }

    public int wins(int i) {
        return wins[i];
    }

    public int draws(int i) {
        return draws[i];
    }

    public int losses(int i) {
        return losses[i];
    }

    /** Twice the points the i-th action scores over the deals (win 2, draw 1): an integer to rank by. */
    public long points2(int i) {
        return 2L * wins[i] + draws[i];
    }

    /** The sum of the i-th action's values over the deals (mover's side). */
    public long valueSum(int i) {
        return valueSum[i];
    }

    /** The sum of the i-th action's score margins over the deals (mover's side). */
    public long marginSum(int i) {
        return marginSum[i];
    }

    /** The deals finished (every action valued): the ones counted. */
    public int deals() {
        return deals;
    }

    /** The deals asked for. */
    public int asked() {
        return asked;
    }

    /**
     * The actions not finished in the deal the deadline struck in (that deal is not counted), or
     * 0 if no deal was cut short: the sampling stopped before {@link #asked} only by the deadline
     * passing between deals, or did not stop.
     */
    public int unfinishedActions() {
        return unfinished;
    }

    /** True if fewer deals were finished than asked for. */
    public boolean stopped() {
        return deals < asked;
    }
}
