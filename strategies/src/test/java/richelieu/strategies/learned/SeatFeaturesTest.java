package richelieu.strategies.learned;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.Card;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Observation;
import richelieu.engine.Region;
import richelieu.engine.Rules;
import richelieu.engine.SplitMix;
import richelieu.engine.Symbol;
import richelieu.engine.Token;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seat-view features: that they read nothing the seat may not know, and each group against a
 * slow reference written from the layout's description (card by card through {@link Card}).
 */
class SeatFeaturesTest {

    static Stream<Rules> ruleSets() {
        return Stream.of(Rules.standard(2), Rules.standard(2).withVariant(Rules.Variant.THREE_ROW), Rules.standard(3),
                Rules.standard(4));
    }

    /** Every position of a few random games of these rules. */
    private static List<GameState> positions(Rules rules, int games) {
        List<GameState> out = new ArrayList<>();
        int[] buf = new int[Action.MAX_LEGAL];
        for (int g = 0; g < games; g++) {
            GameState s = new GameState(rules, Deal.generate(Deck.standard(), SplitMix.mix64(g + 4242)));
            SplittableRandom rng = new SplittableRandom(g);
            while (!s.isOver()) {
                out.add(s.copy());
                s.play(buf[rng.nextInt(s.legalActions(buf))]);
            }
            out.add(s.copy());
        }
        return out;
    }

    @Test
    void size_twoPlayers_is291_andGrowsPerPlayer() {
        assertEquals(291, SeatFeatures.SIZE_2P);
        // one more player: a mover slot, a marker owner per row end, 3 per category, 8 per player
        assertEquals(SeatFeatures.size(2) + 1 + 8 + 12 * 3 + 8, SeatFeatures.size(3));
        assertThrows(IllegalArgumentException.class, () -> new SeatFeatures(5));
    }

    @ParameterizedTest
    @MethodSource("ruleSets")
    void encode_statesDifferingOnlyInHiddenTokens_encodeIdentically_R26(Rules rules) {
        int players = rules.players();
        SeatFeatures f = new SeatFeatures(players);
        float[] a = new float[f.size()];
        float[] b = new float[f.size()];
        float[] c = new float[f.size()];
        SplittableRandom rng = new SplittableRandom(5);
        int hiddenDiffered = 0;
        int otherSeatSaw = 0;
        for (GameState s : positions(rules, 6)) {
            for (int seat = 0; seat < players; seat++) {
                // a state the seat cannot tell from s: its observation, determinized afresh
                GameState t = s.observe(seat).newState();
                s.observe(seat).determinize(rng, t);
                f.encode(s, seat, a);
                f.encode(t, seat, b);
                assertArrayEquals(a, b, "seat " + seat + " at turn " + s.turn());
                boolean differ = false;
                for (int p = 0; p < players; p++) {
                    differ |= p != seat && s.heldTokens(p) != t.heldTokens(p);
                }
                for (int k = 0; k < Layout.TOKEN_PLACES; k++) {
                    differ |= (s.tokenPlaces() >>> Layout.placePosition(k) & 1) != 0 && s.placeToken(k) != t.placeToken(k);
                }
                if (differ) {
                    hiddenDiffered++;
                    // another seat, whose own tokens are among those redealt, may see the difference
                    int other = (seat + 1) % players;
                    if (s.heldTokens(other) != t.heldTokens(other)) {
                        f.encode(s, other, a);
                        f.encode(t, other, c);
                        if (!Arrays.equals(a, c)) {
                            otherSeatSaw++;
                        }
                    }
                }
            }
        }
        assertTrue(hiddenDiffered > 100, hiddenDiffered + " pairs differed in hidden tokens");
        assertTrue(otherSeatSaw > 10, "the seat holding redealt tokens saw them in " + otherSeatSaw + " pairs");
    }

