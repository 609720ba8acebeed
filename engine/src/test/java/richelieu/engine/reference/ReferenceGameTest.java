package richelieu.engine.reference;

import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.IllegalActionException;
import richelieu.engine.Phase;
import richelieu.engine.Region;
import richelieu.engine.Rules;
import richelieu.engine.Symbol;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static richelieu.engine.reference.TestDecks.DECK;
import static richelieu.engine.reference.TestDecks.PLAIN_TOKENS;
import static richelieu.engine.reference.TestDecks.doubleCard;
import static richelieu.engine.reference.TestDecks.plainCard;
import static richelieu.engine.reference.TestDecks.symbolCard;

/**
 * Tests of the reference model itself, against the rulebooks' worked examples and the rules of
 * docs/rules.md. Most tests
 * use {@link TestDecks#standardTestLayout()}, whose row ends are fixed (see there).
 */
class ReferenceGameTest {

    private static int[] standardTestLayout() {
        return TestDecks.standardTestLayout();
    }

    private static ReferenceGame game(Rules rules) {
        return new ReferenceGame(rules, DECK, standardTestLayout(), PLAIN_TOKENS);
    }

    private static List<Integer> takes(int... positions) {
        List<Integer> out = new ArrayList<>();
        for (int p : positions) {
            out.add(Action.take(p));
        }
        return out;
    }

    /** Ends the current player's turn choosing the cheapest option at each remaining decision point. */
    private static void finishTurn(ReferenceGame g) {
        int p = g.toMove();
        int turn = g.turn();
        while (!g.isOver() && g.toMove() == p && g.turn() == turn) {
            switch (g.phase()) {
                case TAKE_SECOND:
                    g.apply(Action.STOP);
                    break;
                case MARKER:
                    g.apply(Action.SKIP);
                    break;
                case LATE_RETURNS:
                    g.apply(Action.END_RETURNS);
                    break;
                case PAY:
                    g.apply(g.legalActions().get(0));
                    break;
                default:
                    throw new AssertionError("finishTurn cannot go on from " + g.phase());
            }
        }
    }

    private static void stopSecond(ReferenceGame g) {
        if (g.phase() == Phase.TAKE_SECOND) {
            g.apply(Action.STOP);
        }
    }

    /** One whole turn: take the card at {@code position}, then stop, pay, skip as needed. */
    private static void turnTaking(ReferenceGame g, int position) {
        g.apply(Action.take(position));
        finishTurn(g);
    }

    // ------------------------------------------------------------------ scoring (worked examples)

    private static List<List<Integer>> lists(List<Integer> a, List<Integer> b) {
        List<List<Integer>> out = new ArrayList<>();
        out.add(a);
        out.add(b);
        return out;
    }

    @Test
    void regionPoints_example1_fiveShieldsPlusTokenBeatsFive_R18() {
        // A: double + double + sword = 5 Bourgogne shields and the Bourgogne token; B: the other 5.
        List<Integer> a = List.of(doubleCard(Region.BOURGOGNE, 0), doubleCard(Region.BOURGOGNE, 1),
                symbolCard(Region.BOURGOGNE, Symbol.SWORD));
        List<Integer> b = List.of(doubleCard(Region.BOURGOGNE, 2), symbolCard(Region.BOURGOGNE, Symbol.CROSS),
                symbolCard(Region.BOURGOGNE, Symbol.TOWER), plainCard(Region.BOURGOGNE));
        List<List<Integer>> tokens = lists(List.of(Region.BOURGOGNE.ordinal()), List.of());
        int[] pts = ReferenceScoring.regionPoints(Rules.standard(2), DECK, lists(a, b), tokens, Region.BOURGOGNE);
        assertArrayEquals(new int[]{6, 0}, pts);
    }

    @Test
    void regionPoints_example2_equalCounts_nobodyScores_R18() {
        List<Integer> a = List.of(doubleCard(Region.NORMANDIE, 0), doubleCard(Region.NORMANDIE, 1));
        List<Integer> b = List.of(symbolCard(Region.NORMANDIE, Symbol.SWORD),
                symbolCard(Region.NORMANDIE, Symbol.CROSS),
                symbolCard(Region.NORMANDIE, Symbol.TOWER), plainCard(Region.NORMANDIE));
        int[] pts = ReferenceScoring.regionPoints(Rules.standard(2), DECK, lists(a, b), lists(List.of(), List.of()),
                Region.NORMANDIE);
        assertArrayEquals(new int[]{0, 0}, pts);
    }

