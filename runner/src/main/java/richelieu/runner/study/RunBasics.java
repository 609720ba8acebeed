package richelieu.runner.study;

import richelieu.engine.Deck;
import richelieu.runner.UserError;

/**
 * What every run has, whatever its kind: the master seed, the deck, and which shard of the
 * run's units it plays.
 *
 * @param seed       the master seed
 * @param deck       the deck
 * @param shardIndex the shard played (0-based)
 * @param shardCount the shards the run is cut into
 * @param from       a resumed run's first unit, or -1: the shard's
 * @param to         a resumed run's end of units, or -1: the shard's
 */
public record RunBasics(long seed, Deck deck, int shardIndex, int shardCount, long from, long to) {

    /** Most games one run may have: every count (and its square sums' parts) stays exact, also as a double. */
    public static final long MAX_GAMES = 1_000_000_000_000_000L;

    /** A run of shard {@code index} of {@code count}; its unit range follows from the run's size. */
    public RunBasics(long seed, Deck deck, int shardIndex, int shardCount) {
        this(seed, deck, shardIndex, shardCount, -1, -1);
    }

    /** The same run over the units [from, to) of a stored shard (a resume keeps its file's range). */
    public RunBasics withRange(long from, long to) {
        return new RunBasics(seed, deck, shardIndex, shardCount, from, to);
    }

    /**
     * The unit range {from, to} this shard plays of a run of {@code deals} deals × {@code lineups}
     * lineups, each unit playing {@code gamesPerUnit} games; exact arithmetic, and a run of more
     * than {@link #MAX_GAMES} games is refused naming {@code flag} (the option that set its size).
     */
    public long[] range(String flag, long deals, int lineups, int gamesPerUnit) {
        if (from >= 0) {
            return new long[]{from, to};
        }
        try {
            long units = Math.multiplyExact(deals, lineups);
            if (Math.multiplyExact(units, gamesPerUnit) <= MAX_GAMES) {
                return new long[]{shardBound(units, shardIndex, shardCount), shardBound(units, shardIndex + 1, shardCount)};
            }
        } catch (ArithmeticException overflow) {
            // too large, as below
        }
        throw new UserError(String.format("%s %,d is too large: the run would have more than %,d games (%,d deals x %,d "
                + "lineup(s) x %d games each); the limit keeps every count exact", flag, deals, MAX_GAMES, deals, lineups,
                gamesPerUnit));
    }

    /** {@code units * k / n} without overflow (k <= n). */
    public static long shardBound(long units, int k, int n) {
        return units / n * k + units % n * k / n;
    }
}
