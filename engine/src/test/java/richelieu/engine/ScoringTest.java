package richelieu.engine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The unrolled scorers ({@link Scoring#score}) against the per-category generic loops (addRegion, addSymbol). */
class ScoringTest {
    /** A legal deck whose first region has 16 shields: too many for the 4-bit scoring lanes. */
    static Deck bigRegionDeck() {
        List<Card> cards = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            cards.add(new Card(Region.of(0), 2, null));
        }
        int i = 0;
        while (cards.size() < Deck.SIZE) {
            Region r = Region.of(1 + i % (Region.COUNT - 1));
            Symbol s = i % 4 == 3 ? null : Symbol.of(i % 4 % Symbol.COUNT);
            cards.add(new Card(r, 1, s));
            i++;
        }
        return Deck.of("big region", cards);
    }

    @Test
    void layoutLanes_standardDeckHasThem_bigRegionDeckFallsBack() {
        assertNotNull(Deal.generate(Deck.standard(), 1).layout().lanes);
        assertNull(Deal.generate(bigRegionDeck(), 1).layout().lanes);
    }

    @Test
    void score_randomHoldingsEveryRuleMix_matchesGenericCategoryLoops() {
        check(Deck.standard());
        check(bigRegionDeck()); // the non-lane 2-player path
    }

    private static void check(Deck deck) {
        SplittableRandom rng = new SplittableRandom(11);
        for (int players = 2; players <= 4; players++) {
            for (Rules.Majority majority : Rules.Majority.values()) {
                Rules base = Rules.standard(players);
                for (int[] points : new int[][]{{-5, -5, 0}, {0, 0, 2}, {-3, -1, 4}}) {
                    Rules rules = new Rules(players, base.variant(), base.returnTiming(), true,
                            base.maxMarkersOnTable(), majority, points[0], points[1], points[2], true);
                    for (int i = 0; i < 2000; i++) {
                        Layout layout = Deal.generate(deck, rng.nextLong()).layout();
                        long[] hands = new long[players];
                        int[] tokens = new int[players];
                        long left = Layout.ALL;
                        int tokensLeft = Token.ALL_MASK;
                        for (int p = 0; p < players; p++) {
                            long h = left & rng.nextLong() & (i % 4 == 0 ? rng.nextLong() : -1L);
                            hands[p] = h;
                            left &= ~h;
                            int t = tokensLeft & rng.nextInt() & rng.nextInt();
                            tokens[p] = t | (i % 3 == 0 ? rng.nextInt(3) << GameState.UNKNOWN_SHIFT : 0);
                            tokensLeft &= ~t;
                        }
                        int[] expected = new int[players];
                        for (int r = 0; r < Region.COUNT; r++) {
                            Scoring.addRegion(rules, layout, hands, tokens, players, r, expected);
                        }
                        for (int s = 0; s < Symbol.COUNT; s++) {
                            Scoring.addSymbol(rules, layout, hands, tokens, players, s, expected);
                        }
                        int[] actual = new int[players];
                        Scoring.score(rules, layout, hands, tokens, players, actual);
                        assertArrayEquals(expected, actual, rules + " case " + i);
                    }
                }
            }
        }
    }
}
