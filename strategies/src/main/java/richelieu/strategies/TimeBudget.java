package richelieu.strategies;

import richelieu.engine.BudgetClock;

import java.util.List;
import java.util.Locale;

/**
 * The {@code clock} parameter of the time-budgeted bots: what their {@code millis} measure. With
 * {@code clock=cpu} each decision gets {@code millis} of its thread's CPU time, so two bots keep
 * equal budgets however busy the machine is ({@link BudgetClock}).
 */
public final class TimeBudget {
    private TimeBudget() {
    }

    /** {@code clock=wall|cpu}. */
    public static final StrategyFactory.Parameter CLOCK = StrategyFactory.Parameter.choice("clock", "wall",
            List.of("wall", "cpu"), "what millis measures: wall-clock time, or the deciding thread's CPU time (equal "
                    + "budgets on a busy machine)");

    /** The clock of a spec that declares {@link #CLOCK}. */
    public static BudgetClock clock(BotParams params) {
        return BudgetClock.valueOf(params.getChoice(CLOCK.name()).toUpperCase(Locale.ROOT));
    }
}
