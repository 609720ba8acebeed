package richelieu.strategies.pimc;

import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.SplitMix;
import richelieu.engine.Strategy;
import richelieu.engine.solver.OpenGame;
import richelieu.engine.solver.RootValues;
import richelieu.engine.solver.Solver;
import richelieu.engine.solver.Techniques;
import richelieu.strategies.BotParams;
import richelieu.strategies.Bots;
import richelieu.strategies.ForwardingStrategy;
import richelieu.strategies.Presets;
import richelieu.strategies.StrategyFactory;
import richelieu.strategies.ismcts.IsmctsFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code pimc}: exact in the endgame where the hidden tokens do not matter, and reproducible by seed. */
class PimcStrategyTest {
    private static Strategy bot(String spec) {
        return Bots.standard().parse(spec).newStrategy();
    }

    /**
     * Endgame decisions (at most {@code exact} cards on the table) where every token deal the seat
     * could imagine gives each action the same exact outcome: PIMC must pick an action whose exact
     * outcome in the true deal is the best there is, from either seat and in both variants.
     */
    @Test
    void chooseAction_outcomesTheSameInEveryDeal_playsAnActionOfTheBestOutcome() {
        int[] checked = new int[1];
        int[] seatsChecked = new int[2];
        int[] variantsChecked = new int[2];
        for (Rules rules : new Rules[]{Rules.standard(2), Rules.standard(2).withVariant(Rules.Variant.THREE_ROW)}) {
            for (int g = 0; g < 30; g++) {
                int game = g;
                // one bot a game: its solver is made for the deal's layout once
                Strategy pimc = bot("pimc:samples=8,exact=6,table=14");
                endgameDecisions(rules, g, Solver::outcomeAfter, (s, actions, truth, deal) -> {
                    int bestOutcome = Arrays.stream(truth).max().getAsInt();
                    if (Arrays.stream(truth).min().getAsInt() < bestOutcome) {
                        int seat = s.toMove();
                        int i = indexOf(actions, choose(pimc, rules, deal, game, s));
                        assertEquals(bestOutcome, truth[i], "game " + game + ", turn " + s.turn() + ", seat " + seat
                                + ": " + rules.variant() + " outcomes " + Arrays.toString(truth));
                        checked[0]++;
                        seatsChecked[seat]++;
                        variantsChecked[rules.variant().ordinal()]++;
                    }
                });
            }
        }
        assertTrue(checked[0] >= 5, checked[0] + " decisions checked");
        assertTrue(seatsChecked[0] > 0 && seatsChecked[1] > 0, Arrays.toString(seatsChecked));
        assertTrue(variantsChecked[0] > 0 && variantsChecked[1] > 0, "decisions per variant " + Arrays.toString(variantsChecked));
    }

    /**
     * {@code ties=exact}: endgame decisions where every token deal the seat could imagine gives
     * each action the same exact value, and at least two actions win with different final
     * margins. There the exact mean margin over the deals is the true margin, so the bot must play
     * the winning action of the largest margin; the default, which ranks equal wins by the margin
     * at the end of the current turn in one deal, does not always find it (these games hold such
     * decisions: the test fails if they do not come up, or if the two agree on all of them).
     */
    @Test
    void chooseAction_tiesExact_playsTheWinOfTheLargestExactMargin() {
        int[] checked = new int[1];
        int[] turnEndMissed = new int[1];
        Rules rules = Rules.standard(2);
        // of games 0 to 249 played at random as below, the three that hold such decisions (8 of them)
        for (int g : new int[]{8, 43, 202}) {
            Strategy exact = bot("pimc:samples=8,exact=6,table=14,ties=exact");
            Strategy turnEnd = bot("pimc:samples=8,exact=6,table=14");
            endgameDecisions(rules, g, Solver::valueAfter, (s, actions, truth, deal) -> {
                int bestMargin = Integer.MIN_VALUE;
                int winners = 0;
                boolean marginsDiffer = false;
                for (int v : truth) {
                    if (v > 0) {
                        marginsDiffer |= winners > 0 && RootValues.margin(v) != bestMargin;
                        bestMargin = Math.max(bestMargin, RootValues.margin(v));
                        winners++;
                    }
                }
                if (marginsDiffer) {
                    int v = truth[indexOf(actions, choose(exact, rules, deal, g, s))];
                    assertTrue(v > 0, "game " + g + ", turn " + s.turn() + ": not a win " + Arrays.toString(truth));
                    assertEquals(bestMargin, RootValues.margin(v), "game " + g + ", turn " + s.turn()
                            + ": values " + Arrays.toString(truth));
                    int other = truth[indexOf(actions, choose(turnEnd, rules, deal, g, s))];
                    if (RootValues.margin(other) != bestMargin) {
                        turnEndMissed[0]++;
                    }
                    checked[0]++;
                }
            });
        }
        assertTrue(checked[0] >= 6, checked[0] + " decisions checked");
        assertTrue(turnEndMissed[0] > 0, "ties=turn-end found the largest margin at all " + checked[0] + " decisions");
    }

