/**
 * The studies: one class per kind (match, tournament, first-player, balance, sprt, tune, registered
 * in {@link richelieu.runner.study.Studies}) that configures its runs and computes its statistics, and
 * the life of every run: {@link richelieu.runner.study.StudyRun} (a run ready to go, executed,
 * stopped, resumed, saved), {@link richelieu.runner.study.RunInProgress} (one in progress) and
 * {@link richelieu.runner.study.Venue} (where its games are played).
 */
package richelieu.runner.study;
