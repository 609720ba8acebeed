/**
 * The answers across studies — does the first player have an advantage, does the seat order matter
 * with 3 and 4 players, is the three-row variant better balanced and what bonus makes the game
 * fair, does the variant change how often the stronger bot wins, which bot is strongest, do the
 * conclusions depend on the deck, do the answers move as play gets stronger — as typed records,
 * each computed once from the studies' typed statistics ({@link richelieu.runner.studystats}) with
 * the tests of {@link richelieu.runner.stats}
 * (Holm over the bots a claim is about, tests of homogeneity across bots).
 *
 * <p>{@link richelieu.runner.answers.Answers#of} computes them all from the studies
 * ({@link richelieu.runner.answers.Source}); the report's README sections only render them, and a
 * command that prints the same answer (balance's verdict) calls the same statistics code. Nothing
 * here reads a tally: what a study measured comes from its statistics records.
 */
package richelieu.runner.answers;
