package richelieu.engine.solver;

import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;

/**
 * The analysis call: the value of every action of a decision point in one call, under a
 * deadline. The exact solver answers it ({@link Solver#analyst}); so do the searches of other
 * games (the multi-player search of the strategies module), so that one loop over token deals
 * ({@link TokenDeals}) serves them all.
 */
@FunctionalInterface
public interface Analyst {
    /**
     * Values every action of {@code out} (legal in {@code deal}, a full or determinized state)
     * from the side of the seat to move, marking each one finished as it is valued.
     *
     * @param deadline the time on {@code clock} to stop at, leaving the actions not yet valued
     *                 unfinished; 0: none
     */
    void analyse(GameState deal, RootValues out, long deadline, BudgetClock clock);
}
