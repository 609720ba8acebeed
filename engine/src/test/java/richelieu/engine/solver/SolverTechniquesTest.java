package richelieu.engine.solver;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every technique of the solver on and off gives the same values: the exact value, the outcome
 * and every root action's value, on positions beyond plain minimax's reach (which
 * {@link SolverTest} holds the solver to on small ones). Then what the partition of positions
 * rests on, checked directly: positions of one partitioned key have the same future. And the
 * node counts of a fixed set, pinned, so that a change to the search shows.
 */
class SolverTechniquesTest {
    static Stream<Arguments> ruleSets() {
        return OpenGameTest.ruleSets();
    }

    /**
     * None first, then each technique alone, every technique but one, and all: each technique
     * on its own and against the others (18 of the 256 combinations: every one would take the CI
     * longer). Pairs alone is quick bounds without it (it refines them).
     */
    static List<Techniques> combinations() {
        int count = 8;
        int all = (1 << count) - 1;
        List<Integer> masks = new ArrayList<>(List.of(0));
        for (int t = 0; t < count; t++) {
            masks.add(1 << t);
            masks.add(all & ~(1 << t));
        }
        masks.add(all);
        List<Techniques> out = new ArrayList<>();
        for (int m : masks) {
            out.add(new Techniques((m & 1) != 0, (m & 2) != 0, (m & 4) != 0, (m & 8) != 0, (m & 16) != 0,
                    (m & 32) != 0, (m & 64) != 0, (m & 128) != 0));
        }
        return out;
    }

