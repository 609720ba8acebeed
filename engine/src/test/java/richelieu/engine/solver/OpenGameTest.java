package richelieu.engine.solver;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.SplitMix;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The solver's compact game against the engine's {@link GameState}, side by side over whole
 * random games of every two-player rule set: the same legal set at every decision point, the
 * same position after every action, the same final result; the incremental key equal to the key
 * of the same position loaded fresh; and the bounds holding the final value at every ply.
 */
class OpenGameTest {
    private static final int GAMES = 150;

    static Stream<Arguments> ruleSets() {
        Rules two = Rules.standard(2);
        return Stream.of(
                Arguments.of("base", two),
                Arguments.of("three-row", two.withVariant(Rules.Variant.THREE_ROW)),
                Arguments.of("R8 late returns", two.withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING)),
                Arguments.of("R11 freed not payable", two.withFreedMarkersPayable(false)),
                Arguments.of("three-row, late returns, freed not payable", two.withVariant(Rules.Variant.THREE_ROW)
                        .withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING).withFreedMarkersPayable(false)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleSets")
    void randomGames_everyStep_matchesTheEngine(String name, Rules rules) {
        int[] expected = new int[Action.MAX_LEGAL];
        int[] actual = new int[Action.MAX_LEGAL];
        long[] seen = new long[Action.T_PASS + 1];
        for (int g = 0; g < GAMES; g++) {
            long seed = SplitMix.mix64(0x0BE1_2026L + g);
            Deal deal = Deal.generate(Deck.standard(), seed);
            GameState s = new GameState(rules, deal);
            OpenGame open = new OpenGame(rules, deal.layout(), 400);
            open.load(s);
            OpenGame fresh = new OpenGame(rules, deal.layout(), 1);
            // quick bounds ride along: they must hold in every game played, passes included
            OpenGame quick = new OpenGame(rules, deal.layout(), 400, false, true);
            quick.load(s);
            OpenGame pairs = new OpenGame(rules, deal.layout(), 400, false, true, true);
            pairs.load(s);
            SplittableRandom rng = new SplittableRandom(seed);
            int policy = g % 3;
            int[] bounds = new int[800];
            int[] quickBounds = new int[800];
            int[] pairBounds = new int[800];
            int ply = 0;
            while (!s.isOver()) {
                String where = name + ", game " + g + ", ply " + ply;
                int n = s.legalActions(expected);
                int m = open.legal(ply, actual, 0);
                assertArrayEquals(Arrays.copyOf(expected, n), Arrays.copyOf(actual, m), where + ": legal set");
                fresh.load(s);
                assertEquals(fresh.key(0), open.key(ply), where + ": incremental key");
                bounds[2 * ply] = open.lowerBound(ply);
                bounds[2 * ply + 1] = open.upperBound(ply);
                quickBounds[2 * ply] = quick.lowerBound(ply);
                quickBounds[2 * ply + 1] = quick.upperBound(ply);
                pairBounds[2 * ply] = pairs.lowerBound(ply);
                pairBounds[2 * ply + 1] = pairs.upperBound(ply);
                int a = choose(policy, s, expected, n, rng);
                seen[Action.type(a)]++;
                s.play(a);
                open.play(ply, a);
                quick.play(ply, a);
                pairs.play(ply, a);
                ply++;
                assertSamePosition(s, open, ply, where + " after " + Action.toString(a));
            }
            int[] scores = new int[2];
            s.scores(scores);
            int value = OpenGame.SCALE * (scores[0] - scores[1]) + s.cardCount(1) - s.cardCount(0);
            assertEquals(value, open.value(ply), name + ", game " + g + ": final value");
            assertEquals(Integer.signum(value) > 0 ? 1 : Integer.signum(value) < 0 ? 2 : 3, s.winners(),
                    "the value's sign is the winner (R20)");
            for (int k = 0; k < ply; k++) {
                assertTrue(bounds[2 * k] <= value && value <= bounds[2 * k + 1],
                        name + ", game " + g + ", ply " + k + ": " + value + " outside [" + bounds[2 * k] + ", "
                                + bounds[2 * k + 1] + "]");
                assertTrue(quickBounds[2 * k] <= value && value <= quickBounds[2 * k + 1],
                        name + ", game " + g + ", ply " + k + ": " + value + " outside the quick bounds ["
                                + quickBounds[2 * k] + ", " + quickBounds[2 * k + 1] + "]");
                assertTrue(pairBounds[2 * k] <= value && value <= pairBounds[2 * k + 1],
                        name + ", game " + g + ", ply " + k + ": " + value + " outside the bounds with pairs ["
                                + pairBounds[2 * k] + ", " + pairBounds[2 * k + 1] + "]");
            }
        }
        for (int t = Action.T_USE_RETURN; t <= Action.T_PASS; t++) {
            if (t != Action.T_PASS) {
                assertTrue(seen[t] > 0, name + ": no " + Action.typeName(t << 12) + " played");
            }
        }
    }

    private static void assertSamePosition(GameState s, OpenGame open, int ply, String where) {
        assertEquals(s.phase().ordinal(), open.phase(ply), where + ": phase");
        assertEquals(s.isOver(), open.isOver(ply), where + ": over");
        if (!s.isOver()) {
            assertEquals(s.toMove(), open.toMove(ply), where + ": to move");
        }
        assertEquals(s.table(), open.table(ply), where + ": table");
        for (int p = 0; p < 2; p++) {
            assertEquals(s.hand(p), open.hand(ply, p), where + ": hand " + p);
            assertEquals(s.markers(p), open.markers(ply, p), where + ": markers " + p);
            assertEquals(s.reserve(p), open.reserve(ply, p), where + ": reserve " + p);
            assertEquals(s.boxed(p), open.boxed(ply, p), where + ": boxed " + p);
            assertEquals(Integer.bitCount(s.heldTokens(p) & richelieu.engine.Token.RETURN_MASK),
                    open.returnTokens(ply, p), where + ": return tokens " + p);
        }
        int[] scores = new int[2];
        s.scores(scores);
        long totals = open.scores(ply);
        assertEquals(scores[0], (int) (totals >> 32), where + ": score 0");
        assertEquals(scores[1], (int) totals, where + ": score 1");
    }

    /** Uniform, or biased to the rare paths: marked cards, payments, return tokens, moves (so passes happen too). */
    private static int choose(int policy, GameState s, int[] legal, int n, SplittableRandom rng) {
        if (policy == 0 || n == 1 || rng.nextInt(10) < 2) {
            return legal[rng.nextInt(n)];
        }
        int me = s.toMove();
        int[] preferred = new int[n];
        int k = 0;
        long ends = richelieu.engine.Layout.ends(s.table());
        for (int i = 0; i < n; i++) {
            int a = legal[i];
            int t = Action.type(a);
            long bit = 1L << Action.position(a);
            boolean opponentMarked = (s.marked() & ~s.markers(me) & bit) != 0;
            boolean pick = policy == 1
                    ? t == Action.T_TAKE && opponentMarked || t == Action.T_PAY_MARKER
                    || (t == Action.T_PLACE || t == Action.T_MOVE) && (ends & bit) != 0 || t == Action.T_END_RETURNS
                    : t == Action.T_USE_RETURN || t == Action.T_TAKE && ((s.tokenPlaces() & bit) != 0 || opponentMarked)
                    || t == Action.T_MOVE || t == Action.T_PAY_MARKER;
            if (pick) {
                preferred[k++] = a;
            }
        }
        return k > 0 ? preferred[rng.nextInt(k)] : legal[rng.nextInt(n)];
    }

    @Test
    void load_viewStateWithUnknownTokens_isRefused() {
        Deal deal = Deal.generate(Deck.standard(), 7);
        Rules rules = Rules.standard(2);
        GameState s = new GameState(rules, deal);
        Observation o = s.observe(1);
        GameState view = o.newState();
        o.toViewState(view);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new OpenGame(rules, deal.layout(), 4).load(view));
        assertTrue(e.getMessage().contains("unknown"), e.getMessage());
    }

    @Test
    void constructor_threePlayers_isRefused() {
        Deal deal = Deal.generate(Deck.standard(), 7);
        assertThrows(IllegalArgumentException.class, () -> new OpenGame(Rules.standard(3), deal.layout(), 4));
    }
}
