package richelieu.runner.answers;

import java.util.List;

/**
 * Every answer across the studies, computed once.
 *
 * @param decks      null when no bot was studied on two decks
 * @param strongPlay null without a strong bot
 */
public record Answers(FirstPlayerAnswer firstPlayer, SeatOrderAnswer seatOrder, BalanceAnswer balance,
                      SkillLuckAnswer skillLuck, LadderAnswer ladder, DeckAnswer decks, StrongPlayAnswer strongPlay,
                      ConvergenceAnswer convergence) {

    /**
     * The answers over {@code sources} (in the order of the study plan: where an answer reads the
     * first study of a kind, it is the first here).
     *
     * @param strongBot the bot of the strong-play answers, or null
     */
    public static Answers of(List<Source> sources, String strongBot) {
        LadderAnswer ladder = LadderAnswer.of(sources);
        FirstPlayerAnswer firstPlayer = FirstPlayerAnswer.of(sources, ladder.elo());
        SeatOrderAnswer seatOrder = SeatOrderAnswer.of(sources);
        BalanceAnswer balance = BalanceAnswer.of(sources);
        return new Answers(firstPlayer, seatOrder, balance, SkillLuckAnswer.of(sources), ladder, DeckAnswer.of(sources),
                strongBot == null ? null : StrongPlayAnswer.of(strongBot, ladder, firstPlayer, seatOrder, balance),
                ConvergenceAnswer.of(ladder, firstPlayer, balance, seatOrder));
    }
}
