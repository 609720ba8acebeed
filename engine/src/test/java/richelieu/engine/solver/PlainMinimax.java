package richelieu.engine.solver;

import richelieu.engine.Action;
import richelieu.engine.GameState;

/**
 * The reference the solver is proved against: plain minimax over the engine's own
 * {@link GameState}, every action of every decision point, no pruning, no table, no bounds —
 * obviously right and exponentially slow. Values as {@link OpenGame#value}.
 */
final class PlainMinimax {
    private final long limit;
    private long nodes;

    /** Thrown when a position needs more than the node limit (the test then takes another). */
    static final class TooBig extends RuntimeException {
        TooBig() {
            super(null, null, false, false);
        }
    }

    PlainMinimax() {
        this(Long.MAX_VALUE);
    }

    /** A minimax that gives up (throws {@link TooBig}) after {@code limit} positions. */
    PlainMinimax(long limit) {
        this.limit = limit;
    }

    /** Positions visited so far. */
    long nodes() {
        return nodes;
    }

    /** The exact value of {@code s} for seat 0 (seat 0 maximises, seat 1 minimises). */
    int value(GameState s) {
        if (++nodes > limit) {
            throw new TooBig();
        }
        if (s.isOver()) {
            return finalValue(s);
        }
        int[] legal = new int[Action.MAX_LEGAL];
        int n = s.legalActions(legal);
        boolean max = s.toMove() == 0;
        int best = max ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            GameState c = s.copy();
            c.apply(legal[i]);
            int v = value(c);
            best = max ? Math.max(best, v) : Math.min(best, v);
        }
        return best;
    }

    /** R18–R20 as the engine scores them: the margin, then fewer cards. */
    static int finalValue(GameState s) {
        int[] scores = new int[2];
        s.scores(scores);
        return OpenGame.SCALE * (scores[0] - scores[1]) + s.cardCount(1) - s.cardCount(0);
    }
}
