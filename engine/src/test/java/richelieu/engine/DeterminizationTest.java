package richelieu.engine;

import org.apache.commons.math3.stat.inference.ChiSquareTest;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static richelieu.engine.Scenario.pos;

class DeterminizationTest {

    @Test
    void determinize_keepsEverythingTheSeatKnows_R25_R26() {
        int[] buf = new int[Action.MAX_LEGAL];
        SplittableRandom rng = new SplittableRandom(1);
        for (int g = 0; g < 200; g++) {
            Rules rules = Rules.standard(2 + g % 3);
            Deal deal = Deal.generate(Deck.standard(), g);
            GameState s = new GameState(rules, deal);
            while (!s.isOver()) {
                int seat = s.toMove();
                Observation o = s.observe(seat);
                GameState d = o.newState();
                o.determinize(rng, d);
                // the sample is a legal world: same public state, same own tokens, same legal set
                Invariants.assertDeepEquals(o, d.observe(seat), "observation of the sample");
                int[] b2 = new int[Action.MAX_LEGAL];
                int n = s.legalActions(buf);
                assertEquals(n, d.legalActions(b2));
                for (int i = 0; i < n; i++) {
                    assertEquals(buf[i], b2[i]);
                }
                int held = 0;
                int total = 0;
                for (int p = 0; p < rules.players(); p++) {
                    assertEquals(0, held & d.heldTokens(p));
                    held |= d.heldTokens(p);
                    total += s.usedReturns(p);
                }
                for (long m = d.tokenPlaces(); m != 0; m &= m - 1) {
                    int t = d.placeToken(Layout.placeOf(Long.numberOfTrailingZeros(m)));
                    assertEquals(0, held >>> t & 1, "sampled token twice");
                    held |= 1 << t;
                }
                assertTrue(Integer.bitCount(held) + total <= Token.COUNT);
                s.apply(buf[rng.nextInt(n)]);
            }
        }
    }

    @Test
    void determinize_dealsUnseenTokensUniformly_R26() {
        // Seat 0 holds the Anjou token; seat 1 holds 4 tokens; 3 token places remain; 6 in the box.
        GameState s = Scenario.of(Rules.twoPlayer())
                .row(0, 4, "Bou2 BouS BouC BouT").token(0, 4, Token.RETURN_A).token(0, 7, Token.symbol(Symbol.SWORD))
                .row(1, 3, "Bre2").token(1, 3, Token.region(Region.NORMANDIE))
                .tokens(0, Token.region(Region.ANJOU))
                .tokens(1, Token.region(Region.BOURBON), Token.region(Region.CHAMPAGNE), Token.region(Region.PROVENCE),
                        Token.symbol(Symbol.CROSS)).build();
        Observation o = s.observe(0);
        GameState d = o.newState();
        SplittableRandom rng = new SplittableRandom(42);
        int samples = 26_000;
        long[] atPlace0 = new long[Token.COUNT];
        long[] inOpponentHand = new long[Token.COUNT];
        for (int i = 0; i < samples; i++) {
            o.determinize(rng, d);
            atPlace0[d.placeToken(0)]++;
            assertEquals(4, Integer.bitCount(d.heldTokens(1)));
            for (int m = d.heldTokens(1); m != 0; m &= m - 1) {
                inOpponentHand[Integer.numberOfTrailingZeros(m)]++;
            }
        }
        // 13 unseen tokens (all but Anjou), each equally likely at any slot.
        assertEquals(0, atPlace0[Token.region(Region.ANJOU)]);
        assertUniformOverUnseen(atPlace0, Token.region(Region.ANJOU));
        assertUniformOverUnseen(inOpponentHand, Token.region(Region.ANJOU));
    }

    private static void assertUniformOverUnseen(long[] counts, int excluded) {
        long[] observed = new long[Token.COUNT - 1];
        double[] expected = new double[Token.COUNT - 1];
        int k = 0;
        long total = 0;
        for (int t = 0; t < Token.COUNT; t++) {
            if (t != excluded) {
                observed[k++] = counts[t];
                total += counts[t];
            }
        }
        java.util.Arrays.fill(expected, total / (double) observed.length);
        double p = new ChiSquareTest().chiSquareTest(expected, observed);
        assertTrue(p > 1e-4, "not uniform, p = " + p);
    }

