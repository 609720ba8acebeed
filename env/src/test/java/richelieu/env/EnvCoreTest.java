package richelieu.env;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.engine.Seeds;
import richelieu.strategies.Bots;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EnvCoreTest {

    private static EnvCore core(int players, String... seats) {
        EnvCore core = new EnvCore(players, "base", null, seats, new String[0], false, "win");
        core.attach(ByteBuffer.allocateDirect(core.fields().bytes()));
        return core;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void reset_everySeatABot_playsTheGameDriversGame(int players) {
        String[] seats = new String[players];
        for (int p = 0; p < players; p++) {
            seats[p] = p % 2 == 0 ? "greedy" : "ismcts:iterations=30";
        }
        try (EnvCore env = core(players, seats)) {
            for (long game = 0; game < 3; game++) {
                assertEquals(-1, env.reset(9, game), "no agent: the game is played to the end");
                Bots bots = Bots.standard();
                Strategy[] strategies = new Strategy[players];
                SplittableRandom[] rngs = new SplittableRandom[players];
                for (int p = 0; p < players; p++) {
                    strategies[p] = bots.parse(seats[p]).newStrategy();
                    rngs[p] = new SplittableRandom(Seeds.bot(9, game, 0, p));
                }
                Game driver = new Game();
                Deal deal = Deal.generate(Deck.standard(), Seeds.deal(9, game));
                GameResult expected = driver.play(Rules.standard(players), deal, strategies, rngs);
                assertArrayEquals(driver.lastActions(), env.actions());
                assertEquals(expected, env.result());
            }
        }
    }

    @Test
    void step_illegalAction_throwsNamingTheRuleAndChangesNothing() {
        try (EnvCore env = core(2, null, null)) {
            env.reset(3, 0);
            GameState before = env.fullState();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> env.step(ActionIndex.of(Action.SKIP)));
            assertTrue(e.getMessage().contains("skip") && e.getMessage().contains("take-first"), e.getMessage());
            assertEquals(before.toString(), env.fullState().toString());
            assertEquals(0, env.actions().length);
        }
    }

    @Test
    void step_writesMaskOfExactlyTheLegalActions_andTheLegalIndices() {
        try (EnvCore env = new EnvCore(2, "base", null, new String[2], new String[0], false, "win")) {
            Fields f = env.fields();
            ByteBuffer buffer = ByteBuffer.allocateDirect(f.bytes()).order(ByteOrder.nativeOrder());
            env.attach(buffer);
            SplittableRandom rng = new SplittableRandom(4);
            int mover = env.reset(4, 0);
            int steps = 0;
            while (mover >= 0) {
                int[] legal = env.legalIndices();
                int maskAt = f.offset("action_mask");
                int ones = 0;
                for (int i = 0; i < ActionIndex.COUNT; i++) {
                    ones += buffer.get(maskAt + i);
                }
                assertEquals(legal.length, ones);
                assertEquals(legal.length, buffer.getInt(f.offset("legal_count")));
                for (int k = 0; k < legal.length; k++) {
                    assertEquals(1, buffer.get(maskAt + legal[k]));
                    assertEquals(legal[k], buffer.getInt(f.offset("legal") + 4 * k));
                }
                assertTrue(legal.length > 1, "forced decisions are played inside the step");
                mover = env.step(legal[rng.nextInt(legal.length)]);
                steps++;
            }
            assertTrue(steps > 30);
            assertEquals(env.result().winners(), buffer.getInt(f.offset("winners")));
        }
    }

    @Test
    void actionIndex_everyWellFormedActionHasOneIndexAndBack() {
        int count = 0;
        for (int t = Action.T_USE_RETURN; t <= Action.T_PASS; t++) {
            for (int a = 0; a < Layout.POSITIONS; a++) {
                for (int b = 0; b < Layout.POSITIONS; b++) {
                    int action = t << 12 | a << 6 | b;
                    if (!Action.isWellFormed(action) || t == Action.T_MOVE && a == b) {
                        continue;
                    }
                    assertEquals(action, ActionIndex.action(ActionIndex.of(action)));
                    count++;
                }
            }
        }
        assertEquals(ActionIndex.COUNT - Layout.POSITIONS, count, "every index but the 48 moves onto their own card");
    }

    @Test
    void constructor_unknownBot_oneLineMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> core(2, null, "nosuchbot"));
        assertTrue(e.getMessage().startsWith("unknown bot 'nosuchbot'"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
    }
}
