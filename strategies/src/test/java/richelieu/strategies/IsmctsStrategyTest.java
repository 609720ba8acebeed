package richelieu.strategies;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tests of the strongest bot, {@code ismcts-mast} (tree reuse, margin reward w = 0.2, fused MAST
 * rollouts ε = 0.5 at every decision, c = 0.7; results/search.md), at every
 * player count (2, 3, 4) and both variants (base, three-row): deterministic for a seed under an
 * iteration budget, no forfeit in any seat, blind to hidden information also with the warm tree
 * and MAST table it carries through a game, and at most one byte allocated per iteration once
 * warm. {@link ShippedBotsTest} covers it among all bots at 2 players.
 */
class IsmctsStrategyTest {
    /** The final bot with every setting spelled out, as the confirmation run named it. */
    static final String FINAL = "ismcts2:reuse=true,margin=0.2,mast=0.5,mastOn=all,c=0.7";
    /** The name to use for it: its defaults are the final bot's. */
    static final String SHORT = "ismcts-mast";

    private static final Rules.Variant[] VARIANTS = Rules.Variant.values();

    private static Strategy bot(String spec) {
        return Bots.standard().parse(spec).newStrategy();
    }

    private static Rules rules(int players, Rules.Variant v) {
        return Rules.standard(players).withVariant(v);
    }

    /** Plays one game of the given specs, seat by seat, with seat p's stream seeded {@code seed + p}. */
    private static Game play(Rules rules, long deal, List<String> specs, long seed) {
        Game g = new Game();
        play(g, rules, deal, specs, seed);
        return g;
    }

    private static GameResult play(Game g, Rules rules, long deal, List<String> specs, long seed) {
        Strategy[] bots = new Strategy[specs.size()];
        SplittableRandom[] rngs = new SplittableRandom[specs.size()];
        for (int p = 0; p < bots.length; p++) {
            bots[p] = bot(specs.get(p));
            rngs[p] = new SplittableRandom(seed + p);
        }
        GameResult r = g.play(rules, Deal.generate(Deck.standard(), deal), bots, rngs);
        assertFalse(r.isForfeit(), specs + " " + rules.describe() + ": " + r.failure());
        return r;
    }

