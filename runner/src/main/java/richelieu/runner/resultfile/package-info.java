/**
 * A run's result file and what it holds: the settings that fix its games
 * ({@link richelieu.runner.resultfile.RunConfig}, the {@link richelieu.runner.resultfile.Plan} they
 * give and a study kind's own {@link richelieu.runner.resultfile.StudySettings}), the units played
 * ({@link richelieu.runner.resultfile.UnitRanges}), the raw counts of their games
 * ({@link richelieu.runner.resultfile.Tally}) and the file itself
 * ({@link richelieu.runner.resultfile.ResultFile}, the format docs/result-files.md promises).
 *
 * <p>Nothing here plays a game: {@link richelieu.runner.execution} executes units and adds their
 * {@link richelieu.runner.resultfile.GameOutcome}s to a tally; the statistics computed from a tally
 * are the typed records of {@link richelieu.runner.studystats}.
 */
package richelieu.runner.resultfile;
