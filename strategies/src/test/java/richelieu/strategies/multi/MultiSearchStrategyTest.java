package richelieu.strategies.multi;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.HiddenState;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.SplitMix;
import richelieu.engine.Strategy;
import richelieu.strategies.Bots;
import richelieu.strategies.ForwardingStrategy;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code paranoid} and {@code maxn} as bots: legal, reproducible by seed, and deciding only on what their seat knows. */
class MultiSearchStrategyTest {
    private static final String PARANOID = "paranoid:samples=2,depth=2,markers=3";
    private static final String MAXN = "maxn:samples=2,depth=2,markers=3";

    private static Strategy bot(String spec) {
        return Bots.standard().parse(spec).newStrategy();
    }

    private static Game playGame(String spec, Rules rules, long seed) {
        return playGame(bot(spec), rules, seed);
    }

    /** A game of {@code searcher} in seat 1 against greedy in seat 0 and random in the others. */
    private static Game playGame(Strategy searcher, Rules rules, long seed) {
        String spec = searcher.name();
        int players = rules.players();
        Strategy[] seats = new Strategy[players];
        SplittableRandom[] rngs = new SplittableRandom[players];
        for (int p = 0; p < players; p++) {
            seats[p] = p == 1 ? searcher : bot(p == 0 ? "greedy" : "random");
            rngs[p] = new SplittableRandom(seed * 7 + p);
        }
        Game g = new Game();
        GameResult r = g.play(rules, Deal.generate(Deck.standard(), SplitMix.mix64(seed)), seats, rngs);
        assertFalse(r.isForfeit(), spec + ", " + rules + ": " + r.failure());
        return g;
    }

    @ParameterizedTest
    @ValueSource(strings = {PARANOID, MAXN})
    void play_threeAndFourPlayersBothVariants_legalGames(String spec) {
        for (int players = 3; players <= 4; players++) {
            for (Rules.Variant v : Rules.Variant.values()) {
                Game g = playGame(spec, Rules.standard(players).withVariant(v), players);
                assertTrue(g.lastActions().length > 40, "a whole game was played");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {PARANOID, MAXN})
    void play_sameSeed_sameGame(String spec) {
        Rules rules = Rules.standard(3);
        assertArrayEquals(playGame(spec, rules, 5).lastActions(), playGame(spec, rules, 5).lastActions());
        assertFalse(java.util.Arrays.equals(playGame(spec, rules, 5).lastActions(),
                playGame(spec, rules, 6).lastActions()), "another seed, another game");
    }

    /**
     * With a time budget it answers every decision, deepening as far as the time allows: past
     * depth 1 where 20 ms of CPU hold a deeper search of both deals (about 7 ms a deal at depth 2),
     * never past the {@code depth} it was given.
     */
    @Test
    void play_timeBudget_deepensAsTheTimeAllows() {
        MultiSearchStrategy timed = (MultiSearchStrategy) bot("paranoid:samples=2,depth=3,markers=3,millis=20,clock=cpu");
        int[] depths = new int[4];
        Strategy watched = new ForwardingStrategy(timed) {
            @Override
            public int chooseAction(Observation observation, LegalActions legal) {
                int a = super.chooseAction(observation, legal);
                depths[timed.lastDepth()]++;
                return a;
            }
        };
        Game g = playGame(watched, Rules.standard(4), 9);
        assertTrue(g.lastActions().length > 40);
        assertTrue(depths[2] + depths[3] > depths[1], "decisions by depth " + java.util.Arrays.toString(depths));
    }

    /**
     * The choice depends only on the observation: re-dealing every token the seat has not seen
     * (consistently with what it has seen) never changes what it plays (R26).
     */
    @ParameterizedTest
    @ValueSource(strings = {PARANOID, MAXN})
    void chooseAction_unseenTokensRedealt_sameChoice_R26(String spec) {
        SplittableRandom rng = new SplittableRandom(3);
        int[] buf = new int[Action.MAX_LEGAL];
        int compared = 0;
        for (int players = 3; players <= 4; players++) {
            GameState s = new GameState(Rules.standard(players), Deal.generate(Deck.standard(), 100 + players));
            while (!s.isOver()) {
                int n = s.legalActions(buf);
                if (n > 1 && s.turn() > 8 && rng.nextInt(8) == 0) {
                    int seat = s.toMove();
                    Observation o = s.observe(seat);
                    GameState alt = o.newState();
                    o.determinize(new SplittableRandom(rng.nextLong()), alt);
                    LegalActions legal = new LegalActions();
                    legal.fill(s);
                    long botSeed = rng.nextLong();
                    assertEquals(decide(spec, seat, s, legal, botSeed), decide(spec, seat, alt, legal, botSeed),
                            spec + " at turn " + s.turn());
                    compared++;
                }
                s.play(buf[rng.nextInt(n)]);
            }
        }
        assertTrue(compared > 5, compared + " decisions compared");
    }

    private static int decide(String spec, int seat, GameState state, LegalActions legal, long seed) {
        Strategy bot = bot(spec);
        bot.gameStarted(new Strategy.GameStart(seat, state.rules(), state.layout(), new SplittableRandom(seed)));
        return bot.chooseAction(state.observe(seat), legal);
    }

    /** Everything the bot is handed: nothing reaches a full state (R26). */
    @Test
    void play_receivesOnlyObjectsThatCannotReachHiddenState_R26() {
        int[] checked = new int[1];
        Strategy inspected = new ForwardingStrategy(bot(PARANOID)) {
            @Override
            public void gameStarted(GameStart start) {
                HiddenState.assertUnreachableFrom(start);
                super.gameStarted(start);
            }

            @Override
            public int chooseAction(Observation observation, LegalActions legal) {
                if (checked[0]++ < 20) {
                    HiddenState.assertUnreachableFrom(observation);
                    HiddenState.assertUnreachableFrom(legal);
                }
                return super.chooseAction(observation, legal);
            }
        };
        GameResult r = new Game().play(Rules.standard(3), Deal.generate(Deck.standard(), 4),
                new Strategy[]{bot("greedy"), inspected, bot("random")},
                new SplittableRandom[]{new SplittableRandom(1), new SplittableRandom(2), new SplittableRandom(3)});
        assertFalse(r.isForfeit());
        assertTrue(checked[0] > 10, checked[0] + " decisions");
    }
}
