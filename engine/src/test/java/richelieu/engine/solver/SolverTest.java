package richelieu.engine.solver;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Rules;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The solver against {@link PlainMinimax} — no pruning, no table, no bounds, the engine's own
 * state — on thousands of small positions of seeded games, in every two-player rule set: the
 * same value, the same outcome, the same value after every action; then the solver's own ways to
 * the value (MTD(f), iterative deepening) against each other, and self-play along its best
 * actions ending on the value it promised.
 */
class SolverTest {
    static Stream<Arguments> ruleSets() {
        return OpenGameTest.ruleSets();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void value_smallPositions_equalsPlainMinimax(String name, Rules rules) {
        int positions = 0;
        for (int cards = 1; cards <= 5; cards++) {
            for (long seed = 0; seed < 240; seed++) {
                GameState s = Positions.withCardsLeft(rules, seed * 7919 + cards, cards);
                if (s == null) {
                    continue;
                }
                int expected = new PlainMinimax().value(s);
                Solver solver = new Solver(rules, s.layout(), 12);
                solver.load(s);
                String where = name + ", " + cards + " cards, seed " + seed;
                assertEquals(expected, solver.solve(), where + ": value");
                solver.load(s);
                assertEquals(Integer.signum(expected), solver.outcome(), where + ": outcome");
                solver.clear();
                solver.load(s);
                assertEquals(expected, solver.solveMtdf(0), where + ": MTD(f)");
                solver.clear();
                solver.load(s);
                assertEquals(expected, solver.solveIteratively(1), where + ": iterative deepening");
                positions++;
            }
        }
        // (three-row games mostly end with more cards on the table: fewer such positions exist)
        assertTrue(positions >= 500, name + ": only " + positions + " positions");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void valueAfter_everyAction_equalsPlainMinimaxOfTheChild(String name, Rules rules) {
        int[] legal = new int[Action.MAX_LEGAL];
        int checked = 0;
        for (long seed = 0; seed < 150; seed++) {
            GameState s = Positions.withCardsLeft(rules, seed * 104_729 + 3, 4);
            if (s == null) {
                continue;
            }
            Solver solver = new Solver(rules, s.layout(), 12);
            solver.load(s);
            int n = solver.rootActions(legal);
            for (int i = 0; i < n; i++) {
                GameState child = s.copy();
                child.apply(legal[i]);
                int expected = new PlainMinimax().value(child);
                solver.load(s);
                assertEquals(expected, solver.valueAfter(legal[i]), name + ", seed " + seed + ", " + Action.toString(legal[i]));
                solver.load(s);
                assertEquals(Integer.signum(expected), solver.outcomeAfter(legal[i]));
                checked++;
            }
        }
        assertTrue(checked >= 200, name + ": only " + checked + " actions");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void value_sixAndSevenCards_equalsPlainMinimax(String name, Rules rules) {
        // positions whose plain minimax needs over 300,000 nodes are skipped (they take minutes)
        int positions = 0;
        for (int cards = 6; cards <= 7; cards++) {
            for (long seed = 0; seed < 40; seed++) {
                GameState s = Positions.withCardsLeft(rules, seed * 6007 + cards, cards);
                if (s == null) {
                    continue;
                }
                int expected;
                try {
                    expected = new PlainMinimax(300_000).value(s);
                } catch (PlainMinimax.TooBig e) {
                    continue;
                }
                Solver solver = new Solver(rules, s.layout(), 16);
                solver.load(s);
                assertEquals(expected, solver.solve(), name + ", " + cards + " cards, seed " + seed);
                positions++;
            }
        }
        assertTrue(positions >= 10, name + ": only " + positions + " positions");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void bestActions_playedBySeats_endOnTheSolvedValue(String name, Rules rules) {
        int[] legal = new int[Action.MAX_LEGAL];
        for (long seed = 0; seed < 25; seed++) {
            GameState s = Positions.withCardsLeft(rules, seed * 31 + 1, 8);
            if (s == null) {
                continue;
            }
            Solver solver = new Solver(rules, s.layout(), 18);
            solver.load(s);
            int value = solver.solve();
            while (!s.isOver()) {
                solver.load(s);
                int n = solver.rootActions(legal);
                int best = legal[0];
                int bestValue = 0;
                for (int i = 0; i < n; i++) {
                    solver.load(s);
                    int v = solver.valueAfter(legal[i]);
                    if (i == 0 || (s.toMove() == 0 ? v > bestValue : v < bestValue)) {
                        best = legal[i];
                        bestValue = v;
                    }
                }
                assertEquals(value, bestValue, name + ", seed " + seed + ": the best action keeps the value");
                s.apply(best);
            }
            assertEquals(value, PlainMinimax.finalValue(s), name + ", seed " + seed + ": the game ends on the value");
        }
    }

    @Test
    void depthLimited_staysWithinTheBounds_andIsExactWhenNoHorizonIsMet() {
        Rules rules = Rules.standard(2);
        for (long seed = 0; seed < 40; seed++) {
            GameState s = Positions.withCardsLeft(rules, seed * 17 + 5, 9);
            if (s == null) {
                continue;
            }
            Solver solver = new Solver(rules, s.layout(), 16);
            solver.load(s);
            long bounds = solver.game().bounds(0);
            for (int depth = 1; depth <= 3; depth++) {
                long before = solver.inexact();
                int v = solver.search(-Solver.INFINITY, Solver.INFINITY, depth);
                assertTrue(v >= (int) bounds && v <= (int) (bounds >> 32), "within the bounds at depth " + depth);
                assertTrue(solver.inexact() > before, "nine cards are not solved within " + depth + " more turns");
            }
            int exact = solver.solve();
            long before = solver.inexact();
            assertEquals(exact, solver.search(-Solver.INFINITY, Solver.INFINITY, 200));
            assertEquals(before, solver.inexact(), "a search deep enough meets no horizon");
        }
    }
}
