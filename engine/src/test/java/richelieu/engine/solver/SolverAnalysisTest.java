package richelieu.engine.solver;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import richelieu.engine.Action;
import richelieu.engine.BudgetClock;
import richelieu.engine.GameState;
import richelieu.engine.Observation;
import richelieu.engine.Rules;

import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The analysis call ({@link Solver#analyse}) and the one loop over token deals
 * ({@link TokenDeals}): every action's value in one root search equals the action searched alone
 * (every technique on and off, a table kept from call to call or not); the deadline is honoured
 * and what was not finished is reported; the loop adds up exactly what the analyses of its deals
 * say, the same deals from the same streams.
 */
class SolverAnalysisTest {
    static Stream<Arguments> ruleSets() {
        return OpenGameTest.ruleSets();
    }

    private static RootValues actionsOf(GameState s) {
        int[] legal = new int[Action.MAX_LEGAL];
        RootValues out = new RootValues();
        out.setActions(legal, s.legalActions(legal));
        return out;
    }

    /** Every legal action of {@code s} analysed by {@code solver} for {@code query}, with no deadline. */
    private static RootValues analysed(Solver solver, GameState s, Query query) {
        RootValues out = actionsOf(s);
        solver.analyse(s, query, 0, BudgetClock.CPU, out);
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void analyseExact_equalsEveryActionSearchedAlone_everyTechnique_tableKeptOrNot(String name, Rules rules) {
        int positions = 0;
        for (Techniques t : SolverTechniquesTest.combinations()) {
            for (long seed = 0; seed < 4; seed++) {
                // one solver for the positions of one game: its table kept from call to call
                GameState game = Positions.withCardsLeft(rules, seed * 7_919 + 3, 8);
                if (game == null) {
                    continue;
                }
                Solver kept = new Solver(rules, game.layout(), 16, t);
                SplittableRandom moves = new SplittableRandom(seed);
                int[] buf = new int[Action.MAX_LEGAL];
                for (int cards = 8; cards >= 6; cards--) {
                    // the game played on at random to the next count
                    while (!game.isOver() && (Long.bitCount(game.table()) > cards || game.legalActions(buf) < 2)) {
                        game.play(buf[moves.nextInt(game.legalActions(buf))]);
                    }
                    if (game.isOver()) {
                        break;
                    }
                    GameState s = game;
                    RootValues fresh = actionsOf(s);
                    new Solver(rules, s.layout(), 16, t).analyse(s, Query.EXACT, 0, BudgetClock.CPU, fresh);
                    RootValues reused = actionsOf(s);
                    kept.analyse(s, Query.EXACT, 0, BudgetClock.CPU, reused);
                    Solver alone = new Solver(rules, s.layout(), 16, Techniques.NONE);
                    int side = s.toMove() == 0 ? 1 : -1;
                    for (int i = 0; i < fresh.size(); i++) {
                        alone.load(s);
                        int expected = side * alone.valueAfter(fresh.action(i));
                        assertTrue(fresh.finished(i) && reused.finished(i));
                        assertEquals(expected, fresh.value(i), t + " cards " + cards + " seed " + seed + " action " + i);
                        assertEquals(expected, reused.value(i), t + " kept table, cards " + cards + " seed " + seed);
                    }
                    positions++;
                }
            }
        }
        assertTrue(positions >= 30, positions + " positions");
    }

    /**
     * Margins only ({@link Query#MARGIN}): every action's margin and outcome equal those of its
     * exact value searched alone, the margins of 0 (whose outcome the tie-break decides) among
     * them — random positions of 6 to 8 cards, every rule set, a table kept across a game's calls.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void analyseMargin_marginAndOutcomeEqualEachActionsExactValue(String name, Rules rules) {
        int actions = 0;
        int evenMargins = 0;
        // on until both some 30 actions and a few margins of 0 were seen (margins of 0 are rare)
        for (long seed = 0; seed < 300 && (actions < 30 || evenMargins < 3); seed++) {
            GameState s = Positions.withCardsLeft(rules, seed * 7_331 + 17, 6 + (int) (seed % 3));
            if (s == null) {
                continue;
            }
            RootValues out = analysed(new Solver(rules, s.layout(), 16), s, Query.MARGIN);
            Solver alone = new Solver(rules, s.layout(), 16, Techniques.NONE);
            int side = s.toMove() == 0 ? 1 : -1;
            for (int i = 0; i < out.size(); i++) {
                alone.load(s);
                int exact = side * alone.valueAfter(out.action(i));
                assertTrue(out.finished(i));
                String where = "seed " + seed + " action " + Action.toString(out.action(i)) + " exact " + exact;
                assertEquals(RootValues.margin(exact), out.marginOf(i), where);
                assertEquals(Integer.signum(exact), out.outcomeOf(i), where);
                actions++;
                evenMargins += RootValues.margin(exact) == 0 ? 1 : 0;
            }
        }
        assertTrue(actions >= 30, actions + " actions");
        assertTrue(evenMargins >= 3, evenMargins + " actions with a margin of 0 among " + actions);
    }

    @Test
    void marginQuery_toADepth_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Query(Query.Kind.MARGIN, 3));
        assertTrue(e.getMessage().contains("exact"), e.getMessage());
    }

    static Stream<Arguments> variants() {
        return OpenGameTest.ruleSets().limit(2);
    }

    /**
     * The root search closes in on each action's value with null windows that lean on the table:
     * with a table so small (2^8 entries) that entries are displaced between and within those
     * searches, every action's value still equals its own full-window solve — random positions
     * of 7 to 9 cards, both variants.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void analyseExact_tinyTable_equalsEachActionsOwnSolve(String name, Rules rules) {
        int actions = 0;
        for (long seed = 0; seed < 12; seed++) {
            GameState s = Positions.withCardsLeft(rules, seed * 104_729 + 11, 7 + (int) (seed % 3));
            if (s == null) {
                continue;
            }
            RootValues out = analysed(new Solver(rules, s.layout(), 8), s, Query.EXACT);
            Solver alone = new Solver(rules, s.layout(), 16);
            int side = s.toMove() == 0 ? 1 : -1;
            for (int i = 0; i < out.size(); i++) {
                alone.clear();
                alone.load(s);
                assertTrue(out.finished(i));
                assertEquals(side * alone.searchAfter(out.action(i), -Solver.INFINITY, Solver.INFINITY, Solver.UNLIMITED),
                        out.value(i), "seed " + seed + " action " + Action.toString(out.action(i)));
                actions++;
            }
        }
        assertTrue(actions >= 30, actions + " actions");
    }

    /**
     * A deadline that strikes while the root search closes in on the actions leaves the actions
     * it finished with their exact values: deadlines of 1, 3, 9 and 27 ms of CPU on positions of 9
     * cards (some 10 ms each). Where a deadline falls depends on the machine; whichever actions it
     * finished must be exact.
     */
    @Test
    void analyseExact_deadlineMidway_everyFinishedValueIsExact() {
        for (long seed = 0; seed < 3; seed++) {
            GameState s = Positions.withCardsLeft(Rules.twoPlayer(), seed * 613 + 1, 9);
            assertNotNull(s);
            RootValues all = actionsOf(s);
            new Solver(s.rules(), s.layout(), 16).analyse(s, Query.EXACT, 0, BudgetClock.CPU, all);
            assertTrue(all.complete());
            for (long ms = 1; ms <= 27; ms *= 3) {
                Solver solver = new Solver(s.rules(), s.layout(), 16);
                RootValues out = actionsOf(s);
                solver.analyse(s, Query.EXACT, BudgetClock.CPU.now() + ms * 1_000_000, BudgetClock.CPU, out);
                for (int i = 0; i < out.size(); i++) {
                    if (out.finished(i)) {
                        assertEquals(all.value(i), out.value(i), "seed " + seed + ", " + ms + " ms, action " + i);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void analyseOutcome_equalsOutcomeAfterEachAction(String name, Rules rules) {
        int positions = 0;
        for (long seed = 0; seed < 8; seed++) {
            GameState s = Positions.withCardsLeft(rules, seed * 31 + 5, 8);
            if (s == null) {
                continue;
            }
            Solver solver = new Solver(rules, s.layout(), 16);
            RootValues out = actionsOf(s);
            solver.analyse(s, Query.OUTCOME, 0, BudgetClock.CPU, out);
            Solver alone = new Solver(rules, s.layout(), 16);
            int side = s.toMove() == 0 ? 1 : -1;
            for (int i = 0; i < out.size(); i++) {
                alone.load(s);
                assertEquals(side * alone.outcomeAfter(out.action(i)), out.value(i), "seed " + seed);
            }
            positions++;
        }
        assertTrue(positions >= 4, positions + " positions");
    }

    /**
     * The shared outcomes equal each action's own win/draw/loss, asked of a fresh solver — random
     * positions of 6 to 9 cards, both variants, a table of 2^16 and one so small (2^8) that entries
     * are displaced within the searches — and the positions include lost, drawn and won ones for
     * the mover, so that each of the search's ways out is taken.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void analyseSharedOutcome_equalsOutcomeAfterEachAction(String name, Rules rules) {
        int[] byOutcome = new int[3];
        for (long seed = 0; seed < 24; seed++) {
            GameState s = Positions.withCardsLeft(rules, seed * 17 + 3, 6 + (int) (seed % 4));
            if (s == null) {
                continue;
            }
            int side = s.toMove() == 0 ? 1 : -1;
            Solver alone = new Solver(rules, s.layout(), 16);
            for (int bits : new int[]{16, 8}) {
                Solver solver = new Solver(rules, s.layout(), bits);
                RootValues out = actionsOf(s);
                solver.analyse(s, Query.SHARED_OUTCOME, 0, BudgetClock.CPU, out);
                assertTrue(out.complete(), "seed " + seed);
                int position = -1;
                for (int i = 0; i < out.size(); i++) {
                    alone.load(s);
                    assertEquals(side * alone.outcomeAfter(out.action(i)), out.value(i), "seed " + seed + ", 2^" + bits
                            + ", action " + i);
                    position = Math.max(position, out.value(i));
                }
                byOutcome[position + 1] += bits == 16 ? 1 : 0;
            }
        }
        assertTrue(byOutcome[0] >= 2 && byOutcome[2] >= 2, "lost, drawn, won: " + java.util.Arrays.toString(byOutcome));
    }

    @Test
    void sharedOutcomeQuery_toADepth_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Query(Query.Kind.SHARED_OUTCOME, 3));
        assertTrue(e.getMessage().contains("exact"), e.getMessage());
    }

    /**
     * A position far out of reach (36 cards on the table) analysed under a deadline of 200 ms of
     * the thread's CPU time returns within 10% of it or 50 ms, whichever is more (the clock is
     * read every 1,024 positions, about 0.3 ms compiled, but a cold JVM interprets the first ones
     * many times slower), and reports every action it could not value as unfinished.
     */
    @Test
    void analyse_slowPosition_returnsWithinTheDeadlineAndReportsTheUnfinished() {
        GameState s = Positions.withCardsLeft(Rules.twoPlayer(), 3, 36);
        assertNotNull(s);
        Solver solver = new Solver(Rules.twoPlayer(), s.layout(), 16);
        RootValues out = actionsOf(s);
        long budget = 200_000_000L;
        long start = BudgetClock.CPU.now();
        solver.analyse(s, Query.EXACT, start + budget, BudgetClock.CPU, out);
        long spent = BudgetClock.CPU.now() - start;
        assertTrue(spent <= budget + Math.max(budget / 10, 50_000_000L), spent / 1e6 + " ms of CPU for 200");
        assertTrue(spent >= budget, "stopped before the deadline: " + spent / 1e6 + " ms");
        assertEquals(out.size(), out.unfinished(), "no action of a 36-card position is solved in 200 ms");
        assertFalse(out.complete());
        assertFalse(solver.stopped(), "the analysis clears its deadline");
    }

    @Test
    void tokenDeals_sameStreams_sameTally_andEqualToEachDealAnalysed() {
        GameState s = Positions.withCardsLeft(Rules.twoPlayer(), 12, 7);
        assertNotNull(s);
        Observation seen = s.observe(s.toMove());
        int[] legal = new int[Action.MAX_LEGAL];
        int n = s.legalActions(legal);
        TokenDeals.Stream stream = d -> new SplittableRandom(1_000 + d);
        Solver solver = new Solver(s.rules(), s.layout(), 16);
        TokenDeals deals = new TokenDeals();
        DealTally tally = new DealTally();
        deals.newDecision(seen, stream, false);
        assertEquals(6, deals.sample(solver.analyst(Query.EXACT), legal, n, 0, 6, 0, 0, BudgetClock.CPU, tally));
        assertFalse(tally.stopped());
        assertEquals(0, tally.unfinishedActions());

        // by hand: each deal drawn from its stream, every action solved alone
        long[] valueSum = new long[n];
        long[] marginSum = new long[n];
        int[] wins = new int[n];
        int[] losses = new int[n];
        GameState deal = seen.newState();
        Solver alone = new Solver(s.rules(), s.layout(), 16);
        int side = s.toMove() == 0 ? 1 : -1;
        for (int d = 0; d < 6; d++) {
            seen.determinize(stream.of(d), deal);
            for (int i = 0; i < n; i++) {
                alone.load(deal);
                int v = side * alone.valueAfter(legal[i]);
                valueSum[i] += v;
                marginSum[i] += RootValues.margin(v);
                wins[i] += v > 0 ? 1 : 0;
                losses[i] += v < 0 ? 1 : 0;
            }
        }
        for (int i = 0; i < n; i++) {
            assertEquals(legal[i], tally.action(i));
            assertEquals(valueSum[i], tally.valueSum(i), "action " + i);
            assertEquals(marginSum[i], tally.marginSum(i), "action " + i);
            assertEquals(wins[i], tally.wins(i), "action " + i);
            assertEquals(losses[i], tally.losses(i), "action " + i);
            assertEquals(6, tally.wins(i) + tally.draws(i) + tally.losses(i));
        }

        // kept deals sampled twice give the same tally; a second decision draws them again alike
        deals.newDecision(seen, stream, true);
        DealTally again = new DealTally();
        deals.sample(solver.analyst(Query.EXACT), legal, n, 0, 6, 0, 0, BudgetClock.CPU, again);
        deals.sample(solver.analyst(Query.EXACT), legal, n, 0, 6, 0, 0, BudgetClock.CPU, again);
        for (int i = 0; i < n; i++) {
            assertEquals(valueSum[i], again.valueSum(i), "action " + i);
        }
    }

    @Test
    void tokenDeals_deadlineStrikesInTheFirstDeal_dropsItAndSaysWhatWasUnfinished() {
        GameState s = Positions.withCardsLeft(Rules.twoPlayer(), 5, 36);
        assertNotNull(s);
        int[] legal = new int[Action.MAX_LEGAL];
        int n = s.legalActions(legal);
        TokenDeals deals = new TokenDeals();
        DealTally tally = new DealTally();
        deals.newDecision(s.observe(s.toMove()), d -> new SplittableRandom(d), false);
        long deadline = BudgetClock.CPU.now() + 30_000_000L;
        int done = deals.sample(new Solver(s.rules(), s.layout(), 16).analyst(Query.EXACT), legal, n, 0, 5, deadline,
                deadline, BudgetClock.CPU, tally);
        assertEquals(0, done);
        assertEquals(0, tally.deals());
        assertEquals(5, tally.asked());
        assertTrue(tally.stopped());
        assertEquals(n, tally.unfinishedActions());
        assertEquals(0, tally.points2(0));
    }

    @Test
    void tokenDeals_unkeptDealAskedAgain_isRefused() {
        GameState s = Positions.withCardsLeft(Rules.twoPlayer(), 12, 7);
        assertNotNull(s);
        int[] legal = new int[Action.MAX_LEGAL];
        int n = s.legalActions(legal);
        TokenDeals deals = new TokenDeals();
        deals.newDecision(s.observe(s.toMove()), d -> new SplittableRandom(d), false);
        Analyst analyst = new Solver(s.rules(), s.layout(), 16).analyst(Query.EXACT);
        deals.sample(analyst, legal, n, 0, 2, 0, 0, BudgetClock.CPU, new DealTally());
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> deals.sample(analyst, legal, n, 0, 2, 0, 0, BudgetClock.CPU, new DealTally()));
        assertTrue(e.getMessage().contains("not kept"), e.getMessage());
    }

    /**
     * A table kept from call to call holds depth-limited entries made with the horizon's
     * evaluation: another evaluation must not meet them.
     */
    @Test
    void setEvaluation_another_depthLimitedSearchesAnswerAsAFreshSolver() {
        GameState s = Positions.withCardsLeft(Rules.twoPlayer(), 4, 20);
        assertNotNull(s);
        Evaluation optimistic = (g, ply) -> g.upperBound(ply);
        Solver fresh = new Solver(s.rules(), s.layout(), 16, Techniques.NONE);
        fresh.setEvaluation(optimistic);
        fresh.load(s);
        int expected = fresh.search(-Solver.INFINITY, Solver.INFINITY, 1);

        Solver reused = new Solver(s.rules(), s.layout(), 16, Techniques.NONE);
        reused.load(s);
        int standing = reused.search(-Solver.INFINITY, Solver.INFINITY, 1);
        reused.setEvaluation(optimistic);
        reused.load(s);
        assertEquals(expected, reused.search(-Solver.INFINITY, Solver.INFINITY, 1));
        assertTrue(standing != expected, "the two evaluations give the same value here: " + standing);
    }

    @Test
    void margin_ofSolverValues_roundsOffTheTieBreak() {
        assertEquals(3, RootValues.margin(3 * OpenGame.SCALE - 5));
        assertEquals(-2, RootValues.margin(-2 * OpenGame.SCALE + 7));
        assertEquals(0, RootValues.margin(-3));
        assertEquals(0, RootValues.margin(40));
    }
}
