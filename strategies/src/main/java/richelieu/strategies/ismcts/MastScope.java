package richelieu.strategies.ismcts;

import richelieu.engine.Action;
import richelieu.engine.Phase;
import richelieu.engine.Playouts;

/** The decisions at which MAST rollouts are ε-greedy on the values (uniform at the others). */
enum MastScope {
    /** Every decision (the first MAST rollouts: {@code mast=} specs without {@code mastOn}). */
    ALL(Playouts.ALL_PHASES, -1),
    /**
     * The takes only (R9: first and second card): the decisions that decide the score, with at
     * most eight candidates each, so the greedy scan is short; markers, payments and returns stay
     * uniform.
     */
    TAKES(Playouts.phaseMask(Phase.TAKE_FIRST, Phase.TAKE_SECOND), 1 << Action.T_TAKE | 1 << Action.T_STOP);

    /** The phases whose decisions are ε-greedy ({@link Playouts#epsilonGreedyToEnd}'s greedyPhases). */
    final int phases;
    /** Bit t: the rollouts read the values of type t's actions, so only those are kept up to date. */
    final int types;

    MastScope(int phases, int types) {
        this.phases = phases;
        this.types = types;
    }
}