    @Test
    void regionPoints_example3_tokenAloneDoesNotAvoidPenalty_R18() {
        List<Integer> b = TestDecks.regionCards(Region.PROVENCE);
        assertEquals(5, b.size());
        List<List<Integer>> tokens = lists(List.of(Region.PROVENCE.ordinal()), List.of());
        int[] pts = ReferenceScoring.regionPoints(Rules.standard(2), DECK, lists(List.of(), b), tokens,
                Region.PROVENCE);
        assertArrayEquals(new int[]{-5, 7}, pts);
    }

    @Test
    void symbolPoints_example4_fiveCrossesAgainstFour_fiveScores_R19() {
        List<Integer> crosses = TestDecks.symbolCards(Symbol.CROSS);
        List<Integer> a = crosses.subList(0, 5);
        List<Integer> b = crosses.subList(5, 9);
        int crossToken = 9 + Symbol.CROSS.ordinal();
        int[] boxed = ReferenceScoring.symbolPoints(Rules.standard(2), DECK, lists(a, b),
                lists(List.of(), List.of()), Symbol.CROSS);
        assertArrayEquals(new int[]{5, 0}, boxed);
        int[] bHasToken = ReferenceScoring.symbolPoints(Rules.standard(2), DECK, lists(a, b),
                lists(List.of(), List.of(crossToken)), Symbol.CROSS);
        assertArrayEquals(new int[]{0, 0}, bHasToken);
    }

    @Test
    void symbolPoints_noCardShowingSymbol_minusFive_R19() {
        List<Integer> a = List.of(symbolCard(Region.ANJOU, Symbol.SWORD));
        int swordToken = 9 + Symbol.SWORD.ordinal();
        int[] pts = ReferenceScoring.symbolPoints(Rules.standard(2), DECK, lists(a, List.of()),
                lists(List.of(), List.of(swordToken)), Symbol.SWORD);
        // both count 1 (card / token): tie, nobody scores; B shows no sword card: -5
        assertArrayEquals(new int[]{0, -5}, pts);
    }

    @Test
    void scores_gameStart_everyPenalty_R18_R19_R23() {
        assertArrayEquals(new int[]{-60, -60}, game(Rules.standard(2)).scores());
        assertArrayEquals(new int[]{0, 0, 0}, game(Rules.standard(3)).scores());
        assertArrayEquals(new int[]{0, 0, 0, 0}, game(Rules.standard(4)).scores());
    }

    @Test
    void scores_afterFirstTakeOfDouble_majorityAndPenalties_R18() {
        ReferenceGame g = game(Rules.standard(2));
        g.apply(Action.take(0)); // Bourgogne double
        // seat 0: Bourgogne 2 (strict majority) - 8 regions * 5 - 3 symbols * 5
        assertArrayEquals(new int[]{2 - 40 - 15, -60}, g.scores());
    }

    @Test
    void regionPoints_threePlayersTiedForHighest_allScore_R22_R23() {
        List<List<Integer>> hands = List.of(List.of(doubleCard(Region.BOURGOGNE, 0)),
                List.of(doubleCard(Region.BOURGOGNE, 1)), List.of(symbolCard(Region.BOURGOGNE, Symbol.SWORD)));
        List<List<Integer>> noTokens = List.of(List.of(), List.of(), List.of());
        assertArrayEquals(new int[]{2 + 2, 2 + 2, 2},
                ReferenceScoring.regionPoints(Rules.standard(3), DECK, hands, noTokens, Region.BOURGOGNE));
        // with the Bourgogne token the third player ties too
        List<List<Integer>> cToken = List.of(List.of(), List.of(), List.of(Region.BOURGOGNE.ordinal()));
        assertArrayEquals(new int[]{4, 4, 4},
                ReferenceScoring.regionPoints(Rules.standard(3), DECK, hands, cToken, Region.BOURGOGNE));
        // the same hands under the two-player strict rule (made a 3-seat rule) score no majority
        Rules strict = new Rules(3, Rules.Variant.BASE, Rules.ReturnTiming.START_OF_TURN, true, 3,
                Rules.Majority.STRICT, -5, -5, 0, true);
        assertArrayEquals(new int[]{0, 0, 0},
                ReferenceScoring.regionPoints(strict, DECK, hands, noTokens, Region.BOURGOGNE));
    }

