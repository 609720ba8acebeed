package richelieu.engine;

/**
 * SplitMix64's finaliser, the one mixing function of every seed derivation: game
 * {@code i}'s seed is {@code mix64(master + (i + 1) * GOLDEN_GAMMA)}, never the raw sum (a raw
 * {@code seed + GOLDEN_GAMMA} is the same {@link java.util.SplittableRandom} stream shifted by one).
 * Used by the runner's seeds, the tests and the benchmarks alike.
 */
public final class SplitMix {
    /** 2^64 / φ, SplitMix64's increment. */
    public static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private SplitMix() {
    }

    /** SplitMix64's finaliser (Steele, Lea &amp; Flood 2014): a bijection of longs with good avalanche. */
    public static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
