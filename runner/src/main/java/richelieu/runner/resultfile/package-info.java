/**
 * A run's result file and what it holds: the settings that fix its games
 * ({@link richelieu.runner.resultfile.RunConfig} with a study kind's own
 * {@link richelieu.runner.resultfile.StudySettings}; a {@link richelieu.runner.resultfile.Plan} is
 * that configuration with its bots made), the units played
 * ({@link richelieu.runner.resultfile.UnitRanges}), the raw counts of their games
 * ({@link richelieu.runner.resultfile.Tally}), the file itself
 * ({@link richelieu.runner.resultfile.ResultFile}, the format docs/result-files.md promises) and
 * what a study's runs cost ({@link richelieu.runner.resultfile.RunTimes}: {@code results/<id>.time.json}).
 *
 * <p>Nothing here plays a game: {@link richelieu.runner.execution} executes units and adds their
 * {@link richelieu.runner.resultfile.GameOutcome}s to a tally; the statistics computed from a tally
 * are the typed records of {@link richelieu.runner.studystats}.
 */
package richelieu.runner.resultfile;
