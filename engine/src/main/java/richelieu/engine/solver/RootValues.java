package richelieu.engine.solver;

import richelieu.engine.Action;

/**
 * What one analysis of a decision point says of each of its actions ({@link Analyst}): the
 * action, its value from the side of the seat to move, and whether it was finished before the
 * deadline struck (an unfinished action's value means nothing). Values are in the units of the
 * analysis that wrote them: {@link OpenGame#value}'s for the exact solver, which {@link #margin}
 * and {@link #outcomeOf} read. A holder reused from call to call; not thread-safe.
 */
public final class RootValues {
    private final int[] actions = new int[Action.MAX_LEGAL];
    private final int[] values = new int[Action.MAX_LEGAL];
    private final boolean[] finished = new boolean[Action.MAX_LEGAL];
    private int size;

    /** The actions to value: the first {@code n} of {@code legal}; none finished yet. */
    public void setActions(int[] legal, int n) {
        System.arraycopy(legal, 0, actions, 0, n);
        size = n;
        clearValues();
    }

    /** Marks every action unfinished (a new analysis of the same actions). */
    public void clearValues() {
        java.util.Arrays.fill(finished, 0, size, false);
    }

    /** How many actions there are. */
    public int size() {
        return size;
    }

    /** The i-th action. */
    public int action(int i) {
        return actions[i];
    }

    /**
     * The i-th action's value (mover's side); meaningful only if {@link #finished}. After a
     * {@link Query#MARGIN} analysis, only its margin and outcome are exact.
     */
    public int value(int i) {
        return values[i];
    }

    /** True if the i-th action was valued before the deadline. */
    public boolean finished(int i) {
        return finished[i];
    }

    /** Records the i-th action's value (mover's side): it is finished. */
    public void set(int i, int value) {
        values[i] = value;
        finished[i] = true;
    }

    /** How many actions were not finished (0: the analysis is complete). */
    public int unfinished() {
        int u = 0;
        for (int i = 0; i < size; i++) {
            if (!finished[i]) {
                u++;
            }
        }
        return u;
    }

    /** True if every action was finished. */
    public boolean complete() {
        return unfinished() == 0;
    }

    /** The i-th action's score margin under best play (exact solver values; mover's side). */
    public int marginOf(int i) {
        return margin(values[i]);
    }

    /** The i-th action's outcome for the mover (exact solver values): 1 win, 0 draw, -1 loss (R20). */
    public int outcomeOf(int i) {
        return Integer.signum(values[i]);
    }

    /**
     * The score margin in points of a solver value ({@link OpenGame#value}): its tie-break part
     * is below half a point, so rounding to the nearest point is exact.
     */
    public static int margin(int value) {
        return Math.floorDiv(value + OpenGame.SCALE / 2, OpenGame.SCALE);
    }
}
