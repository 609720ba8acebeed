package richelieu.runner.play;

/**
 * Every seed of a run derives from the master seed by SplitMix64's finaliser (STYLE.md):
 * {@code mix64(master + (i + 1) * GOLDEN)}, never a raw sum (a raw {@code seed + GOLDEN} is the
 * same SplittableRandom stream shifted by one). The deal and each seat's bot get separate
 * streams, so a bot's randomness can never change the deal, and everything about unit {@code u}
 * depends only on the master seed and {@code u} — never on threads or timing.
 */
public final class Seeds {
    public static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final long BOT_SALT = 0xD1B54A32D192ED03L;

    private Seeds() {
    }

    /** SplitMix64's finaliser. */
    public static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
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

    /** A fresh master seed when the user gave none (printed and stored, so the run can be repeated). */
    public static long fresh() {
        return mix64(System.nanoTime() ^ mix64(Runtime.getRuntime().freeMemory()) ^ ProcessHandle.current().pid());
    }
}
