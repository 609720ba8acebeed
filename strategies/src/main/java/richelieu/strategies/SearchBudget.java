package richelieu.strategies;

import richelieu.engine.BudgetClock;

/**
 * What a search bot may spend on one decision: a count of its own unit of work (ISMCTS's
 * iterations, the deals of {@code pimc}, {@code paranoid} and {@code maxn}), which a seed
 * replays exactly, or, when {@code millis} is above 0, that many milliseconds on {@code clock}
 * instead (not reproducible: how far a search gets depends on the machine).
 *
 * @param count  units of work per decision when {@code millis} is 0
 * @param millis if &gt; 0: milliseconds per decision instead
 * @param clock  what {@code millis} is measured on ({@link TimeBudget})
 */
public record SearchBudget(int count, long millis, BudgetClock clock) {
    /** True when a decision's budget is time, not a count. */
    public boolean timed() {
        return millis > 0;
    }

    /** The time on {@link #clock} a decision starts at (the origin of {@link #deadline}). */
    public long start() {
        return clock.now();
    }

    /** The time on {@link #clock} a decision that started at {@code start} must end by; 0 when not timed. */
    public long deadline(long start) {
        return timed() ? start + millis * 1_000_000L : 0;
    }

    /** The time half of the decision's budget has passed; 0 when not timed. */
    public long halfway(long start) {
        return timed() ? start + millis * 500_000L : 0;
    }

    /** True while {@code deadline} (a time on {@link #clock}) lies ahead. */
    public boolean before(long deadline) {
        return clock.now() - deadline < 0;
    }
}
