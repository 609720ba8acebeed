package richelieu.engine.solver;

import org.junit.jupiter.api.Test;
import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.Rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Solver#setDeadline}: a search that cannot finish in time stops soon after the deadline
 * and {@link Solver#stopped} says so; one that finishes is unchanged by a deadline; and the next
 * deadline clears the flag. Times are the thread's CPU time ({@link BudgetClock#CPU}), so a busy
 * machine does not fail the test.
 */
class SolverDeadlineTest {
    /** What a stopped search may overrun its deadline by: the clock is read every 1,024 positions. */
    private static final long SLACK_NANOS = 300_000_000L;

    /** A solver loaded with the 2-player position of {@code seed} at {@code cards} cards left. */
    private static Solver loaded(long seed, int cards) {
        GameState s = Positions.withCardsLeft(Rules.twoPlayer(), seed, cards);
        assertNotNull(s, "seed " + seed);
        Solver solver = new Solver(Rules.twoPlayer(), s.layout(), 14);
        solver.load(s);
        return solver;
    }

    @Test
    void deadline_searchOutOfReach_stopsSoonAfterAndSaysSo() {
        // the whole game from its first decision: out of the solver's reach by far
        Solver solver = loaded(1, 48);
        long start = BudgetClock.CPU.now();
        solver.setDeadline(start + 50_000_000L, BudgetClock.CPU);
        solver.solve();
        long spent = BudgetClock.CPU.now() - start;
        assertTrue(solver.stopped(), "a whole-game solve finished within 50 ms");
        assertTrue(spent >= 50_000_000L && spent <= 50_000_000L + SLACK_NANOS, spent / 1e6 + " ms of CPU for 50");
        assertTrue(solver.nodes() > 1024, "it searched until the deadline: " + solver.nodes() + " positions");

        solver.setDeadline(0, BudgetClock.CPU);
        assertFalse(solver.stopped(), "a new deadline clears the flag");
    }

    @Test
    void deadline_searchWithinReach_finishesWithTheValueOfNoDeadline() {
        int checked = 0;
        for (long seed = 1; seed <= 12; seed++) {
            int expected = loaded(seed, 7).solve();
            Solver timed = loaded(seed, 7);
            timed.setDeadline(BudgetClock.CPU.now() + 60_000_000_000L, BudgetClock.CPU);
            assertEquals(expected, timed.solve(), "seed " + seed);
            assertFalse(timed.stopped(), "seed " + seed);
            checked++;
        }
        assertEquals(12, checked);
    }

    @Test
    void deadline_alreadyPassed_stopsAtTheFirstClockReading() {
        Solver solver = loaded(2, 48);
        solver.setDeadline(BudgetClock.WALL.now() - 1, BudgetClock.WALL);
        solver.solve();
        assertTrue(solver.stopped());
        assertTrue(solver.nodes() <= 2048, solver.nodes() + " positions after the deadline");
    }
}
