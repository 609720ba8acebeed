package richelieu.strategies;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.HiddenState;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.strategies.ismcts.IsmctsStrategy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ShippedBotsTest {
    static final List<String> DETERMINISTIC = List.of("random", "greedy", "heuristic", "ismcts:iterations=60",
            "ismcts-mast:iterations=60", "ismcts-mast:iterations=60,mastOn=takes",
            "ismcts-mast:iterations=60,rollout=random", "ismcts2:iterations=60,mast=0.5", "ismcts2:iterations=60");

    // ------------------------------------------------------------------ specs

    @Test
    void parse_unknownBot_listsKnownBots() {
        BotSpecException e = assertThrows(BotSpecException.class, () -> Bots.standard().parse("alphazero"));
        assertTrue(e.getMessage().contains("unknown bot 'alphazero'") && e.getMessage().contains("random")
                && e.getMessage().contains("ismcts"), e.getMessage());
    }

    @Test
    void parse_unknownParameter_listsValidParameters() {
        BotSpecException e = assertThrows(BotSpecException.class, () -> Bots.standard().parse("ismcts:iters=5"));
        assertTrue(e.getMessage().contains("'iters'") && e.getMessage().contains("iterations, millis, c"), e.getMessage());
        BotSpecException g = assertThrows(BotSpecException.class, () -> Bots.standard().parse("greedy:x=1"));
        assertTrue(g.getMessage().contains("valid: none"), g.getMessage());
    }

    @Test
    void parse_badValues_nameTheParameter() {
        assertTrue(assertThrows(BotSpecException.class, () -> Bots.standard().parse("ismcts:iterations=abc"))
                .getMessage().contains("iterations must be an integer"));
        assertTrue(assertThrows(BotSpecException.class, () -> Bots.standard().parse("ismcts:c=-1"))
                .getMessage().contains("c must be between"));
        assertTrue(assertThrows(BotSpecException.class, () -> Bots.standard().parse("ismcts:iterations"))
                .getMessage().contains("key=value"));
    }

    @Test
    void parse_canonicalLabelAndDeterminism() {
        BotSpec s = Bots.standard().parse(" ismcts:iterations=2000, c=0.7 ");
        assertEquals("ismcts:iterations=2000,c=0.7", s.label());
        assertTrue(s.isDeterministic());
        assertFalse(Bots.standard().parse("ismcts:millis=50").isDeterministic());
        assertEquals("random", Bots.standard().parse("random").label());
    }

    @Test
    void parse_withMoveTime_budgetsOnlyBotsWithMillisThatDoNotSetIt() {
        Bots bots = Bots.standard().withMoveTime(20);
        BotSpec timed = bots.parse("ismcts:c=0.5");
        assertEquals("ismcts:c=0.5,millis=20", timed.label());
        assertFalse(timed.isDeterministic());
        assertEquals("ismcts:millis=7", bots.parse("ismcts:millis=7").label(), "the spec's own budget wins");
        assertEquals("greedy", bots.parse("greedy").label(), "a bot without a millis parameter is untouched");
        assertEquals("ismcts", bots.withMoveTime(0).parse("ismcts").label());
    }

    // ------------------------------------------------------------------ what bots see

    /** Records everything handed to a bot and checks none of it can reach the full state. */
    static final class Inspecting extends ForwardingStrategy {
        int checked;

        Inspecting(Strategy inner) {
            super(inner);
        }

        @Override
        public void gameStarted(GameStart start) {
            assertReachesNoHiddenState(start);
            inner.gameStarted(start);
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            if (checked++ < 30) {
                assertReachesNoHiddenState(observation);
                assertReachesNoHiddenState(legal);
            }
            return inner.chooseAction(observation, legal);
        }
    }

    @Test
    void everyBot_receivesOnlyObjectsThatCannotReachHiddenState_R26() {
        for (String spec : DETERMINISTIC) {
            Inspecting a = new Inspecting(Bots.standard().parse(spec).newStrategy());
            Inspecting b = new Inspecting(Bots.standard().parse("random").newStrategy());
            GameResult r = new Game().play(Rules.twoPlayer(), Deal.generate(Deck.standard(), 5), new Strategy[]{a, b},
                    new SplittableRandom[]{new SplittableRandom(1), new SplittableRandom(2)});
            assertFalse(r.isForfeit());
            assertTrue(a.checked > 10, spec + " was asked " + a.checked + " times");
        }
    }

    /**
     * A bot's choice depends only on its observation: re-dealing every token the seat has not
     * seen (consistently with what it has seen) never changes what it plays.
     */
    @Test
    void everyBot_choiceUnchangedWhenUnseenTokensAreRedealt_R26() {
        SplittableRandom rng = new SplittableRandom(3);
        int[] buf = new int[richelieu.engine.Action.MAX_LEGAL];
        for (String spec : DETERMINISTIC) {
            int compared = 0;
            for (int g = 0; g < 3; g++) {
                GameState s = new GameState(Rules.twoPlayer(), Deal.generate(Deck.standard(), 100 + g));
                while (!s.isOver()) {
                    int n = s.legalActions(buf);
                    if (n > 1 && rng.nextInt(4) == 0) {
                        int seat = s.toMove();
                        Observation o = s.observe(seat);
                        GameState alt = o.newState();
                        o.determinize(new SplittableRandom(rng.nextLong()), alt);
                        LegalActions legal = new LegalActions();
                        legal.fill(s);
                        long botSeed = rng.nextLong();
                        int real = decide(spec, seat, s, legal, botSeed);
                        int other = decide(spec, seat, alt, legal, botSeed);
                        assertEquals(real, other, spec + " at turn " + s.turn());
                        compared++;
                    }
                    s.play(buf[rng.nextInt(n)]);
                }
            }
            assertTrue(compared > 10, spec + ": " + compared);
        }
    }

    private static int decide(String spec, int seat, GameState state, LegalActions legal, long seed) {
        Strategy bot = Bots.standard().parse(spec).newStrategy();
        bot.gameStarted(new Strategy.GameStart(seat, state.rules(), state.layout(), new SplittableRandom(seed)));
        return bot.chooseAction(state.observe(seat), legal);
    }

    static void assertReachesNoHiddenState(Object root) {
        HiddenState.assertUnreachableFrom(root);
    }

    // ------------------------------------------------------------------ determinism

    @Test
    void everyBotWithIterationBudget_sameSeedSameGame() {
        for (String spec : DETERMINISTIC) {
            int[] first = null;
            for (int run = 0; run < 2; run++) {
                Game g = new Game();
                Strategy[] bots = {Bots.standard().parse(spec).newStrategy(), Bots.standard().parse(spec).newStrategy()};
                GameResult r = g.play(Rules.twoPlayer(), Deal.generate(Deck.standard(), 8), bots,
                        new SplittableRandom[]{new SplittableRandom(81), new SplittableRandom(82)});
                assertFalse(r.isForfeit());
                if (first == null) {
                    first = g.lastActions();
                } else {
                    assertArrayEquals(first, g.lastActions(), spec);
                }
            }
        }
    }

    @Test
    void everyBot_playsAllPlayerCountsAndVariantsWithoutForfeit() {
        for (String spec : DETERMINISTIC) {
            for (int players = 2; players <= 4; players++) {
                for (Rules.Variant v : Rules.Variant.values()) {
                    Strategy[] bots = new Strategy[players];
                    SplittableRandom[] rngs = new SplittableRandom[players];
                    for (int p = 0; p < players; p++) {
                        bots[p] = Bots.standard().parse(p == 0 ? spec : "random").newStrategy();
                        rngs[p] = new SplittableRandom(p);
                    }
                    Game g = new Game();
                    GameResult r = g.play(Rules.standard(players).withVariant(v), Deal.generate(Deck.standard(), players),
                            bots, rngs);
                    assertFalse(r.isForfeit(), spec + " " + players + " " + v + ": " + r.failure());
                }
            }
        }
    }

    /** The driver's in-engine draw for uniform bots plays exactly the games of asking the bot. */
    @Test
    void random_driverFastPath_playsExactlyTheBotsGames() {
        for (int players = 2; players <= 4; players++) {
            for (long seed = 0; seed < 30; seed++) {
                int[][] logs = new int[2][];
                for (int path = 0; path < 2; path++) {
                    Strategy[] bots = new Strategy[players];
                    SplittableRandom[] rngs = new SplittableRandom[players];
                    for (int p = 0; p < players; p++) {
                        RandomStrategy r = new RandomStrategy();
                        bots[p] = path == 0 ? r : new ForwardingStrategy(r) { // same bot, without the fast-path flag
                        };
                        rngs[p] = new SplittableRandom(seed * 7 + p);
                    }
                    Game g = new Game();
                    g.play(Rules.standard(players), Deal.generate(Deck.standard(), seed), bots, rngs);
                    logs[path] = g.lastActions();
                }
                assertArrayEquals(logs[0], logs[1], players + " players, seed " + seed);
            }
        }
    }

    // ------------------------------------------------------------------ ISMCTS

    @Test
    void ismcts_searchAllocatesNothingPerIterationOnceWarm() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        GameState s = new GameState(Rules.twoPlayer(), Deal.generate(Deck.standard(), 2));
        int[] buf = new int[richelieu.engine.Action.MAX_LEGAL];
        SplittableRandom rng = new SplittableRandom(4);
        for (int i = 0; i < 20; i++) {
            s.legalActions(buf);
            s.play(buf[0]);
        }
        while (s.legalActions(buf) < 2) {
            s.legalActions(buf);
            s.play(buf[0]);
        }
        IsmctsStrategy bot = (IsmctsStrategy) Bots.standard().parse("ismcts:iterations=2000").newStrategy();
        bot.gameStarted(new Strategy.GameStart(s.toMove(), s.rules(), s.layout(), rng));
        Observation o = s.observe(s.toMove());
        LegalActions legal = new LegalActions();
        legal.fill(s);
        bot.chooseAction(o, legal); // warm-up: grows the node arrays and path buffer once
        bot.chooseAction(o, legal);
        long before = mx.getCurrentThreadAllocatedBytes();
        bot.chooseAction(o, legal);
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertEquals(2000, bot.lastIterations());
        assertTrue(allocated < 2000, "allocated " + allocated + " bytes in 2000 iterations");
    }

    /** Sums the iterations and reused visits of an ISMCTS bot over the decisions it is asked. */
    static final class Counting extends ForwardingStrategy {
        final IsmctsStrategy bot;
        long iterations;
        long reused;
        int decisions;
        int warmStarts;

        Counting(IsmctsStrategy bot) {
            super(bot);
            this.bot = bot;
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            int a = bot.chooseAction(observation, legal);
            iterations += bot.lastIterations();
            reused += bot.lastReusedVisits();
            decisions++;
            warmStarts += bot.lastReusedVisits() > 0 ? 1 : 0;
            return a;
        }
    }

    private static Counting playAgainstRandom(Counting bot, long seed) {
        Strategy[] bots = {bot, Bots.standard().parse("random").newStrategy()};
        GameResult r = new Game().play(Rules.twoPlayer(), Deal.generate(Deck.standard(), seed), bots,
                new SplittableRandom[]{new SplittableRandom(seed), new SplittableRandom(~seed)});
        assertFalse(r.isForfeit());
        return bot;
    }

    @Test
    void ismctsMast_reuse_startsDecisionsFromTheKeptSubtree_plainNever() {
        Counting kept = playAgainstRandom(new Counting((IsmctsStrategy) Bots.standard()
                .parse("ismcts-mast:iterations=300,reuse=true").newStrategy()), 11);
        assertTrue(kept.warmStarts > kept.decisions / 2, kept.warmStarts + " of " + kept.decisions);
        Counting fresh = playAgainstRandom(new Counting((IsmctsStrategy) Bots.standard()
                .parse("ismcts-mast:iterations=300,reuse=false").newStrategy()), 11);
        assertEquals(0, fresh.reused);
    }

    @Test
    @Tag("slow")
    void ismctsMast_reuse_allocatesAtMostOneBytePerIterationOverAGameOnceWarm() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Counting bot = new Counting((IsmctsStrategy) Bots.standard()
                .parse("ismcts-mast:iterations=2000,reuse=true,margin=0.2").newStrategy());
        playAgainstRandom(bot, 21); // warm-up: grows the node arrays, both sets
        playAgainstRandom(bot, 22);
        long it0 = bot.iterations;
        long before = mx.getCurrentThreadAllocatedBytes();
        playAgainstRandom(bot, 21); // the same game again: no array grows past the warm-up's
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        long iterations = bot.iterations - it0;
        assertTrue(iterations > 20_000, "iterations " + iterations);
        assertTrue(allocated <= iterations, "allocated " + allocated + " bytes in " + iterations + " iterations");
    }

    /**
     * MAST rollouts moved into the engine's fused playout play the same games as the first,
     * step-by-step MAST rollouts: the hashes of these games' actions were printed by the build
     * before the change (6f3498c), so {@code mast=} specs of results/search.md replay.
     */
    @Test
    void ismcts2_mast_playsTheGamesOfTheStepByStepMastRollouts() {
        String[] specs = {"ismcts2:iterations=60,mast=0.5", "ismcts2:iterations=40,mast=0.25,reuse=false,margin=0"};
        int[][] expected = {{-1406952073, 100}, {-1301374186, 77}, {-1373971652, 103}, {-1987907022, 101},
                {-1505942324, 90}, {-752126402, 86}};
        int i = 0;
        for (int players = 2; players <= 4; players++) {
            for (Rules.Variant v : Rules.Variant.values()) {
                Strategy[] bots = new Strategy[players];
                SplittableRandom[] rngs = new SplittableRandom[players];
                for (int p = 0; p < players; p++) {
                    bots[p] = Bots.standard().parse(specs[p % 2]).newStrategy();
                    rngs[p] = new SplittableRandom(40 + p);
                }
                Game g = new Game();
                GameResult r = g.play(Rules.standard(players).withVariant(v), Deal.generate(Deck.standard(), 9 + players),
                        bots, rngs);
                assertFalse(r.isForfeit());
                assertArrayEquals(expected[i++], new int[]{java.util.Arrays.hashCode(g.lastActions()),
                        g.lastActions().length}, players + " players, " + v);
            }
        }
    }

    @Test
    void parse_badMastScope_namesTheValidOnes() {
        assertTrue(assertThrows(BotSpecException.class, () -> Bots.standard().parse("ismcts2:mastOn=markers"))
                .getMessage().contains("mastOn must be all or takes"));
        assertTrue(assertThrows(BotSpecException.class, () -> Bots.standard().parse("ismcts-mast:mastOn=markers"))
                .getMessage().contains("mastOn must be all or takes"));
        assertEquals("ismcts2:mast=0.5,mastOn=takes", Bots.standard().parse("ismcts2:mast=0.5,mastOn=takes").label());
    }

    @Test
    void ismcts_millisBudget_runsForAboutThatLong() {
        IsmctsStrategy bot = (IsmctsStrategy) Bots.standard().parse("ismcts:millis=30").newStrategy();
        GameState s = new GameState(Rules.twoPlayer(), Deal.generate(Deck.standard(), 2));
        bot.gameStarted(new Strategy.GameStart(0, s.rules(), s.layout(), new SplittableRandom(1)));
        LegalActions legal = new LegalActions();
        legal.fill(s);
        List<Long> counts = new ArrayList<>();
        long t0 = System.nanoTime();
        int a = bot.chooseAction(s.observe(0), legal);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        counts.add(bot.lastIterations());
        assertTrue(legal.contains(a));
        assertTrue(ms >= 30, "stopped after " + ms + " ms");
        assertTrue(counts.get(0) > 16, "iterations " + counts);
    }
}