    /** A check of an endgame decision: the actions, and what the judge says of each (the same in every deal). */
    @FunctionalInterface
    private interface EndgameCheck {
        void at(GameState s, int[] actions, int[] truth, Deal deal);
    }

    /**
     * Plays game {@code g} at random (its deal and moves from {@code g}) and checks each decision
     * with at most 6 cards on the table and a choice where every deal the mover could imagine
     * gets the same answer from {@code judge} ({@link #sameInEveryDeal}).
     */
    private static void endgameDecisions(Rules rules, int g, Judge judge, EndgameCheck check) {
        int[] buf = new int[Action.MAX_LEGAL];
        Deal deal = Deal.generate(Deck.standard(), SplitMix.mix64(g + 7));
        GameState s = new GameState(rules, deal);
        SplittableRandom rng = new SplittableRandom(g);
        Solver solver = new Solver(rules, deal.layout(), 16);
        while (!s.isOver()) {
            int n = s.legalActions(buf);
            if (OpenGame.cardsToPlay(s.table()) <= 6 && n > 1) {
                int[] actions = Arrays.copyOf(buf, n);
                int[] truth = sameInEveryDeal(s, actions, solver, judge, g);
                if (truth != null) {
                    check.at(s, actions, truth, deal);
                }
            }
            s.play(buf[rng.nextInt(n)]);
        }
    }

    /** The bot's choice in {@code s}, for the seat to move, started afresh from game {@code g}'s stream. */
    private static int choose(Strategy bot, Rules rules, Deal deal, int g, GameState s) {
        bot.gameStarted(new Strategy.GameStart(s.toMove(), rules, deal.layout(), new SplittableRandom(g)));
        LegalActions legal = new LegalActions();
        legal.fill(s);
        return bot.chooseAction(s.observe(s.toMove()), legal);
    }

    /** What the solver says of an action in the loaded position, from seat 0's side. */
    @FunctionalInterface
    private interface Judge {
        int after(Solver solver, int action);
    }

    /** What {@code judge} says of each action in {@code s}, from the side of the seat to move. */
    private static int[] judged(Solver solver, GameState s, int[] actions, Judge judge) {
        int sign = s.toMove() == 0 ? 1 : -1;
        int[] out = new int[actions.length];
        for (int i = 0; i < actions.length; i++) {
            solver.load(s);
            out[i] = sign * judge.after(solver, actions[i]);
        }
        return out;
    }

    /**
     * What {@code judge} says of each action in the true state {@code s}, if 12 token deals the
     * mover could imagine (drawn from a stream of game {@code g} and the turn) all say the same;
     * otherwise null.
     */
    private static int[] sameInEveryDeal(GameState s, int[] actions, Solver solver, Judge judge, int g) {
        Observation obs = s.observe(s.toMove());
        GameState sample = obs.newState();
        int[] truth = judged(solver, s, actions, judge);
        SplittableRandom draws = new SplittableRandom(g * 31L + s.turn());
        for (int d = 0; d < 12; d++) {
            obs.determinize(draws, sample);
            if (!Arrays.equals(truth, judged(solver, sample, actions, judge))) {
                return null;
            }
        }
        return truth;
    }

    private static int indexOf(int[] actions, int action) {
        for (int i = 0; i < actions.length; i++) {
            if (actions[i] == action) {
                return i;
            }
        }
        throw new AssertionError("not a legal action: " + action);
    }

    /**
     * The exact phase's techniques change no choice, only its cost: a bot whose exact searches use
     * every technique and a twin whose use none, given the same seeds and the same games (the
     * first bot plays, the twin is asked too), choose alike at every decision, in both variants,
     * while the first visits fewer positions in its exact searches.
     */
    @Test
    void chooseAction_everyTechnique_choosesAsWithoutTechniques() {
        PimcFactory factory = new PimcFactory();
        BotParams params = Bots.standard().parse("pimc:samples=6,iterations=20,exact=9,table=16").params();
        int[] exactDecisions = new int[2];
        long[] nodes = new long[2];
        for (Rules rules : new Rules[]{Rules.standard(2), Rules.standard(2).withVariant(Rules.Variant.THREE_ROW)}) {
            for (int g = 0; g < 3; g++) {
                PimcStrategy all = factory.create(params, Techniques.ALL);
                PimcStrategy none = factory.create(params, Techniques.NONE);
                Twins twins = new Twins(all, none);
                GameResult r = new Game().play(rules, Deal.generate(Deck.standard(), SplitMix.mix64(g + 40)),
                        new Strategy[]{twins, bot("greedy")},
                        new SplittableRandom[]{new SplittableRandom(g), new SplittableRandom(g + 100)});
                assertFalse(r.isForfeit(), "a forfeit: " + r.failure());
                exactDecisions[rules.variant().ordinal()] += twins.exactDecisions;
                nodes[0] += all.exactNodes();
                nodes[1] += none.exactNodes();
            }
        }
        assertTrue(exactDecisions[0] >= 10 && exactDecisions[1] >= 10, "exact decisions per variant "
                + Arrays.toString(exactDecisions));
        assertTrue(nodes[0] < nodes[1], "exact nodes with every technique and with none " + Arrays.toString(nodes));
    }

