package richelieu.runner.spsa;

/**
 * One iteration's perturbation: the signs Δ, the schedule's step sizes at its first pair, and the
 * two points played, θ + c_kΔ and θ − c_kΔ, each clipped to its range. The arrays are indexed by
 * parameter, in the order of {@link Spsa#parameters()}; {@code plus} and {@code minus} are real
 * (round them with {@link SpsaParameter#used} when handing them to a bot).
 *
 * @param iteration the iteration's index (0-based)
 * @param pair      the index of its first game pair in the run (the schedule's k)
 * @param flips     Δ: +1 or −1 per parameter
 * @param c         c_k per parameter
 * @param r         R_k = a_k / c_k² per parameter
 * @param plus      θ + c_kΔ, clipped
 * @param minus     θ − c_kΔ, clipped
 */
public record Perturbation(long iteration, long pair, int[] flips, double[] c, double[] r, double[] plus,
        double[] minus) {
}