    /**
     * Quick bounds hold the exact value of random positions (every line of play, not only the
     * random games of {@link OpenGameTest}), lie within the plain bounds, and are tighter in
     * most positions of the base game (else they buy nothing); the same for the bounds that also
     * count pairs, within the quick bounds.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void quickBounds_holdTheExactValue_tighterThanPlain(String name, Rules rules) {
        int positions = 0;
        int tighter = 0;
        int tighterPairs = 0;
        for (int cards = 4; cards <= 9; cards++) {
            for (long seed = 0; seed < 8; seed++) {
                GameState s = Positions.withCardsLeft(rules, seed * 7_919 + cards * 31, cards);
                if (s == null) {
                    continue;
                }
                OpenGame plain = new OpenGame(rules, s.layout(), 1);
                OpenGame quick = new OpenGame(rules, s.layout(), 1, false, true);
                OpenGame pairs = new OpenGame(rules, s.layout(), 1, false, true, true);
                plain.load(s);
                quick.load(s);
                pairs.load(s);
                Solver exact = new Solver(rules, s.layout(), 16, Techniques.NONE);
                exact.load(s);
                int v = exact.solve();
                String where = name + ", " + cards + " cards, seed " + seed;
                assertTrue(quick.lowerBound(0) <= v && v <= quick.upperBound(0),
                        where + ": " + v + " outside [" + quick.lowerBound(0) + ", " + quick.upperBound(0) + "]");
                assertTrue(plain.lowerBound(0) <= quick.lowerBound(0) && quick.upperBound(0) <= plain.upperBound(0),
                        where + ": quick bounds wider than plain");
                assertTrue(pairs.lowerBound(0) <= v && v <= pairs.upperBound(0),
                        where + ": " + v + " outside the bounds with pairs [" + pairs.lowerBound(0) + ", "
                                + pairs.upperBound(0) + "]");
                assertTrue(quick.lowerBound(0) <= pairs.lowerBound(0) && pairs.upperBound(0) <= quick.upperBound(0),
                        where + ": the bounds with pairs wider than quick");
                if (quick.upperBound(0) - quick.lowerBound(0) < plain.upperBound(0) - plain.lowerBound(0)) {
                    tighter++;
                }
                if (pairs.upperBound(0) - pairs.lowerBound(0) < quick.upperBound(0) - quick.lowerBound(0)) {
                    tighterPairs++;
                }
                positions++;
            }
        }
        assertTrue(positions >= 20, name + ": only " + positions + " positions");
        if (rules.variant() == Rules.Variant.BASE) {
            assertTrue(tighter * 2 > positions, name + ": tighter in only " + tighter + " of " + positions);
            assertTrue(tighterPairs * 2 > positions, name + ": pairs tighter in only " + tighterPairs + " of " + positions);
        } else {
            assertEquals(0, tighter, name + ": the three-row variant (cards may go to nobody) keeps the plain bounds");
            assertEquals(0, tighterPairs, name + ": the three-row variant keeps the plain bounds with pairs too");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void everyCombination_sameValuesAsNone(String name, Rules rules) {
        int[] legal = new int[Action.MAX_LEGAL];
        int positions = 0;
        for (int cards = 7; cards <= 9; cards++) {
            for (long seed = 0; seed < 6; seed++) {
                GameState s = Positions.withCardsLeft(rules, seed * 4_099 + cards, cards);
                if (s == null) {
                    continue;
                }
                int[] expected = null;
                for (Techniques t : combinations()) {
                    Solver solver = new Solver(rules, s.layout(), 16, t);
                    solver.load(s);
                    int n = solver.rootActions(legal);
                    int[] got = new int[n + 2];
                    got[0] = solver.solve();
                    solver.load(s);
                    got[1] = solver.outcome();
                    for (int i = 0; i < n; i++) {
                        solver.load(s);
                        got[2 + i] = solver.valueAfter(legal[i]);
                    }
                    if (expected == null) {
                        expected = got;
                    } else {
                        assertArrayEquals(expected, got, name + ", " + cards + " cards, seed " + seed + ", " + t);
                    }
                }
                positions++;
            }
        }
        assertTrue(positions >= 6, name + ": only " + positions + " positions");
    }

    /**
     * Many lines of play from one position reach the same table with the cards split otherwise
     * between the seats; where the partitioned key is the same, the value to come (the exact
     * value less the value as it stands) must be too, and some such positions must differ in
     * their whole-position key (or the partition merges nothing).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void partitionedKey_samePositionsFuture_sameValueToCome(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        int checked = 0;
        long merged = 0;
        for (long seed = 0; seed < 12; seed++) {
            GameState start = Positions.withCardsLeft(rules, seed * 131 + 9, 10);
            if (start == null) {
                continue;
            }
            OpenGame whole = new OpenGame(rules, start.layout(), 8);
            OpenGame part = new OpenGame(rules, start.layout(), 8, true);
            Solver exact = new Solver(rules, start.layout(), 18, Techniques.NONE);
            Map<Long, Integer> toCome = new HashMap<>();
            Map<Long, Set<Long>> wholeKeys = new HashMap<>();
            SplittableRandom rng = new SplittableRandom(seed);
            for (int line = 0; line < 60; line++) {
                GameState s = start.copy();
                while (!s.isOver() && Long.bitCount(s.table()) > 7) {
                    // (markers mostly left alone, so that lines meet again)
                    int n = s.legalActions(buf);
                    int a = buf[rng.nextInt(n)];
                    if (s.phase() == richelieu.engine.Phase.MARKER && rng.nextInt(4) != 0) {
                        a = Action.SKIP;
                    }
                    s.play(a);
                }
                if (s.isOver()) {
                    continue;
                }
                whole.load(s);
                part.load(s);
                exact.load(s);
                long key = part.key(0);
                int future = exact.solve() - part.value(0);
                Integer seen = toCome.putIfAbsent(key, future);
                if (seen != null) {
                    assertEquals(seen.intValue(), future, name + ", seed " + seed + ": same partition, another future");
                    checked++;
                }
                wholeKeys.computeIfAbsent(key, k -> new HashSet<>()).add(whole.key(0));
            }
            merged += wholeKeys.values().stream().filter(k -> k.size() > 1).count();
        }
        assertTrue(checked >= 20, name + ": only " + checked + " repeated partitions");
        assertTrue(merged >= 2, name + ": the partition merged only " + merged + " sets of positions");
    }

    /**
     * What the idle technique rests on, checked directly: where {@link OpenGame#markersIdle} says
     * markers no longer matter, every marker decision (placement, payment, return token) is
     * worth the same, by plain alpha-beta; it says so in some positions of every rule set where
     * freed markers pay (else it buys nothing) and in none where they do not.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void markersIdle_everyMarkerDecisionWorthTheSame(String name, Rules rules) {
        int[] legal = new int[Action.MAX_LEGAL];
        int idle = 0;
        int decisions = 0;
        for (int cards = 2; cards <= 5; cards++) {
            for (long seed = 0; seed < 120; seed++) {
                GameState s = Positions.withCardsLeft(rules, seed * 613 + cards, cards);
                SplittableRandom rng = new SplittableRandom(seed);
                Solver exact = null;
                while (s != null && !s.isOver()) {
                    if (exact == null) {
                        exact = new Solver(rules, s.layout(), 14, Techniques.NONE);
                    }
                    exact.load(s);
                    int n = exact.rootActions(legal);
                    if (n > 1 && exact.game().markerDecision(0)) {
                        decisions++;
                        if (exact.game().markersIdle(0)) {
                            idle++;
                            exact.load(s);
                            int first = exact.valueAfter(legal[0]);
                            for (int i = 1; i < n; i++) {
                                exact.load(s);
                                assertEquals(first, exact.valueAfter(legal[i]), name + ", seed " + seed + ", "
                                        + cards + " cards: " + Action.toString(legal[i]) + " against "
                                        + Action.toString(legal[0]));
                            }
                        }
                    }
                    s.play(legal[rng.nextInt(n)]);
                }
            }
        }
        if (rules.freedMarkersPayable()) {
            assertTrue(idle >= 8, name + ": markers idle at only " + idle + " of " + decisions + " marker decisions");
            assertTrue(idle < decisions, name + ": markers idle at every marker decision");
        } else {
            assertEquals(0, idle, name + ": a freed marker that may not pay can still keep a seat from a card");
        }
    }

    @Test
    void partition_refusesAHeuristicHorizon() {
        Rules rules = Rules.standard(2);
        GameState s = Positions.withCardsLeft(rules, 77, 9);
        Solver solver = new Solver(rules, s.layout(), 10, Techniques.ALL);
        solver.setEvaluation(Evaluation.STANDING);
        assertThrows(IllegalStateException.class, () -> solver.setEvaluation((g, ply) -> 0));
        Solver plain = new Solver(rules, s.layout(), 10, Techniques.NONE);
        plain.setEvaluation((g, ply) -> 0);
        plain.load(s);
        long bounds = plain.game().bounds(0);
        int v = plain.search(-Solver.INFINITY, Solver.INFINITY, 1);
        assertTrue(v >= (int) bounds && v <= (int) (bounds >> 32), "a horizon of 0 clamped into the bounds");
    }

    /**
     * Depth-limited searches without a technique search exactly as the solver did before the
     * techniques (values and nodes pinned from it): the depth a child is searched to depends on
     * whether its action ends the turn, which a depth taken once per node got wrong.
     */
    @Test
    void depthLimited_noTechnique_pinnedValuesAndNodes() {
        Rules rules = Rules.standard(2);
        int[] values = new int[18];
        long[] nodes = new long[6];
        for (int i = 0; i < 6; i++) {
            GameState s = Positions.withCardsLeft(rules, 2_000 + i, 10);
            Solver solver = new Solver(rules, s.layout(), 16, Techniques.NONE);
            for (int depth = 1; depth <= 3; depth++) {
                solver.load(s);
                values[3 * i + depth - 1] = solver.search(-Solver.INFINITY, Solver.INFINITY, depth);
            }
            nodes[i] = solver.nodes();
        }
        assertArrayEquals(new int[]{1150, 383, 638, 382, 1021, 639, 255, -512, 383, -639, 128, -767, -1153, -1535, -896,
                -382, 257, 2}, values, "values at depths 1-3");
        assertArrayEquals(new long[]{193, 469, 2_304, 630, 747, 1_318}, nodes, "nodes");
    }