    @Test
    void regionPoints_fourPlayersNobodyHolds_zeroNoPenalty_R22_R23() {
        List<List<Integer>> hands = List.of(List.of(), List.of(), List.of(), List.of());
        assertArrayEquals(new int[]{0, 0, 0, 0},
                ReferenceScoring.regionPoints(Rules.standard(4), DECK, hands, hands, Region.ANJOU));
        assertArrayEquals(new int[]{0, 0, 0, 0},
                ReferenceScoring.symbolPoints(Rules.standard(4), DECK, hands, hands, Symbol.TOWER));
    }

    @Test
    void scores_threePlayers_regionBonusAndSharedSymbols_R22_R23() {
        // A: Anjou sword + Bourbon sword; B: Auvergne sword; C: nothing
        List<List<Integer>> hands = List.of(
                List.of(symbolCard(Region.ANJOU, Symbol.SWORD), symbolCard(Region.BOURBON, Symbol.SWORD)),
                List.of(symbolCard(Region.AUVERGNE, Symbol.SWORD)), List.of());
        List<List<Integer>> tokens = List.of(List.of(), List.of(9 + Symbol.SWORD.ordinal()), List.of());
        // A: Anjou 1 + 2, Bourbon 1 + 2, sword 2 (tied with B's card + token) = 8
        // B: Auvergne 1 + 2, sword 2 = 5; C: 0
        assertArrayEquals(new int[]{8, 5, 0}, ReferenceScoring.scores(Rules.standard(3), DECK, hands, tokens));
    }

    @Test
    void winners_equalTotals_fewerCardsWin_thenDraw_R20_R24() {
        Rules two = Rules.standard(2);
        assertEquals(List.of(1), ReferenceScoring.winners(two, new int[]{10, 10}, new int[]{24, 22}));
        assertEquals(List.of(0, 1), ReferenceScoring.winners(two, new int[]{10, 10}, new int[]{23, 23}));
        assertEquals(List.of(0), ReferenceScoring.winners(two, new int[]{11, 10}, new int[]{30, 18}));
        Rules four = Rules.standard(4);
        assertEquals(List.of(1, 3), ReferenceScoring.winners(four, new int[]{7, 9, 8, 9}, new int[]{10, 12, 11, 12}));
        assertEquals(List.of(3), ReferenceScoring.winners(four, new int[]{7, 9, 8, 9}, new int[]{10, 13, 11, 12}));
        Rules noCardTie = new Rules(2, Rules.Variant.BASE, Rules.ReturnTiming.START_OF_TURN, true, 3,
                Rules.Majority.STRICT, -5, -5, 0, false);
        assertEquals(List.of(0, 1), ReferenceScoring.winners(noCardTie, new int[]{10, 10}, new int[]{24, 22}));
    }

    // ------------------------------------------------------------------ taking (R9, page-19 example)

    @Test
    void legalActions_firstTurn_everyEndCardIncludingDoubles_R9() {
        ReferenceGame g = game(Rules.standard(2));
        assertEquals(Phase.TAKE_FIRST, g.phase());
        assertEquals(takes(0, 11, 12, 23, 24, 35, 36, 47), g.legalActions());
    }

    @Test
    void apply_firstTurnSingle_noSecondCard_R9() {
        ReferenceGame g = game(Rules.standard(2));
        g.apply(Action.take(36)); // Bourgogne cross; 24, 37, 47 are Bourgogne singles at ends now
        assertEquals(Phase.MARKER, g.phase());
        assertEquals(0, g.toMove());
        assertEquals(List.of(36), g.hand(0));
    }

    @Test
    void apply_laterTurnSingle_secondCardOfRegionOffered_R9() {
        ReferenceGame g = game(Rules.standard(2));
        turnTaking(g, 23);
        g.apply(Action.take(36));
        assertEquals(Phase.TAKE_SECOND, g.phase());
        List<Integer> expected = takes(24, 37, 47);
        expected.add(Action.STOP);
        assertEquals(expected, g.legalActions());
    }

    @Test
    void apply_doubleTaken_noSecondCard_page19() {
        ReferenceGame g = game(Rules.standard(2));
        turnTaking(g, 23);
        g.apply(Action.take(0)); // Bourgogne double while Bourgogne singles lie at 24, 36, 47
        assertEquals(Phase.MARKER, g.phase());
        assertEquals(1, g.toMove());
    }

