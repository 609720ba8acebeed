package richelieu.runner.answers;

import richelieu.runner.studystats.BotRating;
import richelieu.runner.stats.BalanceVerdict;

import java.util.List;

/**
 * The three questions for one bot, the strong bot of the studies: where it stands on the ladder,
 * its first-player advantage, the seat order with 3 and 4 players, and the three-row verdict — each
 * taken from the answer over all bots (so the verdict keeps that answer's Holm correction).
 *
 * @param rating     its rating on the ladder, or null when the ladder does not rate it
 * @param ladderSize the bots rated on the ladder
 * @param top        the ladder's top bot, or null without ratings
 * @param sharedTop  the runner-up when the games do not put the top bot above it (the two share
 *                   the top), else null
 * @param topVsBot   the top bot's head to head against it, or null (it is the top bot, or they did not meet)
 * @param firstPlayer its 2-player seat advantage, or null when not studied
 * @param seatOrder  its rows with 3 and 4 players (empty when not studied)
 * @param balance    its balance study's bot, or null
 * @param verdict    that bot's verdict in the balance answer, or null
 */
public record StrongPlayAnswer(String bot, BotRating rating, int ladderSize, BotRating top, BotRating sharedTop,
                               LadderAnswer.Head topVsBot,
                               FirstPlayerAnswer.Bot firstPlayer, List<SeatOrderAnswer.Row> seatOrder,
                               BalanceAnswer.Bot balance, BalanceVerdict verdict) {

    /** The answers for {@code bot}, read from the answers over all bots (the last study of it where there are several). */
    static StrongPlayAnswer of(String bot, LadderAnswer ladder, FirstPlayerAnswer firstPlayer, SeatOrderAnswer seatOrder,
                               BalanceAnswer balance) {
        BotRating rating = ladder.rating(bot);
        BotRating top = ladder.ratings().isEmpty() ? null : ladder.ratings().get(0);
        LadderAnswer.Head head = rating == null || top.bot().equals(bot) ? null : ladder.head(top.bot(), bot);
        FirstPlayerAnswer.Bot first = null;
        for (FirstPlayerAnswer.Bot a : firstPlayer.bots()) {
            if (a.bot().equals(bot)) {
                first = a;
            }
        }
        BalanceAnswer.Bot b = null;
        BalanceVerdict v = null;
        for (int i = 0; i < balance.bots().size(); i++) {
            if (balance.bots().get(i).bot().equals(bot)) {
                b = balance.bots().get(i);
                v = balance.verdicts().get(i);
            }
        }
        BotRating shared = top == null || ladder.topIsClear() ? null : ladder.ratings().get(1);
        return new StrongPlayAnswer(bot, rating, ladder.ratings().size(), top, shared, head, first,
                seatOrder.rows().stream().filter(r -> r.bot().equals(bot)).toList(), b, v);
    }
}