    @ParameterizedTest
    @MethodSource("ruleSets")
    void encode_observationAndState_giveTheSameFeatures(Rules rules) {
        SeatFeatures f = new SeatFeatures(rules.players());
        float[] a = new float[f.size()];
        float[] b = new float[f.size()];
        for (GameState s : positions(rules, 2)) {
            for (int seat = 0; seat < rules.players(); seat++) {
                f.encode(s, seat, a);
                f.encode(s.observe(seat), b);
                assertArrayEquals(a, b);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("ruleSets")
    void encode_everyGroup_equalsTheSlowReference(Rules rules) {
        int players = rules.players();
        SeatFeatures f = new SeatFeatures(players);
        float[] got = new float[f.size() + 3];
        Arrays.fill(got, 7f); // stale values must be overwritten, and nothing written past size()
        int checked = 0;
        for (GameState s : positions(rules, 4)) {
            for (int seat = 0; seat < players; seat++) {
                f.encode(s, seat, got);
                float[] want = reference(s.observe(seat));
                assertEquals(f.size(), want.length);
                String where = "seat " + seat + " at turn " + s.turn();
                assertArrayEquals(Arrays.copyOfRange(want, 0, f.endsAt()), Arrays.copyOfRange(got, 0, f.endsAt()),
                        1e-6f, "global, " + where);
                assertArrayEquals(Arrays.copyOfRange(want, f.endsAt(), f.categoriesAt()),
                        Arrays.copyOfRange(got, f.endsAt(), f.categoriesAt()), 1e-6f, "row ends, " + where);
                assertArrayEquals(Arrays.copyOfRange(want, f.categoriesAt(), f.playersAt()),
                        Arrays.copyOfRange(got, f.categoriesAt(), f.playersAt()), 1e-6f, "categories, " + where);
                assertArrayEquals(Arrays.copyOfRange(want, f.playersAt(), f.size()),
                        Arrays.copyOfRange(got, f.playersAt(), f.size()), 1e-6f, "players, " + where);
                assertEquals(7f, got[f.size()], "nothing written past size()");
                checked++;
            }
        }
        assertTrue(checked > 200, checked + " positions");
    }

    @Test
    void encode_theDeal_hasTheKnownValues() {
        Rules rules = Rules.standard(2);
        Deal deal = Deal.generate(Deck.standard(), 77);
        GameState s = new GameState(rules, deal);
        SeatFeatures f = new SeatFeatures(2);
        float[] x = new float[f.size()];
        f.encode(s, 1, x);
        assertEquals(0f, x[0], "base game");
        assertEquals(1f, x[1], "48 of 48 cards");
        assertEquals(1f, x[6], "token place 0 carries a token");
        assertEquals(0f, x[14], "seat 1 is not to move");
        assertEquals(1f, x[15], "the mover is the next seat from seat 1");
        // players: seat 1 (relative 0), score -60 with no cards (R18, R19)
        assertEquals(1f, x[f.playersAt()], "reserve 3 of 3");
        assertEquals(-60 / 50f, x[f.playersAt() + 7], 1e-6f);
        // the left end of row 0 is position 0
        Card c = deal.layout().card(0);
        assertEquals(1f, x[f.endsAt() + c.region().ordinal()]);
        // Bourgogne: 10 shields on the table, nobody holds any
        assertEquals(1f, x[f.categoriesAt()], 1e-6f);
        assertEquals(0f, x[f.categoriesAt() + 2], "nothing secured");
    }

    @Test
    void encode_ownTokenOfACategory_raisesOwnCountAndSecures() {
        // a game played until seat 0 holds a shield token of a region it has cards of
        Rules rules = Rules.standard(2);
        SeatFeatures f = new SeatFeatures(2);
        float[] x = new float[f.size()];
        int found = 0;
        for (GameState s : positions(rules, 30)) {
            int own = s.heldTokens(0);
            for (int r = 0; r < Region.COUNT; r++) {
                if ((own >>> r & 1) == 0) {
                    continue;
                }
                f.encode(s, 0, x);
                int at = f.categoriesAt() + r * (4 + 3 * 2);
                assertEquals(1f, x[at + 1], "own token flag");
                assertEquals((s.layout().shields(s.hand(0), r) + 1) / 10f, x[at + 4], 1e-6f, "count with the token");
                f.encode(s, 1, x);
                assertEquals(0f, x[at + 1], "the opponent does not see it");
                assertEquals(s.layout().shields(s.hand(0), r) / 10f, x[at + 4 + 3], 1e-6f, "the opponent's view: cards only");
                found++;
            }
        }
        assertTrue(found > 50, found + " positions");
    }

    @Test
    void encode_statesOfOneDeal_bothSeatsInTurn_allocateNothing() {
        // a cut-off judges both seats of one deal in turn: the observation each is read through is kept
        List<GameState> states = positions(Rules.standard(2), 1);
        SeatFeatures f = new SeatFeatures(2);
        float[] x = new float[f.size()];
        for (GameState s : states) {
            f.encode(s, 0, x);
            f.encode(s, 1, x);
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int round = 0; round < 10; round++) {
            for (GameState s : states) {
                f.encode(s, 0, x);
                f.encode(s, 1, x);
            }
        }
        long bytes = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(bytes < 4096, bytes + " bytes for " + 20 * states.size() + " encodings");
    }

    @Test
    void encode_wrongPlayerCount_isRejected() {
        SeatFeatures f = new SeatFeatures(2);
        GameState s = new GameState(Rules.standard(3), Deal.generate(Deck.standard(), 1));
        assertThrows(IllegalArgumentException.class, () -> f.encode(s, 0, new float[SeatFeatures.size(3)]));
    }

    // ------------------------------------------------------------------ the slow reference

    /** The features written straight from the class comment, card by card. */
    static float[] reference(Observation o) {
        int players = o.players();
        int seat = o.seat();
        Layout layout = o.layout();
        List<Float> v = new ArrayList<>();
        long table = o.table();
        // global
        v.add(o.rules().variant() == Rules.Variant.THREE_ROW ? 1f : 0f);
        v.add(Long.bitCount(table) / 48f);
        for (int r = 0; r < 4; r++) {
            int n = 0;
            for (int col = 0; col < 12; col++) {
                n += (table >>> (r * 12 + col) & 1) != 0 ? 1 : 0;
            }
            v.add(n / 12f);
        }
        for (int k = 0; k < 8; k++) {
            v.add((o.tokenPlaces() >>> Layout.placePosition(k) & 1) != 0 ? 1f : 0f);
        }
        for (int r = 0; r < players; r++) {
            v.add(Math.floorMod(o.toMove() - seat, players) == r ? 1f : 0f);
        }
        for (int ph = 0; ph < 7; ph++) {
            v.add(o.phase().ordinal() == ph ? 1f : 0f);
        }
        v.add(o.takenThisTurn() / 2f);
        v.add(o.freedThisTurn() / 3f);
        v.add(o.returnsThisTurn() / 2f);
        v.add(Integer.bitCount(o.ownTokens() & Token.RETURN_MASK) / 2f);
        // row ends
        for (int r = 0; r < 4; r++) {
            int left = -1;
            int right = -1;
            for (int col = 0; col < 12; col++) {
                if ((table >>> (r * 12 + col) & 1) != 0) {
                    right = r * 12 + col;
                    if (left < 0) {
                        left = right;
                    }
                }
            }
            for (int pos : new int[]{left, right}) {
                float[] e = new float[14 + players];
                if (pos >= 0) {
                    Card c = layout.card(pos);
                    e[c.region().ordinal()] = 1;
                    e[9] = c.shields() == 2 ? 1 : 0;
                    if (c.symbol() != null) {
                        e[10 + c.symbol().ordinal()] = 1;
                    }
                    e[13] = (o.tokenPlaces() >>> pos & 1) != 0 ? 1 : 0;
                    for (int p = 0; p < players; p++) {
                        if ((o.markers(p) >>> pos & 1) != 0) {
                            e[14 + Math.floorMod(p - seat, players)] = 1;
                        }
                    }
                }
                for (float x : e) {
                    v.add(x);
                }
            }
        }
        // categories
        boolean shared = o.rules().majority() == Rules.Majority.SHARED;
        for (int cat = 0; cat < 12; cat++) {
            int[] count = new int[players];
            boolean[] has = new boolean[players];
            int[] marks = new int[players];
            int left = 0;
            for (int pos = 0; pos < 48; pos++) {
                Card c = layout.card(pos);
                int n = cat < 9 ? (c.region().ordinal() == cat ? c.shields() : 0)
                        : (c.symbol() != null && c.symbol().ordinal() == cat - 9 ? 1 : 0);
                if (n == 0) {
                    continue;
                }
                if ((table >>> pos & 1) != 0) {
                    left += n;
                    for (int p = 0; p < players; p++) {
                        marks[p] += (o.markers(p) >>> pos & 1) != 0 ? 1 : 0;
                    }
                }
                for (int p = 0; p < players; p++) {
                    if ((o.hand(p) >>> pos & 1) != 0) {
                        count[p] += n;
                        has[p] = true;
                    }
                }
            }
            int tok = o.ownTokens() >>> cat & 1;
            int mine = count[seat] + tok;
            int others = 0;
            for (int p = 0; p < players; p++) {
                if (p != seat) {
                    others = Math.max(others, count[p]);
                }
            }
            int reach = others + left + (1 - tok);
            v.add(left / 10f);
            v.add((float) tok);
            v.add(mine > 0 && (shared ? mine >= reach : mine > reach) ? 1f : 0f);
            v.add(others > 0 && (shared ? others > mine + left : others >= mine + left) ? 1f : 0f);
            for (int r = 0; r < players; r++) {
                int p = (seat + r) % players;
                v.add((count[p] + (p == seat ? tok : 0)) / 10f);
                v.add(has[p] ? 1f : 0f);
                v.add(marks[p] / 3f);
            }
        }
        // players: the score from the view state (unknown tokens score nothing)
        GameState view = o.newState();
        o.toViewState(view);
        int[] scores = new int[players];
        view.scores(scores);
        for (int r = 0; r < players; r++) {
            int p = (seat + r) % players;
            v.add(o.reserve(p) / 3f);
            v.add(o.boxed(p) / 3f);
            v.add(Long.bitCount(o.markers(p)) / 3f);
            v.add(o.tokenCount(p) / 8f);
            v.add(o.usedReturns(p) / 2f);
            v.add(o.nonReturnAtLeast(p) / 8f);
            v.add(o.cardCount(p) / 24f);
            v.add(scores[p] / 50f);
        }
        float[] out = new float[v.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = v.get(k);
        }
        assertFalse(Symbol.COUNT != 3);
        return out;
    }
}
