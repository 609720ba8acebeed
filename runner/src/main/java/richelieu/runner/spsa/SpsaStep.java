package richelieu.runner.spsa;

/**
 * One iteration of a tuning run as its result file keeps it: where θ stood, the signs drawn, and
 * what the games gave.
 *
 * @param theta  θ before the iteration
 * @param flips  Δ, +1 or −1 per parameter
 * @param plus   wins, draws and losses of the θ + c_kΔ side's meetings (with θ − c_kΔ head to head,
 *               else with the opponent)
 * @param minus  wins, draws and losses of the θ − c_kΔ side's meetings with the opponent; head to
 *               head, the mirror of {@code plus}
 * @param result the net wins of the θ + c_kΔ side that moved θ (see the study for how the counts
 *               give it)
 */
public record SpsaStep(double[] theta, int[] flips, long[] plus, long[] minus, double result) {

    public SpsaStep {
        theta = theta.clone();
        flips = flips.clone();
        plus = plus.clone();
        minus = minus.clone();
        if (plus.length != 3 || minus.length != 3) {
            throw new IllegalArgumentException("wins, draws and losses: three counts per side");
        }
    }

    /** The meetings counted on the plus side. */
    public long meetings() {
        return plus[0] + plus[1] + plus[2];
    }
}
