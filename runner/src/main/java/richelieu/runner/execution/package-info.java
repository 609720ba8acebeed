/**
 * Executing a run's units of games: the units of a {@link richelieu.runner.resultfile.Plan} cut
 * into chunks ({@link richelieu.runner.execution.Chunk}) and played on threads of this JVM
 * ({@link richelieu.runner.execution.ThreadExecutor}, each thread with its own
 * {@link richelieu.runner.execution.UnitPlayer}) or on a cluster (a
 * {@link richelieu.runner.execution.UnitExecutor} found by name, fed a serializable
 * {@link richelieu.runner.execution.UnitJob}), and committed in unit order, so that the same seed
 * gives the same counts at any thread count. What is kept of the games is in
 * {@link richelieu.runner.resultfile}; which units a study executes, and when it stops, is the
 * study's ({@link richelieu.runner.study}).
 */
package richelieu.runner.execution;
