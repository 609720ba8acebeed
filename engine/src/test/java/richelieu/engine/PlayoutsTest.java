package richelieu.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The fused random playout ({@link GameState#randomStep}, {@link FusedPlayout}) plays
 * exactly the games of the plain loop legalActions → buf[rng.nextInt(n)] → play: the same action
 * at every step, the same state after it, the same rng draws.
 */
class PlayoutsTest {
    private static int plainStep(GameState s, SplittableRandom rng, int[] buf) {
        int n = s.legalActions(buf);
        int a = n == 1 ? buf[0] : buf[rng.nextInt(n)];
        s.play(a);
        return a;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void randomStep_fromEveryPositionOfRandomGames_matchesPlainLoopStepForStep(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        long positions = 0;
        int ri = name.hashCode();
        for (int g = 0; g < 40; g++) {
            Deal deal = Deal.generate(Deck.standard(), 1000L * g + ri);
            GameState line = new GameState(rules, deal);
            SplittableRandom lineRng = new SplittableRandom(g);
            while (!line.isOver()) {
                // From this position, play to the end both ways with equal rng streams.
                long seed = lineRng.nextLong();
                GameState plain = line.copy();
                GameState fused = line.copy();
                SplittableRandom plainRng = new SplittableRandom(seed);
                SplittableRandom fusedRng = new SplittableRandom(seed);
                int step = 0;
                while (!plain.isOver()) {
                    int a = plainStep(plain, plainRng, buf);
                    int b = fused.randomStep(fusedRng);
                    assertEquals(Action.toString(a), Action.toString(b), "step " + step);
                    assertEquals(a, b);
                    assertSameState(plain, fused);
                    step++;
                }
                assertEquals(true, fused.isOver());
                assertEquals(plainRng.nextLong(), fusedRng.nextLong(), "rng streams diverged");
                positions++;
                plainStep(line, lineRng, buf);
            }
        }
        assertEquals(true, positions > 1_000, "positions tried: " + positions);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void playRandomToEnd_fromEveryPositionOfRandomGames_playsThePlainLoopsActions(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        int[] trace = new int[1000];
        long positions = 0;
        int ri = name.hashCode();
        for (int g = 0; g < 60; g++) {
            Deal deal = Deal.generate(Deck.standard(), 7000L * g + ri);
            GameState line = new GameState(rules, deal);
            SplittableRandom lineRng = new SplittableRandom(g + 100L * ri);
            while (!line.isOver()) {
                long seed = lineRng.nextLong();
                GameState plain = line.copy();
                GameState fused = line.copy();
                SplittableRandom plainRng = new SplittableRandom(seed);
                SplittableRandom fusedRng = new SplittableRandom(seed);
                List<String> expected = new ArrayList<>();
                while (!plain.isOver()) {
                    expected.add(Action.toString(plainStep(plain, plainRng, buf)));
                }
                int steps = fused.playRandomToEnd(fusedRng, trace);
                List<String> actual = new ArrayList<>();
                for (int i = 0; i < steps; i++) {
                    actual.add(Action.toString(trace[i]));
                }
                assertEquals(expected, actual, rules.describe() + ", game " + g + ", from turn " + line.turn());
                assertSameState(plain, fused);
                assertEquals(plainRng.nextLong(), fusedRng.nextLong(), "rng streams diverged");
                positions++;
                plainStep(line, lineRng, buf);
            }
        }
        assertEquals(true, positions > 2_000, "positions tried: " + positions);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void randomToEnd_manyGames_sameFinalStateStepsAndDraws(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        for (int g = 0; g < 300; g++) {
            Deal deal = Deal.generate(Deck.standard(), g);
            GameState plain = new GameState(rules, deal);
            GameState fused = new GameState(rules, deal);
            SplittableRandom plainRng = new SplittableRandom(g * 31L);
            SplittableRandom fusedRng = new SplittableRandom(g * 31L);
            int steps = 0;
            while (!plain.isOver()) {
                plainStep(plain, plainRng, buf);
                steps++;
            }
            assertEquals(steps, Playouts.randomToEnd(fused, fusedRng, buf));
            assertSameState(plain, fused);
            assertEquals(plainRng.nextInt(), fusedRng.nextInt());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void playRandomToEnd_fromViewStatesWithUnknownTokens_playsThePlainLoopsActions(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        int[] trace = new int[1000];
        int ri = name.hashCode();
        for (int g = 0; g < 40; g++) {
            GameState s = new GameState(rules, Deal.generate(Deck.standard(), 500L * g + ri));
            SplittableRandom rng = new SplittableRandom(g);
            for (int i = 0; i < 4 * g % 70 && !s.isOver(); i++) {
                plainStep(s, rng, buf);
            }
            if (s.isOver()) {
                continue;
            }
            GameState view = s.observe(s.toMove()).newState();
            s.observe(s.toMove()).toViewState(view); // other seats' tokens are UNKNOWN
            GameState plain = view.copy();
            GameState fused = view.copy();
            SplittableRandom plainRng = new SplittableRandom(g * 7L);
            SplittableRandom fusedRng = new SplittableRandom(g * 7L);
            List<String> expected = new ArrayList<>();
            while (!plain.isOver()) {
                expected.add(Action.toString(plainStep(plain, plainRng, buf)));
            }
            int steps = fused.playRandomToEnd(fusedRng, trace);
            List<String> actual = new ArrayList<>();
            for (int i = 0; i < steps; i++) {
                actual.add(Action.toString(trace[i]));
            }
            assertEquals(expected, actual, rules.describe() + ", game " + g);
            assertSameState(plain, fused);
        }
    }

    @Test
    void select_everyRankOfRandomMasks_matchesClearingLowestBits() {
        SplittableRandom rng = new SplittableRandom(5);
        for (int i = 0; i < 20_000; i++) {
            long x = rng.nextLong() & (i % 3 == 0 ? Layout.ALL : -1L) & (i % 5 == 0 ? rng.nextLong() : -1L)
                    & (i % 2 == 0 ? rng.nextLong() & rng.nextLong() : -1L);
            long m = x;
            for (int k = 0; m != 0; k++, m &= m - 1) {
                assertEquals(Long.numberOfTrailingZeros(m), LegalSets.select(x, k), "x=" + Long.toHexString(x) + " k=" + k);
                if (Long.bitCount(x) <= 8) {
                    assertEquals(Long.numberOfTrailingZeros(m), LegalSets.selectFew(x, k), "few x=" + Long.toHexString(x));
                }
            }
        }
    }

    @Test
    void nextInt_everyBoundAndManyDraws_matchesSplittableRandom() {
        for (int bound = 2; bound < 256; bound++) {
            SplittableRandom a = new SplittableRandom(bound);
            SplittableRandom b = new SplittableRandom(bound);
            for (int i = 0; i < 20_000; i++) {
                assertEquals(a.nextInt(bound), FusedPlayout.nextInt(b, bound));
            }
            assertEquals(a.nextLong(), b.nextLong());
        }
    }

    @Test
    void remainder_boundaryAndRandomNumerators_equalsIntegerRemainder() {
        SplittableRandom rng = new SplittableRandom(3);
        for (int d = 2; d < 256; d++) {
            int[] us = {0, 1, d - 1, d, d + 1, Integer.MAX_VALUE, Integer.MAX_VALUE - 1,
                    Integer.MAX_VALUE / d * d, Integer.MAX_VALUE / d * d - 1};
            for (int u : us) {
                assertEquals(u % d, FusedPlayout.remainder(u, d), "u=" + u + " d=" + d);
            }
            for (int i = 0; i < 200_000; i++) {
                int u = rng.nextInt() >>> 1;
                assertEquals(u % d, FusedPlayout.remainder(u, d), "u=" + u + " d=" + d);
            }
        }
    }

    /** Every field of GameState and its superclasses, looked up once. */
    private static final java.util.List<java.lang.reflect.Field> FIELDS = new ArrayList<>();

    static {
        for (Class<?> c = GameState.class; c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    FIELDS.add(f);
                }
            }
        }
    }

    /** Every field, public and hidden, by reflection: a field added later is compared too. */
    static void assertSameState(GameState a, GameState b) {
        try {
            for (java.lang.reflect.Field f : FIELDS) {
                if (!java.util.Objects.deepEquals(f.get(a), f.get(b))) {
                    Invariants.assertDeepEquals(a, b, "state"); // names the field
                }
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }
}
