package richelieu.strategies;

import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;
import richelieu.engine.Strategy;

import java.util.List;

/**
 * Game {@code g} of a two-bot lineup that gives positions to a study: deal {@code g / 2} of the seed,
 * the lineup's seats swapped in odd games, each bot with its own seeded random stream. The studies
 * that sample positions from the same games (the distance study, the data set) play them here, so
 * one seed gives both the same games.
 *
 * @param deal    the deal
 * @param seats   the bots by seat (the lineup, swapped in odd games)
 * @param actions every action of the game, END_RETURNS included
 * @param result  the game's result
 */
public record LineupGame(Deal deal, List<BotSpec> seats, int[] actions, GameResult result) {

    /** Plays game {@code g}; a forfeit is a bot's defect, not a position, and fails. */
    public static LineupGame play(List<BotSpec> lineup, Rules rules, Deck deck, long seed, int g) {
        Deal deal = Seeds.deal(deck, seed, g / 2);
        boolean swapped = (g & 1) == 1;
        List<BotSpec> seats = swapped ? List.of(lineup.get(1), lineup.get(0)) : List.of(lineup.get(0), lineup.get(1));
        Game game = new Game();
        GameResult result = game.play(rules, deal, new Strategy[]{seats.get(0).newStrategy(), seats.get(1).newStrategy()},
                Seeds.botStreams(seed, g, 0, 2));
        if (result.isForfeit()) {
            throw new IllegalStateException("lineup game " + g + " ended in a forfeit: " + result.failure());
        }
        return new LineupGame(deal, seats, game.lastActions(), result);
    }

    /** The bots' labels by seat. */
    public List<String> labels() {
        return seats.stream().map(BotSpec::label).toList();
    }
}
