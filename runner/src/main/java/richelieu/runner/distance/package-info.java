/**
 * The distance-from-perfect-play study ({@code ./richelieu distance}): positions of a lineup's games
 * at chosen numbers of cards left, every bot asked with its seat's observation
 * ({@link richelieu.runner.distance.AskAt}), every action valued by the exact solver, and the
 * result ({@link richelieu.runner.distance.DistanceResult}) with its files
 * ({@link richelieu.runner.distance.DistanceFiles}). Its page and charts are the report's.
 */
package richelieu.runner.distance;