    @Test
    void apply_twoSinglesOfOneRegionFromTwoRows_page19() {
        ReferenceGame g = game(Rules.standard(2));
        turnTaking(g, 23);
        g.apply(Action.take(11)); // Bretagne sword
        assertEquals(List.of(Action.take(12), Action.STOP), g.legalActions());
        g.apply(Action.take(12)); // Bretagne cross, another row
        assertEquals(Phase.MARKER, g.phase());
        assertEquals(List.of(11, 12), g.hand(1));
    }

    @Test
    void apply_ownMarkedEndThenUncoveredCard_markerBackNoThirdCard_page19_R10() {
        ReferenceGame g = game(Rules.standard(2));
        g.apply(Action.take(23));
        g.apply(Action.place(36));
        assertEquals(2, g.reserve(0));
        turnTaking(g, 35);
        g.apply(Action.take(36)); // own marker
        assertEquals(3, g.reserve(0));
        assertEquals(List.of(), g.markers(0));
        assertTrue(g.legalActions().contains(Action.take(37)), "the uncovered card may be the second");
        g.apply(Action.take(37));
        assertEquals(Phase.MARKER, g.phase());
        for (int a : g.legalActions()) {
            assertFalse(Action.type(a) == Action.T_TAKE, "no third card");
        }
        assertEquals(List.of(23, 36, 37), g.hand(0));
    }

    @Test
    void apply_singleThenDoubleOfSameRegion_rejected_page19() {
        ReferenceGame g = game(Rules.standard(2));
        turnTaking(g, 23);
        g.apply(Action.take(24)); // Bourgogne sword; the Bourgogne double at 0 is an end
        assertRejected(g, Action.take(0), "R9");
    }

    @Test
    void apply_notAnEndCard_rejected_R9() {
        ReferenceGame g = game(Rules.standard(2));
        assertRejected(g, Action.take(5), "R9");
        assertEquals(48, g.table().size());
    }

    /** {@code action} is refused, citing {@code rule}, and changes nothing. */
    private static void assertRejected(ReferenceGame g, int action, String rule) {
        String before = g.toString();
        IllegalActionException e = assertThrows(IllegalActionException.class, () -> g.apply(action));
        assertTrue(e.getMessage().startsWith(rule), e.getMessage());
        assertEquals(before, g.toString());
    }

    @Test
    void apply_tokenCard_tokenGoesToTaker_R13() {
        int[] tokens = TestDecks.RETURN_ON_7;
        ReferenceGame g = new ReferenceGame(Rules.standard(2), DECK, standardTestLayout(), tokens);
        turnTaking(g, 11);
        turnTaking(g, 10);
        turnTaking(g, 9);
        turnTaking(g, 8);
        assertTrue(g.tokenPlaces().contains(7));
        turnTaking(g, 7);
        assertEquals(List.of(12), g.heldTokens(0));
        assertFalse(g.tokenPlaces().contains(7));
        assertEquals(7, g.tokenPlaces().size());
    }

    // ------------------------------------------------------------------ paying (R11)

    @Test
    void apply_takeOpponentMarked_ownerGetsMarkerBackTakerPays_R11() {
        ReferenceGame g = game(Rules.standard(2));
        g.apply(Action.take(23));
        g.apply(Action.place(0));
        g.apply(Action.take(0));
        assertEquals(Phase.PAY, g.phase());
        assertEquals(3, g.reserve(0));
        assertEquals(List.of(), g.markers(0));
        assertEquals(List.of(Action.PAY_RESERVE), g.legalActions());
        g.apply(Action.PAY_RESERVE);
        assertEquals(2, g.reserve(1));
        assertEquals(1, g.boxed(1));
        assertEquals(Phase.MARKER, g.phase()); // a double: no second card
    }

    @Test
    void legalActions_payWithMarkerOnTable_offered_R11() {
        ReferenceGame g = game(Rules.standard(2));
        g.apply(Action.take(23));
        g.apply(Action.place(0));
        g.apply(Action.take(35));
        g.apply(Action.place(30));
        turnTaking(g, 47);
        g.apply(Action.take(0));
        assertEquals(List.of(Action.PAY_RESERVE, Action.payMarker(30)), g.legalActions());
        g.apply(Action.payMarker(30));
        assertEquals(List.of(), g.markers(1));
        assertEquals(1, g.boxed(1));
        assertEquals(2, g.reserve(1));
    }

