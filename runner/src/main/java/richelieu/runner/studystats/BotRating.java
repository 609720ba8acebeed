package richelieu.runner.studystats;

import richelieu.runner.stats.Interval;

/**
 * A bot's Bradley–Terry rating in a round robin (Elo scale, mean of the bots 0).
 *
 * @param rank          1 = best
 * @param interval      bootstrap interval
 * @param standardError bootstrap standard error
 * @param games         the bot's games
 * @param score         its mean score against the others (win 1, draw ½)
 */
public record BotRating(int rank, String bot, double elo, Interval interval, double standardError, long games,
                        double score) {
}
