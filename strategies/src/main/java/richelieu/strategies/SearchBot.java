package richelieu.strategies;

import richelieu.engine.Strategy;

import java.util.SplittableRandom;

/**
 * The bones every search bot shares ({@code ismcts} and its presets, {@code pimc},
 * {@code paranoid} and {@code maxn}): its name (the spec it was made from), the seat it plays and
 * the seeded random stream of the current game ({@link Strategy.GameStart}), and its budget per
 * decision ({@link SearchBudget}). A bot draws every random choice from {@link #random}, so a
 * seed replays its games whenever its budget is a count.
 */
public abstract class SearchBot implements Strategy {
    private final String name;
    private final SearchBudget budget;
    private SplittableRandom random;
    private int seat;
    /** A time on the budget's clock the next decision must end by, or 0: its budget alone. */
    private long cap;

    protected SearchBot(String name, SearchBudget budget) {
        this.name = name;
        this.budget = budget;
    }

    @Override
    public final String name() {
        return name;
    }

    /** Takes the game's seat and random stream; a bot that overrides this calls it first. */
    @Override
    public void gameStarted(GameStart start) {
        random = start.random();
        seat = start.seat();
    }

    /** The current game's random stream (null before the first game). */
    protected final SplittableRandom random() {
        return random;
    }

    /** This bot's seat in the current game. */
    protected final int seat() {
        return seat;
    }

    /** What one decision may spend. */
    protected final SearchBudget budget() {
        return budget;
    }

    /**
     * The next decision of a timed budget ends by {@code time} (on the budget's clock) if that
     * comes before its own deadline: a bot that hands a decision to this one passes the time it
     * has left, so that the two together stay within one budget.
     */
    public final void capNextDecision(long time) {
        cap = time;
    }

    /**
     * The time on the budget's clock a decision that starts at {@code start} must end by: the
     * budget's deadline, or the earlier time {@link #capNextDecision} set for it (used up
     * here); 0 when the budget is not timed.
     */
    protected final long decisionDeadline(long start) {
        long deadline = budget.deadline(start);
        long c = cap;
        cap = 0;
        return c != 0 && deadline != 0 && c - deadline < 0 ? c : deadline;
    }
}