    /**
     * Plays to the position where seat 1 (reserve 0, boxed 2, one marker on 24) takes its own marked
     * card 24 and could take seat 0's marked 36 as the second card, paying only with the marker R10
     * just freed.
     */
    private static ReferenceGame freedMarkerPosition(boolean freedPayable) {
        ReferenceGame g = game(Rules.standard(2).withFreedMarkersPayable(freedPayable));
        g.apply(Action.take(23));
        g.apply(Action.place(11));
        g.apply(Action.take(11));
        assertEquals(List.of(Action.PAY_RESERVE), g.legalActions());
        g.apply(Action.PAY_RESERVE);
        stopSecond(g);
        g.apply(Action.place(24));
        g.apply(Action.take(35));
        g.apply(Action.place(12));
        g.apply(Action.take(12));
        assertEquals(List.of(Action.PAY_RESERVE, Action.payMarker(24)), g.legalActions());
        g.apply(Action.PAY_RESERVE);
        assertEquals(Phase.MARKER, g.phase()); // reserve empty: moves only
        g.apply(Action.SKIP);
        g.apply(Action.take(0));
        g.apply(Action.place(36));
        assertEquals(0, g.reserve(1));
        assertEquals(2, g.boxed(1));
        assertEquals(List.of(24), g.markers(1));
        g.apply(Action.take(24));
        assertEquals(1, g.reserve(1));
        return g;
    }

    @Test
    void legalActions_freedMarkersPayable_secondOpponentCardAllowed_R11() {
        ReferenceGame g = freedMarkerPosition(true);
        assertEquals(List.of(Action.take(36), Action.take(47), Action.STOP), g.legalActions());
        g.apply(Action.take(36));
        assertEquals(List.of(Action.PAY_RESERVE), g.legalActions());
        g.apply(Action.PAY_RESERVE);
        assertEquals(3, g.boxed(1));
        assertEquals(0, g.reserve(1));
        assertEquals(0, g.toMove()); // nothing to place or move: the marker step is not entered
    }

    @Test
    void legalActions_freedMarkersNotPayable_secondOpponentCardRefused_R11() {
        ReferenceGame g = freedMarkerPosition(false);
        assertEquals(List.of(Action.take(47), Action.STOP), g.legalActions());
        assertRejected(g, Action.take(36), "R11");
    }

    @Test
    void legalActions_allMarkersBoxed_cannotTakeOpponentMarked_R11() {
        ReferenceGame g = freedMarkerPosition(true);
        g.apply(Action.take(36));
        g.apply(Action.PAY_RESERVE);
        g.apply(Action.take(47)); // seat 0; 37 (Bourgogne tower) is now an end
        stopSecond(g);
        g.apply(Action.place(37));
        assertEquals(1, g.toMove());
        assertEquals(3, g.boxed(1));
        List<Integer> legal = g.legalActions();
        assertFalse(legal.contains(Action.take(37)));
        assertFalse(legal.isEmpty());
        assertRejected(g, Action.take(37), "R11");
    }

    // ------------------------------------------------------------------ markers (R15, R21)

    @Test
    void legalActions_reserveEmpty_movesOwnMarkersToFreeCards_R15() {
        ReferenceGame g = game(Rules.standard(2));
        g.apply(Action.take(23));
        g.apply(Action.place(5));
        turnTaking(g, 35);
        g.apply(Action.take(0));
        g.apply(Action.place(6));
        turnTaking(g, 47);
        g.apply(Action.take(22));
        g.apply(Action.place(30));
        turnTaking(g, 46);
        g.apply(Action.take(34));
        stopSecond(g);
        assertEquals(0, g.reserve(0));
        assertEquals(Phase.MARKER, g.phase());
        List<Integer> expected = new ArrayList<>();
        for (int f : List.of(5, 6, 30)) {
            for (int t : g.table()) {
                if (t != 5 && t != 6 && t != 30) {
                    expected.add(Action.move(f, t));
                }
            }
        }
        expected.add(Action.SKIP);
        assertEquals(expected, g.legalActions());
        g.apply(Action.move(30, 31));
        assertEquals(List.of(5, 6, 31), g.markers(0));
        assertEquals(0, g.reserve(0));
    }

    @Test
    void legalActions_markerOnEveryKindOfFreeCard_placeOffered_R15() {
        ReferenceGame g = game(Rules.standard(2));
        g.apply(Action.take(23));
        List<Integer> expected = new ArrayList<>();
        for (int t : g.table()) {
            expected.add(Action.place(t)); // ends and token cards included
        }
        expected.add(Action.SKIP);
        assertEquals(expected, g.legalActions());
        assertTrue(g.legalActions().contains(Action.place(4)), "a card with a token is fine");
        g.apply(Action.place(4));
        turnTaking(g, 35);
        g.apply(Action.take(0));
        assertFalse(g.legalActions().contains(Action.place(4)), "a marked card takes no second marker");
    }

