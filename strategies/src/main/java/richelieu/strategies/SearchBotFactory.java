package richelieu.strategies;

import richelieu.engine.BudgetClock;

import java.util.List;
import java.util.Locale;

/**
 * The factory side of {@link SearchBot}: the one place the search bots' common options are
 * declared and read — the budget ({@code millis}, {@code clock} and the bot's count), the
 * transposition table ({@code table}) — and where a spec's cost is judged before any game: the
 * memory its tables take ({@link #memoryBytes}) and the CPU time a decision is expected to take
 * ({@link #expectedMicros}), so that a run can refuse what cannot fit and warn about what will
 * not finish.
 */
public abstract class SearchBotFactory implements StrategyFactory {
    /** The longest {@code millis} a spec may ask for: an hour a decision. */
    static final int MAX_MILLIS = 3_600_000;
    /** Bytes of one transposition table entry (the solver's and the multi-player search's). */
    static final long TABLE_ENTRY_BYTES = 16;
    /**
     * From this expected CPU time per decision on, a run warns that its games will hardly end
     * (it is also {@code pimc}'s default bound of an exact phase, which a spec meets only when it
     * asks for far more than the solver can give).
     */
    public static final double ABSURD_MICROS = 10e6;

    private final String name;
    private final String description;
    private final Parameter count;
    private final List<Parameter> parameters;

    /**
     * @param count      the parameter that counts a decision's units of work without {@code millis}
     * @param parameters every parameter, {@code count} and {@code millis} among them
     */
    protected SearchBotFactory(String name, String description, Parameter count, List<Parameter> parameters) {
        this.name = name;
        this.description = description;
        this.count = count;
        this.parameters = List.copyOf(parameters);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public final List<Parameter> parameters() {
        return parameters;
    }

    /** Reproducible from a seed unless the budget is time. */
    @Override
    public final boolean isDeterministic(BotParams params) {
        return !budget(params).timed();
    }

    /** {@code millis}: a time budget per decision instead of the count; {@code what} says what it covers. */
    protected static Parameter millis(String what) {
        return Parameter.integer(Bots.MOVE_TIME_PARAMETER, 0, 0, MAX_MILLIS, "if > 0: milliseconds per decision "
                + what + " (not reproducible)");
    }

    /** {@code table}: a transposition table of 2^table entries, {@code max} the largest accepted. */
    protected static Parameter table(int byDefault, int max, String whose) {
        return Parameter.integer("table", byDefault, 10, max, whose + " transposition table holds 2^table entries of "
                + TABLE_ENTRY_BYTES + " bytes");
    }

    /** True if this bot declares a parameter named {@code name}. */
    protected final boolean declares(String name) {
        return parameters.stream().anyMatch(p -> p.name().equals(name));
    }

    /** A declared boolean option, false where this bot does not declare it. */
    protected final boolean flag(BotParams params, Parameter p) {
        return declares(p.name()) && params.getBoolean(p.name());
    }

    /** A spec's budget: its count, {@code millis}, and {@code clock} where declared (the wall clock where not). */
    public final SearchBudget budget(BotParams params) {
        BudgetClock clock = declares(TimeBudget.CLOCK.name()) ? TimeBudget.clock(params) : BudgetClock.WALL;
        return new SearchBudget(params.getInt(count.name()), params.getInt(Bots.MOVE_TIME_PARAMETER), clock);
    }

    /** The spec's {@code table} bits (a factory that declares it). */
    protected static int tableBits(BotParams params) {
        return params.getInt("table");
    }

    /** Bytes of the tables one bot of this spec allocates (each seat on each thread has its own bot). */
    public long memoryBytes(BotParams params) {
        return declares("table") ? TABLE_ENTRY_BYTES << tableBits(params) : 0;
    }

    /**
     * The CPU time one decision of this spec is expected to take, in µs: its {@code millis} when
     * timed, else its count times the cost of a unit as measured (results/benchmarks/bot-costs.md
     * and, for the exact solver, results/solver-frontier.md). An estimate for telling sane specs
     * from absurd ones, within a few times.
     */
    public final double expectedMicros(BotParams params) {
        SearchBudget budget = budget(params);
        return budget.timed() ? budget.millis() * 1000.0 : countedMicros(params, budget.count());
    }

    /** {@link #expectedMicros} of a decision whose budget is {@code count} units. */
    protected abstract double countedMicros(BotParams params, int count);

    /**
     * One line on a spec whose decisions are expected to take {@link #ABSURD_MICROS} or longer (a
     * match would hardly end), or null.
     */
    public final String costWarning(BotParams params) {
        double micros = expectedMicros(params);
        if (micros < ABSURD_MICROS) {
            return null;
        }
        return String.format(Locale.ROOT, "warning: %s is expected to take about %s of CPU per decision (a game "
                + "has about 25 decisions a seat); lower its budget unless that is meant", params.spec(), time(micros));
    }

    private static String time(double micros) {
        double s = micros / 1e6;
        return s >= 7200 ? String.format(Locale.ROOT, "%,.0f h", s / 3600) : s >= 120
                ? String.format(Locale.ROOT, "%,.0f min", s / 60) : String.format(Locale.ROOT, "%.0f s", s);
    }

    /** The search bot behind {@code factory} (a preset's base), or null if it is not one. */
    public static SearchBotFactory of(StrategyFactory factory) {
        StrategyFactory f = factory instanceof Presets.PresetFactory p ? p.base() : factory;
        return f instanceof SearchBotFactory s ? s : null;
    }
}
