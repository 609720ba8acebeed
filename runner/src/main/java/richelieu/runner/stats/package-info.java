/**
 * The statistical methods, apart from any study: Elo and its models, trinomial and pentanomial
 * intervals, GSPRT, Wilson and exact binomial tests, chi-square tests across seats, two one-sided
 * equivalence tests, Holm, Bradley-Terry with its bootstrap, the fair bonus, and every random stream
 * derived from a master seed ({@link richelieu.runner.stats.DerivedSeeds}). What a study computes
 * with them is in {@link richelieu.runner.studystats}.
 */
package richelieu.runner.stats;
