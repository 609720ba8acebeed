package richelieu.engine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static richelieu.engine.Scenario.pos;

/**
 * One or more tests per rule of docs/rules.md, named after the rule id; the rulebooks' worked
 * examples (docs/rules.md, section 9) among them.
 */
class RulesTest {
    private static final Rules TWO = Rules.twoPlayer();

    static List<String> legal(GameState s) {
        int[] buf = new int[Action.MAX_LEGAL];
        int n = s.legalActions(buf);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Action.toString(buf[i]));
        }
        return out;
    }

    static IllegalActionException rejected(GameState s, int action) {
        return assertThrows(IllegalActionException.class, () -> s.apply(action));
    }

    // ------------------------------------------------------------------ components

    @Test
    void standardDeck_has48CardsWithOneOrTwoShields_R1() {
        Deck d = Deck.standard();
        assertEquals(48, d.cards().size());
        for (Card c : d.cards()) {
            assertTrue(c.shields() == 1 || c.shields() == 2);
            assertTrue(c.symbol() == null || c.shields() == 1, "symbols only on one-shield cards");
        }
    }

    @Test
    void standardDeck_eachSymbolOnNineCardsOncePerRegion_R1() {
        Deck d = Deck.standard();
        for (Symbol s : Symbol.values()) {
            assertEquals(9, d.symbolCount(s));
            Set<Region> regions = new HashSet<>();
            for (Card c : d.cards()) {
                if (c.symbol() == s) {
                    assertTrue(regions.add(c.region()), s + " twice in " + c.region());
                }
            }
            assertEquals(9, regions.size());
        }
    }

    @Test
    void standardDeck_regionShieldsMatchRulesTable_R1() {
        int[] expected = {10, 9, 9, 8, 8, 7, 5, 5, 5};
        for (Region r : Region.values()) {
            assertEquals(expected[r.ordinal()], Deck.standard().regionShields(r), r.displayName());
        }
    }

    @Test
    void regions_inScoringOrder_R2() {
        assertEquals(List.of("Bourgogne", "Bretagne", "Champagne", "Normandie", "Languedoc", "Provence", "Anjou",
                "Bourbon", "Auvergne"), java.util.Arrays.stream(Region.values()).map(Region::displayName).toList());
    }

    @Test
    void deal_places8DistinctTokensAndBoxesTheOther6_R3() {
        Deal d = Deal.generate(Deck.standard(), 99);
        int seen = 0;
        for (int i = 0; i < Layout.TOKEN_PLACES; i++) {
            seen |= 1 << d.placeToken(i);
        }
        for (int t : d.boxTokens()) {
            assertEquals(0, seen >>> t & 1, "token " + t + " both placed and boxed");
            seen |= 1 << t;
        }
        assertEquals(Token.ALL_MASK, seen);
        assertEquals(14, Token.COUNT);
        assertEquals(2, Integer.bitCount(Token.RETURN_MASK));
    }

    @Test
    void newGame_everyPlayerHasThreeMarkersInReserve_R4() {
        for (int n = 2; n <= 4; n++) {
            GameState s = new GameState(Rules.standard(n), Deal.generate(Deck.standard(), n));
            for (int p = 0; p < n; p++) {
                assertEquals(3, s.reserve(p));
                assertEquals(0, s.boxed(p));
                assertEquals(0L, s.markers(p));
            }
        }
    }

    // ------------------------------------------------------------------ set-up

    @Test
    void deal_isAPermutationInFourRowsOfTwelve_R5() {
        Layout l = Deal.generate(Deck.standard(), 5).layout();
        Set<Integer> cards = new HashSet<>();
        for (int p = 0; p < 48; p++) {
            cards.add(l.cardAt(p));
        }
        assertEquals(48, cards.size());
        GameState s = new GameState(TWO, Deal.generate(Deck.standard(), 5));
        for (int r = 0; r < 4; r++) {
            assertEquals(12, Long.bitCount(s.table() & Layout.rowMask(r)));
        }
    }

    @Test
    void deal_isPureFunctionOfSeed_R5() {
        Deal a = Deal.generate(Deck.standard(), 12345);
        Deal b = Deal.generate(Deck.standard(), 12345);
        Deal c = Deal.generate(Deck.standard(), 12346);
        boolean differs = false;
        for (int p = 0; p < 48; p++) {
            assertEquals(a.layout().cardAt(p), b.layout().cardAt(p));
            differs |= a.layout().cardAt(p) != c.layout().cardAt(p);
        }
        for (int i = 0; i < 8; i++) {
            assertEquals(a.placeToken(i), b.placeToken(i));
        }
        assertTrue(differs, "another seed gives another layout");
    }

    @Test
    void tokenPlaces_twoPerRowAtMostOnePerColumn_R6() {
        int[][] expected = {{4, 7}, {3, 8}, {2, 9}, {1, 10}};
        Set<Integer> columns = new HashSet<>();
        for (int r = 0; r < 4; r++) {
            long row = Layout.TOKEN_PLACE_MASK & Layout.rowMask(r);
            assertEquals(2, Long.bitCount(row));
            for (int c : expected[r]) {
                assertTrue((row >>> Layout.position(r, c) & 1) != 0);
                assertTrue(columns.add(c));
            }
        }
        GameState s = new GameState(TWO, Deal.generate(Deck.standard(), 1));
        assertEquals(Layout.TOKEN_PLACE_MASK, s.tokenPlaces());
    }

    @Test
    void turnOrder_seatZeroFirstThenSeatOrder_R7() {
        GameState s = new GameState(Rules.standard(3), Deal.generate(Deck.standard(), 3));
        int[] buf = new int[Action.MAX_LEGAL];
        List<Integer> movers = new ArrayList<>();
        int lastTurn = -1;
        while (movers.size() < 7) {
            if (s.turn() != lastTurn) {
                movers.add(s.toMove());
                lastTurn = s.turn();
            }
            s.legalActions(buf);
            s.apply(buf[0]);
        }
        assertEquals(List.of(0, 1, 2, 0, 1, 2, 0), movers);
    }

    // ------------------------------------------------------------------ R8 return tokens

    @Test
    void returnStep_enteredOnlyWithReturnTokenAndBoxedMarker_R8() {
        GameState noBox = Scenario.of(TWO).row(0, 0, "BouS Bou2").tokens(0, Token.RETURN_A).build();
        assertEquals(Phase.TAKE_FIRST, noBox.phase());
        GameState noToken = Scenario.of(TWO).row(0, 0, "BouS Bou2").boxed(0, 1).build();
        assertEquals(Phase.TAKE_FIRST, noToken.phase());
        GameState both = Scenario.of(TWO).row(0, 0, "BouS Bou2").boxed(0, 1).tokens(0, Token.RETURN_A).build();
        assertEquals(Phase.RETURNS, both.phase());
        assertEquals(List.of("use-return", "end-returns"), legal(both));
    }

    @Test
    void useReturn_movesBoxedMarkerToReserveAndIsCounted_R8() {
        GameState s = Scenario.of(TWO).row(0, 0, "BouS Bou2").boxed(0, 2)
                .tokens(0, Token.RETURN_A, Token.RETURN_B, Token.region(Region.ANJOU)).build();
        s.apply(Action.USE_RETURN);
        assertEquals(2, s.reserve(0));
        assertEquals(1, s.boxed(0));
        assertEquals(1, s.usedReturns(0));
        assertEquals(Phase.RETURNS, s.phase(), "a second return token may be used too");
        s.apply(Action.USE_RETURN);
        assertEquals(3, s.reserve(0));
        assertEquals(0, s.boxed(0));
        assertEquals(1 << Token.region(Region.ANJOU), s.heldTokens(0));
        assertEquals(Phase.TAKE_FIRST, s.phase());
    }

    @Test
    void endReturns_illegalWhenOnlyAReturnTokenMakesATakePossible_R8_R14() {
        // Every end card carries seat 1's marker and all of seat 0's markers are boxed.
        GameState s = Scenario.of(TWO).row(0, 0, "BouS").marker(1, 0, 0).boxed(0, 3).tokens(0, Token.RETURN_A).build();
        assertEquals(List.of("use-return"), legal(s));
        IllegalActionException e = rejected(s, Action.END_RETURNS);
        assertTrue(e.getMessage().startsWith("R14"), e.getMessage());
        s.apply(Action.USE_RETURN);
        assertEquals(List.of("take r0c0"), legal(s));
    }

    @Test
    void endReturns_isPrivate_R8_R26() {
        assertFalse(Action.isPublic(Action.END_RETURNS));
        assertTrue(Action.isPublic(Action.USE_RETURN));
    }

    @Test
    void lateReturnTiming_offersReturnsAfterTakingAJustTakenToken_R8() {
        Rules late = TWO.withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING);
        GameState s = Scenario.of(late).row(0, 4, "Bou2 AnjS").token(0, 4, Token.RETURN_A).boxed(0, 1).build();
        assertEquals(Phase.TAKE_FIRST, s.phase());
        s.apply(Action.take(pos(0, 4)));
        assertEquals(Phase.LATE_RETURNS, s.phase());
        s.apply(Action.USE_RETURN);
        assertEquals(3, s.reserve(0));
        assertEquals(Phase.MARKER, s.phase());
        GameState standard = Scenario.of(TWO).row(0, 4, "Bou2 AnjS").token(0, 4, Token.RETURN_A).boxed(0, 1).build();
        standard.apply(Action.take(pos(0, 4)));
        assertEquals(Phase.MARKER, standard.phase(), "by default returns are used only at the start of a turn");
    }

    // ------------------------------------------------------------------ R9 taking

    @Test
    void take_onlyLeftOrRightEndOfARow_R9() {
        GameState s = Scenario.of(TWO).row(0, 2, "BouS BouC BouT").row(1, 0, "Bre2").build();
        assertEquals(List.of("take r0c2", "take r0c4", "take r1c0"), legal(s));
        IllegalActionException e = rejected(s, Action.take(pos(0, 3)));
        assertTrue(e.getMessage().startsWith("R9") && e.getMessage().contains("end"), e.getMessage());
    }

    @Test
    void secondCard_sameRegionOneShieldEach_mayBeTheUncoveredCard_R9() {
        GameState s = Scenario.of(TWO).row(0, 0, "BouS BouC Bou2").row(1, 0, "BreS BouT").build();
        s.apply(Action.take(pos(0, 0)));
        assertEquals(Phase.TAKE_SECOND, s.phase());
        // r0c1 (uncovered BouC) and r1c1 (BouT) qualify; r0c2 Bou2 is double, r1c0 another region.
        assertEquals(List.of("take r0c1", "take r1c1", "stop"), legal(s));
        IllegalActionException region = rejected(s, Action.take(pos(1, 0)));
        assertTrue(region.getMessage().contains("same region"), region.getMessage());
    }

    @Test
    void firstTurnOfGame_exactlyOneCardEvenADouble_R9() {
        GameState s = Scenario.of(TWO).row(0, 0, "BouS BouC").row(1, 0, "Bre2").turn(0).build();
        assertEquals(List.of("take r0c0", "take r0c1", "take r1c0"), legal(s));
        s.apply(Action.take(pos(0, 0)));
        assertNotEquals(Phase.TAKE_SECOND, s.phase(), "no second card on the game's first turn");
        GameState d = Scenario.of(TWO).row(1, 0, "Bre2 BreS").turn(0).build();
        d.apply(Action.take(pos(1, 0)));
        assertEquals(1, Long.bitCount(d.hand(0)));
    }

    @Test
    void moveExample_page19_allFourCases_R9() {
        // Row 0: Bou2 ... ; row 1: BouS ... BouC ; row 2: own-marked NorS then NorC; row 3: BouT Bou1
        GameState s = Scenario.of(TWO)
                .row(0, 0, "Bou2 Cha2")
                .row(1, 0, "BouS Pro2 BouC")
                .row(2, 0, "NorS NorC Lan2")
                .row(3, 0, "BouT Anj2")
                .marker(0, 2, 0).build();
        // (a) one double-shield card
        GameState a = s.copy();
        a.apply(Action.take(pos(0, 0)));
        assertNotEquals(Phase.TAKE_SECOND, a.phase());
        assertEquals(1, Long.bitCount(a.hand(0)));
        // (b) two one-shield cards of one region from two row ends
        GameState b = s.copy();
        b.apply(Action.take(pos(1, 0)));
        b.apply(Action.take(pos(1, 2)));
        assertEquals(2, Long.bitCount(b.hand(0)));
        // (c) the own-marked end card (marker back) and then the card it uncovered
        GameState c = s.copy();
        c.apply(Action.take(pos(2, 0)));
        assertEquals(3, c.reserve(0), "R10: own marker back to reserve");
        c.apply(Action.take(pos(2, 1)));
        assertEquals(2, Long.bitCount(c.hand(0)));
        // (d) not a third card
        assertNotEquals(Phase.TAKE_SECOND, c.phase());
        assertFalse(legal(c).stream().anyMatch(x -> x.startsWith("take")));
        // (e) not a one-shield card plus a double-shield card of the same region
        GameState e = Scenario.of(TWO).row(0, 0, "BouS Bou2").build();
        e.apply(Action.take(pos(0, 0)));
        assertNotEquals(Phase.TAKE_SECOND, e.phase(), "the only same-region end card is a double");
        GameState f = Scenario.of(TWO).row(0, 0, "Bou2 BouS").build();
        f.apply(Action.take(pos(0, 0)));
        assertNotEquals(Phase.TAKE_SECOND, f.phase(), "nothing may follow a double-shield card");
    }

    @Test
    void moveExample_page19_secondCardWithOpponentMarker_costsAMarker_R9_R11() {
        // Instead of the second one-shield card, one of the same region carrying the opponent's marker.
        GameState s = Scenario.of(TWO).row(0, 0, "BouS Cha2").row(2, 0, "BouC Lan2").marker(1, 2, 0).build();
        s.apply(Action.take(pos(0, 0)));
        assertEquals(List.of("take r2c0", "stop"), legal(s));
        s.apply(Action.take(pos(2, 0)));
        assertEquals(3, s.reserve(1), "the opponent gets the marker back");
        assertEquals(List.of("pay-reserve"), legal(s));
        s.apply(Action.PAY_RESERVE);
        assertEquals(1, s.boxed(0));
        assertEquals(2, s.reserve(0));
        assertEquals(2, Long.bitCount(s.hand(0)));
    }

    @Test
    void secondCard_doubleRejectedWithShieldReason_R9() {
        GameState s = Scenario.of(TWO).row(0, 0, "BouS BouC").row(1, 0, "Bou2").build();
        s.apply(Action.take(pos(0, 0)));
        IllegalActionException e = rejected(s, Action.take(pos(1, 0)));
        assertTrue(e.getMessage().startsWith("R9") && e.getMessage().contains("2 shields"), e.getMessage());
    }

    // ------------------------------------------------------------------ R10-R12 markers

    @Test
    void take_ownMarkedCard_markerBackToReserve_R10() {
        GameState s = Scenario.of(TWO).row(0, 0, "Bou2 Cha2").marker(0, 0, 0).build();
        assertEquals(2, s.reserve(0));
        s.apply(Action.take(pos(0, 0)));
        assertEquals(3, s.reserve(0));
        assertEquals(0L, s.markers(0));
        assertEquals(0, s.boxed(0));
    }

    @Test
    void take_opponentMarked_ownerGetsMarkerTakerPaysOne_R11() {
        GameState s = Scenario.of(TWO).row(0, 0, "Bou2 Cha2 Bre2").marker(1, 0, 0).marker(0, 0, 1).build();
        s.apply(Action.take(pos(0, 0)));
        assertEquals(Phase.PAY, s.phase());
        assertEquals(3, s.reserve(1), "the opponent's marker goes back to its owner");
        assertEquals(List.of("pay-reserve", "pay-marker r0c1"), legal(s));
        s.apply(Action.payMarker(pos(0, 1)));
        assertEquals(1, s.boxed(0));
        assertEquals(0L, s.markers(0));
        assertEquals(2, s.reserve(0));
    }

    @Test
    void take_opponentMarkedWhileEveryOwnMarkerIsOnTheTable_paysWithOneOfThem_R11() {
        // The Italian rules' example: all of Richelieu's (seat 0's) markers lie on cards when he takes
        // a card carrying the Queen's (seat 1's): he boxes one of those, and the Queen takes hers back.
        GameState s = Scenario.of(TWO).row(0, 0, "Bou2 Cha2 Bre2 Nor2 Lan2").marker(1, 0, 0)
                .marker(0, 0, 2).marker(0, 0, 3).marker(0, 0, 4).build();
        assertEquals(0, s.reserve(0));
        s.apply(Action.take(pos(0, 0)));
        assertEquals(3, s.reserve(1));
        assertEquals(List.of("pay-marker r0c2", "pay-marker r0c3", "pay-marker r0c4"), legal(s));
        s.apply(Action.payMarker(pos(0, 3)));
        assertEquals(1, s.boxed(0));
        assertEquals(0, s.reserve(0));
        assertEquals((1L << pos(0, 2)) | (1L << pos(0, 4)), s.markers(0));
    }

    @Test
    void take_opponentMarkedWithAllMarkersBoxed_notTakeable_R11() {
        GameState s = Scenario.of(TWO).row(0, 0, "Bou2 Cha2").row(1, 0, "Bre2").marker(1, 0, 0).boxed(0, 3).build();
        assertEquals(List.of("take r0c1", "take r1c0"), legal(s));
        IllegalActionException e = rejected(s, Action.take(pos(0, 0)));
        assertTrue(e.getMessage().startsWith("R11"), e.getMessage());
    }

    @Test
    void take_twoOpponentMarkedCards_costTwoMarkers_R11() {
        GameState s = Scenario.of(TWO).row(0, 0, "BouS BouC").row(1, 0, "Bre2").marker(1, 0, 0).marker(1, 0, 1).build();
        s.apply(Action.take(pos(0, 0)));
        s.apply(Action.PAY_RESERVE);
        s.apply(Action.take(pos(0, 1)));
        s.apply(Action.PAY_RESERVE);
        assertEquals(2, s.boxed(0));
        assertEquals(1, s.reserve(0));
        assertEquals(3, s.reserve(1));
    }

    @Test
    void freedMarker_paysForSecondCardByDefault_notUnderTheOtherChoice_R11() {
        Scenario sc = Scenario.of(TWO).row(0, 0, "BouS").row(1, 0, "BouC").marker(0, 0, 0).boxed(0, 2)
                .marker(1, 1, 0);
        GameState s = sc.build();
        // Seat 0: reserve 0, marker on r0c0, 2 boxed. Taking r0c0 frees that marker.
        s.apply(Action.take(pos(0, 0)));
        assertEquals(List.of("take r1c0", "stop"), legal(s), "freed marker counts as reserve (default)");
        s.apply(Action.take(pos(1, 0)));
        assertEquals(List.of("pay-reserve"), legal(s));

        Rules strict = TWO.withFreedMarkersPayable(false);
        GameState t = Scenario.of(strict).row(0, 0, "BouS").row(1, 0, "BouC").marker(0, 0, 0).boxed(0, 2)
                .marker(1, 1, 0).build();
        t.apply(Action.take(pos(0, 0)));
        assertNotEquals(Phase.TAKE_SECOND, t.phase(), "the freed marker may not pay under [choice] false");
        assertEquals(1, Long.bitCount(t.hand(0)));
    }

    @Test
    void boxedMarkers_neverComeBackWithoutAReturnToken_R12() {
        int[] buf = new int[Action.MAX_LEGAL];
        java.util.SplittableRandom rng = new java.util.SplittableRandom(12);
        int checked = 0;
        for (int g = 0; g < 200; g++) {
            GameState s = new GameState(TWO, Deal.generate(Deck.standard(), g));
            while (!s.isOver()) {
                int n = s.legalActions(buf);
                int a = buf[rng.nextInt(n)];
                int mover = s.toMove();
                int before = s.boxed(mover);
                s.apply(a);
                if (Action.type(a) == Action.T_USE_RETURN) {
                    assertEquals(before - 1, s.boxed(mover));
                } else {
                    assertTrue(s.boxed(mover) >= before, "boxed count fell without a return token");
                    checked++;
                }
            }
        }
        assertTrue(checked > 10_000);
    }

    @Test
    void take_tokenGoesToTakerFaceDown_R13() {
        GameState s = Scenario.of(TWO).row(0, 4, "Bou2 Cha2").token(0, 4, Token.symbol(Symbol.TOWER)).build();
        s.apply(Action.take(pos(0, 4)));
        assertEquals(1 << Token.symbol(Symbol.TOWER), s.heldTokens(0));
        assertEquals(0L, s.tokenPlaces() & (1L << pos(0, 4)));
        Observation other = s.observe(1);
        assertEquals(1, other.tokenCount(0));
        assertEquals(0, other.ownTokens());
        assertEquals(1 << Token.symbol(Symbol.TOWER), s.observe(0).ownTokens());
    }

    @Test
    void noLegalTake_onlyPass_andPassSkipsTheTurn_R14() {
        GameState s = Scenario.of(TWO).row(0, 0, "Bou2").marker(1, 0, 0).boxed(0, 3).build();
        assertEquals(List.of("pass"), legal(s));
        IllegalActionException e = rejected(s, Action.take(pos(0, 0)));
        assertTrue(e.getMessage().startsWith("R11") || e.getMessage().startsWith("R14"), e.getMessage());
        s.apply(Action.PASS);
        assertEquals(1, s.toMove());
        assertEquals(0L, s.hand(0));
        GameState t = Scenario.of(TWO).row(0, 0, "Bou2").build();
        assertTrue(rejected(t, Action.PASS).getMessage().startsWith("R14"));
    }

    // ------------------------------------------------------------------ R15 marker

    @Test
    void marker_placeOnAnyUnmarkedCardIncludingTokenAndEndCards_R15() {
        GameState s = Scenario.of(TWO).row(0, 3, "Bou2 Cha2 Bre2 Nor2").token(0, 4, 0).marker(1, 0, 6).build();
        s.apply(Action.take(pos(0, 3)));
        assertEquals(Phase.MARKER, s.phase());
        assertEquals(List.of("place r0c4", "place r0c5", "skip"), legal(s));
        s.apply(Action.place(pos(0, 4)));
        assertEquals(1, s.toMove(), "at most one placement per turn");
        assertEquals(2, s.reserve(0));
    }

    @Test
    void marker_moveOnlyWhenReserveEmpty_R15() {
        GameState s = Scenario.of(TWO).row(0, 0, "Bou2 Cha2 Bre2").marker(0, 0, 1).boxed(0, 2).build();
        s.apply(Action.take(pos(0, 0)));
        assertEquals(List.of("move r0c1>r0c2", "skip"), legal(s));
        s.apply(Action.move(pos(0, 1), pos(0, 2)));
        assertEquals(1L << pos(0, 2), s.markers(0));
        GameState t = Scenario.of(TWO).row(0, 0, "Bou2 Cha2 Bre2").marker(0, 0, 1).build();
        t.apply(Action.take(pos(0, 0)));
        IllegalActionException e = rejected(t, Action.move(pos(0, 1), pos(0, 2)));
        assertTrue(e.getMessage().startsWith("R15"), e.getMessage());
    }

    @Test
    void marker_notOnAMarkedCard_R15() {
        GameState s = Scenario.of(TWO).row(0, 0, "Bou2 Cha2 Bre2").marker(1, 0, 2).build();
        s.apply(Action.take(pos(0, 0)));
        IllegalActionException e = rejected(s, Action.place(pos(0, 2)));
        assertTrue(e.getMessage().contains("already carries a marker"), e.getMessage());
    }

    @Test
    void takenCards_visibleToEverySeat_R16() {
        GameState s = new GameState(TWO, Deal.generate(Deck.standard(), 4));
        int[] buf = new int[Action.MAX_LEGAL];
        for (int i = 0; i < 20 && !s.isOver(); i++) {
            s.legalActions(buf);
            s.apply(buf[0]);
        }
        for (int viewer = 0; viewer < 2; viewer++) {
            Observation o = s.observe(viewer);
            for (int p = 0; p < 2; p++) {
                assertEquals(s.hand(p), o.hand(p));
            }
        }
    }

    // ------------------------------------------------------------------ R17 end

    @Test
    void gameEnds_whenTableEmpty_R17() {
        GameState s = Scenario.of(TWO).row(0, 0, "Bou2").build();
        s.apply(Action.take(pos(0, 0)));
        assertTrue(s.isOver());
        assertEquals(Phase.GAME_OVER, s.phase());
        assertTrue(rejected(s, Action.SKIP).getMessage().startsWith("R17"));
    }

    @Test
    void threeRowVariant_endsWhenThirdRowEmpties_lastRowOutOfGame_R17() {
        Rules three = TWO.withVariant(Rules.Variant.THREE_ROW);
        GameState s = Scenario.of(three).row(0, 0, "Bou2").row(1, 0, "Cha2 Bre2").build();
        // rows 2 and 3 are empty; taking r0c0 empties the third row
        s.apply(Action.take(pos(0, 0)));
        assertTrue(s.isOver());
        assertEquals(2, Long.bitCount(s.table()), "the last row's cards stay out of the game");
        GameState base = Scenario.of(TWO).row(0, 0, "Bou2").row(1, 0, "Cha2 Bre2").build();
        base.apply(Action.take(pos(0, 0)));
        assertFalse(base.isOver());
    }

    // ------------------------------------------------------------------ scoring examples

    private static int[] regionPoints(Rules rules, Scenario sc, int players, Region region) {
        GameState s = sc.build();
        int[] out = new int[players];
        int[] tokens = new int[players];
        for (int p = 0; p < players; p++) {
            tokens[p] = s.heldTokens(p);
        }
        Scoring.addRegion(rules, s.layout(), handsOf(s), tokens, players, region.ordinal(), out);
        return out;
    }

    private static int[] symbolPoints(Rules rules, Scenario sc, int players, Symbol symbol) {
        GameState s = sc.build();
        int[] out = new int[players];
        int[] tokens = new int[players];
        for (int p = 0; p < players; p++) {
            tokens[p] = s.heldTokens(p);
        }
        Scoring.addSymbol(rules, s.layout(), handsOf(s), tokens, players, symbol.ordinal(), out);
        return out;
    }

    private static long[] handsOf(GameState s) {
        long[] h = new long[s.players()];
        for (int p = 0; p < h.length; p++) {
            h[p] = s.hand(p);
        }
        return h;
    }

    @Test
    void scoringExample1_fiveShieldsPlusTokenBeatFive_R18() {
        // A: 5 Bourgogne shields (2 doubles + 1 single) + Bourgogne token; B: the other 5.
        Scenario sc = Scenario.of(TWO).hand(0, "Bou2 Bou2 BouS").tokens(0, Token.region(Region.BOURGOGNE))
                .hand(1, "Bou2 BouC BouT Bou1");
        assertArrayEquals(new int[]{6, 0}, regionPoints(TWO, sc, 2, Region.BOURGOGNE));
    }

    @Test
    void scoringExample2_tiedNormandie_nobodyScores_R18() {
        Scenario sc = Scenario.of(TWO).hand(0, "Nor2 NorS NorC").hand(1, "Nor2 NorT Nor1");
        assertArrayEquals(new int[]{0, 0}, regionPoints(TWO, sc, 2, Region.NORMANDIE));
    }

    @Test
    void scoringExample3_tokenAloneDoesNotAvoidPenalty_R18() {
        // B has all 7 Provence shields, A only the Provence token.
        Scenario sc = Scenario.of(TWO).tokens(0, Token.region(Region.PROVENCE))
                .hand(1, "Pro2 Pro2 ProS ProC ProT");
        assertArrayEquals(new int[]{-5, 7}, regionPoints(TWO, sc, 2, Region.PROVENCE));
    }

    @Test
    void scoringExample4_crossesFiveToFour_tokenInBoxOrWithB_R19() {
        // A: 5 crosses; B: the other 4 (Provence, Anjou, Bourbon, Auvergne); cross token in the box.
        Scenario boxed = Scenario.of(TWO).hand(0, "BouC BreC ChaC NorC LanC").hand(1, "ProC AnjC BbnC AuvC");
        assertArrayEquals(new int[]{5, 0}, symbolPoints(TWO, boxed, 2, Symbol.CROSS));
        // Had B held the cross token: 5 against 4 + 1, nobody scores.
        Scenario withB = Scenario.of(TWO).hand(0, "BouC BreC ChaC NorC LanC").hand(1, "ProC AnjC BbnC AuvC")
                .tokens(1, Token.symbol(Symbol.CROSS));
        assertArrayEquals(new int[]{0, 0}, symbolPoints(TWO, withB, 2, Symbol.CROSS));
    }

    @Test
    void symbolPenalty_noCardShowingSymbol_minusFive_R19() {
        Scenario sc = Scenario.of(TWO).hand(0, "BouS").tokens(1, Token.symbol(Symbol.SWORD));
        assertArrayEquals(new int[]{0, -5}, symbolPoints(TWO, sc, 2, Symbol.SWORD),
                "1 sword vs token 1: tie scores nothing; B has no sword card");
    }

    @Test
    void winner_equalTotalsFewerCardsWins_elseDraw_R20() {
        int[] scores = {10, 10};
        assertEquals(0b10, Scoring.winners(TWO, scores, new long[]{0b111, 0b11}, 2));
        assertEquals(0b11, Scoring.winners(TWO, scores, new long[]{0b11, 0b11}, 2));
        assertEquals(0b01, Scoring.winners(TWO, new int[]{11, 10}, new long[]{0b111, 0b1}, 2));
    }

    // ------------------------------------------------------------------ 3-4 players

    @Test
    void fourPlayers_atMostTwoMarkersOnTable_R21() {
        Rules four = Rules.standard(4);
        assertEquals(2, four.maxMarkersOnTable());
        GameState s = Scenario.of(four).row(0, 0, "Bou2 Cha2 Bre2 Nor2").marker(0, 0, 2).marker(0, 0, 3).build();
        s.apply(Action.take(pos(0, 0)));
        assertNotEquals(Phase.MARKER, s.phase(), "no placement with 2 on the table, no move with a reserve");
        GameState t = Scenario.of(four).row(0, 0, "Bou2 Cha2 Bre2 Nor2").marker(0, 0, 2).build();
        t.apply(Action.take(pos(0, 0)));
        assertEquals(List.of("place r0c1", "place r0c3", "skip"), legal(t));
        assertEquals(3, Rules.standard(3).maxMarkersOnTable());
    }

    @Test
    void threePlayers_tiedHighestCountAllScoreIt_R22() {
        Rules three = Rules.standard(3);
        Scenario sc = Scenario.of(three).hand(0, "Bou2").hand(1, "Bou2").hand(2, "BouS");
        assertArrayEquals(new int[]{2 + 2, 2 + 2, 0 + 2}, regionPoints(three, sc, 3, Region.BOURGOGNE));
        Scenario none = Scenario.of(three);
        assertArrayEquals(new int[]{0, 0, 0}, symbolPoints(three, none, 3, Symbol.TOWER), "count 0 scores nothing");
    }

    @Test
    void threePlayers_regionExample_sixAgainstFive_onlyTheHighestScores_R22_R23() {
        // The Spanish text: Red has 5 Bourgogne shields and the token, Blue 5 shields, Green none.
        Rules three = Rules.standard(3);
        Scenario sc = Scenario.of(three).hand(0, "Bou2 Bou2 BouS").tokens(0, Token.region(Region.BOURGOGNE))
                .hand(1, "Bou2 BouC BouT Bou1");
        // Red 6; Blue 0; each holder of a Bourgogne card also gets the region bonus of 2 (R23).
        assertArrayEquals(new int[]{6 + 2, 0 + 2, 0}, regionPoints(three, sc, 3, Region.BOURGOGNE));
    }

    @Test
    void threePlayers_regionExample_tiedHighest_bothScore_R22_R23() {
        // The Spanish text: Red 4 Normandie shields, Blue 4, Green none: Red and Blue score 4.
        Rules three = Rules.standard(3);
        Scenario sc = Scenario.of(three).hand(0, "Nor2 NorS NorC").hand(1, "Nor2 NorT Nor1");
        assertArrayEquals(new int[]{4 + 2, 4 + 2, 0}, regionPoints(three, sc, 3, Region.NORMANDIE));
    }

    @Test
    void threePlayers_crossExample_tokenMakesATie_bothScore_R22() {
        // The Spanish text: Red 5 crosses, Blue 4, Green none, the cross token out of play: Red 5.
        Rules three = Rules.standard(3);
        Scenario boxed = Scenario.of(three).hand(0, "BouC BreC ChaC NorC LanC").hand(1, "ProC AnjC BbnC AuvC");
        assertArrayEquals(new int[]{5, 0, 0}, symbolPoints(three, boxed, 3, Symbol.CROSS));
        // Had Blue held the cross token, Red and Blue would both score 5.
        Scenario withBlue = Scenario.of(three).hand(0, "BouC BreC ChaC NorC LanC").hand(1, "ProC AnjC BbnC AuvC")
                .tokens(1, Token.symbol(Symbol.CROSS));
        assertArrayEquals(new int[]{5, 5, 0}, symbolPoints(three, withBlue, 3, Symbol.CROSS));
    }

    @Test
    void multiPlayer_twoPointsPerRegionHeld_noPenalties_R23() {
        Rules four = Rules.standard(4);
        Scenario sc = Scenario.of(four).hand(0, "BouS").tokens(1, Token.region(Region.BOURGOGNE));
        // seat 0: 1 card (count 1), seat 1: token only (count 1) -> both tied at max 1 and score 1 (R22);
        // seat 0 also +2 for holding Bourgogne; nobody gets -5.
        assertArrayEquals(new int[]{3, 1, 0, 0}, regionPoints(four, sc, 4, Region.BOURGOGNE));
        assertArrayEquals(new int[]{1, 0, 0, 0}, symbolPoints(four, Scenario.of(four).hand(0, "BouS"), 4, Symbol.SWORD));
    }

    @Test
    void multiPlayer_winnerFewestCardsThenShared_R24() {
        Rules three = Rules.standard(3);
        assertEquals(0b100, Scoring.winners(three, new int[]{9, 9, 9}, new long[]{0b11, 0b11, 0b1}, 3));
        assertEquals(0b011, Scoring.winners(three, new int[]{9, 9, 8}, new long[]{0b1, 0b1, 0}, 3));
    }

    // ------------------------------------------------------------------ hidden information

    @Test
    void observation_showsPublicCountsButOnlyOwnTokenIdentities_R25_R26() {
        GameState s = Scenario.of(TWO).row(0, 0, "Bou2").tokens(0, Token.RETURN_A, Token.region(Region.ANJOU))
                .tokens(1, Token.symbol(Symbol.SWORD)).boxed(1, 1).build();
        Observation o0 = s.observe(0);
        Observation o1 = s.observe(1);
        assertEquals(2, o1.tokenCount(0));
        assertEquals(1, o0.tokenCount(1));
        assertEquals((1 << Token.RETURN_A) | (1 << Token.region(Region.ANJOU)), o0.ownTokens());
        assertEquals(1 << Token.symbol(Symbol.SWORD), o1.ownTokens());
        assertEquals(1, o0.boxed(1));
        assertEquals(2, o0.reserve(1));
    }

    @Test
    void observation_ofOtherSeatHidesAPrivateReturnStep_R26() {
        GameState s = Scenario.of(TWO).row(0, 0, "Bou2").boxed(0, 1).tokens(0, Token.RETURN_A).build();
        assertEquals(Phase.RETURNS, s.phase());
        assertEquals(Phase.RETURNS, s.observe(0).phase());
        assertEquals(Phase.TAKE_FIRST, s.observe(1).phase());
    }
}