    private static List<String> seats(int players, String spec) {
        List<String> l = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            l.add(spec);
        }
        return l;
    }

    @Test
    void finalBot_namePlaysTheGamesOfEverySettingSpelledOut() {
        for (int players = 2; players <= 4; players++) {
            Rules r = rules(players, Rules.Variant.BASE);
            int[] named = play(r, 50 + players, seats(players, FINAL + ",iterations=60"), 7).lastActions();
            int[] shortName = play(r, 50 + players, seats(players, SHORT + ":iterations=60"), 7).lastActions();
            assertArrayEquals(named, shortName, players + " players: ismcts-mast's defaults are no longer the final bot's");
        }
    }

    @Test
    void finalBot_iterationBudget_sameSeedSameGame_otherSeedOtherGame_everyPlayerCountAndVariant() {
        int differ = 0;
        for (int players = 2; players <= 4; players++) {
            for (Rules.Variant v : VARIANTS) {
                Rules r = rules(players, v);
                List<String> specs = seats(players, SHORT + ":iterations=60");
                int[] first = play(r, 60 + players, specs, 11).lastActions();
                assertArrayEquals(first, play(r, 60 + players, specs, 11).lastActions(), players + " players, " + v);
                differ += java.util.Arrays.equals(first, play(r, 60 + players, specs, 12).lastActions()) ? 0 : 1;
            }
        }
        assertTrue(differ >= 4, "other bot seeds changed only " + differ + " of 6 games: the seed hardly matters");
    }

    /**
     * In every seat, against a field of the other shipped kinds of bot: no forfeit, and even at 60
     * iterations it wins more than a seat's fair share of the 18 games (6.5: half the 2-player
     * games, a third and a quarter of the others), and over three times what {@code random} wins of
     * the 8 it sits in (the 4-player games).
     */
    @Test
    void finalBot_playsEveryPlayerCountVariantAndSeatWithoutForfeit_andWinsMoreThanRandom() {
        List<String> field = List.of("ismcts:iterations=60", "heuristic", "random");
        int games = 0;
        int wins = 0;
        int randomWins = 0;
        for (int players = 2; players <= 4; players++) {
            for (Rules.Variant v : VARIANTS) {
                for (int seat = 0; seat < players; seat++) {
                    List<String> specs = new ArrayList<>();
                    for (int p = 0, o = 0; p < players; p++) {
                        specs.add(p == seat ? SHORT + ":iterations=60" : field.get(o++));
                    }
                    GameResult r = play(new Game(), rules(players, v), 70 + seat, specs, 13);
                    wins += r.isWinner(seat) ? 1 : 0;
                    randomWins += players == 4 && r.isWinner(specs.indexOf("random")) ? 1 : 0;
                    games++;
                }
            }
        }
        assertEquals(18, games);
        assertTrue(wins >= 7 && wins > 3 * randomWins, "won " + wins + " of 18 games; random won " + randomWins
                + " of the 8 it played");
    }

    @Test
    void finalBot_everyPlayerCountAndVariant_receivesOnlyObjectsThatCannotReachHiddenState_R26() {
        for (int players = 2; players <= 4; players++) {
            for (Rules.Variant v : VARIANTS) {
                Strategy[] bots = new Strategy[players];
                SplittableRandom[] rngs = new SplittableRandom[players];
                for (int p = 0; p < players; p++) {
                    bots[p] = new ShippedBotsTest.Inspecting(bot(p == 1 ? SHORT + ":iterations=60" : "random"));
                    rngs[p] = new SplittableRandom(20 + p);
                }
                GameResult r = new Game().play(rules(players, v), Deal.generate(Deck.standard(), 80 + players), bots, rngs);
                assertFalse(r.isForfeit(), players + " players, " + v + ": " + r.failure());
                int checked = ((ShippedBotsTest.Inspecting) bots[1]).checked;
                assertTrue(checked > 5, players + " players, " + v + ": asked " + checked + " times");
            }
        }
    }

    /**
     * The bot's choices depend only on what its seat has seen, also through what it carries from
     * decision to decision (the reused tree, the MAST values): two copies with the same stream
     * follow one game and are told the same public actions; at each decision one is shown the
     * real state, the other a state with every token it has not seen re-dealt (consistently with
     * what it has seen, afresh each time). They must choose alike all game long.
     */
    @Test
    void finalBot_warm_choicesUnchangedWhenUnseenTokensAreRedealtAtEveryDecision_R26() {
        int redealtDifferently = 0;
        for (int players = 2; players <= 4; players++) {
            for (Rules.Variant v : VARIANTS) {
                int me = (players + v.ordinal()) % players;
                GameState s = new GameState(rules(players, v), Deal.generate(Deck.standard(), 90 + 2 * players + v.ordinal()));
                Strategy real = bot(SHORT + ":iterations=80");
                Strategy twin = bot(SHORT + ":iterations=80");
                real.gameStarted(new Strategy.GameStart(me, s.rules(), s.layout(), new SplittableRandom(31)));
                twin.gameStarted(new Strategy.GameStart(me, s.rules(), s.layout(), new SplittableRandom(31)));
                SplittableRandom others = new SplittableRandom(32);
                SplittableRandom redeal = new SplittableRandom(33);
                LegalActions legal = new LegalActions();
                int decisions = 0;
                while (!s.isOver()) {
                    legal.fill(s);
                    int seat = s.toMove();
                    int a;
                    if (seat == me && legal.size() > 1) {
                        Observation o = s.observe(me);
                        GameState alt = o.newState();
                        o.determinize(redeal, alt);
                        redealtDifferently += hiddenDiffers(s, alt, me) ? 1 : 0;
                        a = real.chooseAction(o, legal);
                        assertEquals(a, twin.chooseAction(alt.observe(me), legal),
                                players + " players, " + v + ", turn " + s.turn());
                        decisions++;
                    } else {
                        a = legal.get(others.nextInt(legal.size()));
                    }
                    s.play(a);
                    if (Action.isPublic(a)) {
                        real.actionPlayed(seat, a);
                        twin.actionPlayed(seat, a);
                    }
                }
                assertTrue(decisions > 5, players + " players, " + v + ": " + decisions + " decisions");
            }
        }
        assertTrue(redealtDifferently > 30, "only " + redealtDifferently + " re-deals differed from the real tokens");
    }

    /** True if the tokens seat {@code me} cannot see lie differently in {@code a} and {@code b}. */
    private static boolean hiddenDiffers(GameState a, GameState b, int me) {
        for (int p = 0; p < a.players(); p++) {
            if (p != me && a.heldTokens(p) != b.heldTokens(p)) {
                return true;
            }
        }
        for (int i = 0; i < Layout.TOKEN_PLACES; i++) {
            if (a.placeToken(i) != b.placeToken(i)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Over a whole game against random bots, once warm (the same game played before, so no
     * array grows): at most one byte per iteration, everything the game itself allocates
     * included. ShippedBotsTest has the 2-player base game; this covers every player count and
     * variant.
     */
    @Test
    @Tag("slow")
    void finalBot_allocatesAtMostOneBytePerIterationOnceWarm_everyPlayerCountAndVariant() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        for (int players = 2; players <= 4; players++) {
            for (Rules.Variant v : VARIANTS) {
                Rules r = rules(players, v);
                ShippedBotsTest.Counting bot = new ShippedBotsTest.Counting((IsmctsStrategy) bot(SHORT + ":iterations=1000"));
                Strategy[] bots = new Strategy[players];
                bots[0] = bot;
                for (int p = 1; p < players; p++) {
                    bots[p] = bot("random");
                }
                Game g = new Game();
                playSeeded(g, r, bots, 41); // warm-up: grows the node arrays, both sets
                playSeeded(g, r, bots, 42);
                long it0 = bot.iterations;
                long before = mx.getCurrentThreadAllocatedBytes();
                playSeeded(g, r, bots, 41); // the same game again: no array grows past the warm-up's
                long allocated = mx.getCurrentThreadAllocatedBytes() - before;
                long iterations = bot.iterations - it0;
                assertTrue(iterations >= 5_000, players + " players, " + v + ": iterations " + iterations);
                assertTrue(allocated <= iterations, players + " players, " + v + ": allocated " + allocated
                        + " bytes in " + iterations + " iterations");
            }
        }
    }

    private static void playSeeded(Game g, Rules r, Strategy[] bots, long seed) {
        SplittableRandom[] rngs = new SplittableRandom[bots.length];
        for (int p = 0; p < bots.length; p++) {
            rngs[p] = new SplittableRandom(seed * 10 + p);
        }
        assertFalse(g.play(r, Deal.generate(Deck.standard(), seed), bots, rngs).isForfeit());
    }
}
