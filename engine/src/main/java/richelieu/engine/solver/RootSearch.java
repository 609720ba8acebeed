package richelieu.engine.solver;

import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;

/**
 * The solver's analysis call ({@link Solver#analyse}): every root action valued, under a deadline.
 *
 * <p>Exact values of every action ({@link Query#EXACT}): what {@code solve --open}, the sampled
 * {@code solve} and the distance study show is each action's margin and outcome, not only which
 * action is best, so every action needs its exact value, not a proof that it is worse. One table
 * serves them all:
 * <ol>
 * <li>the most promising action (its table entry, else its bounds' midpoint) is searched with a
 * full window: the first exact value, and usually the best;</li>
 * <li>every other action is closed in on by null-window searches at the boundaries between margins
 * (MTD(f) over whole points, Plaat et al. 1996, from its table entry or else the first value):
 * each search proves a lower bound above a boundary or an upper bound below one, and its
 * fail-soft result says where to test next, until both bounds lie within one point of margin;
 * then one search with the window just around them gives the exact value (the card tie-break).</li>
 * </ol>
 * Each action's entries are made in a new table generation, so that the entries its next null
 * window searches again are the last to be displaced. Against one value search of the position
 * this visits 1.80, 1.56 and 2.27 times the nodes at 10, 11 and 12 cards (table 2^20), where a
 * full window per action visited about 2.2, 1.6 and 2.5 times; MTD(f) in the solver's finest unit
 * (one card of tie-break) crawled through dozens of null windows per action, whole points take a
 * few (results/solver-frontier.md, SolverTechniques {@code --search open}). That is 1.15–1.25
 * times what it would cost knowing every action's value in advance (the first action's search,
 * then one window just around each other's value: 1.50, 1.36 and 1.82 of a value search), so no
 * better guess can buy much; the guesses tried (the last action's value, a shallow search of 1 to
 * 3 turns, one window over a whole point at each step) cost as much or more.
 *
 * <p>Margins and outcomes only ({@link Query#MARGIN}), for the callers that read no more (the
 * sampled {@code solve}): the same, without the last window inside the point, except at a margin
 * of 0, whose outcome the tie-break decides (up to two null windows at 0).
 *
 * <p>Shared outcomes ({@link Query#SHARED_OUTCOME}) find the position's outcome first (below).
 *
 * <p>The other questions (outcomes, depth-limited values) value the actions one after the other
 * in the given order, reloading the position before each, as {@code pimc} always has: its
 * seeded games depend on which table entries its depth-limited searches meet.
 */
final class RootSearch {
    /**
     * Half a point of margin: a boundary between points, never a value (the tie-break is fewer
     * cards than that; the values found would be right even if it were one).
     */
    private static final int HALF = OpenGame.SCALE / 2;

    private RootSearch() {
    }

