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
}