    /**
     * Nodes of the exact value of a fixed set of positions, with no technique, with the first three
     * (pvs, partition, etc), the first four (with quick bounds, without pairs and sure), the first six
     * (without idle and sibling) and with all: a
     * change to the search or the move ordering shows here first (update the numbers only with
     * a measured reason).
     */
    @Test
    void nodes_fixedPositions_pinned() {
        Rules rules = Rules.standard(2);
        long[] none = new long[6];
        long[] allButQuick = new long[6];
        long[] allButPairs = new long[6]; // the first four techniques
        long[] firstSix = new long[6];
        long[] all = new long[6];
        for (int i = 0; i < 6; i++) {
            GameState s = Positions.withCardsLeft(rules, 1_000 + i, 9);
            Solver a = new Solver(rules, s.layout(), 18, Techniques.NONE);
            a.load(s);
            int va = a.solve();
            Solver b = new Solver(rules, s.layout(), 18, new Techniques(true, true, true, false));
            b.load(s);
            assertEquals(va, b.solve());
            Solver c = new Solver(rules, s.layout(), 18, new Techniques(true, true, true, true, false, false));
            c.load(s);
            assertEquals(va, c.solve());
            Solver e = new Solver(rules, s.layout(), 18, new Techniques(true, true, true, true, true, true));
            e.load(s);
            assertEquals(va, e.solve());
            Solver d = new Solver(rules, s.layout(), 18, Techniques.ALL);
            d.load(s);
            assertEquals(va, d.solve());
            firstSix[i] = e.nodes();
            none[i] = a.nodes();
            allButQuick[i] = b.nodes();
            allButPairs[i] = c.nodes();
            all[i] = d.nodes();
        }
        assertArrayEquals(new long[]{938, 25_924, 127_506, 5_447, 471_289, 16_567}, none, "no technique: "
                + java.util.Arrays.toString(none));
        assertArrayEquals(new long[]{652, 28_358, 78_488, 3_823, 364_759, 10_653}, allButQuick, "all but quick bounds: "
                + java.util.Arrays.toString(allButQuick));
        assertArrayEquals(new long[]{700, 22_533, 63_194, 3_291, 425_055, 9_449}, allButPairs, "the first four: "
                + java.util.Arrays.toString(allButPairs));
        assertArrayEquals(new long[]{678, 19_844, 47_135, 2_089, 255_859, 9_161}, firstSix, "the first six: "
                + java.util.Arrays.toString(firstSix));
        assertArrayEquals(new long[]{728, 26_019, 41_394, 1_716, 224_799, 11_579}, all, "every technique: "
                + java.util.Arrays.toString(all));
    }
}
