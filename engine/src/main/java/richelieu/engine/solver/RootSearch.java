package richelieu.engine.solver;

import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;

/**
 * The solver's analysis call ({@link Solver#analyse}): every root action valued, under a deadline.
 *
 * <p>Exact values of every action ({@link Query#EXACT}): what {@code solve --open}, the sampled
 * {@code solve} and the distance study show is each action's margin and outcome, not only which
 * action is best, so every action needs its exact value, not a proof that it is worse. Each is
 * searched with a full window, in legal order, one table shared. Sharing bounds instead (the
 * most promising action first, every other with the window closed at the best value so far,
 * re-searched only when better) visited 2.90 times the nodes of one value search at 12 cards
 * against 2.27 for full windows (1.82 against 1.93 at 10 cards, 1.55 against 1.52 at 11;
 * results/solver-frontier.md, SolverTechniques {@code --search open}), likely because the
 * actions' subtrees transpose into each other and the bounds a closed window leaves in the table
 * serve the later actions less than exact values do.
 *
 * <p>So every question values the actions one after the other in the given order, reloading the
 * position before each (a new table generation), as {@code pimc} always has: its seeded games
 * depend on which table entries its depth-limited searches meet.
 */
final class RootSearch {
    private RootSearch() {
    }

    static void analyse(Solver solver, GameState s, Query query, long deadline, BudgetClock clock, RootValues out) {
        out.clearValues();
        int side = s.toMove() == 0 ? 1 : -1;
        solver.setDeadline(deadline, clock);
        try {
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
}
