package richelieu.runner.stats;

import org.junit.jupiter.api.Test;
import richelieu.engine.Seeds;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The derived streams keep the values the committed results were made with (each written here
 * as the formula its call sites once spelt out by hand), and no two of them meet for one master seed.
 */
class DerivedSeedsTest {
    private static final long GAMMA = 0x9E3779B97F4A7C15L;

    /** SplitMix64's finaliser, written out. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Test
    void seriesStreams_areTheHouseDerivation() {
        for (long seed : new long[]{0, 1, 42, -7, Long.MAX_VALUE}) {
            for (int i = 0; i < 5; i++) {
                long expected = mix(seed + (i + 1) * GAMMA);
                assertEquals(expected, DerivedSeeds.child(seed, i));
                assertEquals(expected, DerivedSeeds.solveTokenDeal(seed, i), "solve's token deal " + i);
                assertEquals(expected, DerivedSeeds.solverPositionsGame(seed, i), "the benchmarks' game " + i);
            }
        }
    }

    @Test
    void distancePosition_isTheBotStreamOfRotation100PlusCards() {
        assertEquals(Seeds.bot(9, 3, 108, 0), DerivedSeeds.distancePosition(9, 3, 8, 0));
        assertEquals(Seeds.bot(9, 3, 104, 1), DerivedSeeds.distancePosition(9, 3, 4, 1));
    }

    /** The benchmarks' game streams use the deals' own derivation: game g's is deal g's seed (kept: committed positions). */
    @Test
    void solverPositionsGame_equalsTheDealSeedOfTheSameIndex() {
        assertEquals(Seeds.deal(77, 5), DerivedSeeds.solverPositionsGame(77, 5));
    }

    @Test
    void namedStreams_ofOneMaster_areAllDifferent() {
        long master = 12345;
        List<Long> streams = List.of(DerivedSeeds.tournamentBootstrap(master), DerivedSeeds.tuneConfirmation(master),
                DerivedSeeds.spsaSigns(master), DerivedSeeds.distancePosition(master, 0, 8, 0),
                DerivedSeeds.distancePosition(master, 0, 8, 1), Seeds.deal(master, 0), Seeds.bot(master, 0, 0, 0));
        Set<Long> distinct = new HashSet<>(streams);
        assertEquals(streams.size(), distinct.size(), streams::toString);
    }
}
