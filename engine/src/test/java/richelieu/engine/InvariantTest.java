package richelieu.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Thousands of random games in every mode, with every invariant checked after every step. */
class InvariantTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void randomGames_invariantsHoldAfterEveryStep_R4_R11_R13(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        SplittableRandom rng = new SplittableRandom(2024 + name.hashCode());
        long steps = 0;
        int games = 0;
        for (int g = 0; g < 400; g++) {
            Deal deal = Deal.generate(Deck.standard(), rng.nextLong());
            GameState s = new GameState(rules, deal);
            Invariants.check(s, deal);
            while (!s.isOver()) {
                int n = s.legalActions(buf);
                s.apply(buf[rng.nextInt(n)]);
                Invariants.check(s, deal);
                steps++;
            }
            games++;
        }
        assertEquals(400, games);
        assertTrue(steps > 25_000, "steps " + steps);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void randomGames_observationsLeakNothingAfterEveryStep_R25_R26(String name, Rules rules) {
        int[] buf = new int[Action.MAX_LEGAL];
        SplittableRandom rng = new SplittableRandom(77 + name.hashCode());
        int checks = 0;
        for (int g = 0; g < 60; g++) {
            Deal deal = Deal.generate(Deck.standard(), rng.nextLong());
            GameState s = new GameState(rules, deal);
            while (!s.isOver()) {
                Invariants.checkNoLeak(s, rng);
                checks++;
                int n = s.legalActions(buf);
                s.apply(buf[rng.nextInt(n)]);
            }
        }
        assertTrue(checks > 4_000, "checks " + checks);
    }

    @Test
    void observation_reachesNoStateOrDealObject_R26() {
        GameState s = new GameState(Rules.standard(4), Deal.generate(Deck.standard(), 3));
        Observation o = s.observe(2);
        Invariants.assertReachesNoHiddenState(o);
        // and the fields are exactly the public ones (a new field must be a conscious decision)
        String fields = java.util.stream.Stream.concat(Arrays.stream(Observation.class.getDeclaredFields()),
                        Arrays.stream(PublicState.class.getDeclaredFields()))
                .filter(f -> !java.lang.reflect.Modifier.isStatic(f.getModifiers()))
                .map(java.lang.reflect.Field::getName).sorted().reduce((a, b) -> a + "," + b).orElseThrow();
        assertEquals("boxed,first,freed,hand,layout,marked,markers,nonReturnAtLeast,ownTokens,phase,players,"
                + "reserve,returnsThisTurn,rules,scratch,seat,table,taken,toMove,tokenCount,tokenPlaces,turn,usedReturns",
                fields);
    }

    @Test
    void copy_isIndependentAndContinuesIdentically() {
        int[] buf = new int[Action.MAX_LEGAL];
        SplittableRandom rng = new SplittableRandom(5);
        for (int g = 0; g < 50; g++) {
            Deal deal = Deal.generate(Deck.standard(), g);
            GameState s = new GameState(Rules.standard(2 + g % 3), deal);
            while (!s.isOver()) {
                GameState c = s.copy();
                Invariants.assertDeepEquals(s, c, "copy");
                int n = s.legalActions(buf);
                int a = buf[rng.nextInt(n)];
                s.apply(a);
                c.apply(a);
                Invariants.assertDeepEquals(s, c, "copy after " + Action.toString(a));
            }
        }
    }

    @Test
    void apply_illegalAction_throwsAndLeavesStateUnchanged() {
        int[] buf = new int[Action.MAX_LEGAL];
        SplittableRandom rng = new SplittableRandom(8);
        int rejected = 0;
        for (int g = 0; g < 100; g++) {
            Deal deal = Deal.generate(Deck.standard(), g);
            GameState s = new GameState(Rules.standard(2 + g % 3), deal);
            while (!s.isOver()) {
                int candidate = randomWellFormed(rng);
                if (!s.isLegal(candidate)) {
                    GameState before = s.copy();
                    IllegalActionException e = assertThrows(IllegalActionException.class, () -> s.apply(candidate));
                    assertNotNull(e.getMessage());
                    assertTrue(e.getMessage().matches("^(R\\d+|not an action).*"), e.getMessage());
                    Invariants.assertDeepEquals(before, s, "state after a rejected action");
                    rejected++;
                }
                int n = s.legalActions(buf);
                s.apply(buf[rng.nextInt(n)]);
            }
        }
        assertTrue(rejected > 5000, "rejected " + rejected);
    }

    static int randomWellFormed(SplittableRandom rng) {
        int type = 1 + rng.nextInt(10);
        switch (type) {
            case Action.T_TAKE:
                return Action.take(rng.nextInt(48));
            case Action.T_PAY_MARKER:
                return Action.payMarker(rng.nextInt(48));
            case Action.T_PLACE:
                return Action.place(rng.nextInt(48));
            case Action.T_MOVE:
                return Action.move(rng.nextInt(48), rng.nextInt(48));
            default:
                return type << 12;
        }
    }
}
