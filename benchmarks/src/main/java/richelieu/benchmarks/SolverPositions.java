package richelieu.benchmarks;

import richelieu.engine.Deal;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.engine.record.GameRecord;
import richelieu.runner.stats.DerivedSeeds;
import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;


/**
 * Positions for the exact solver from real games of strong bots: seeded games of
 * {@value #BOT_A} against {@value #BOT_B} (the top two of the ladder when the positions were drawn, before pimc), each deal played twice with
 * the seats swapped, and in each game the start of the first turn with exactly N cards on the
 * table (a game that takes two cards at once may skip N). A turn's start is where a bot meets
 * the position whole; the frontier and the JMH suite read the same positions.
 *
 * <p>Game g plays deal {@code g / 2} ({@link Positions#deal}); its seats' streams split from
 * {@link DerivedSeeds#solverPositionsGame}, so a bot's randomness never changes the deal.
 * The bots use iteration budgets: the same seed gives the same games on any machine.
 */
public final class SolverPositions {
    public static final String BOT_A = "heuristic-2p";
    public static final String BOT_B = "ismcts-mast-2p";

    /** One position: the game it comes from (index among the games played) and its step (actions before it). */
    public record Position(int game, int step, GameState state) {
        public int cards() {
            return Long.bitCount(state.table());
        }
    }

    private final Rules rules;
    private final List<GameRecord> games = new ArrayList<>();

    private SolverPositions(Rules rules) {
        this.rules = rules;
    }

    /** Plays {@code count} games (an even number: pairs of deals) under {@code rules}, two players. */
    public static SolverPositions play(Rules rules, long seed, int count) {
        Bots bots = Bots.standard();
        BotSpec a = bots.parse(BOT_A);
        BotSpec b = bots.parse(BOT_B);
        Strategy[] pair = {a.newStrategy(), b.newStrategy()};
        SolverPositions out = new SolverPositions(rules);
        Game game = new Game();
        for (int g = 0; g < count; g++) {
            Deal deal = Positions.deal(seed, g / 2);
            boolean swapped = (g & 1) == 1;
            Strategy[] seats = swapped ? new Strategy[]{pair[1], pair[0]} : pair.clone();
            List<String> labels = swapped ? List.of(b.label(), a.label()) : List.of(a.label(), b.label());
            SplittableRandom streams = new SplittableRandom(DerivedSeeds.solverPositionsGame(seed, g));
            SplittableRandom[] rngs = {streams.split(), streams.split()};
            GameResult result = game.play(rules, deal, seats, rngs);
            out.games.add(GameRecord.fromActions(rules, deal, labels, game.lastActions(), result));
        }
        return out;
    }

    /** The games played, as records (game i is line i of a records file). */
    public List<GameRecord> records() {
        return games;
    }

    /** Up to {@code max} positions with exactly {@code cards} on the table, one per game at most, in game order. */
    public List<Position> withCards(int cards, int max) {
        List<Position> out = new ArrayList<>();
        for (int g = 0; g < games.size() && out.size() < max; g++) {
            Position p = firstTurnWith(g, cards);
            if (p != null) {
                out.add(p);
            }
        }
        return out;
    }

    private Position firstTurnWith(int g, int cards) {
        GameRecord rec = games.get(g);
        GameState driver = new GameState(rules, rec.deal());
        GameState s = new GameState(rules, rec.deal());
        int step = 0;
        for (GameRecord.Turn t : rec.turns()) {
            int left = Long.bitCount(s.table());
            if (left == cards) {
                return new Position(g, step, s);
            }
            if (left < cards) {
                return null;
            }
            for (int a : GameRecord.applyTurn(driver, t)) {
                s.apply(a);
                step++;
            }
        }
        return null;
    }
}
