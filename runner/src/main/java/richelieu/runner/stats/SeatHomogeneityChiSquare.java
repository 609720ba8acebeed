package richelieu.runner.stats;

/**
 * Does the seat effect differ between bots? Pearson's chi-square test of homogeneity on a table
 * of sole wins, one row per bot (independent samples, e.g. two self-play studies), one column per
 * seat: H0 says the winning seat of a game with one winner has the same distribution for every
 * bot. Expected count E_ij = row_i · col_j / N, X² = Σ (O − E)²/E on (r − 1)(c − 1) degrees of
 * freedom, p = P(χ² ≥ X²) (regularized upper incomplete gamma, so tiny p keep their precision).
 *
 * <p>Rows and columns that are all zero carry no information and are left out before the degrees
 * of freedom are counted (a seat that never won for any bot). If fewer than two rows or two
 * columns remain the test cannot be made: X² and p are NaN. A table where every bot has the same
 * shares gives X² = 0 and p = 1. The asymptotic test wants every E ≥ 5
 * ({@link #expectedCountsAdequate()}).
 *
 * @param statistic        X²
 * @param degreesOfFreedom (r − 1)(c − 1) over the non-empty rows and columns; 0 if no test
 * @param pValue           upper tail of X², NaN if no test
 * @param minExpected      the smallest expected count (NaN if no test)
 */
public record SeatHomogeneityChiSquare(double statistic, int degreesOfFreedom, double pValue, double minExpected) {

    /** The test on {@code wins[bot][seat]} (non-negative counts, every row as long as the first). */
    public static SeatHomogeneityChiSquare of(long[][] wins) {
        int r = wins.length;
        if (r == 0) {
            return new SeatHomogeneityChiSquare(Double.NaN, 0, Double.NaN, Double.NaN);
        }
        int c = wins[0].length;
        double[] row = new double[r];
        double[] col = new double[c];
        double total = 0;
        for (int i = 0; i < r; i++) {
            if (wins[i].length != c) {
                throw new IllegalArgumentException("every row needs " + c + " seats");
            }
            for (int j = 0; j < c; j++) {
                StatMath.nonNegative("wins", wins[i][j]);
                row[i] += wins[i][j];
                col[j] += wins[i][j];
                total += wins[i][j];
            }
        }
        int rows = 0;
        for (double x : row) {
            rows += x > 0 ? 1 : 0;
        }
        int cols = 0;
        for (double x : col) {
            cols += x > 0 ? 1 : 0;
        }
        if (rows < 2 || cols < 2) {
            return new SeatHomogeneityChiSquare(Double.NaN, 0, Double.NaN, Double.NaN);
        }
        double x2 = 0;
        double minExpected = Double.POSITIVE_INFINITY;
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < c; j++) {
                if (row[i] == 0 || col[j] == 0) {
                    continue;
                }
                double e = row[i] * col[j] / total;
                double d = wins[i][j] - e;
                x2 += d * d / e;
                minExpected = Math.min(minExpected, e);
            }
        }
        int df = (rows - 1) * (cols - 1);
        return new SeatHomogeneityChiSquare(x2, df, StatMath.chiSquareUpperTail(x2, df), minExpected);
    }

    /** True if every expected count is at least 5, the usual condition for the chi-square approximation. */
    public boolean expectedCountsAdequate() {
        return minExpected >= 5.0;
    }
}
