package richelieu.engine.solver;

/**
 * What an analysis by the solver asks of each action ({@link Solver#analyse}).
 *
 * @param kind  the question
 * @param depth for {@link Kind#VALUE}: turn starts to search across after the action
 *              ({@link Solver#searchAfter}); {@link Solver#UNLIMITED}: exactly
 */
public record Query(Kind kind, int depth) {
    public Query {
        if ((kind == Kind.MARGIN || kind == Kind.SHARED_OUTCOME) && depth != Solver.UNLIMITED) {
            throw new IllegalArgumentException(kind + " is asked of exact searches only, not to a depth of " + depth);
        }
    }

    /** The questions. */
    public enum Kind {
        /** The value ({@link OpenGame#value}'s units), exact or to a depth. */
        VALUE,
        /** The exact outcome only, 1 win, 0 draw, -1 loss: null windows, far cheaper than the value. */
        OUTCOME,
        /**
         * The same exact outcomes, the position's own found first and shared: where the position
         * is lost every action is, with no search of its own; elsewhere each action is asked
         * whether it wins, and only one that does not, whether it draws (RootSearch).
         */
        SHARED_OUTCOME,
        /**
         * The exact score margin and outcome ({@link RootValues#marginOf}, {@link RootValues#outcomeOf}),
         * not the card tie-break within the margin where the outcome does not depend on it: a
         * value in the action's point of margin with its outcome's sign. Exact searches only.
         */
        MARGIN,
        /** The value at the end of the mover's turn ({@link Solver#searchToTurnEnd}). */
        TURN_END
    }

    /** Every action's exact value. */
    public static final Query EXACT = new Query(Kind.VALUE, Solver.UNLIMITED);
    /** Every action's exact margin and outcome, the tie-break only where the outcome needs it. */
    public static final Query MARGIN = new Query(Kind.MARGIN, Solver.UNLIMITED);
    /** Every action's exact outcome. */
    public static final Query OUTCOME = new Query(Kind.OUTCOME, Solver.UNLIMITED);
    /** Every action's exact outcome, the position's shared ({@link Kind#SHARED_OUTCOME}). */
    public static final Query SHARED_OUTCOME = new Query(Kind.SHARED_OUTCOME, Solver.UNLIMITED);
    /** Every action's value at the end of the mover's turn. */
    public static final Query TURN_END = new Query(Kind.TURN_END, 1);

    /** Every action's value searched across {@code depth} turn starts. */
    public static Query depth(int depth) {
        return new Query(Kind.VALUE, depth);
    }
}