    @Test
    void determinize_aPlayerWhoPassedHoldsNoReturnToken_R14_R26() {
        // Seat 1 (2 tokens) has all markers boxed and every end card is seat 0's: seat 1 must pass.
        GameState s = Scenario.of(Rules.twoPlayer()).row(0, 0, "Bou2 Cha2 Bre2 Nor2 Lan2").token(0, 4, 0)
                .marker(0, 0, 0).marker(0, 0, 4).boxed(1, 3)
                .tokens(1, Token.region(Region.ANJOU), Token.symbol(Symbol.TOWER)).toMove(1).build();
        assertEquals(Phase.TAKE_FIRST, s.phase());
        s.apply(Action.PASS);
        Observation o = s.observe(0);
        assertEquals(2, o.nonReturnAtLeast(1));
        GameState d = o.newState();
        SplittableRandom rng = new SplittableRandom(3);
        int returnOnTable = 0;
        for (int i = 0; i < 5000; i++) {
            o.determinize(rng, d);
            assertEquals(0, d.heldTokens(1) & Token.RETURN_MASK, "a passer cannot hold a return token");
            assertEquals(2, Integer.bitCount(d.heldTokens(1)));
            returnOnTable += Token.isReturn(d.placeToken(0)) ? 1 : 0;
        }
        // The two return tokens are spread over the 6 box slots and the 1 token place left on
        // the table: P(a return on the place) = 2/7.
        assertTrue(returnOnTable > 1200 && returnOnTable < 1650, "returns on the table " + returnOnTable);
    }

    @Test
    void determinize_usedReturnTokensAreNotDealtAgain_R8_R26() {
        GameState s = Scenario.of(Rules.twoPlayer()).row(0, 4, "Bou2 BouS BouC BouT").token(0, 4, Token.region(Region.AUVERGNE))
                .boxed(1, 1).tokens(1, Token.RETURN_A, Token.RETURN_B)
                .tokens(0, Token.region(Region.BOURGOGNE), Token.region(Region.BRETAGNE), Token.region(Region.CHAMPAGNE),
                        Token.region(Region.NORMANDIE), Token.region(Region.LANGUEDOC)).toMove(1).build();
        s.apply(Action.USE_RETURN);
        assertEquals(Phase.TAKE_FIRST, s.phase(), "no boxed marker left: the return step closes");
        Observation o = s.observe(0);
        GameState d = o.newState();
        SplittableRandom rng = new SplittableRandom(4);
        int opponentHadReturn = 0;
        for (int i = 0; i < 4000; i++) {
            o.determinize(rng, d);
            int returns = Integer.bitCount(d.heldTokens(1) & Token.RETURN_MASK);
            if (d.placeToken(0) == Token.RETURN_A || d.placeToken(0) == Token.RETURN_B) {
                returns++;
            }
            assertTrue(returns <= 1, "only one return token is left unseen");
            opponentHadReturn += Integer.bitCount(d.heldTokens(1) & Token.RETURN_MASK);
        }
        // One return token is unseen, spread over 8 slots (1 opponent token, 1 table place, 6 box): ~1/8.
        assertTrue(opponentHadReturn > 350 && opponentHadReturn < 650, "return in opponent's hand " + opponentHadReturn);
    }

    @Test
    void viewState_unknownTokensScoreNothing() {
        GameState s = Scenario.of(Rules.twoPlayer()).row(0, 4, "Bou2").token(0, 4, Token.region(Region.BOURGOGNE))
                .hand(1, "BouS").tokens(1, Token.region(Region.BRETAGNE)).build();
        Observation o = s.observe(0);
        GameState v = o.newState();
        o.toViewState(v);
        assertEquals(1, v.tokenCount(1));
        assertEquals(0, v.heldTokens(1));
        v.apply(Action.take(pos(0, 4)));
        assertEquals(1, v.tokenCount(0));
        assertEquals(0, v.heldTokens(0), "taken token stays unknown in the view");
    }
}
