package richelieu.runner.spsa;

/**
 * Spall's gain sequences as fishtest runs them, counted in game pairs: for the pair k (0-based)
 * <pre>
 *   c_k = c / (k + 1)^γ          a_k = a / (A + k + 1)^α          R_k = a_k / c_k²
 * </pre>
 * with c and a chosen per parameter so that c_{N-1} = c_end and R_{N-1} = r_end at the last of the
 * N pairs of the run: c = c_end · N^γ, a = r_end · c_end² · (A + N)^α. α = 0.602 and γ = 0.101 are
 * Spall's recommended practical exponents (Spall 1998, "Implementation of the simultaneous
 * perturbation algorithm for stochastic optimization", IEEE Trans. Aerosp. Electron. Syst. 34(3));
 * A, the stability constant, is fishtest's default of a tenth of the pairs: it keeps the first
 * steps from being much larger than the later ones.
 *
 * <p>Powers are {@link StrictMath}'s, the same bits on every machine: a run resumed elsewhere, or
 * checked when its file is read, follows exactly the same θ.
 *
 * <p>Counting in pairs (not in iterations) makes c_end and r_end mean the same thing however many
 * pairs one iteration plays: an iteration of P pairs with one perturbation moves θ as P pairs of
 * fishtest with the schedule held at its first pair.
 *
 * @param alpha decay exponent of the learning rate a_k, in (0, 1]
 * @param gamma decay exponent of the perturbation c_k, in [0, α)
 * @param bigA  the stability constant A, ≥ 0
 * @param pairs N, the run's total number of game pairs, ≥ 1
 */
public record SpsaSchedule(double alpha, double gamma, double bigA, long pairs) {

    public static final double ALPHA = 0.602;
    public static final double GAMMA = 0.101;
    /** A as a fraction of the run's pairs (fishtest's default). */
    public static final double A_FRACTION = 0.1;

    public SpsaSchedule {
        if (!(alpha > 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha must lie in (0, 1], not " + alpha);
        }
        if (!(gamma >= 0 && gamma < alpha)) {
            throw new IllegalArgumentException("gamma must lie in [0, alpha), not " + gamma);
        }
        if (!(bigA >= 0) || !Double.isFinite(bigA)) {
            throw new IllegalArgumentException("A must be a finite number >= 0, not " + bigA);
        }
        if (pairs < 1) {
            throw new IllegalArgumentException("a run needs at least one game pair, not " + pairs);
        }
    }

    /** fishtest's defaults for a run of {@code pairs} game pairs. */
    public static SpsaSchedule fishtest(long pairs) {
        return new SpsaSchedule(ALPHA, GAMMA, A_FRACTION * pairs, pairs);
    }

    /** c_k of a parameter at pair {@code k}. */
    public double c(SpsaParameter p, long k) {
        return p.cEnd() * StrictMath.pow(pairs, gamma) / StrictMath.pow(k + 1, gamma);
    }

    /** a_k of a parameter at pair {@code k}. */
    public double a(SpsaParameter p, long k) {
        return p.rEnd() * p.cEnd() * p.cEnd() * StrictMath.pow(bigA + pairs, alpha) / StrictMath.pow(bigA + k + 1, alpha);
    }

    /** R_k = a_k / c_k² of a parameter at pair {@code k}. */
    public double r(SpsaParameter p, long k) {
        double c = c(p, k);
        return a(p, k) / (c * c);
    }
}
