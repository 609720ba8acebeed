/**
 * {@code results/README.md}: {@link richelieu.runner.report.readme.Readme} puts it together and each
 * section has one writer ({@code InBriefSection}, {@code LadderSection}, {@code BalanceSection}, …)
 * that renders the answers of {@link richelieu.runner.answers}; nothing here computes a statistic.
 */
package richelieu.runner.report.readme;