    private static ReferenceGame twoMarkersPlaced(int players) {
        ReferenceGame g = game(Rules.standard(players));
        g.apply(Action.take(23));
        g.apply(Action.place(5));
        int[] others = {35, 47, 46, 45, 44, 43, 42};
        int o = 0;
        while (g.toMove() != 0) {
            turnTaking(g, others[o++]);
        }
        g.apply(Action.take(0));
        g.apply(Action.place(6));
        while (g.toMove() != 0) {
            turnTaking(g, others[o++]);
        }
        return g;
    }

    @Test
    void apply_fourPlayersTwoMarkersOnTable_noMarkerStep_R21() {
        ReferenceGame g = twoMarkersPlaced(4);
        g.apply(Action.take(22));
        assertEquals(1, g.toMove(), "with 4 players the cap of 2 markers skips the marker step");
        assertEquals(1, g.reserve(0));
        assertEquals(List.of(5, 6), g.markers(0));
    }

    @Test
    void apply_threePlayersTwoMarkersOnTable_thirdMayBePlaced_R21() {
        ReferenceGame g = twoMarkersPlaced(3);
        g.apply(Action.take(22));
        assertEquals(Phase.MARKER, g.phase());
        assertTrue(g.legalActions().contains(Action.place(7)));
    }

    // ------------------------------------------------------------------ return tokens (R8)

    /** Seat 1 boxes one marker (turn 1) and takes a return token at position 7 (turn 9). */
    private static ReferenceGame returnTokenLine(Rules.ReturnTiming timing) {
        int[] tokens = TestDecks.RETURN_ON_7;
        ReferenceGame g = new ReferenceGame(Rules.standard(2).withReturnTiming(timing), DECK, standardTestLayout(),
                tokens);
        g.apply(Action.take(23));
        g.apply(Action.place(11));
        turnTaking(g, 11); // pays from the reserve
        assertEquals(1, g.boxed(1));
        turnTaking(g, 47);
        turnTaking(g, 10);
        turnTaking(g, 46);
        turnTaking(g, 9);
        turnTaking(g, 45);
        turnTaking(g, 8);
        turnTaking(g, 44);
        g.apply(Action.take(7));
        stopSecond(g);
        assertEquals(List.of(12), g.heldTokens(1));
        return g;
    }

    @Test
    void startOfTurn_returnTokenAndBoxedMarker_returnsPhase_R8() {
        ReferenceGame g = returnTokenLine(Rules.ReturnTiming.START_OF_TURN);
        assertEquals(Phase.MARKER, g.phase(), "no use of the token right after taking with START_OF_TURN");
        g.apply(Action.SKIP);
        turnTaking(g, 43);
        assertEquals(1, g.toMove());
        assertEquals(Phase.RETURNS, g.phase());
        assertEquals(List.of(Action.USE_RETURN, Action.END_RETURNS), g.legalActions());
        int reserve = g.reserve(1);
        g.apply(Action.USE_RETURN);
        assertEquals(0, g.boxed(1));
        assertEquals(reserve + 1, g.reserve(1));
        assertEquals(1, g.usedReturns(1));
        assertEquals(List.of(), g.heldTokens(1));
        assertEquals(Phase.TAKE_FIRST, g.phase());
    }

    @Test
    void startOfTurn_declineReturnToken_tokenKept_R8() {
        ReferenceGame g = returnTokenLine(Rules.ReturnTiming.START_OF_TURN);
        g.apply(Action.SKIP);
        turnTaking(g, 43);
        g.apply(Action.END_RETURNS);
        assertEquals(Phase.TAKE_FIRST, g.phase());
        assertEquals(List.of(12), g.heldTokens(1));
        assertEquals(1, g.boxed(1));
        assertEquals(0, g.usedReturns(1));
    }

    @Test
    void afterTaking_returnTokenJustTaken_lateReturnsPhase_R8() {
        ReferenceGame g = returnTokenLine(Rules.ReturnTiming.START_AND_AFTER_TAKING);
        assertEquals(Phase.LATE_RETURNS, g.phase());
        assertEquals(List.of(Action.USE_RETURN, Action.END_RETURNS), g.legalActions());
        g.apply(Action.USE_RETURN);
        assertEquals(0, g.boxed(1));
        assertEquals(1, g.usedReturns(1));
        assertEquals(Phase.MARKER, g.phase());
    }

