/**
 * Charts, one class per kind (ratings, pairwise matrix, seat advantage, win rate, variants, score
 * margins, a tuning's course, the fair bonus, the distance study, solve times), drawn with Java2D
 * into PNG and SVG ({@link richelieu.runner.report.chart.ChartFiles}) from the typed records of
 * {@link richelieu.runner.report.chart.ChartData}; {@link richelieu.runner.report.chart.Charts}
 * picks the charts of a result file.
 */
package richelieu.runner.report.chart;
