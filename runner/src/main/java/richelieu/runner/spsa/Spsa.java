package richelieu.runner.spsa;

import java.util.List;
import java.util.SplittableRandom;

import static richelieu.engine.SplitMix.GOLDEN_GAMMA;
import static richelieu.engine.SplitMix.mix64;

/**
 * Simultaneous perturbation stochastic approximation (Spall 1992) as fishtest tunes Stockfish
 * (official-stockfish/fishtest, {@code server/fishtest/spsa_handler.py}): each iteration draws a
 * sign Δ_i = ±1 per parameter, plays θ + c_kΔ against θ − c_kΔ, and moves every parameter at once
 * by
 * <pre>
 *   θ_i ← clip(θ_i + R_k,i · c_k,i · result · Δ_i),     R_k = a_k / c_k²
 * </pre>
 * where {@code result} is the games' wins − losses of the θ + c_kΔ side (any signed score
 * difference on the same scale). Two points per iteration, whatever the number of parameters:
 * that is what makes SPSA affordable when each measurement costs games.
 *
 * <p>The schedule ({@link SpsaSchedule}) counts game pairs; an iteration of P pairs is P of
 * fishtest's pairs played with one Δ and the schedule held at its first pair, as a fishtest worker
 * plays a batch. Δ of iteration j comes from a random stream derived from the seed and j alone,
 * so iteration j's two points are a function of the seed, j and θ_j: a run cut short and resumed
 * from θ_j goes on exactly as it would have.
 *
 * <p>This class holds no state: θ is passed in and a new θ returned, so a caller can keep (and
 * save) the whole trajectory.
 */
public final class Spsa {
    /** Keeps the signs' stream apart from any other stream derived from the same seed. */
    private static final long FLIP_SALT = 0x5B5A_5350_5341_0001L;

    private final List<SpsaParameter> parameters;
    private final SpsaSchedule schedule;
    private final long flipSeed;

    /**
     * @param parameters the tuned parameters, in a fixed order (their names distinct)
     * @param schedule   the gain sequences and the run's number of pairs
     * @param seed       the seed of the signs Δ
     */
    public Spsa(List<SpsaParameter> parameters, SpsaSchedule schedule, long seed) {
        if (parameters.isEmpty()) {
            throw new IllegalArgumentException("nothing to tune: give at least one parameter");
        }
        for (int i = 0; i < parameters.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (parameters.get(i).name().equals(parameters.get(j).name())) {
                    throw new IllegalArgumentException("parameter " + parameters.get(i).name() + " is tuned twice");
                }
            }
        }
        for (SpsaParameter p : parameters) {
            // The gains are largest at the first pair; a step for every net win of the run must stay a
            // number, else θ becomes NaN mid-run.
            double c = schedule.c(p, 0);
            double r = schedule.r(p, 0);
            if (!Double.isFinite(c) || !Double.isFinite(schedule.a(p, 0)) || !Double.isFinite(r)
                    || !Double.isFinite(r * c * schedule.pairs())) {
                throw new IllegalArgumentException("parameter " + p.name() + ": c_end " + TunedBot.text(p.cEnd())
                        + " and r_end " + TunedBot.text(p.rEnd()) + " make SPSA's first steps infinite over "
                        + schedule.pairs() + " game pairs; give smaller ones");
            }
        }
        this.parameters = List.copyOf(parameters);
        this.schedule = schedule;
        this.flipSeed = mix64(seed ^ FLIP_SALT);
    }

    public List<SpsaParameter> parameters() {
        return parameters;
    }

    public SpsaSchedule schedule() {
        return schedule;
    }

    /** θ_0: every parameter at its start. */
    public double[] start() {
        double[] theta = new double[parameters.size()];
        for (int i = 0; i < theta.length; i++) {
            theta[i] = parameters.get(i).start();
        }
        return theta;
    }

    /**
     * Iteration {@code iteration}'s perturbation of θ, its games starting at pair {@code pair} of
     * the run.
     */
    public Perturbation perturb(long iteration, long pair, double[] theta) {
        checkLength(theta);
        if (iteration < 0 || pair < 0) {
            throw new IllegalArgumentException("iteration and pair count from 0");
        }
        int n = parameters.size();
        int[] flips = new int[n];
        double[] c = new double[n];
        double[] r = new double[n];
        double[] plus = new double[n];
        double[] minus = new double[n];
        SplittableRandom signs = new SplittableRandom(mix64(flipSeed + (iteration + 1) * GOLDEN_GAMMA));
        for (int i = 0; i < n; i++) {
            SpsaParameter p = parameters.get(i);
            flips[i] = signs.nextBoolean() ? 1 : -1;
            c[i] = schedule.c(p, pair);
            r[i] = schedule.r(p, pair);
            plus[i] = p.clip(theta[i] + c[i] * flips[i]);
            minus[i] = p.clip(theta[i] - c[i] * flips[i]);
        }
        return new Perturbation(iteration, pair, flips, c, r, plus, minus);
    }

    /**
     * θ after an iteration whose games gave {@code result}: the θ + c_kΔ side's wins − losses
     * (positive when it did better).
     */
    public double[] update(double[] theta, Perturbation step, double result) {
        checkLength(theta);
        if (!Double.isFinite(result)) {
            throw new IllegalArgumentException("an iteration's result must be finite, not " + result);
        }
        double[] next = new double[theta.length];
        for (int i = 0; i < next.length; i++) {
            next[i] = parameters.get(i).clip(theta[i] + step.r()[i] * step.c()[i] * result * step.flips()[i]);
        }
        return next;
    }

    private void checkLength(double[] theta) {
        if (theta.length != parameters.size()) {
            throw new IllegalArgumentException("θ has " + theta.length + " values for " + parameters.size()
                    + " parameters");
        }
    }
}
