/**
 * A study's statistics as typed records (the {@code statistics} of its result file), computed
 * once from a run's {@code Tally} by the methods of {@link richelieu.runner.stats}: a match
 * ({@link richelieu.runner.studystats.MatchStats}), the seats ({@link richelieu.runner.studystats.SeatStats}),
 * ratings ({@link richelieu.runner.studystats.BotRating}), balance
 * ({@link richelieu.runner.studystats.BalanceStats}), SPRT ({@link richelieu.runner.studystats.SprtStats}),
 * and per study kind the whole {@code statistics} object of a result file
 * ({@link richelieu.runner.studystats.StudyStatistics}).
 *
 * <p>Jackson writes them to the result file (component order = JSON field order; absent parts are
 * null and left out; non-finite numbers as the strings "NaN", "Infinity", "-Infinity"; an
 * {@link richelieu.runner.stats.Interval} as {@code [low, high]}) and binds a stored file's
 * statistics back to them. The text report, the charts and the results pages read these records;
 * no part of the program reads the statistics by JSON paths. A stored file's statistics are
 * recomputed from its tally when read ({@link richelieu.runner.study.ResultReader}).
 */
package richelieu.runner.studystats;
