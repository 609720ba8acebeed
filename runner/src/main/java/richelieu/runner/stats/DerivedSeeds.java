package richelieu.runner.stats;

import richelieu.engine.Seeds;
import richelieu.engine.SplitMix;

/**
 * Every random stream the runner derives from a master seed besides the games' own (a deal's and
 * each seat's bot stream are {@link richelieu.engine.Seeds}'), in one place, so that no two can
 * meet by accident: each is salted apart from the others, then mixed by SplitMix64's finaliser
 * ({@link SplitMix#mix64}); a numbered series of streams (a bootstrap's replicates, SPSA's
 * iterations) uses the house derivation {@code mix64(seed + (i + 1) * GOLDEN_GAMMA)}.
 *
 * <p>Every value here is stored in or decides committed results: changing one changes them.
 */
public final class DerivedSeeds {
    /** The confirming test of a tuning run. */
    private static final long CONFIRM_SALT = 0x434F_4E46_4952_4D31L;
    /** SPSA's signs. */
    private static final long SPSA_SIGNS_SALT = 0x5B5A_5350_5341_0001L;
    /** A tournament's bootstrap of the ratings. */
    private static final long TOURNAMENT_BOOTSTRAP_SALT = 0xB7L;

    private DerivedSeeds() {
    }

    /** The seed of a tournament's bootstrap over deals, from the run's master seed. */
    public static long tournamentBootstrap(long master) {
        return SplitMix.mix64(master ^ TOURNAMENT_BOOTSTRAP_SALT);
    }

    /** The master seed of the confirming test of a tuning run (non-negative, as the CLI prints it). */
    public static long tuneConfirmation(long master) {
        return SplitMix.mix64(master ^ CONFIRM_SALT) & Long.MAX_VALUE;
    }

    /** The seed of SPSA's signs, from the tuning's master seed; iteration j's are {@link #child}(it, j). */
    public static long spsaSigns(long master) {
        return SplitMix.mix64(master ^ SPSA_SIGNS_SALT);
    }

    /** Stream {@code i} (0, 1, …) of a series derived from {@code seed}: a replicate, an iteration. */
    public static long child(long seed, long i) {
        return SplitMix.mix64(seed + (i + 1) * SplitMix.GOLDEN_GAMMA);
    }

    /** The stream of token deal {@code d} that {@code solve} draws from the seat's knowledge, from its seed. */
    public static long solveTokenDeal(long seed, int d) {
        return child(seed, d);
    }

    /**
     * The stream that game {@code g} of the benchmarks' solver positions splits its seats' bot
     * streams from (its deal is {@link Seeds#deal}'s). Not salted: it is the deals' own
     * derivation, so game g's stream seed is deal g's seed (game 0's equals the seed of the deal
     * it plays); the committed solver frontier and benchmark positions were made with it.
     */
    public static long solverPositionsGame(long seed, int g) {
        return child(seed, g);
    }

    /**
     * The distance study's stream {@code k} of game {@code g} at {@code cards} cards left: 0 picks
     * the decision asked about, 1 is the asked bot's. Its bot streams of game {@code g} are those
     * of rotation 0; these take rotations 100 + cards, which no game plays.
     */
    public static long distancePosition(long seed, int g, int cards, int k) {
        return Seeds.bot(seed, g, 100 + cards, k);
    }

    /**
     * The stream that draws the positions of game {@code g} of a learned evaluation's data set.
     * Its bot streams of game {@code g} are those of rotation 0; this takes rotation 200, which no
     * game plays and the distance study's 100 + cards never reaches.
     */
    public static long datasetPositions(long seed, int g) {
        return Seeds.bot(seed, g, 200, 0);
    }

    /** The random turns of game {@code g}'s sibling continuations in the data set: rotation 200's second stream. */
    public static long datasetSiblings(long seed, int g) {
        return Seeds.bot(seed, g, 200, 1);
    }

    /** The sampling of game {@code g}'s search cut-offs in the data set: rotation 200's third stream. */
    public static long datasetCutoffs(long seed, int g) {
        return Seeds.bot(seed, g, 200, 2);
    }
}
