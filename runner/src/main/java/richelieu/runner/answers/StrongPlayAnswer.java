package richelieu.runner.answers;

import richelieu.runner.studystats.BotRating;
import richelieu.runner.stats.BalanceVerdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The three questions for the strong bots of the studies: where the lead bot stands on the ladder,
 * the first-player advantage, the seat order with 3 and 4 players, and the three-row verdict —
 * each from the first of the strong bots (in the study plan's order of preference) with a
 * complete study for it, and each taken from the answer over all bots; the three-row verdict is
 * that bot's test alone, uncorrected, since it is the one question named in advance. The 2-player answers fall back to the next bot while the lead bot's
 * study is still running; the 3- and 4-player answers come from the bots made for those counts.
 *
 * @param bot        the lead bot: the first strong bot
 * @param rating     its rating on the ladder, or null when the ladder does not rate it
 * @param ladderSize the bots rated on the ladder
 * @param top        the ladder's top bot, or null without ratings
 * @param sharedTop  the runner-up when the games do not put the top bot above it (the two share
 *                   the top), else null
 * @param topVsBot   the top bot's head to head against it, or null (it is the top bot, or they did not meet)
 * @param firstPlayer the 2-player seat advantage of the first strong bot studied, or null
 * @param seatOrder  per player count, the rows of the first strong bot studied with it (empty when none)
 * @param balance    the balance study's bot of the first strong bot studied, or null
 * @param verdict    that bot's verdict tested alone at 5% (the strong bots are named in the study plan
 *                   before their studies run: one question asked in advance, not one of the family's), or null
 * @param ratings    the ladder ratings of the strong bots that have one
 */
public record StrongPlayAnswer(String bot, BotRating rating, int ladderSize, BotRating top, BotRating sharedTop,
                               LadderAnswer.Head topVsBot,
                               FirstPlayerAnswer.Bot firstPlayer, List<SeatOrderAnswer.Row> seatOrder,
                               BalanceAnswer.Bot balance, BalanceVerdict verdict, Map<String, BotRating> ratings) {

    /**
     * The answers for {@code bots} (in order of preference), read from the answers over all bots
     * (a bot's last study where it has several).
     */
    static StrongPlayAnswer of(List<String> bots, LadderAnswer ladder, FirstPlayerAnswer firstPlayer,
                               SeatOrderAnswer seatOrder, BalanceAnswer balance) {
        String bot = bots.get(0);
        BotRating rating = ladder.rating(bot);
        BotRating top = ladder.ratings().isEmpty() ? null : ladder.ratings().get(0);
        LadderAnswer.Head head = rating == null || top.bot().equals(bot) ? null : ladder.head(top.bot(), bot);
        FirstPlayerAnswer.Bot first = null;
        int balanced = -1;
        Map<Integer, SeatOrderAnswer.Row> rows = new TreeMap<>();
        Map<String, BotRating> ratings = new LinkedHashMap<>();
        for (String candidate : bots) {
            if (ladder.rating(candidate) != null) {
                ratings.put(candidate, ladder.rating(candidate));
            }
            if (first == null) {
                first = last(firstPlayer.bots().stream().filter(a -> a.bot().equals(candidate)).toList());
            }
            if (balanced < 0) {
                balanced = lastIndex(balance, candidate);
            }
            Map<Integer, SeatOrderAnswer.Row> own = new TreeMap<>();
            seatOrder.rows().stream().filter(r -> r.bot().equals(candidate)).forEach(r -> own.put(r.players(), r));
            own.forEach(rows::putIfAbsent);
        }
        BalanceAnswer.Bot b = balanced < 0 ? null : balance.bots().get(balanced);
        BalanceVerdict v = balanced < 0 ? null : balance.alone(balanced);
        List<SeatOrderAnswer.Row> seats = new ArrayList<>(rows.values());
        BotRating shared = top == null || ladder.topIsClear() ? null : ladder.ratings().get(1);
        return new StrongPlayAnswer(bot, rating, ladder.ratings().size(), top, shared, head, first, seats, b, v,
                Map.copyOf(ratings));
    }

    private static <T> T last(List<T> list) {
        return list.isEmpty() ? null : list.get(list.size() - 1);
    }

    /** The index of the bot's last study in the balance answer, or -1. */
    private static int lastIndex(BalanceAnswer balance, String bot) {
        int at = -1;
        for (int i = 0; i < balance.bots().size(); i++) {
            at = balance.bots().get(i).bot().equals(bot) ? i : at;
        }
        return at;
    }
}
