/**
 * Playing a run: the units of a {@link richelieu.runner.resultfile.Plan} cut into chunks
 * ({@link richelieu.runner.play.Chunk}), played on threads ({@link richelieu.runner.play.Execution},
 * {@link richelieu.runner.play.UnitPlayer}) and added to a tally in unit order, so that the same
 * seed gives the same counts at any thread count. What is kept of the games is in
 * {@link richelieu.runner.resultfile}.
 */
package richelieu.runner.play;
