/**
 * The command line: one thin picocli class per command ({@code MatchCommand}, {@code ReportCommand}, …)
 * and the option mixins they share. A study command turns its options into a study's settings and
 * hands the run to {@link richelieu.runner.study.StudyRun}; nothing here computes a statistic or
 * plays a game itself.
 */
package richelieu.runner.command;