    /** Plays as the first bot and asks the second the same, from the same seed: they must agree. */
    private static final class Twins extends ForwardingStrategy {
        private final Strategy twin;
        int exactDecisions;

        Twins(Strategy bot, Strategy twin) {
            super(bot);
            this.twin = twin;
        }

        @Override
        public void gameStarted(GameStart start) {
            long seed = start.random().nextLong();
            super.gameStarted(new GameStart(start.seat(), start.rules(), start.layout(), new SplittableRandom(seed)));
            twin.gameStarted(new GameStart(start.seat(), start.rules(), start.layout(), new SplittableRandom(seed)));
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            int a = super.chooseAction(observation, legal);
            assertEquals(twin.chooseAction(observation, legal), a, "turn " + observation.turn());
            int cards = OpenGame.cardsToPlay(observation.table());
            // every exact decision solves all its deals (the counted budget), the others none
            assertEquals(cards <= 9 && observation.players() == 2 ? 6 : -1, ((PimcStrategy) inner).exactDeals(),
                    cards + " cards");
            if (cards <= 9 && legal.size() > 1) {
                exactDecisions++;
            }
            return a;
        }

        @Override
        public void actionPlayed(int seat, int action) {
            super.actionPlayed(seat, action);
            twin.actionPlayed(seat, action);
        }

        @Override
        public void gameEnded(GameResult result) {
            super.gameEnded(result);
            twin.gameEnded(result);
        }
    }

    /** With a budget in deals and iterations (not time) the same seed plays the same game. */
    @Test
    void play_sameSeed_sameGame() {
        assertArrayEquals(game(5, "pimc:samples=4,iterations=60"), game(5, "pimc:samples=4,iterations=60"));
        assertFalse(Arrays.equals(game(5, "pimc:samples=4,iterations=60"), game(6, "pimc:samples=4,iterations=60")),
                "another seed, another game");
    }

    /** So with {@code ties=exact}, whose second pass over the deals keeps them from the first. */
    @Test
    void play_tiesExact_sameSeed_sameGame() {
        String spec = "pimc:samples=4,iterations=60,ties=exact";
        assertArrayEquals(game(5, spec), game(5, spec));
        assertFalse(Arrays.equals(game(5, spec), game(6, spec)), "another seed, another game");
    }

    /**
     * The mid-game search's own knobs default to {@code ismcts-mast-2p}'s values (a spec that sets
     * them to those values plays the same game), and a knob set otherwise reaches the search.
     */
    @Test
    void play_midGameKnobs_defaultToTheMidPresetAndReachTheSearch() {
        String base = "pimc:samples=4,iterations=60";
        Map<String, String> preset = Presets.named(PimcFactory.MID).values();
        for (StrategyFactory.Parameter p : PimcFactory.MID_KNOBS) {
            assertEquals(preset.getOrDefault(p.name(), new IsmctsFactory.IsmctsMast().parameters().stream()
                    .filter(q -> q.name().equals(p.name())).findFirst().orElseThrow().defaultValue()),
                    p.defaultValue(), p.name());
        }
        assertArrayEquals(game(5, base), game(5, base + ",c=0.39571,margin=0.90952,epsilon=0.4989,marginScale=10,"
                + "mastPrior=1,reuse=true"));
        for (String knob : List.of("c=3", "margin=0", "epsilon=0", "marginScale=1", "mastPrior=50", "reuse=false")) {
            assertFalse(Arrays.equals(game(5, base), game(5, base + "," + knob)), knob + " reaches the search");
        }
    }

