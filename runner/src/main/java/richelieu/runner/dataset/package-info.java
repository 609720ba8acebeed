/**
 * The training data of a learned evaluation ({@code ./richelieu dataset}): positions of self-play
 * games, each from every seat's view as {@link richelieu.strategies.learned.SeatFeatures} encodes
 * it, labelled by the game's outcome and by the exact solver where it reaches
 * ({@link richelieu.runner.dataset.DatasetStudy}), written as NumPy {@code .npz} chunks
 * ({@link richelieu.runner.dataset.Npz}).
 */
package richelieu.runner.dataset;
