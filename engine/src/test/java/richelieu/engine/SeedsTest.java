package richelieu.engine;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class SeedsTest {
    @Test
    void mix64_knownInput_matchesSplitMix64Finaliser() {
        // SplitMix64 (Vigna's splitmix64.c) with state 0 returns mix64(0x9E3779B97F4A7C15) =
        // 0xE220A8397B1DCDAF as its first output.
        assertEquals(0xE220A8397B1DCDAFL, richelieu.engine.SplitMix.mix64(0x9E3779B97F4A7C15L));
    }

    @Test
    void derivedSeeds_dealAndBotStreamsNeverCollideInASmallRun() {
        Set<Long> seen = new HashSet<>();
        for (long d = 0; d < 2000; d++) {
            seen.add(Seeds.deal(42, d));
            for (int g = 0; g < 2; g++) {
                for (int s = 0; s < 4; s++) {
                    seen.add(Seeds.bot(42, d, g, s));
                }
            }
        }
        assertEquals(2000 * 9, seen.size(), "every deal and every seat stream gets its own seed");
        assertNotEquals(Seeds.deal(42, 0), Seeds.deal(43, 0));
        // mixed, not a raw sum: neighbouring masters do not share shifted streams
        assertNotEquals(Seeds.deal(42, 1), Seeds.deal(43, 0));
    }
}
