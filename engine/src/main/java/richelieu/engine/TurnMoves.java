package richelieu.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whole-turn moves, for bots that prefer to choose a complete turn at once: every sequence of
 * decisions from the current decision point to the end of the mover's turn (or of the game).
 * Convenience, not hot path: it allocates. The decision-point API of {@link GameState} is what
 * playouts and search should use.
 */
public final class TurnMoves {
    private TurnMoves() {
    }

    /** One whole-turn move: its actions in order, and the state after them. */
    public record Move(int[] actions, GameState after) {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            for (int a : actions) {
                sb.append(sb.length() == 0 ? "" : ", ").append(Action.toString(a));
            }
            return sb.toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Move m && Arrays.equals(m.actions, actions);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(actions);
        }
    }

    /** Every whole-turn move from {@code state}'s current decision point (state is not changed). */
    public static List<Move> list(GameState state) {
        List<Move> out = new ArrayList<>();
        if (!state.isOver()) {
            expand(state, state.toMove(), state.turn(), new int[0], out);
        }
        return out;
    }

    /**
     * Every whole-turn move of the observing seat, computed on its view state: tokens it has not
     * seen count as {@link Token#UNKNOWN} (never a return token, worth nothing in scores).
     */
    public static List<Move> list(Observation observation) {
        GameState view = observation.newState();
        observation.toViewState(view);
        return list(view);
    }

    private static void expand(GameState s, int mover, int turn, int[] prefix, List<Move> out) {
        int[] buf = new int[Action.MAX_LEGAL];
        int n = s.legalActions(buf);
        for (int i = 0; i < n; i++) {
            GameState next = s.copy();
            next.play(buf[i]);
            int[] seq = Arrays.copyOf(prefix, prefix.length + 1);
            seq[prefix.length] = buf[i];
            if (next.isOver() || next.turn() != turn) {
                out.add(new Move(seq, next));
            } else {
                expand(next, mover, turn, seq, out);
            }
        }
    }
}
