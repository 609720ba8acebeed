package richelieu.runner.studystats;

import java.util.List;

/**
 * One Bradley–Terry rating list over the games of several studies (the ladder and the studies that
 * extend it): fitted by {@code richelieu.runner.study.RatingList#fit}, read by the answers.
 *
 * @param ratings       best first, ranked from 1; empty when the games do not identify them
 * @param notIdentified which bots scored nothing against the others, or ""
 */
public record PooledRatings(List<BotRating> ratings, String notIdentified) {
}
