package richelieu.env;

import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;
import richelieu.runner.solve.PositionValues;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EnvSolveTest {
    private static final long FAR = Long.MAX_VALUE / 2;

    /** Deal {@code seed} of the given rules played at random until at most {@code cards} cards are on the table. */
    private static GameState position(Rules rules, long seed, int cards) {
        GameState s = new GameState(rules, Seeds.deal(Deck.standard(), seed, 0));
        SplittableRandom rng = new SplittableRandom(seed);
        int[] legal = new int[Action.MAX_LEGAL];
        while (!s.isOver() && Long.bitCount(s.table()) > cards) {
            s.apply(legal[rng.nextInt(s.legalActions(legal))]);
        }
        return s;
    }

    private static GameState[] positions(int n) {
        GameState[] out = new GameState[n];
        for (int i = 0; i < n; i++) {
            out[i] = position(i % 2 == 0 ? Rules.twoPlayer() : Rules.standard(2).withVariant(Rules.Variant.THREE_ROW),
                    11 + i, 7);
        }
        return out;
    }

    @Test
    void solve_open_givesPositionValuesOpen() {
        GameState s = position(Rules.twoPlayer(), 5, 8);
        PositionValues.Open o = PositionValues.open(s, System.nanoTime() + 60_000_000_000L);
        EnvSolve.Results r = EnvSolve.solve(new GameState[]{s}, true, 1, 1, 60, 1);
        assertEquals(o.value(), r.value()[0]);
        assertEquals(o.positions(), r.visited()[0]);
        assertEquals(o.actions().size(), r.start()[1]);
        assertFalse(r.stopped()[0]);
        for (int k = 0; k < o.actions().size(); k++) {
            PositionValues.Exact e = o.actions().get(k);
            assertEquals(ActionIndex.of(e.action()), r.action()[k]);
            assertEquals(e.value(), r.exact()[k]);
            assertEquals(e.margin(), r.margin()[k]);
            assertEquals(e.value() == o.value(), r.best()[k]);
        }
        assertEquals(s.toMove(), r.mover()[0]);
    }

    @Test
    void solve_sampled_givesPositionValuesSampled() {
        GameState s = position(Rules.twoPlayer(), 6, 8);
        PositionValues.Sampled p = PositionValues.sampled(s, 4, 9, System.nanoTime() + 60_000_000_000L);
        EnvSolve.Results r = EnvSolve.solve(new GameState[]{s}, false, 4, 9, 60, 1);
        assertEquals(4, r.deals()[0]);
        assertEquals(p.positions(), r.visited()[0]);
        assertTrue(r.best()[0]);
        for (int k = 0; k < p.actions().size(); k++) {
            PositionValues.ActionTally t = p.actions().get(k);
            assertEquals(ActionIndex.of(t.action()), r.action()[k]);
            assertEquals(t.wins(), r.wins()[k]);
            assertEquals(t.draws(), r.draws()[k]);
            assertEquals(t.losses(), r.losses()[k]);
            assertEquals(t.marginSum(), r.marginSum()[k]);
        }
    }

    @Test
    void solve_manyPositions_sameAnswersAtAnyThreadCount() {
        GameState[] states = positions(6);
        for (boolean open : new boolean[]{true, false}) {
            EnvSolve.Results one = EnvSolve.solve(states, open, 3, 2, 60, 1);
            EnvSolve.Results three = EnvSolve.solve(states, open, 3, 2, 60, 3);
            assertArrayEquals(one.start(), three.start());
            assertArrayEquals(one.value(), three.value());
            assertArrayEquals(one.visited(), three.visited());
            assertArrayEquals(one.action(), three.action());
            assertArrayEquals(one.exact(), three.exact());
            assertArrayEquals(one.wins(), three.wins());
            assertArrayEquals(one.marginSum(), three.marginSum());
            assertArrayEquals(one.best(), three.best());
        }
    }

    @Test
    void solve_pastTheDeadline_saysStoppedAndKeepsNothingOpen() {
        GameState big = position(Rules.twoPlayer(), 3, 40);
        EnvSolve.Results open = EnvSolve.solve(new GameState[]{big}, true, 1, 1, 0.001, 1);
        assertTrue(open.stopped()[0]);
        assertEquals(0, open.start()[1]);
        EnvSolve.Results sampled = EnvSolve.solve(new GameState[]{big}, false, 5, 1, 0.001, 1);
        assertTrue(sampled.stopped()[0]);
        assertEquals(0, sampled.deals()[0]);
        assertFalse(sampled.best()[0]);
    }

    @Test
    void solve_unfitStateOrNumber_refusedWithOneLine() {
        GameState fine = position(Rules.twoPlayer(), 5, 8);
        GameState three = position(Rules.standard(3), 5, 30);
        GameState over = position(Rules.twoPlayer(), 5, 0);
        assertTrue(over.isOver());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EnvSolve.solve(new GameState[]{fine, three}, true, 1, 1, 60, 1));
        assertEquals("states[1]: a 3-player game: the exact solver plays 2-player games only", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> EnvSolve.solve(new GameState[]{over}, true, 1, 1, 60, 1));
        assertEquals("states[0]: the game is over: nothing to solve", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> EnvSolve.solve(new GameState[]{fine}, true, 1, 1, 0, 1));
        assertTrue(e.getMessage().startsWith("deadline must be between"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> EnvSolve.solve(new GameState[]{fine}, false, 0, 1, 1, 1));
        assertTrue(e.getMessage().startsWith("samples must be"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> EnvSolve.solve(new GameState[]{fine}, true, 1, 1, 1, 0));
        assertTrue(e.getMessage().startsWith("threads must be"), e.getMessage());
    }

    @Test
    void states_ofAVectorEnvironment_areCopiesOfItsGames() {
        try (EnvBatch b = EnvBatchTest.batch(3, 2, "base", new String[6], "win", "uint8", "NextStep", 1, true)) {
            b.attach(java.nio.ByteBuffer.allocateDirect(b.fields().bytes()));
            for (int i = 0; i < 3; i++) {
                b.resetActions(i, 4 + i, new int[0]);
            }
            GameState[] s = EnvSolve.states(b, new int[]{2, 0});
            assertEquals(2, s.length);
            assertEquals(b.fullState(2).toString(), s[0].toString());
            assertEquals(b.fullState(0).toString(), s[1].toString());
            s[0].apply(firstLegal(s[0]));
            assertEquals(48, Long.bitCount(b.fullState(2).table())); // the game itself did not move
            assertFalse(b.fullState(2).toString().equals(s[0].toString()));
        }
    }

    @Test
    void stateOf_savedStateWithBotsAndADeterminization_isTheGamesState() {
        EnvCore core = new EnvCore(2, "three-row", null, new String[]{null, "greedy"}, new String[0], false, "win");
        core.attach(java.nio.ByteBuffer.allocateDirect(core.fields().bytes()));
        core.reset(8, 0);
        for (int k = 0; k < 12; k++) {
            core.step(core.legalIndices()[0]);
        }
        core.determinize(0, 77);
        core.step(core.legalIndices()[0]);
        GameState s = EnvSolve.stateOf(core.saveState(), null);
        assertEquals(core.fullState().toString(), s.toString());
        assertEquals(Rules.Variant.THREE_ROW, s.rules().variant());
    }

    @Test
    void stateOf_damagedBlob_refusedWithOneLineNamingIt() {
        EnvCore core = new EnvCore(2, "base", null, new String[2], new String[0], false, "win");
        core.attach(java.nio.ByteBuffer.allocateDirect(core.fields().bytes()));
        core.reset(8, 0);
        byte[] blob = core.saveState();
        blob[blob.length / 2] ^= 1;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EnvSolve.stateOf(blob, null));
        assertTrue(e.getMessage().startsWith("blob is damaged"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> EnvSolve.stateOf(new byte[]{1, 2, 3}, null));
        assertTrue(e.getMessage().startsWith("blob is not a saved state"), e.getMessage());
    }

    private static int firstLegal(GameState s) {
        int[] legal = new int[Action.MAX_LEGAL];
        s.legalActions(legal);
        return legal[0];
    }
}
