package richelieu.runner.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The run of official-stockfish/Stockfish PR #4160 (Total: 60000 W: 16422 L: 16189 D: 27389,
 * Ptnml(0-2): 39, 5335, 18992, 5622, 12). Expected trinomial figures:
 * {@code runner/src/test/python/stats_reference.py}, section "MatchSummaryTest".
 */
class MatchSummaryTest {

    private static final TrinomialCounts GAMES = new TrinomialCounts(16422, 27389, 16189);
    private static final PentanomialCounts PAIRS = new PentanomialCounts(39, 5335, 18992, 5622, 12);

    @Test
    void of_sameRun_reportsBothModelsWithSameScoreAndNarrowerPairInterval() {
        MatchSummary m = MatchSummary.of(GAMES, PAIRS);
        assertEquals(m.trinomial().score(), m.pentanomial().score(), 1e-15);
        assertEquals(1.3492149726522586, m.trinomial().elo(), 1e-9);
        assertEquals(0.13587539659722223, m.trinomial().variance(), 1e-12);
        assertEquals(-0.7003288105033566, m.trinomial().eloInterval().low(), 1e-5); // stats_reference.py score_interval
        assertEquals(3.398752442336702, m.trinomial().eloInterval().high(), 1e-5);
        assertEquals(0.9015211683869913, m.trinomial().los(), 1e-9);
        assertEquals(0.34220048435706524, m.varianceRatio(), 1e-12);
        assertTrue(m.pentanomial().eloInterval().width() < m.trinomial().eloInterval().width());
    }

    @Test
    void format_sameRun_showsBothColumnsAndEveryRow() {
        String text = MatchSummary.of(GAMES, PAIRS).format();
        assertTrue(text.contains("trinomial (games)") && text.contains("pentanomial (pairs)"), text);
        assertTrue(text.contains("60000 games") && text.contains("30000 pairs"), text);
        assertTrue(text.contains("1.35 [-0.70, 3.40]"), text);
        assertTrue(text.contains("1.35 [0.15, 2.55]"), text);
        assertTrue(text.contains("nElo 95%") && text.contains("3.13"), text);
        assertEquals(10, text.lines().count(), text);
    }

    @Test
    void of_gameCountNotTwicePairs_throws() {
        assertThrows(IllegalArgumentException.class,
                () -> MatchSummary.of(new TrinomialCounts(16422, 27389, 16190), PAIRS));
    }

    @Test
    void of_pointsDisagree_throws() {
        // Same 60000 games, but one win turned into a loss.
        assertThrows(IllegalArgumentException.class,
                () -> MatchSummary.of(new TrinomialCounts(16421, 27389, 16190), PAIRS));
    }

    @Test
    void of_emptyMatch_isConsistentAndUndefined() {
        MatchSummary m = MatchSummary.of(new TrinomialCounts(0, 0, 0), new PentanomialCounts(0, 0, 0, 0, 0));
        assertTrue(Double.isNaN(m.trinomial().elo()) && Double.isNaN(m.pentanomial().elo()));
        assertTrue(Double.isNaN(m.varianceRatio()));
    }
}
