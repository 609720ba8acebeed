/**
 * The report: the pages of {@code results/} ({@link richelieu.runner.report.ResultsPages}, one
 * {@link richelieu.runner.report.StudyPage} per study, the distance page), the studies it runs
 * ({@link richelieu.runner.report.StudyPlan}) and their plots. It uses its two sub-packages, which
 * never use it: {@link richelieu.runner.report.readme} (one writer per README section) and
 * {@link richelieu.runner.report.chart} (one class per chart kind).
 */
package richelieu.runner.report;
