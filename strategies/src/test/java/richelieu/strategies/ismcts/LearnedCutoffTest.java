package richelieu.strategies.ismcts;

import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;
import richelieu.strategies.HeuristicEvaluation;
import richelieu.strategies.learned.LearnedEvaluation;
import richelieu.strategies.learned.SeatFeatures;
import richelieu.strategies.learned.ValueNet;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code eval=learned}: cut-short rollouts judged by the learned evaluation. */
class LearnedCutoffTest {

    /** Each seat's reward: the win chance of the searching seat's predicted margin, the other the rest. */
    @Test
    void reward_judgesFromTheSearchingSeatsView() {
        RolloutReward reward = new RolloutReward(0, 10, LearnedEvaluation.shipped2p(), 10);
        LearnedEvaluation reference = LearnedEvaluation.shipped2p();
        GameState s = new GameState(Rules.standard(2), Deal.generate(Deck.standard(), 21));
        SplittableRandom rng = new SplittableRandom(2);
        int[] buf = new int[Action.MAX_LEGAL];
        // where the shipped net corrects the judgement (a net over heuristic-2p may leave bigger tables alone)
        for (int k = 0; k < 40 || Long.bitCount(s.table()) > Math.min(LearnedEvaluation.shipped2p().correctCards(), 12); k++) {
            s.play(buf[rng.nextInt(s.legalActions(buf))]);
        }
        double[] result = new double[4];
        double[] ownChance = new double[2];
        for (int seat = 0; seat < 2; seat++) {
            reward.searching(seat);
            reward.score(s, result);
            ownChance[seat] = result[seat];
            assertEquals(1 / (1 + Math.exp(-reference.value(s, seat) / 10)), result[seat], 1e-6);
            assertEquals(1, result[0] + result[1], 1e-12);
        }
        // the two views differ (each knows only its own tokens), so the view taken matters
        assertFalse(Math.abs(ownChance[0] + ownChance[1] - 1) < 1e-9, Arrays.toString(ownChance));
    }

    /**
     * One judge for every cut-off of a decision: a search whose root has more cards on the table
     * than the net's gate judges even its cut-offs below the gate by heuristic-2p alone, so that
     * lines which remove more cards are not judged by another judge (with another bias) than the
     * lines beside them; at a root within the gate, the net judges.
     */
    @Test
    void reward_rootAboveTheGate_judgesEveryCutoffByTheHeuristic() {
        LearnedEvaluation reference = LearnedEvaluation.shipped2p();
        int gate = reference.correctCards();
        GameState s = new GameState(Rules.standard(2), Deal.generate(Deck.standard(), 21));
        SplittableRandom rng = new SplittableRandom(2);
        int[] buf = new int[Action.MAX_LEGAL];
        while (Long.bitCount(s.table()) > gate - 2) {
            s.play(buf[rng.nextInt(s.legalActions(buf))]);
        }
        HeuristicEvaluation heuristic = new HeuristicEvaluation(LearnedEvaluation.heuristic2p(), s.rules(), s.layout());
        double[] result = new double[4];
        for (int seat = 0; seat < 2; seat++) {
            int sign = seat == 0 ? 1 : -1;
            double net = 1 / (1 + Math.exp(-reference.value(s, seat) / 10));
            double judgement = 1 / (1 + Math.exp(-sign * heuristic.difference(s) / 10));
            assertFalse(Math.abs(net - judgement) < 1e-6, "the net corrects this position");
            RolloutReward reward = new RolloutReward(0, 10, LearnedEvaluation.shipped2p(), 10);
            reward.searching(seat, gate + 1);
            reward.score(s, result);
            assertEquals(judgement, result[seat], 1e-6, "root above the gate");
            reward.searching(seat, gate);
            reward.score(s, result);
            assertEquals(net, result[seat], 1e-6, "root within the gate");
        }
    }

    /**
     * With 3 or 4 players every seat's reward is the win chance of its own predicted margin, from its
     * own view, whichever seat searches (each seat its own evaluation).
     */
    @Test
    void reward_threeOrFourPlayers_judgesEachSeatFromItsOwnView() throws IOException {
        for (int players = 3; players <= 4; players++) {
            ValueNet net = randomNet(players);
            int n = players;
            RolloutReward reward = new RolloutReward(0, 10, count -> {
                assertEquals(n, count);
                return new LearnedEvaluation(net, count);
            }, 10);
            LearnedEvaluation reference = new LearnedEvaluation(net, players);
            GameState s = new GameState(Rules.standard(players), Deal.generate(Deck.standard(), 21));
            SplittableRandom rng = new SplittableRandom(2);
            int[] buf = new int[Action.MAX_LEGAL];
            double[] result = new double[4];
            for (int k = 0; k < 30; k++) {
                s.play(buf[rng.nextInt(s.legalActions(buf))]);
                reward.searching(k % players);
                reward.score(s, result);
                for (int seat = 0; seat < players; seat++) {
                    assertEquals(1 / (1 + Math.exp(-reference.value(s, seat) / 10)), result[seat], 1e-5,
                            players + " players, step " + k + ", seat " + seat);
                }
            }
        }
    }

