package richelieu.strategies;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The expected ladder at small, statistically safe samples: each stronger bot's 95% lower
 * confidence bound over paired games is above 50%. (The measured ladder with intervals over
 * thousands of games is in results/.)
 */
@Tag("slow")
class LadderTest {

    private static void assertBeats(String a, String b, int pairs) {
        double[] r = Matches.pairedScore(a, b, pairs, 11);
        double lower = Matches.wilsonLower(r[0], r[1]);
        assertTrue(lower > 0.5, a + " vs " + b + ": score " + r[0] / r[1] + ", 95% lower bound " + lower);
    }

    @Test
    void greedy_beatsRandom() {
        assertBeats("greedy", "random", 40);
    }

    @Test
    void heuristic_beatsGreedy() {
        assertBeats("heuristic", "greedy", 30);
    }

    @Test
    void ismcts_improvesWithIterations() {
        assertBeats("ismcts:iterations=300", "ismcts:iterations=10", 30);
    }
}
