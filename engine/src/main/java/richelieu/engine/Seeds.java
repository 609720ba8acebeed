package richelieu.engine;

import java.util.SplittableRandom;

import static richelieu.engine.SplitMix.mix64;

/**
 * Which deal and which random streams game {@code k} of master seed {@code s} gets: the one
 * answer the runner, the Python environments, the benchmarks and the tests share.
 *
 * <p>Every seed derives from the master seed by SplitMix64's finaliser:
 * {@code mix64(master + (i + 1) * GOLDEN)}, never a raw sum (a raw {@code seed + GOLDEN} is the
 * same SplittableRandom stream shifted by one). The deal and each seat's bot get separate
 * streams, so a bot's randomness can never change the deal, and everything about unit {@code u}
 * of a run depends only on the master seed and {@code u}, never on threads or timing.
 *
 * <p>A run plays its deals in <em>units</em>: unit {@code u} is one deal (the deal numbered
 * {@code u}, or another when a run repeats a deal set) played by its games in turn (the seat
 * rotations, the rule sets compared); game {@code g} of the unit gives seat {@code s}'s bot the
 * stream {@link #bot(long, long, int, int) bot(master, u, g, s)}. A single game {@code k} of a
 * master seed, as {@code ./richelieu play --seed s} (k = 0) and the Python environments play
 * it, is the first game of unit {@code k}: {@link #deal(Deck, long, long)} and
 * {@link #botStreams}.
 */
public final class Seeds {
    private static final long GOLDEN = SplitMix.GOLDEN_GAMMA;
    private static final long BOT_SALT = 0xD1B54A32D192ED03L;

    /**
     * The master seed when the user gives none: a constant, never the clock, so a command run
     * twice prints the same bytes (printed and stored like any seed; {@code --seed N} for others).
     */
    public static final long DEFAULT = 1;

    private Seeds() {
    }

    /** Seed of deal {@code d} of a master seed (the seed stored in game records). */
    public static long deal(long master, long d) {
        return mix64(master + (d + 1) * GOLDEN);
    }

    /** Deal {@code d} of a master seed: {@link Deal#generate} of {@link #deal(long, long)}. */
    public static Deal deal(Deck deck, long master, long d) {
        return Deal.generate(deck, deal(master, d));
    }

    /**
     * Seed of the random stream of the bot in {@code seat} of game {@code game} (0-based within
     * its unit) of unit {@code unit}.
     */
    public static long bot(long master, long unit, int game, int seat) {
        long u = mix64(master ^ BOT_SALT) + (unit + 1) * GOLDEN;
        return mix64(mix64(u) + (game * 8L + seat + 1) * GOLDEN);
    }

    /** The bots' random streams of game {@code game} of unit {@code unit}, one per seat. */
    public static SplittableRandom[] botStreams(long master, long unit, int game, int players) {
        SplittableRandom[] rngs = new SplittableRandom[players];
        for (int s = 0; s < players; s++) {
            rngs[s] = new SplittableRandom(bot(master, unit, game, s));
        }
        return rngs;
    }
}
