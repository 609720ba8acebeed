package richelieu.engine.solver;

import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;

import java.util.Arrays;

/**
 * The solver's analysis call ({@link Solver#analyse}): every root action valued, under a deadline.
 *
 * <p>Exact values of every action ({@link Query#EXACT}, what {@code solve --open} and the
 * distance study show: each action's margin and outcome, not only which is best) are one root
 * search with shared bounds: the actions in order of their bounds' midpoint, the first with a full
 * window; every other with the window closed at the best value so far, which gives its exact
 * value when it is no better and a lower bound otherwise, re-searched then above that bound. The
 * table is shared by all. Proving an action merely worse than the best would be cheaper, but the
 * callers show every action's value. Measured against one value search of the position in
 * results/solver-frontier.md (SolverTechniques {@code --search open}).
 *
 * <p>The other questions (outcomes, depth-limited values) value the actions one after the other
 * in the given order, reloading the position before each, as {@code pimc} always has: its
 * seeded games depend on which table entries its depth-limited searches meet.
 */
final class RootSearch {
    private RootSearch() {
    }

    static void analyse(Solver solver, GameState s, Query query, long deadline, BudgetClock clock, RootValues out) {
        out.clearValues();
        int side = s.toMove() == 0 ? 1 : -1;
        solver.setDeadline(deadline, clock);
        try {
            if (query.kind() == Query.Kind.VALUE && query.depth() == Solver.UNLIMITED) {
                exact(solver, s, side, out);
                return;
            }
            int n = out.size();
            for (int i = 0; i < n; i++) {
                solver.load(s);
                int a = out.action(i);
                int v = switch (query.kind()) {
                    case OUTCOME -> solver.outcomeAfter(a);
                    case TURN_END -> solver.searchToTurnEnd(a);
                    case VALUE -> solver.searchAfter(a, -Solver.INFINITY, Solver.INFINITY, query.depth());
                };
                if (solver.stopped()) {
                    return;
                }
                out.set(i, side * v);
            }
        } finally {
            solver.setDeadline(0, clock);
        }
    }

    private static void exact(Solver solver, GameState s, int side, RootValues out) {
        int n = out.size();
        OpenGame g = solver.game();
        solver.load(s);
        // the most promising action first (mover's side), its index in the low bits
        long[] order = new long[n];
        for (int i = 0; i < n; i++) {
            g.play(0, out.action(i));
            long bb = g.bounds(1);
            int guess = side * ((int) (bb >> 32) + (int) bb);
            order[i] = (long) -guess << 32 | i;
        }
        Arrays.sort(order);
        int best = -Solver.INFINITY; // mover's side
        for (int k = 0; k < n; k++) {
            int i = (int) order[k];
            g.play(0, out.action(i));
            int v;
            if (k == 0) {
                v = side * solver.search(1, -Solver.INFINITY, Solver.INFINITY, Solver.UNLIMITED);
            } else {
                // the mover's window (-INFINITY, best + 1): exact unless better than the best so far
                v = side > 0 ? solver.search(1, -Solver.INFINITY, best + 1, Solver.UNLIMITED)
                        : -solver.search(1, -best - 1, Solver.INFINITY, Solver.UNLIMITED);
                if (v > best && !solver.stopped()) {
                    // fail-soft: v is then a lower bound, the exact value at or above it
                    v = side > 0 ? solver.search(1, v - 1, Solver.INFINITY, Solver.UNLIMITED)
                            : -solver.search(1, -Solver.INFINITY, -v + 1, Solver.UNLIMITED);
                }
            }
            if (solver.stopped()) {
                return;
            }
            out.set(i, v);
            best = Math.max(best, v);
        }
    }
}