    @Test
    void startOfTurn_returnTokenWithoutBoxedMarker_noReturnsPhase_R8() {
        int[] tokens = TestDecks.RETURN_ON_7;
        ReferenceGame g = new ReferenceGame(Rules.standard(2), DECK, standardTestLayout(), tokens);
        turnTaking(g, 11);
        turnTaking(g, 10);
        turnTaking(g, 9);
        turnTaking(g, 8);
        turnTaking(g, 7); // seat 0 takes the return token, nothing boxed
        turnTaking(g, 47);
        assertEquals(List.of(12), g.heldTokens(0));
        assertEquals(Phase.TAKE_FIRST, g.phase());
    }

    // ------------------------------------------------------------------ passing (R14), invariants

    /** A policy that seeks payments and end-card markers, so that players run out of markers and pass. */
    private static int aggressive(ReferenceGame g, SplittableRandom rng) {
        List<Integer> legal = g.legalActions();
        List<Integer> preferred = new ArrayList<>();
        for (int a : legal) {
            int t = Action.type(a);
            if (t == Action.T_TAKE) {
                int owner = g.markerOwner(Action.position(a));
                if (owner >= 0 && owner != g.toMove()) {
                    preferred.add(a);
                }
            } else if (t == Action.T_PLACE || t == Action.T_MOVE) {
                if (TableEnds.isEnd(g, Action.position(a))) {
                    preferred.add(a);
                }
            } else if (t == Action.T_END_RETURNS) {
                preferred.add(a);
            }
        }
        if (!preferred.isEmpty() && rng.nextInt(10) < 8) {
            return preferred.get(rng.nextInt(preferred.size()));
        }
        return legal.get(rng.nextInt(legal.size()));
    }

    private static ReferenceGame randomGame(Rules rules, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int[] cards = shuffled(ReferenceGame.POSITIONS, rng);
        int[] placed = Arrays.copyOf(shuffled(14, rng), 8);
        return new ReferenceGame(rules, DECK, cards, placed);
    }

    /** 0 … n-1 in a random order (Fisher–Yates). */
    private static int[] shuffled(int n, SplittableRandom rng) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    @Test
    void legalActions_noTakePossible_onlyPass_R14() {
        int passes = 0;
        for (long seed = 1; seed <= 60 && passes < 20; seed++) {
            ReferenceGame g = randomGame(Rules.standard(2 + (int) (seed % 3)), seed);
            SplittableRandom rng = new SplittableRandom(seed * 7919);
            while (!g.isOver()) {
                List<Integer> legal = g.legalActions();
                if (legal.contains(Action.PASS)) {
                    passes++;
                    int p = g.toMove();
                    assertEquals(List.of(Action.PASS), legal);
                    assertEquals(Phase.TAKE_FIRST, g.phase());
                    assertEquals(Rules.MARKERS, g.boxed(p), "a passer has every marker boxed");
                    assertFalse(g.heldTokens(p).contains(12) || g.heldTokens(p).contains(13),
                            "a passer holds no return token");
                    for (int e : TableEnds.of(g)) {
                        int owner = g.markerOwner(e);
                        assertTrue(owner >= 0 && owner != p, "every end card carries an opponent's marker");
                    }
                    int turn = g.turn();
                    List<Integer> hand = g.hand(p);
                    g.apply(Action.PASS);
                    assertEquals(turn + 1, g.turn());
                    assertEquals((p + 1) % g.rules().players(), g.toMove());
                    assertEquals(hand, g.hand(p));
                    continue;
                }
                g.apply(aggressive(g, rng));
            }
        }
        assertTrue(passes >= 20, "found only " + passes + " passes");
    }

