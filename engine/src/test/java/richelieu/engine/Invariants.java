package richelieu.engine;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks that must hold after every step of every game. */
final class Invariants {
    private Invariants() {
    }

    /** Cards, markers and tokens conserved; masks consistent; legal set consistent. */
    static void check(GameState s, Deal deal) {
        int n = s.players();
        long seen = s.table();
        long marked = 0;
        int tokens = 0;
        int tokenCount = 0;
        int used = 0;
        for (int p = 0; p < n; p++) {
            assertEquals(0L, seen & s.hand(p), "a card is in two places");
            seen |= s.hand(p);
            assertEquals(0L, marked & s.markers(p), "two markers on one card");
            marked |= s.markers(p);
            assertEquals(s.markers(p), s.markers(p) & s.table(), "marker off the table");
            assertEquals(Rules.MARKERS, s.reserve(p) + Long.bitCount(s.markers(p)) + s.boxed(p), "3 markers per player (R4)");
            assertTrue(s.reserve(p) >= 0 && s.boxed(p) >= 0);
            assertTrue(Long.bitCount(s.markers(p)) <= s.rules().maxMarkersOnTable(), "R21 cap");
            assertEquals(0, tokens & s.heldTokens(p), "a token held twice");
            tokens |= s.heldTokens(p);
            tokenCount += s.tokenCount(p);
            used += s.usedReturns(p);
        }
        assertEquals(Layout.ALL, seen, "cards conserved");
        assertEquals(marked, s.marked, "incremental marked mask equals recompute");
        assertEquals(s.tokenPlaces(), s.tokenPlaces() & s.table() & Layout.TOKEN_PLACE_MASK);
        for (long m = s.tokenPlaces(); m != 0; m &= m - 1) {
            int place = Layout.placeOf(Long.numberOfTrailingZeros(m));
            int t = s.placeToken(place);
            assertEquals(deal.placeToken(place), t, "a token on the table changed");
            assertEquals(0, tokens >>> t & 1, "a token both held and on the table");
            tokens |= 1 << t;
        }
        for (int t : deal.boxTokens()) {
            assertEquals(0, tokens >>> t & 1, "a boxed token is in play");
            tokens |= 1 << t;
        }
        assertEquals(Token.COUNT, Integer.bitCount(tokens) + used, "tokens conserved");
        assertEquals(Token.ALL_MASK & ~tokens, (Token.ALL_MASK & ~tokens) & Token.RETURN_MASK, "only return tokens are used up");
        assertEquals(tokenCount, Integer.bitCount(tokens & ~boxMask(deal)) - Long.bitCount(s.tokenPlaces()));

        int[] buf = new int[Action.MAX_LEGAL];
        int k = s.legalActions(buf);
        assertEquals(k, legalCount(s), "the generator's count equals what it writes");
        assertEquals(s.isOver(), k == 0);
        for (int i = 0; i < k; i++) {
            assertEquals(buf[i], s.legal(LegalSets.KTH, i, null), "legalActions writes its shape's set, in order");
            if (i > 0) {
                assertTrue(buf[i - 1] < buf[i], "legal actions ascending");
            }
            assertNull(s.whyIllegal(buf[i]), Action.toString(buf[i]));
        }
        if (s.phase() == Phase.RETURNS) {
            assertTrue((s.heldTokens(s.toMove()) & Token.RETURN_MASK) != 0 && s.boxed(s.toMove()) > 0);
        }
    }

    /** Number of legal actions at the current decision point, from the generator's count (test-only). */
    static int legalCount(GameState s) {
        return s.legal(LegalSets.COUNT, 0, null);
    }

    private static int boxMask(Deal deal) {
        int m = 0;
        for (int t : deal.boxTokens()) {
            m |= 1 << t;
        }
        return m;
    }

    /**
     * R25/R26: each seat's observation equals the observation of a state whose hidden tokens
     * were re-dealt consistently with that seat's knowledge. A field that depended on anything
     * hidden would differ.
     */
    static void checkNoLeak(GameState s, SplittableRandom rng) {
        for (int v = 0; v < s.players(); v++) {
            Observation o = s.observe(v);
            GameState alt = o.newState();
            Observation sampler = s.observe(v);
            sampler.determinize(rng, alt);
            Observation o2 = alt.observe(v);
            assertDeepEquals(o, o2, "observation of seat " + v);
        }
    }

    /** Field-by-field comparison of two objects of our own classes (arrays deep, others by equals). */
    static void assertDeepEquals(Object a, Object b, String where) {
        assertEquals(a.getClass(), b.getClass(), where);
        for (Class<?> c = a.getClass(); c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getName().equals("scratch")) {
                    continue;
                }
                f.setAccessible(true);
                try {
                    Object x = f.get(a);
                    Object y = f.get(b);
                    if (x != null && x.getClass().isArray()) {
                        assertEquals(Array.getLength(x), Array.getLength(y), where + "." + f.getName());
                        for (int i = 0; i < Array.getLength(x); i++) {
                            assertEquals(Array.get(x, i), Array.get(y, i), where + "." + f.getName() + "[" + i + "]");
                        }
                    } else {
                        assertEquals(x, y, where + "." + f.getName());
                    }
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }

    /** Nothing reachable from the observation through our own classes is a GameState or a Deal. */
    static void assertReachesNoHiddenState(Object root) {
        HiddenState.assertUnreachableFrom(root);
    }
}
