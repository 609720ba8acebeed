/**
 * The tuner: SPSA as fishtest tunes Stockfish — its parameters and schedule, one step's
 * perturbation and update, the course of an entire tuning ({@link richelieu.runner.spsa.SpsaCourse})
 * and the tuned bot's spec ({@link richelieu.runner.spsa.TunedBot}). The tune study
 * ({@link richelieu.runner.study.TuneStudy}) only orchestrates it.
 */
package richelieu.runner.spsa;