    /** Cards, markers and tokens are conserved, legal sets are ascending and usable, illegal actions change nothing. */
    @Test
    void apply_randomGamesEveryMode_invariantsHold_R4_R13_R21() {
        int steps = 0;
        for (int players = 2; players <= 4; players++) {
            for (Rules.Variant v : Rules.Variant.values()) {
                for (Rules.ReturnTiming timing : Rules.ReturnTiming.values()) {
                    for (boolean freed : new boolean[]{true, false}) {
                        Rules rules = Rules.standard(players).withVariant(v).withReturnTiming(timing)
                                .withFreedMarkersPayable(freed);
                        for (long seed = 1; seed <= 3; seed++) {
                            ReferenceGame g = randomGame(rules, seed * 1000 + players);
                            SplittableRandom rng = new SplittableRandom(seed);
                            while (!g.isOver()) {
                                List<Integer> legal = g.legalActions();
                                assertFalse(legal.isEmpty());
                                for (int i = 1; i < legal.size(); i++) {
                                    assertTrue(legal.get(i - 1) < legal.get(i), "ascending, distinct");
                                }
                                int bogus = Action.place(rng.nextInt(48));
                                if (!legal.contains(bogus)) {
                                    String before = g.toString();
                                    assertThrows(IllegalActionException.class, () -> g.apply(bogus));
                                    assertEquals(before, g.toString());
                                }
                                int a = rng.nextBoolean() ? aggressive(g, rng) : legal.get(rng.nextInt(legal.size()));
                                g.apply(a);
                                steps++;
                                checkInvariants(g);
                            }
                            assertTrue(g.table().isEmpty() || v == Rules.Variant.THREE_ROW);
                            assertFalse(g.winners().isEmpty());
                        }
                    }
                }
            }
        }
        assertTrue(steps > 5000, "steps " + steps);
    }

    private static void checkInvariants(ReferenceGame g) {
        int n = g.rules().players();
        int cards = g.table().size();
        int tokens = g.tokenPlaces().size();
        for (int p = 0; p < n; p++) {
            cards += g.hand(p).size();
            tokens += g.heldTokens(p).size() + g.usedReturns(p);
            assertEquals(Rules.MARKERS, g.reserve(p) + g.boxed(p) + g.markers(p).size(), "R4: 3 markers");
            assertTrue(g.markers(p).size() <= g.rules().maxMarkersOnTable(), "R21 cap");
            for (int m : g.markers(p)) {
                assertTrue(g.table().contains(m), "markers lie on table cards");
            }
        }
        assertEquals(48, cards, "cards conserved");
        assertEquals(8, tokens, "tokens conserved");
    }

    // ------------------------------------------------------------------ the end (R17)

    /** Takes the lowest legal card every turn, one card, no markers: rows empty in order 0, 1, 2, 3. */
    private static ReferenceGame playRowByRow(Rules.Variant variant, int expectedTurns) {
        ReferenceGame g = game(Rules.standard(2).withVariant(variant));
        while (!g.isOver()) {
            List<Integer> legal = g.legalActions();
            assertEquals(Phase.TAKE_FIRST, g.phase());
            int emptyRows = 0;
            for (int r = 0; r < ReferenceGame.ROWS; r++) {
                final int row = r;
                if (g.table().stream().noneMatch(p -> p / ReferenceGame.COLS == row)) {
                    emptyRows++;
                }
            }
            assertTrue(emptyRows < (variant == Rules.Variant.THREE_ROW ? 3 : 4), "the game should have ended");
            g.apply(legal.get(0));
            finishTurn(g);
        }
        assertEquals(expectedTurns, g.turn());
        return g;
    }

    @Test
    void isOver_threeRowVariant_endsWhenThirdRowEmpties_lastRowOutOfGame_R17() {
        ReferenceGame g = playRowByRow(Rules.Variant.THREE_ROW, 36);
        List<Integer> lastRow = new ArrayList<>();
        for (int p = 36; p < 48; p++) {
            lastRow.add(p);
        }
        assertEquals(lastRow, g.table());
        assertEquals(List.of(37, 46), g.tokenPlaces());
        assertEquals(18, g.hand(0).size());
        assertEquals(18, g.hand(1).size());
        assertEquals(6, g.heldTokens(0).size() + g.heldTokens(1).size());
        assertEquals(List.of(), g.legalActions());
    }

    @Test
    void isOver_baseGame_endsWhenTableEmpty_R17() {
        ReferenceGame g = playRowByRow(Rules.Variant.BASE, 48);
        assertTrue(g.table().isEmpty());
        assertEquals(Phase.GAME_OVER, g.phase());
        assertEquals(8, g.heldTokens(0).size() + g.heldTokens(1).size());
        assertRejected(g, Action.SKIP, "R17");
    }

    @Test
    void copy_isIndependent() {
        ReferenceGame g = game(Rules.standard(3));
        ReferenceGame c = g.copy();
        g.apply(Action.take(0));
        assertEquals(48, c.table().size());
        assertEquals(Phase.TAKE_FIRST, c.phase());
        assertEquals(List.of(0), g.hand(0));
        assertEquals(List.of(), c.hand(0));
    }
}
