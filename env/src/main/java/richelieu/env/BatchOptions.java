package richelieu.env;

import java.util.Objects;

/**
 * How a batch of games ({@link EnvBatch}) is made, but for who sits in its seats: every argument
 * of {@code richelieu.vector_env} that reaches Java, typed ({@link Reward#parse},
 * {@link ObservationVector.Dtype#parse} and {@link EnvBatch.Autoreset#parse} read Python's
 * strings, each with a one-line {@link IllegalArgumentException} naming the argument), or the
 * defaults of {@link #of}. The layout of the batch's shared arrays follows from these
 * ({@link #layout}), and so does whether it fits ({@link #checkAllocatable}).
 *
 * @param numEnvs       the number of games
 * @param players       2, 3 or 4
 * @param variant       "base" or "three-row" (R17; checked by {@link EnvSetup}, as for a single game)
 * @param deckFile      a deck file, or null for the standard deck
 * @param plugins       plug-in jars or folders the bot specs may name (only these are loaded)
 * @param askForced     true to ask the agents at decision points with one legal action too
 * @param reward        what a finished game is worth to each seat
 * @param dtype         how the observation is stored
 * @param autoreset     what follows the step that ends a game
 * @param threads       threads that step the games (1: the calling thread only)
 * @param illegalRaises true: an illegal action fails the whole step before any game moves;
 *                      false: it forfeits its game (as the runner treats a bot's illegal answer)
 */
public record BatchOptions(int numEnvs, int players, String variant, String deckFile, String[] plugins,
                           boolean askForced, Reward reward, ObservationVector.Dtype dtype, EnvBatch.Autoreset autoreset,
                           int threads, boolean illegalRaises) {
    /**
     * Java heap one game of the batch holds once started (its state, driver and observation cache;
     * measured at 6.4 KB with 2 players and 7.6 KB with 4 after a reset, more as its history grows);
     * the bots' own memory comes on top.
     */
    static final long HEAP_PER_GAME = 8 * 1024;

    public BatchOptions {
        if (numEnvs < 1) {
            throw new IllegalArgumentException("num_envs must be at least 1, not " + numEnvs);
        }
        if (players < 2 || players > 4) {
            throw new IllegalArgumentException("players must be 2, 3 or 4, not " + players);
        }
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("threads must be between 1 and 256, not " + threads);
        }
        plugins = plugins.clone();
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(reward, "reward");
        Objects.requireNonNull(dtype, "dtype");
        Objects.requireNonNull(autoreset, "autoreset");
    }

    /** {@code numEnvs} games of {@code players} players with the defaults of {@code richelieu.vector_env}. */
    public static BatchOptions of(int numEnvs, int players) {
        return new BatchOptions(numEnvs, players, "base", null, new String[0], false, Reward.WIN,
                ObservationVector.Dtype.FLOAT32, EnvBatch.Autoreset.NEXT_STEP, 1, false);
    }

    /** The observation vector of these games. */
    ObservationVector vector() {
        return new ObservationVector(players, dtype);
    }

    /** The fields of the batch: the one place their order, dtypes and widths are written. */
    Fields layout() {
        ObservationVector vector = vector();
        Fields f = new Fields(numEnvs);
        EnvRows.addCommon(f, players, vector);
        f.add("actor", "int32", 4, 1);
        f.add("reward", "float32", 4, 1);
        f.add("terminated", "bool", 1, 1);
        f.add("truncated", "bool", 1, 1);
        f.add("failure", "bool", 1, 1);
        f.add("master", "int64", 8, 1);
        f.add("game", "int64", 8, 1);
        f.add("action", "int32", 4, 1);
        f.add("reset_mask", "bool", 1, 1);
        f.add("final_observation", vector.dtype().numpyName(), vector.dtype().bytes(),
                autoreset == EnvBatch.Autoreset.SAME_STEP ? vector.size() : 0);
        return f;
    }

    /**
     * Refuses, with one line naming {@code num_envs}, a batch that cannot be allocated, before
     * anything is made (Python asks this first, before it builds the per-game arguments).
     */
    public void checkAllocatable() {
        checkAllocatable(layout(), freeHeap());
    }

    /** The heap this JVM can still give: its maximum less what is in use now. */
    static long freeHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /**
     * Refuses, before any game or array is made, a batch whose shared arrays do not fit one buffer
     * or whose games do not fit {@code freeHeap}: such a batch would otherwise fill the memory for
     * minutes and then fail far from its cause.
     */
    void checkAllocatable(Fields f, long freeHeap) {
        if (!f.fits()) {
            long perGame = Math.max(1, f.totalBytes() / numEnvs);
            throw new IllegalArgumentException("num_envs=" + numEnvs + " is too many: the shared arrays would take "
                    + f.totalBytes() / (1024 * 1024) + " MiB, more than the 2 GiB one buffer holds (at most "
                    + Fields.MAX_BYTES / perGame + " games of " + players + " players with this observation_dtype"
                    + " and autoreset_mode)");
        }
        long heap = (long) numEnvs * HEAP_PER_GAME;
        if (heap > freeHeap) {
            throw new IllegalArgumentException("num_envs=" + numEnvs + " is too many: its games would need about "
                    + heap / (1024 * 1024) + " MiB of Java heap, more than the " + Math.max(0, freeHeap) / (1024 * 1024)
                    + " MiB this JVM has free (at most " + Math.max(0, freeHeap) / HEAP_PER_GAME
                    + " games here; the JVM's maximum heap is set with -Xmx, e.g. JAVA_TOOL_OPTIONS=-Xmx8g)");
        }
    }
}
