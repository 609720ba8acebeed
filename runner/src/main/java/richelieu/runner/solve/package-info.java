/**
 * The answers of {@code ./richelieu solve}: a recorded position's exact values by the engine's
 * solver, open or over token deals drawn from what the seat to move knows
 * ({@link richelieu.runner.solve.PositionValues}), and their text and JSON
 * ({@link richelieu.runner.solve.SolveReport}).
 */
package richelieu.runner.solve;
