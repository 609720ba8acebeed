package richelieu.runner.answers;

import richelieu.runner.studystats.PooledRatings;

import java.util.List;

/**
 * Every answer across the studies, computed once.
 *
 * @param decks      null when no bot was studied on two decks
 * @param strongPlay null without strong bots
 */
public record Answers(FirstPlayerAnswer firstPlayer, SeatOrderAnswer seatOrder, BalanceAnswer balance,
                      SkillLuckAnswer skillLuck, LadderAnswer ladder, DeckAnswer decks, StrongPlayAnswer strongPlay,
                      ConvergenceAnswer convergence) {

    /**
     * The answers over {@code sources} (in the order of the study plan: where an answer reads the
     * first study of a kind, it is the first here).
     *
     * @param strongBots the bots of the strong-play answers in order of preference (empty: none)
     */
    public static Answers of(List<Source> sources, List<String> strongBots) {
        return of(sources, strongBots, null);
    }

    /**
     * The answers, the ladder rated by {@code pooled}: its games and those of the studies that extend
     * it in one fit (null: the ladder's own ratings).
     */
    public static Answers of(List<Source> sources, List<String> strongBots, PooledRatings pooled) {
        LadderAnswer ladder = LadderAnswer.of(sources, pooled);
        FirstPlayerAnswer firstPlayer = FirstPlayerAnswer.of(sources, ladder.elo());
        SeatOrderAnswer seatOrder = SeatOrderAnswer.of(sources);
        BalanceAnswer balance = BalanceAnswer.of(sources);
        return new Answers(firstPlayer, seatOrder, balance, SkillLuckAnswer.of(sources), ladder, DeckAnswer.of(sources),
                strongBots.isEmpty() ? null : StrongPlayAnswer.of(strongBots, ladder, firstPlayer, seatOrder, balance),
                ConvergenceAnswer.of(ladder, firstPlayer, balance, seatOrder));
    }
}