    static void analyse(Solver solver, GameState s, Query query, long deadline, BudgetClock clock, RootValues out) {
        out.clearValues();
        int side = s.toMove() == 0 ? 1 : -1;
        solver.setDeadline(deadline, clock);
        try {
            if (query.kind() == Query.Kind.MARGIN
                    || query.kind() == Query.Kind.VALUE && query.depth() == Solver.UNLIMITED) {
                exact(solver, s, side, out, query.kind() == Query.Kind.MARGIN);
                return;
            }
            if (query.kind() == Query.Kind.SHARED_OUTCOME) {
                sharedOutcomes(solver, s, side, out);
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
                    case MARGIN, SHARED_OUTCOME -> throw new AssertionError("searched above");
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

    /** @param marginOnly {@link Query#MARGIN}: the tie-break within a margin only where the outcome needs it */
    private static void exact(Solver solver, GameState s, int side, RootValues out, boolean marginOnly) {
        int n = out.size();
        solver.load(s);
        int first = mostPromising(solver, side, out);
        int v1 = solver.searchAfter(out.action(first), -Solver.INFINITY, Solver.INFINITY, Solver.UNLIMITED);
        if (solver.stopped()) {
            return;
        }
        out.set(first, side * v1);
        for (int i = 0; i < n; i++) {
            if (i == first) {
                continue;
            }
            // a new generation: the entries of the action being closed in on, which its next
            // null window searches again, are displaced after the earlier actions' (at 12 cards
            // in a table of 2^20 entries, 7% fewer nodes)
            solver.load(s);
            int v = closeIn(solver, out.action(i), v1, marginOnly);
            if (solver.stopped()) {
                return;
            }
            out.set(i, side * v);
        }
    }

    /**
     * {@link Query#SHARED_OUTCOME}: every action's exact outcome (mover's side), the position's
     * shared. Measured on 16-card positions of the distance study (docs/perfect-play.md, Cost):
     * asking each action whether it wins and then whether it draws ({@link Query#OUTCOME}) spends
     * most of a lost position's time proving that no action wins, three to four times what proving
     * that each loses costs; yet once the position is known lost every action is. So:
     * <ol>
     * <li>the most promising action is asked whether it wins: if so, so is the position;</li>
     * <li>if not, the position is asked whether the mover at least draws (one null window at the
     * root, over every action): if not, every action loses, and nothing more is searched;</li>
     * <li>otherwise each action is asked whether it wins, and one that does not, whether it draws
     * — unless its first answer, fail-soft, already bounds it below a draw.</li>
     * </ol>
     * A won position whose most promising action wins costs what {@link Query#OUTCOME} does; a lost
     * one costs one action's test and the root's proof.
     */
    private static void sharedOutcomes(Solver solver, GameState s, int side, RootValues out) {
        int n = out.size();
        solver.load(s);
        int first = mostPromising(solver, side, out);
        int firstWin = atLeast(solver, s, side, out.action(first), 1);
        if (solver.stopped()) {
            return;
        }
        if (firstWin < 1) {
            solver.load(s);
            // the root is a node of the mover's: below a draw only if every action is
            int root = side * solver.search(0, side > 0 ? -1 : 0, side > 0 ? 0 : 1, Solver.UNLIMITED);
            if (solver.stopped()) {
                return;
            }
            if (root < 0) {
                for (int i = 0; i < n; i++) {
                    out.set(i, -1);
                }
                return;
            }
        }
        for (int i = 0; i < n; i++) {
            int win = i == first ? firstWin : atLeast(solver, s, side, out.action(i), 1);
            if (solver.stopped()) {
                return;
            }
            int outcome;
            if (win >= 1) {
                outcome = 1;
            } else if (win <= -1) {
                outcome = -1; // fail-soft: the win test's bound is already below a draw
            } else {
                outcome = atLeast(solver, s, side, out.action(i), 0) >= 0 ? 0 : -1;
                if (solver.stopped()) {
                    return;
                }
            }
            out.set(i, outcome);
        }
    }

    /**
     * Whether the mover's value after {@code action} is at least {@code t} (a null window at
     * t - ½ in the mover's terms): the fail-soft result from the mover's side, at least {@code t}
     * if so (then a lower bound), below it if not (then an upper bound).
     */
    private static int atLeast(Solver solver, GameState s, int side, int action, int t) {
        solver.load(s);
        int alpha = side > 0 ? t - 1 : -t;
        return side * solver.searchAfter(action, alpha, alpha + 1, Solver.UNLIMITED);
    }

    /** The action whose table entry, or else bounds' midpoint, promises the mover most. */
    private static int mostPromising(Solver solver, int side, RootValues out) {
        int first = 0;
        int firstGuess = Integer.MIN_VALUE;
        for (int i = 0; i < out.size(); i++) {
            Child c = child(solver, out.action(i));
            int guess = c.entry ? side * 2 * c.guess : side * (c.lower + c.upper); // twice the midpoint
            if (guess > firstGuess) {
                firstGuess = guess;
                first = i;
            }
        }
        return first;
    }

    /** What the root knows of the position after an action before searching it (seat 0's values). */
    private record Child(int lower, int upper, int guess, boolean entry) {
    }

    /**
     * The bounds of the position after {@code action} (its sound bounds, narrowed by an exact
     * table entry) and a guess of its value from the table, if it has an entry.
     */
    private static Child child(Solver solver, int action) {
        OpenGame g = solver.game();
        g.play(0, action);
        if (g.isOver(1)) {
            return new Child(g.value(1), g.value(1), g.value(1), true);
        }
        long bounds = g.bounds(1);
        int lower = (int) bounds;
        int upper = (int) (bounds >> 32);
        long entry = solver.table().probe(g.key(1));
        if (entry == 0) {
            return new Child(lower, upper, 0, false);
        }
        // a partition's entries hold the value to come (OpenGame#key)
        int offset = g.partitioned() ? g.value(1) : 0;
        if (TranspositionTable.depth(entry) == TranspositionTable.EXACT) {
            lower = Math.max(lower, TranspositionTable.lower(entry) + offset);
            upper = Math.min(upper, TranspositionTable.upper(entry) + offset);
        }
        return new Child(lower, upper, TranspositionTable.guess(entry) + offset, true);
    }

    /**
     * The exact value of the position after {@code action} (seat 0's side): null windows at the
     * boundaries between points of margin from the guess, then one window inside the point.
     */
    private static int closeIn(Solver solver, int action, int fallback, boolean marginOnly) {
        Child c = child(solver, action);
        int lower = c.lower;
        int upper = c.upper;
        int guess = Math.max(lower, Math.min(upper, c.entry ? c.guess : fallback));
        // the boundary nearest the guess
        int t = pointOf(guess) * OpenGame.SCALE + (guess < pointOf(guess) * OpenGame.SCALE ? -HALF : HALF);
        while (pointOf(lower) != pointOf(upper)) {
            // each test moves a bound past t, so the loop ends
            t = Math.max(lower, Math.min(upper - 1, t));
            int r = solver.searchAfter(action, t, t + 1, Solver.UNLIMITED);
            if (solver.stopped()) {
                return 0;
            }
            if (r > t) {
                lower = r; // fail-soft: the value is at least r
                t = pointOf(r) * OpenGame.SCALE + HALF;
            } else {
                upper = r;
                t = pointOf(r) * OpenGame.SCALE - HALF;
            }
        }
        if (lower == upper) {
            return lower;
        }
        if (marginOnly) {
            return outcomeWithin(solver, action, lower, upper);
        }
        return solver.searchAfter(action, lower - 1, upper + 1, Solver.UNLIMITED);
    }

    /**
     * A value of the action's point of margin (between {@code lower} and {@code upper}, the
     * value's bounds) with the sign of its outcome: only a point of 0 needs the sign asked, by up
     * to two null windows at 0 (R20: the tie-break decides a margin of 0).
     */
    private static int outcomeWithin(Solver solver, int action, int lower, int upper) {
        if (lower > 0 || upper < 0) {
            return lower;
        }
        if (upper > 0 && solver.searchAfter(action, 0, 1, Solver.UNLIMITED) >= 1) {
            return 1;
        }
        if (lower < 0 && solver.searchAfter(action, -1, 0, Solver.UNLIMITED) <= -1) {
            return -1;
        }
        return 0;
    }

    /** The point of margin a value falls in (its margin rounded: {@link RootValues#margin}). */
    private static int pointOf(int value) {
        return RootValues.margin(value);
    }
}
