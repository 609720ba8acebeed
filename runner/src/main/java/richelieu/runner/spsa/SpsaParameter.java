package richelieu.runner.spsa;

/**
 * One tuned parameter, with fishtest's six inputs: its name, where it starts, its range, and how
 * the steps are scaled for it.
 *
 * <p>{@code cEnd} is the perturbation c_k at the last pair: the change of this parameter whose
 * effect the games should still be able to see (fishtest's advice and Stockfish's
 * {@code tune.cpp} default: a twentieth of the range). {@code rEnd} is the learning rate at the
 * last pair, a_k / c_k², in units of "parameter change per (wins − losses) · c": fishtest's
 * default 0.002. Both are per parameter, so a parameter spanning 0..1 and one spanning 0..1000
 * move by the same fraction of their ranges.
 *
 * <p>An integer parameter is still tuned as a real number θ; only the value handed to the bot is
 * rounded ({@link #used}), so small steps accumulate instead of being rounded away. Its
 * {@code cEnd} must be at least ½, else θ + c and θ − c could round to the same integer and the
 * two sides of a perturbation would play the same bot.
 *
 * @param name    the bot parameter's name
 * @param start   θ_0, within [min, max]
 * @param min     lower end of the range (θ is clipped to it)
 * @param max     upper end of the range, above {@code min}
 * @param cEnd    the final perturbation size, positive
 * @param rEnd    the final learning rate, positive
 * @param integer true when the bot takes whole numbers
 */
public record SpsaParameter(String name, double start, double min, double max, double cEnd, double rEnd,
        boolean integer) {

    /** fishtest's default final learning rate. */
    public static final double DEFAULT_R_END = 0.002;
    /** The default final perturbation, as a fraction of the range (Stockfish's tune.cpp). */
    public static final double DEFAULT_C_END_FRACTION = 1.0 / 20;

    public SpsaParameter {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a tuned parameter needs a name");
        }
        if (!Double.isFinite(min) || !Double.isFinite(max) || !(min < max)) {
            throw new IllegalArgumentException("parameter " + name + ": the range " + min + ".." + max
                    + " must be two finite numbers, the lower first");
        }
        if (!(start >= min && start <= max)) {
            throw new IllegalArgumentException("parameter " + name + ": the start " + start + " lies outside its range "
                    + min + ".." + max);
        }
        if (!Double.isFinite(cEnd) || !(cEnd > 0)) {
            throw new IllegalArgumentException("parameter " + name + ": c_end must be a positive number, not " + cEnd);
        }
        if (!Double.isFinite(rEnd) || !(rEnd > 0)) {
            throw new IllegalArgumentException("parameter " + name + ": r_end must be a positive number, not " + rEnd);
        }
        if (cEnd > max - min) {
            throw new IllegalArgumentException("parameter " + name + ": c_end " + TunedBot.text(cEnd)
                    + " is larger than the range " + TunedBot.text(min) + ".." + TunedBot.text(max)
                    + " (the points θ ± c would lie outside it)");
        }
        if (rEnd * cEnd > max - min) {
            throw new IllegalArgumentException("parameter " + name + ": r_end " + TunedBot.text(rEnd) + " times c_end "
                    + TunedBot.text(cEnd) + " is " + TunedBot.text(rEnd * cEnd) + ", a step larger than the range "
                    + TunedBot.text(min) + ".." + TunedBot.text(max) + " for one net win");
        }
        if (integer && cEnd < 0.5) {
            throw new IllegalArgumentException("parameter " + name + " is an integer: c_end must be at least 0.5 (not "
                    + cEnd + "), else both sides of a step round to the same value");
        }
        if (integer && Math.ceil(min) > Math.floor(max)) {
            throw new IllegalArgumentException("parameter " + name + " is an integer but its range " + min + ".." + max
                    + " holds no whole number");
        }
    }

    /** A parameter with fishtest's defaults: c_end a twentieth of the range, r_end 0.002. */
    public static SpsaParameter withDefaults(String name, double start, double min, double max, boolean integer) {
        double cEnd = (max - min) * DEFAULT_C_END_FRACTION;
        return new SpsaParameter(name, start, min, max, integer ? Math.max(cEnd, 0.5) : cEnd, DEFAULT_R_END,
                integer);
    }

    public double range() {
        return max - min;
    }

    /** θ clipped to the range. */
    public double clip(double theta) {
        return Math.min(Math.max(theta, min), max);
    }

    /**
     * The value the bot gets for θ: θ itself, or for an integer parameter the nearest whole
     * number within the range (halves round up).
     */
    public double used(double theta) {
        if (!integer) {
            return theta;
        }
        double r = Math.floor(theta + 0.5);
        return Math.min(Math.max(r, Math.ceil(min)), Math.floor(max));
    }

    /** How far θ lies from the start, in units of the range (signed). */
    public double moved(double theta) {
        return (theta - start) / range();
    }
}