    /** A net of random weights for {@code players} players' features. */
    private static ValueNet randomNet(int players) throws IOException {
        int in = SeatFeatures.size(players);
        SplittableRandom rng = new SplittableRandom(players);
        float[] w = new float[ValueNet.payloadFloats(in, 16, 8)];
        for (int k = 0; k < w.length; k++) {
            w[k] = (float) (rng.nextDouble() - 0.5) * 0.4f;
        }
        Map<String, String> provenance = new LinkedHashMap<>();
        provenance.put("command", "test");
        provenance.put("seed", "1");
        provenance.put("positions", "0");
        provenance.put("date", "2026-11-28");
        return ValueNet.read(new ByteArrayInputStream(ValueNet.write(in, 16, 8, w, provenance)), "test.net", in);
    }

    /** The 2-player constructor's evaluation refuses a game of more players, not judging it with the wrong net. */
    @Test
    void reward_twoPlayerEvaluation_refusesThreePlayers() {
        RolloutReward reward = new RolloutReward(0, 10, LearnedEvaluation.shipped2p(), 10);
        GameState s = new GameState(Rules.standard(3), Deal.generate(Deck.standard(), 21));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> reward.score(s, new double[4]));
        assertEquals("this learned evaluation judges 2-player games only, this game has 3 players", e.getMessage());
    }

    /** The option changes the games (the learned judgement is used) and they stay reproducible. */
    @Test
    void learnedCutoff_playsItsOwnReproducibleGames() {
        String learned = "ismcts-mast-2p:iterations=100,rollout=cutoff,eval=learned";
        int[] once = actions(learned);
        assertArrayEquals(once, actions(learned));
        assertFalse(Arrays.equals(once, actions("ismcts-mast-2p:iterations=100,rollout=cutoff")),
                "eval=learned plays the heuristic cut-off's games");
    }

    /**
     * A player count without shipped weights fails before the first game with one line; one with
     * weights starts.
     */
    @Test
    void learnedCutoff_playerCountWithoutWeights_failsBeforeTheGames() {
        for (String spec : List.of("ismcts-mast:rollout=cutoff,eval=learned", "ismcts-mast-3p:rollout=cutoff,eval=learned")) {
            BotSpec bot = Bots.standard().parse(spec);
            for (int players = 2; players <= 4; players++) {
                Strategy.GameStart start = new Strategy.GameStart(0, Rules.standard(players),
                        Deal.generate(Deck.standard(), 1).layout(), new SplittableRandom(1));
                if (ValueNet.hasShipped(players)) {
                    bot.checkStarts(start);
                    ValueNet net = ValueNet.shipped(players);
                    assertEquals(SeatFeatures.size(players) + (net.heuristicTerms() ? HeuristicEvaluation.TERMS : 0),
                            net.inputs(), spec);
                    continue;
                }
                BotSpecException e = assertThrows(BotSpecException.class, () -> bot.checkStarts(start), spec);
                assertEquals(spec + ": eval=learned has no weights for " + players + " players (value-" + players
                        + "p.net is not shipped)", e.getMessage());
            }
        }
        assertFalse(ValueNet.hasShipped(5), "weights for 5 players");
    }

    /** Only cut-short rollouts are judged: the option alone would change nothing, so it fails. */
    @Test
    void learnedEval_withoutCutoff_failsBeforeTheGames() {
        BotSpec bot = Bots.standard().parse("ismcts-mast-2p:eval=learned");
        Strategy.GameStart start = new Strategy.GameStart(0, Rules.standard(2), Deal.generate(Deck.standard(), 1).layout(),
                new SplittableRandom(1));
        BotSpecException e = assertThrows(BotSpecException.class, () -> bot.checkStarts(start));
        assertEquals("ismcts-mast-2p:eval=learned: eval=learned judges cut-short rollouts, add rollout=cutoff",
                e.getMessage());
    }

    /** With 3 players the shipped 3-player weights judge: other games than the heuristic's, reproducible. */
    @Test
    void learnedCutoff_threePlayers_playsItsOwnReproducibleGames() {
        String learned = "ismcts-mast-3p:iterations=60,rollout=cutoff,eval=learned";
        int[] once = actions(learned, 3);
        assertArrayEquals(once, actions(learned, 3));
        assertFalse(Arrays.equals(once, actions("ismcts-mast-3p:iterations=60,rollout=cutoff", 3)),
                "eval=learned plays the heuristic cut-off's games");
    }

    /** One seeded 2-player game of the spec against itself: its actions. */
    static int[] actions(String spec) {
        return actions(spec, 2);
    }

    /** One seeded game of {@code players} bots of the spec: its actions. */
    static int[] actions(String spec, int players) {
        BotSpec bot = Bots.standard().parse(spec);
        Game game = new Game();
        Strategy[] seats = new Strategy[players];
        SplittableRandom[] streams = new SplittableRandom[players];
        for (int p = 0; p < players; p++) {
            seats[p] = bot.newStrategy();
            streams[p] = new SplittableRandom(1 + p);
        }
        GameResult result = game.play(Rules.standard(players), Deal.generate(Deck.standard(), 5), seats, streams);
        assertFalse(result.isForfeit(), spec + ": " + result.failure());
        return game.lastActions();
    }
}
