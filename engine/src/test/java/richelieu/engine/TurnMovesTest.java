package richelieu.engine;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static richelieu.engine.Scenario.pos;

class TurnMovesTest {

    @Test
    void list_smallPosition_exactMoves_R9_R15() {
        // Row 0: BouS BouC; row 1: Bre2. Seat 0 (3 markers in reserve) to move, not the first turn.
        GameState s = Scenario.of(Rules.twoPlayer()).row(0, 0, "BouS BouC").row(1, 0, "Bre2").build();
        List<TurnMoves.Move> moves = TurnMoves.list(s);
        Set<String> texts = new HashSet<>();
        for (TurnMoves.Move m : moves) {
            texts.add(m.toString());
        }
        assertEquals(Set.of(
                // take BouS alone, then place on BouC / Bre2 / skip
                "take r0c0, stop, place r0c1", "take r0c0, stop, place r1c0", "take r0c0, stop, skip",
                // take BouS then BouC (game not over: Bre2 left), then place on Bre2 / skip
                "take r0c0, take r0c1, place r1c0", "take r0c0, take r0c1, skip",
                // take BouC (right end) alone or then BouS
                "take r0c1, stop, place r0c0", "take r0c1, stop, place r1c0", "take r0c1, stop, skip",
                "take r0c1, take r0c0, place r1c0", "take r0c1, take r0c0, skip",
                // take the double alone
                "take r1c0, place r0c0", "take r1c0, place r0c1", "take r1c0, skip"), texts);
        assertEquals(13, moves.size());
    }

    @Test
    void list_eachMoveEndsTheTurnAndMatchesApplyingItsActions() {
        SplittableRandom rng = new SplittableRandom(6);
        int[] buf = new int[Action.MAX_LEGAL];
        for (int g = 0; g < 20; g++) {
            GameState s = new GameState(Rules.standard(2 + g % 3), Deal.generate(Deck.standard(), g));
            for (int step = 0; step < 30 && !s.isOver(); step++) {
                List<TurnMoves.Move> moves = TurnMoves.list(s);
                assertEquals(moves.size(), new HashSet<>(moves).size(), "moves are distinct");
                for (TurnMoves.Move m : moves) {
                    GameState c = s.copy();
                    for (int a : m.actions()) {
                        assertEquals(s.turn(), c.turn());
                        c.apply(a);
                    }
                    assertTrue(c.isOver() || c.turn() == s.turn() + 1);
                    Invariants.assertDeepEquals(c, m.after(), "after " + m);
                }
                int n = s.legalActions(buf);
                s.apply(buf[rng.nextInt(n)]);
            }
        }
    }

    @Test
    void list_fromObservation_usesTheSeatsView() {
        GameState s = Scenario.of(Rules.twoPlayer()).row(0, 4, "Bou2 Cha2").token(0, 4, Token.RETURN_A).boxed(0, 1).build();
        List<TurnMoves.Move> fromView = TurnMoves.list(s.observe(0));
        assertEquals(TurnMoves.list(s).size(), fromView.size());
        assertTrue(fromView.stream().anyMatch(m -> m.actions()[0] == Action.take(pos(0, 4))));
    }
}
