package richelieu.engine;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GameTest {
    private static SplittableRandom[] rngs(long seed, int n) {
        SplittableRandom[] r = new SplittableRandom[n];
        for (int i = 0; i < n; i++) {
            r[i] = new SplittableRandom(seed * 31 + i);
        }
        return r;
    }

    @Test
    void play_sameSeed_identicalGame() {
        for (int players = 2; players <= 4; players++) {
            Rules rules = Rules.standard(players);
            Strategy[] a = new Strategy[players];
            Strategy[] b = new Strategy[players];
            for (int i = 0; i < players; i++) {
                a[i] = new TestBots.Uniform();
                b[i] = new TestBots.Uniform();
            }
            Game g1 = new Game();
            Game g2 = new Game();
            GameResult r1 = g1.play(rules, Deal.generate(Deck.standard(), 9), a, rngs(9, players));
            GameResult r2 = g2.play(rules, Deal.generate(Deck.standard(), 9), b, rngs(9, players));
            assertEquals(r1, r2);
            assertArrayEquals(g1.lastActions(), g2.lastActions());
            GameResult r3 = g1.play(rules, Deal.generate(Deck.standard(), 9), a, rngs(10, players));
            assertFalse(java.util.Arrays.equals(g1.lastActions(), g2.lastActions()) && r3.equals(r1),
                    "other bot streams give another game");
        }
    }

    @Test
    void play_botAskedOnlyWithAChoice_andToldOnlyPublicActions_R26() {
        TestBots.Spy spy = new TestBots.Spy();
        Game g = new Game();
        Strategy[] bots = {new TestBots.Uniform(), spy};
        g.play(Rules.twoPlayer(), Deal.generate(Deck.standard(), 3), bots, rngs(3, 2));
        assertTrue(spy.askedLegalSizes.stream().allMatch(n -> n >= 2));
        assertFalse(spy.seen.contains(Action.END_RETURNS), "END_RETURNS is private");
        long publicActions = java.util.Arrays.stream(g.lastActions()).filter(Action::isPublic).count();
        assertEquals(publicActions, spy.seen.size());
        assertEquals(1, spy.seat);
        assertEquals(1, spy.lastObservation.seat());
    }

    @Test
    void play_illegalAction_forfeitsWithReason() {
        Game g = new Game();
        GameResult r = g.play(Rules.twoPlayer(), Deal.generate(Deck.standard(), 3),
                new Strategy[]{new TestBots.Cheater(2), new TestBots.Uniform()}, rngs(3, 2));
        assertTrue(r.isForfeit());
        assertEquals(0, r.forfeitSeat());
        assertEquals(BotFailure.Reason.ILLEGAL, r.forfeit());
        assertEquals(1, r.winner());
        assertNotNull(r.failure());
        assertTrue(r.failure().contains("illegal"), r.failure());
    }

    /** A bot that fails only when told the result: the game stands, the result says what happened. */
    private static final class FailsAtEnd extends TestBots.Uniform {
        @Override
        public void gameEnded(GameResult result) {
            throw new IllegalStateException("cannot take note");
        }
    }

    @Test
    void play_failureInGameEnded_keepsOutcomeAndNamesIt_nextGameStartsClean() {
        Game g = new Game();
        Deal deal = Deal.generate(Deck.standard(), 5);
        GameResult plain = new Game().play(Rules.twoPlayer(), deal,
                new Strategy[]{new TestBots.Uniform(), new TestBots.Uniform()}, rngs(5, 2));
        GameResult noted = g.play(Rules.twoPlayer(), deal,
                new Strategy[]{new TestBots.Uniform(), new FailsAtEnd()}, rngs(5, 2));
        assertFalse(noted.isForfeit());
        assertEquals(plain, noted, "the outcome is the same game's");
        assertNotNull(noted.failure());
        assertTrue(noted.failure().contains("failed in gameEnded") && noted.failure().contains("cannot take note"),
                noted.failure());
        GameResult next = g.play(Rules.twoPlayer(), deal,
                new Strategy[]{new TestBots.Uniform(), new TestBots.Uniform()}, rngs(5, 2));
        assertEquals(null, next.failure(), "the same Game object keeps nothing of the last game's failure");
    }

    @Test
    void play_botThrows_forfeitsAsCrash() {
        GameResult r = new Game().play(Rules.standard(3), Deal.generate(Deck.standard(), 3),
                new Strategy[]{new TestBots.Uniform(), new TestBots.Crasher(), new TestBots.Uniform()}, rngs(3, 3));
        assertEquals(1, r.forfeitSeat());
        assertEquals(BotFailure.Reason.CRASH, r.forfeit());
        assertEquals(0b101, r.winners());
    }
}
