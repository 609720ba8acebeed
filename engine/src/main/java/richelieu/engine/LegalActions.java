package richelieu.engine;

import java.util.Arrays;

/**
 * The legal set of one decision point: packed actions ({@link Action}) in ascending order.
 * The game driver reuses one instance per game; copy what you need to keep.
 */
public final class LegalActions {
    private final int[] actions = new int[Action.MAX_LEGAL];
    private int size;
    /** Index of the last {@link #get}, so {@link #contains} is O(1) for an action a bot read from here. */
    private int lastRead = -1;

    /** Refills from the state's current decision point. */
    public void fill(GameState state) {
        size = state.legalActions(actions);
        lastRead = -1;
    }

    /** Sets the contents explicitly (e.g. from a protocol message); values must be ascending. */
    public void set(int[] values, int count) {
        System.arraycopy(values, 0, actions, 0, count);
        size = count;
        lastRead = -1;
    }

    /** Sets the contents to those of {@code o} (the legal set of a copy of the same position). */
    public void copyFrom(LegalActions o) {
        set(o.actions, o.size);
    }

    /** How many actions are legal. */
    public int size() {
        return size;
    }

    /** The {@code i}-th legal action, in ascending order. */
    public int get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i + " >= " + size);
        }
        lastRead = i;
        return actions[i];
    }

    /** True if {@code action} is legal here. */
    public boolean contains(int action) {
        int i = lastRead;
        if (i >= 0 && actions[i] == action) {
            return true;
        }
        return Arrays.binarySearch(actions, 0, size, action) >= 0;
    }

    /** A copy of the legal actions. */
    public int[] toArray() {
        return Arrays.copyOf(actions, size);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < size; i++) {
            sb.append(i == 0 ? "" : ", ").append(Action.toString(actions[i]));
        }
        return sb.append(']').toString();
    }
}
