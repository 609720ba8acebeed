package richelieu.runner.play;

import richelieu.engine.SplitMix;

import static richelieu.engine.SplitMix.mix64;

/**
 * Every seed of a run derives from the master seed by SplitMix64's finaliser:
 * {@code mix64(master + (i + 1) * GOLDEN)}, never a raw sum (a raw {@code seed + GOLDEN} is the
 * same SplittableRandom stream shifted by one). The deal and each seat's bot get separate
 * streams, so a bot's randomness can never change the deal, and everything about unit {@code u}
 * depends only on the master seed and {@code u} — never on threads or timing.
 */
public final class Seeds {
    public static final long GOLDEN = SplitMix.GOLDEN_GAMMA;
    private static final long BOT_SALT = 0xD1B54A32D192ED03L;

    private Seeds() {
    }

    /** Seed of deal {@code d} (the seed stored in game records). */
    public static long deal(long master, long d) {
        return mix64(master + (d + 1) * GOLDEN);
    }

    /** Seed of the random stream of the bot in {@code seat} of game {@code game} (0-based within its unit) of unit {@code unit}. */
    public static long bot(long master, long unit, int game, int seat) {
        long u = mix64(master ^ BOT_SALT) + (unit + 1) * GOLDEN;
        return mix64(mix64(u) + (game * 8L + seat + 1) * GOLDEN);
    }

    /**
     * The master seed when the user gives none: a constant, never the clock, so a command run
     * twice prints the same bytes (printed and stored like any seed; {@code --seed N} for others).
     */
    public static final long DEFAULT = 1;
}
