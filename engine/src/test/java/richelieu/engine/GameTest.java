package richelieu.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    // =================================================================== stepping with agents

    /** Bots of every kind the driver treats differently: uniform (drawn in the engine), listening, plain. */
    private static Strategy[] mixedBots(int players) {
        Strategy[] bots = new Strategy[players];
        for (int p = 0; p < players; p++) {
            bots[p] = switch (p % 3) {
                case 0 -> new TestBots.Uniform(true);
                case 1 -> new TestBots.Spy();
                default -> new TestBots.Uniform();
            };
        }
        return bots;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void start_agentPlaysTheBotsMoves_sameGameAsPlay(int players) {
        Rules rules = Rules.standard(players);
        for (int agent = 0; agent < players; agent++) {
            for (long seed = 1; seed <= 3; seed++) {
                Deal deal = Seeds.deal(Deck.standard(), seed, 0);
                Game whole = new Game();
                GameResult expected = whole.play(rules, deal, mixedBots(players), Seeds.botStreams(seed, 0, 0, players));
                int[] recorded = whole.lastActions();

                Strategy[] bots = mixedBots(players);
                bots[agent] = null;
                Game stepped = new Game();
                int mover = stepped.start(rules, deal, bots, Seeds.botStreams(seed, 0, 0, players));
                int decisions = 0;
                while (mover >= 0) {
                    assertEquals(agent, mover);
                    assertEquals(mover, stepped.agentToMove());
                    assertTrue(stepped.legal().size() >= 2, "a forced decision is played without asking the agent");
                    int next = recorded[stepped.actionCount()];
                    assertTrue(stepped.legal().contains(next));
                    mover = stepped.act(next);
                    decisions++;
                }
                assertTrue(decisions > 5, "the agent decided " + decisions + " times");
                assertArrayEquals(recorded, stepped.lastActions(), "the bots made the same moves around the agent");
                assertEquals(expected, stepped.result());
                assertEquals(whole.lastState().toString(), stepped.lastState().toString());
            }
        }
    }

    @Test
    void start_everySeatAnAgent_askForcedStopsAtSingleActionsToo() {
        Rules rules = Rules.twoPlayer();
        Deal deal = Deal.generate(Deck.standard(), 4);
        SplittableRandom rng = new SplittableRandom(4);
        int forced = 0;
        Game g = new Game(true);
        int mover = g.start(rules, deal, new Strategy[2], new SplittableRandom[2]);
        while (mover >= 0) {
            assertEquals(g.lastState().toMove(), mover);
            LegalActions legal = g.legal();
            forced += legal.size() == 1 ? 1 : 0;
            mover = g.act(legal.get(rng.nextInt(legal.size())));
        }
        assertTrue(forced > 0, "the agents were asked at forced decision points");
        assertNotNull(g.result());
        assertTrue(g.lastState().isOver());
    }

    @Test
    void act_illegalAction_throwsNamingTheRuleAndChangesNothing() {
        Game g = new Game();
        int mover = g.start(Rules.twoPlayer(), Deal.generate(Deck.standard(), 3),
                new Strategy[]{null, new TestBots.Uniform()}, rngs(3, 2));
        assertEquals(0, mover);
        String before = g.lastState().toString();
        IllegalActionException e = assertThrows(IllegalActionException.class, () -> g.act(Action.SKIP));
        assertTrue(e.getMessage().startsWith("R"), e.getMessage());
        assertEquals(before, g.lastState().toString());
        assertEquals(0, g.actionCount());
        assertEquals(0, g.agentToMove(), "the agent is still to move");
    }

    @Test
    void forfeitAgent_agentLoses_theBotsAreToldAndShareTheWin() {
        TestBots.Spy spy = new TestBots.Spy();
        RecordsEnd told = new RecordsEnd();
        Game g = new Game();
        g.start(Rules.standard(3), Deal.generate(Deck.standard(), 3), new Strategy[]{null, spy, told}, rngs(3, 3));
        assertEquals(-1, g.forfeitAgent(BotFailure.Reason.ILLEGAL, "chose nothing"));
        GameResult r = g.result();
        assertEquals(0, r.forfeitSeat());
        assertEquals(0b110, r.winners());
        assertEquals("seat 0 (agent) forfeits, illegal: chose nothing", r.failure());
        assertEquals(r, told.result);
        assertThrows(IllegalStateException.class, () -> g.act(Action.PASS), "the game is over");
    }

    /** Keeps the result it is told. */
    private static final class RecordsEnd extends TestBots.Uniform {
        GameResult result;

        @Override
        public void gameEnded(GameResult result) {
            this.result = result;
        }
    }

    @Test
    void start_withAgents_failureInGameEndedRecordedAsInPlay() {
        Deal deal = Deal.generate(Deck.standard(), 5);
        Game g = new Game();
        SplittableRandom rng = new SplittableRandom(5);
        int mover = g.start(Rules.twoPlayer(), deal, new Strategy[]{null, new FailsAtEnd()}, rngs(5, 2));
        while (mover >= 0) {
            mover = g.act(g.legal().get(rng.nextInt(g.legal().size())));
        }
        assertFalse(g.result().isForfeit());
        assertNotNull(g.result().failure());
        assertTrue(g.result().failure().contains("failed in gameEnded"), g.result().failure());
    }

    @Test
    void play_aSeatWithoutBot_refused() {
        Game g = new Game();
        assertThrows(IllegalArgumentException.class, () -> g.play(Rules.twoPlayer(), Deal.generate(Deck.standard(), 1),
                new Strategy[]{new TestBots.Uniform(), null}, rngs(1, 2)));
        assertNull(g.result());
    }

    @Test
    void start_withAPrefix_reachesThePositionAndTellsTheBots() {
        Deal deal = Deal.generate(Deck.standard(), 21);
        Game whole = new Game();
        whole.play(Rules.twoPlayer(), deal, new Strategy[]{new TestBots.Uniform(), new TestBots.Uniform()}, rngs(21, 2));
        int[] all = whole.lastActions();
        int k = 30;
        TestBots.Spy spy = new TestBots.Spy();
        Game g = new Game();
        int mover = g.start(Rules.twoPlayer(), deal, new Strategy[]{null, spy}, rngs(21, 2),
                java.util.Arrays.copyOf(all, k));
        for (int i = 0; i < k; i++) {
            assertEquals(all[i], g.action(i), "the prefix is played as given");
        }
        assertTrue(g.actionCount() >= k);
        long told = java.util.Arrays.stream(java.util.Arrays.copyOf(all, k)).filter(Action::isPublic).count();
        assertTrue(spy.seen.size() >= told, "the bot is told the prefix's public actions");
        assertTrue(mover == 0 || mover == -1);
    }

    @Test
    void start_withAnIllegalPrefix_saysWhichAction() {
        Game g = new Game();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.start(Rules.twoPlayer(),
                Deal.generate(Deck.standard(), 4), new Strategy[2], rngs(4, 2), new int[]{Action.STOP}));
        assertTrue(e.getMessage().startsWith("action 0 (stop) is not legal"), e.getMessage());
    }

    @Test
    void copyFrom_agentsOnly_isAnIndependentExactCopy() {
        Deal deal = Deal.generate(Deck.standard(), 8);
        Game a = new Game();
        a.start(Rules.twoPlayer(), deal, new Strategy[2], rngs(8, 2));
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 15 && a.agentToMove() >= 0; i++) {
            a.act(a.legal().get(r.nextInt(a.legal().size())));
        }
        Game b = new Game();
        b.copyFrom(a);
        assertArrayEquals(a.lastActions(), b.lastActions());
        assertEquals(a.agentToMove(), b.agentToMove());
        assertArrayEquals(a.legal().toArray(), b.legal().toArray());
        int[] before = a.lastActions();
        b.act(b.legal().get(0));
        assertArrayEquals(before, a.lastActions(), "acting in the copy leaves the original as it was");
        Game withBot = new Game();
        withBot.start(Rules.twoPlayer(), deal, new Strategy[]{null, new TestBots.Uniform()}, rngs(8, 2));
        assertThrows(IllegalStateException.class, () -> b.copyFrom(withBot));
    }
}
