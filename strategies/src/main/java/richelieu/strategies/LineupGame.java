package richelieu.strategies;

import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;
import richelieu.engine.Strategy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Game {@code g} of a lineup of P bots (P = 2–4, one per seat) that gives positions to a study: deal
 * {@code g / P} of the seed, the lineup rotated by {@code g % P} seats (with two bots: swapped in odd
 * games), each bot with its own seeded random stream. The studies
 * that sample positions from the same games (the distance study, the data set) play them here, so
 * one seed gives both the same games.
 *
 * @param deal    the deal
 * @param seats   the bots by seat (the lineup, rotated: seat s plays lineup[(s + g) % P])
 * @param actions every action of the game, END_RETURNS included
 * @param result  the game's result
 */
public record LineupGame(Deal deal, List<BotSpec> seats, int[] actions, GameResult result) {

    /** Plays game {@code g}; a forfeit is a bot's defect, not a position, and fails. */
    public static LineupGame play(List<BotSpec> lineup, Rules rules, Deck deck, long seed, int g) {
        return play(lineup, rules, deck, seed, g, (seat, bot) -> bot);
    }

    /**
     * Plays game {@code g} with each seat's bot as {@code seated} hands it back (given the seat and
     * the bot made from the lineup: to watch its decisions, not to change them).
     */
    public static LineupGame play(List<BotSpec> lineup, Rules rules, Deck deck, long seed, int g,
                                  BiFunction<Integer, Strategy, Strategy> seated) {
        int players = lineup.size();
        if (players != rules.players()) {
            throw new IllegalArgumentException("a lineup of " + players + " bots for " + rules.players() + " players");
        }
        Deal deal = Seeds.deal(deck, seed, g / players);
        List<BotSpec> seats = new ArrayList<>(players);
        Strategy[] strategies = new Strategy[players];
        for (int s = 0; s < players; s++) {
            seats.add(lineup.get((s + g) % players));
            strategies[s] = seated.apply(s, seats.get(s).newStrategy());
        }
        Game game = new Game();
        GameResult result = game.play(rules, deal, strategies, Seeds.botStreams(seed, g, 0, players));
        if (result.isForfeit()) {
            throw new IllegalStateException("lineup game " + g + " ended in a forfeit: " + result.failure());
        }
        return new LineupGame(deal, List.copyOf(seats), game.lastActions(), result);
    }

    /** The bots' labels by seat. */
    public List<String> labels() {
        return seats.stream().map(BotSpec::label).toList();
    }
}
