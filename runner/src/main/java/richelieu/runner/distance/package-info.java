/**
 * The distance-from-perfect-play study's measure ({@code ./richelieu distance}): positions of a
 * lineup's games at chosen numbers of cards left, every bot asked with its seat's observation
 * ({@link richelieu.runner.distance.AskAt}), every action valued by the exact solver
 * ({@link richelieu.runner.distance.DistanceStudy}); a unit's measure as the run's unit player
 * computes it and its result file keeps it ({@link richelieu.runner.distance.DistanceMeasure},
 * {@link richelieu.runner.distance.DistanceUnits}); the result read from the units
 * ({@link richelieu.runner.distance.DistanceResult}) and its files
 * ({@link richelieu.runner.distance.DistanceFiles}). The run itself is the study framework's
 * ({@code study.PerfectPlayStudy}); its page and charts are the report's.
 */
package richelieu.runner.distance;
