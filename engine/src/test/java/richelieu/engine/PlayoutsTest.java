package richelieu.engine;

import org.junit.jupiter.api.Test;

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
    private static final Rules[] RULES = {
            Rules.standard(2), Rules.standard(3), Rules.standard(4),
            Rules.standard(2).withVariant(Rules.Variant.THREE_ROW),
            Rules.standard(3).withVariant(Rules.Variant.THREE_ROW),
            Rules.standard(2).withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING),
            Rules.standard(4).withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING),
            Rules.standard(2).withFreedMarkersPayable(false),
            Rules.standard(3).withFreedMarkersPayable(false).withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING),
    };

    private static int plainStep(GameState s, SplittableRandom rng, int[] buf) {
        int n = s.legalActions(buf);
        int a = n == 1 ? buf[0] : buf[rng.nextInt(n)];
        s.play(a);
        return a;
    }

    @Test
    void randomStep_fromEveryPositionOfRandomGames_matchesPlainLoopStepForStep() {
        int[] buf = new int[Action.MAX_LEGAL];
        long positions = 0;
        for (int ri = 0; ri < RULES.length; ri++) {
            Rules rules = RULES[ri];
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
        }
        assertEquals(true, positions > 10_000, "positions tried: " + positions);
    }

    @Test
    void playRandomToEnd_fromEveryPositionOfRandomGames_playsThePlainLoopsActions() {
        int[] buf = new int[Action.MAX_LEGAL];
        int[] trace = new int[1000];
        long positions = 0;
        for (int ri = 0; ri < RULES.length; ri++) {
            Rules rules = RULES[ri];
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
        }
        assertEquals(true, positions > 20_000, "positions tried: " + positions);
    }

    @Test
    void randomToEnd_manyGames_sameFinalStateStepsAndDraws() {
        int[] buf = new int[Action.MAX_LEGAL];
        for (Rules rules : RULES) {
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
    }

    @Test
    void playRandomToEnd_fromViewStatesWithUnknownTokens_playsThePlainLoopsActions() {
        int[] buf = new int[Action.MAX_LEGAL];
        int[] trace = new int[1000];
        for (int ri = 0; ri < RULES.length; ri++) {
            Rules rules = RULES[ri];
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

    static void assertSameState(GameState a, GameState b) {
        assertEquals(snapshot(a), snapshot(b));
    }

    private static List<Object> snapshot(GameState s) {
        List<Object> v = new ArrayList<>(List.of(s.table, s.marked, s.tokenPlaces, s.placeTokens, s.toMove, s.phase,
                s.turn, s.taken, s.first, s.freed, s.returnsThisTurn));
        for (int p = 0; p < s.players; p++) {
            v.addAll(List.of(s.hand[p], s.markers[p], s.reserve[p], s.boxed[p], s.usedReturns[p],
                    s.nonReturnAtLeast[p], s.held[p]));
        }
        return v;
    }
}
