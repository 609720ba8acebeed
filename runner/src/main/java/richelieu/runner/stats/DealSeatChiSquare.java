package richelieu.runner.stats;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * Whether every seat of a k-player game wins alone equally often, when each deal is played in all
 * k seat rotations: a test over deals, not games.
 *
 * <p>The k games of a deal share its cards, so they are not independent (a strong hand in seat 0
 * tends to win for seat 0 in every rotation; a strong bot, seated everywhere in turn, evens the
 * seats out): Pearson's chi-square over games ({@link SeatWinChiSquare}) then errs either way. The
 * independent units are the deals. Per deal d let w_d be the vector of sole wins by seat over its
 * k games; under H0 every seat has the same mean E[w_d,s]. The test is the Wald test of the k − 1
 * contrasts c = (w̄_s − w̄_0), s = 1..k−1, with the covariance estimated across deals (the
 * cluster-robust, or sandwich, covariance: Σ (w_d − w̄)(w_d − w̄)ᵀ / (n − 1) / n):
 * W = cᵀ V⁺ c, chi-square with rank(V) degrees of freedom (Liang &amp; Zeger 1986; Cameron &amp;
 * Miller 2015, "A practitioner's guide to cluster-robust inference", §2). The sums it needs — n,
 * Σ w_d and Σ w_d w_dᵀ — are counted by the tally.
 *
 * <p>Edge cases: fewer than 2 deals: NaN. No spread of the contrasts (V = 0): p = 1 if every
 * contrast is 0, else 0 (every deal the same and unequal).
 *
 * @param deals            n
 * @param statistic        W
 * @param degreesOfFreedom rank of V (k − 1 unless some contrasts never vary)
 * @param pValue           upper tail of W
 */
public record DealSeatChiSquare(long deals, double statistic, int degreesOfFreedom, double pValue) {

    /**
     * @param deals     n, the deals played in all rotations
     * @param soleWins  Σ_d w_d, sole wins by seat
     * @param crossSums Σ_d w_d,s · w_d,t, row s, column t
     */
    public static DealSeatChiSquare of(long deals, long[] soleWins, long[][] crossSums) {
        int k = soleWins.length;
        if (deals < 2) {
            return new DealSeatChiSquare(deals, Double.NaN, k - 1, Double.NaN);
        }
        double n = deals;
        double[] mean = new double[k];
        for (int s = 0; s < k; s++) {
            mean[s] = soleWins[s] / n;
        }
        RealMatrix cov = new Array2DRowRealMatrix(k, k);
        for (int s = 0; s < k; s++) {
            for (int t = 0; t < k; t++) {
                cov.setEntry(s, t, (crossSums[s][t] - n * mean[s] * mean[t]) / (n - 1) / n); // covariance of the means
            }
        }
        RealMatrix c = new Array2DRowRealMatrix(k - 1, k);
        for (int s = 1; s < k; s++) {
            c.setEntry(s - 1, s, 1);
            c.setEntry(s - 1, 0, -1);
        }
        RealVector contrast = c.operate(new ArrayRealVector(mean));
        RealMatrix v = c.multiply(cov).multiply(c.transpose());
        SingularValueDecomposition svd = new SingularValueDecomposition(v);
        double largest = svd.getSingularValues()[0];
        if (!(largest > 0)) {
            boolean zero = contrast.getLInfNorm() == 0;
            return new DealSeatChiSquare(deals, zero ? 0 : Double.POSITIVE_INFINITY, 0, zero ? 1 : 0);
        }
        // pseudo-inverse: singular values below a relative tolerance count as zero
        double tolerance = largest * 1e-12 * (k - 1);
        RealMatrix u = svd.getU();
        double w = 0;
        int rank = 0;
        for (int i = 0; i < k - 1; i++) {
            double sv = svd.getSingularValues()[i];
            double proj = u.getColumnVector(i).dotProduct(contrast);
            if (sv > tolerance) {
                w += proj * proj / sv;
                rank++;
            } else if (Math.abs(proj) > 1e-12) {
                // a contrast that never varies but is not 0: every deal says the same
                return new DealSeatChiSquare(deals, Double.POSITIVE_INFINITY, rank, 0);
            }
        }
        return new DealSeatChiSquare(deals, w, rank, StatMath.chiSquareUpperTail(w, rank));
    }
}
