/**
 * The statistics of a run as typed records, computed once from its {@code Tally}: a match
 * ({@link richelieu.runner.results.MatchStats}), the seats ({@link richelieu.runner.results.SeatStats}),
 * ratings ({@link richelieu.runner.results.BotRating}), balance
 * ({@link richelieu.runner.results.BalanceStats}), SPRT ({@link richelieu.runner.results.SprtStats}),
 * and per study kind the whole {@code statistics} object of a result file
 * ({@link richelieu.runner.results.StudyStatistics}).
 *
 * <p>Jackson writes them to the result file (component order = JSON field order; absent parts are
 * null and left out; non-finite numbers as the strings "NaN", "Infinity", "-Infinity"; an
 * {@link richelieu.runner.stats.Interval} as {@code [low, high]}) and binds a stored file's
 * statistics back to them. The text report, the charts and the findings read these records; no
 * part of the program reads the statistics by JSON paths.
 */
package richelieu.runner.results;