    /** The option is read: {@code ties} takes turn-end (the default) or exact, any other word is refused by name. */
    @Test
    void parse_ties_acceptsItsTwoValuesAndRefusesOthers() {
        PimcFactory factory = new PimcFactory();
        assertEquals(PimcStrategy.Ties.TURN_END, factory.create(Bots.standard().parse("pimc").params(), Techniques.ALL).ties());
        assertEquals(PimcStrategy.Ties.EXACT, factory.create(Bots.standard().parse("pimc:ties=exact").params(), Techniques.ALL).ties());
        assertEquals(PimcStrategy.Ties.TURN_END,
                factory.create(Bots.standard().parse("pimc:ties=Turn-End").params(), Techniques.ALL).ties());
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> Bots.standard().parse("pimc:ties=nearest").newStrategy());
        assertEquals("bot 'pimc': ties must be turn-end or exact, not 'nearest'", e.getMessage());
    }

    private static int[] game(long seed, String spec) {
        Deal deal = Deal.generate(Deck.standard(), SplitMix.mix64(3));
        List<Integer> actions = new ArrayList<>();
        Strategy pimc = bot(spec);
        Strategy greedy = bot("greedy");
        Strategy recorder = new Recorder(pimc, actions);
        GameResult r = new Game().play(Rules.twoPlayer(), deal, new Strategy[]{recorder, greedy},
                new SplittableRandom[]{new SplittableRandom(seed), new SplittableRandom(seed + 1)});
        assertFalse(r.isForfeit(), "pimc plays legal actions");
        return actions.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Passes everything to a bot and writes down what it chose. */
    private static final class Recorder extends ForwardingStrategy {
        private final List<Integer> chosen;

        Recorder(Strategy bot, List<Integer> chosen) {
            super(bot);
            this.chosen = chosen;
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            int a = super.chooseAction(observation, legal);
            chosen.add(a);
            return a;
        }
    }

    /**
     * R17, the three-row variant: exact solving starts at the same number of cards on the table
     * as in the base game. Counting the cards without the fullest row let the solver start with
     * up to 20 cards on the table (any row end may still be taken), and this game's first exact
     * decision ran for minutes; now the whole game takes seconds. The limit only stops a hang.
     */
    @Test
    void play_threeRow_exactSolvingWithinReach() {
        Rules rules = Rules.standard(2).withVariant(Rules.Variant.THREE_ROW);
        SplittableRandom r = new SplittableRandom(1000);
        Deal deal = Deal.generate(Deck.standard(), r.nextLong());
        Strategy[] seats = {bot("pimc:samples=4,iterations=100"), bot("pimc:samples=4,iterations=100")};
        GameResult result = assertTimeoutPreemptively(Duration.ofSeconds(90), () -> new Game().play(rules, deal, seats,
                new SplittableRandom[]{r.split(), r.split()}));
        assertFalse(result.isForfeit(), "a forfeit: " + result.failure());
    }

    /** With three players the solver is out of reach: the mid-game search plays every decision. */
    @Test
    void play_threePlayers_playsLegalGames() {
        Strategy[] seats = {bot("pimc:iterations=40"), bot("greedy"), bot("random")};
        GameResult r = new Game().play(Rules.standard(3), Deal.generate(Deck.standard(), SplitMix.mix64(11)), seats,
                new SplittableRandom[]{new SplittableRandom(1), new SplittableRandom(2), new SplittableRandom(3)});
        assertFalse(r.isForfeit(), "a forfeit: " + r.failure());
    }

    /**
     * The cut-off hook hears the unfinished positions the mid-game search judges, including ones
     * with few cards on the table, and changes no decision: the same game with and without it.
     */
    @Test
    void recordCutoffs_hearsUnfinishedPositions_andChangesNoDecision() {
        String spec = "pimc:iterations=80";
        int[] heard = new int[2];
        int[] watched = cutoffGame(spec, (s, rootAction) -> {
            assertFalse(s.isOver());
            assertTrue(rootAction >= 0, "every decision of the mid-game search has several actions here");
            heard[0]++;
            heard[1] += Long.bitCount(s.table()) <= 12 ? 1 : 0;
        });
        assertArrayEquals(cutoffGame(spec, null), watched);
        assertTrue(heard[0] > 1000, heard[0] + " cut-offs");
        assertTrue(heard[1] > 0 && heard[1] < heard[0], heard[1] + " of " + heard[0] + " at <= 12 cards");
    }

    /** One seeded self-play game of {@code spec} with {@code sink} hearing both bots' cut-offs: its actions. */
    private static int[] cutoffGame(String spec, richelieu.strategies.ismcts.CutoffListener sink) {
        Strategy[] seats = new Strategy[2];
        SplittableRandom[] streams = new SplittableRandom[2];
        for (int p = 0; p < 2; p++) {
            PimcStrategy s = (PimcStrategy) bot(spec);
            s.recordCutoffs(sink);
            seats[p] = s;
            streams[p] = new SplittableRandom(3 + p);
        }
        Game game = new Game();
        GameResult result = game.play(Rules.standard(2), Deal.generate(Deck.standard(), 8), seats, streams);
        assertFalse(result.isForfeit(), result::toString);
        return game.lastActions();
    }
}
