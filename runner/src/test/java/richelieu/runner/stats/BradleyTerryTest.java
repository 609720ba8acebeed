package richelieu.runner.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import richelieu.runner.stats.BradleyTerry.BootstrapFit;
import richelieu.runner.stats.BradleyTerry.BootstrapSettings;
import richelieu.runner.stats.BradleyTerry.Fit;
import richelieu.runner.stats.BradleyTerry.FixedPlayer;
import richelieu.runner.stats.BradleyTerry.Matchup;
import richelieu.runner.stats.BradleyTerry.MeanZero;

/**
 * Expected ratings: {@code runner/src/test/python/stats_reference.py}, section
 * "BradleyTerryTest", which solves the same likelihood by Newton–Raphson on log-strengths
 * (an independent method: second-order, with one strength fixed instead of MM's renormalization)
 * and gives standard errors from the inverse Fisher information. The two-player case is checked
 * against the closed form: the MLE rating difference equals the Elo of the score.
 */
class BradleyTerryTest {

    private static final double ELO_TOLERANCE = 1e-6;

    private static Matchup m(int a, int b, long... counts) {
        return new Matchup(a, b, PentanomialCounts.of(counts));
    }

    private static final List<Matchup> FOUR_PLAYERS = List.of(
            m(0, 1, 10, 30, 60, 40, 20),
            m(1, 2, 15, 35, 50, 25, 15),
            m(0, 2, 5, 20, 55, 45, 35),
            m(2, 3, 12, 28, 62, 30, 8),
            m(0, 3, 3, 12, 40, 50, 35));

    @Test
    void fit_fourPlayersWithoutPrior_matchesNewtonSolution() {
        Fit fit = BradleyTerry.fit(4, FOUR_PLAYERS, 0.0, new MeanZero());
        assertEquals(63.41336698541623, fit.elo(0), ELO_TOLERANCE);
        assertEquals(-0.22534579215979988, fit.elo(1), ELO_TOLERANCE);
        assertEquals(-22.549723576835575, fit.elo(2), ELO_TOLERANCE);
        assertEquals(-40.638297616420886, fit.elo(3), ELO_TOLERANCE);
    }

    @Test
    void fit_fourPlayersWithOneVirtualDraw_matchesNewtonSolutionWithPseudoOpponent() {
        Fit fit = BradleyTerry.fit(4, FOUR_PLAYERS, 1.0, new MeanZero());
        assertEquals(63.357252895708285, fit.elo(0), ELO_TOLERANCE);
        assertEquals(-0.24584613833605104, fit.elo(1), ELO_TOLERANCE);
        assertEquals(-22.531142502117028, fit.elo(2), ELO_TOLERANCE);
        assertEquals(-40.5802642552552, fit.elo(3), ELO_TOLERANCE);
    }

    @Test
    void fit_twoPlayers_ratingGapEqualsEloOfScore() {
        // 50 pairs scoring 0.53 per game: the MLE gap is -400·log10(1/0.53 - 1) = 20.87120466602867.
        Fit fit = BradleyTerry.fit(2, List.of(m(0, 1, 3, 10, 20, 12, 5)), 0.0, new MeanZero());
        assertEquals(20.87120466602867, fit.elo(0) - fit.elo(1), 1e-8);
        assertEquals(0.0, fit.elo(0) + fit.elo(1), 1e-9);
    }

    @Test
    void fit_playerWonEverything_withoutPriorThrowsNamingTheRemedy() {
        List<Matchup> shutout = List.of(m(0, 1, 0, 0, 0, 0, 6), m(1, 2, 2, 5, 9, 4, 1), m(0, 2, 0, 0, 0, 0, 8));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BradleyTerry.fit(3, shutout, 0.0, new MeanZero()));
        assertTrue(e.getMessage().contains("players [1, 2] scored no points against players [0]"), e.getMessage());
        assertTrue(e.getMessage().contains("priorDraws"), e.getMessage());
    }

    @Test
    void fit_playerWonEverything_withPriorIsFiniteAndMatchesNewton() {
        List<Matchup> shutout = List.of(m(0, 1, 0, 0, 0, 0, 6), m(1, 2, 2, 5, 9, 4, 1), m(0, 2, 0, 0, 0, 0, 8));
        Fit fit = BradleyTerry.fit(3, shutout, 1.0, new MeanZero());
        assertEquals(475.90669737071437, fit.elo(0), ELO_TOLERANCE);
        assertEquals(-249.87407308437196, fit.elo(1), ELO_TOLERANCE);
        assertEquals(-226.03262428634247, fit.elo(2), ELO_TOLERANCE);
    }

    @Test
    void fit_disconnectedGraph_throwsNamingComponents() {
        List<Matchup> twoIslands = List.of(m(0, 1, 1, 2, 3, 2, 1), m(2, 3, 1, 2, 3, 2, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BradleyTerry.fit(4, twoIslands, 1.0, new MeanZero()));
        assertTrue(e.getMessage().contains("disconnected") && e.getMessage().contains("[0, 1] | [2, 3]"),
                e.getMessage());
    }

    @Test
    void fit_playerWithoutGames_throwsAsDisconnected() {
        List<Matchup> idle = List.of(m(0, 1, 1, 2, 3, 2, 1), m(1, 2, 1, 2, 3, 2, 1), m(0, 3, 0, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> BradleyTerry.fit(4, idle, 1.0, new MeanZero()));
    }

    @Test
    void fit_fixedPlayerAnchor_shiftsEveryRatingEqually() {
        Fit mean = BradleyTerry.fit(4, FOUR_PLAYERS, 0.0, new MeanZero());
        Fit fixed = BradleyTerry.fit(4, FOUR_PLAYERS, 0.0, new FixedPlayer(2, 1500.0));
        assertEquals(1500.0, fixed.elo(2), 1e-9);
        for (int i = 0; i < 4; i++) {
            assertEquals(mean.elo(i) - mean.elo(2), fixed.elo(i) - 1500.0, 1e-8);
        }
    }

    @Test
    void fit_reversedOrSplitMatchups_giveTheSameRatings() {
        Fit reference = BradleyTerry.fit(4, FOUR_PLAYERS, 0.0, new MeanZero());
        List<Matchup> rearranged = List.of(
                new Matchup(1, 0, PentanomialCounts.of(new long[] {10, 30, 60, 40, 20}).mirrored()),
                m(1, 2, 15, 35, 50, 25, 15),
                m(0, 2, 5, 20, 30, 45, 0),
                m(2, 0, 35, 0, 25, 0, 0),
                m(2, 3, 12, 28, 62, 30, 8),
                m(0, 3, 3, 12, 40, 50, 35));
        Fit fit = BradleyTerry.fit(4, rearranged, 0.0, new MeanZero());
        for (int i = 0; i < 4; i++) {
            assertEquals(reference.elo(i), fit.elo(i), 1e-8);
        }
    }

    @Test
    void fitWithBootstrap_sameSeed_identicalIntervals() {
        BootstrapSettings settings = new BootstrapSettings(200, 0.95, 20261121L);
        BootstrapFit a = BradleyTerry.fitWithBootstrap(4, FOUR_PLAYERS, 1.0, new MeanZero(), settings);
        BootstrapFit b = BradleyTerry.fitWithBootstrap(4, FOUR_PLAYERS, 1.0, new MeanZero(), settings);
        assertEquals(a.ratings(), b.ratings());
    }

    @Test
    void fitWithBootstrap_differentSeed_differentIntervals() {
        BootstrapFit a = BradleyTerry.fitWithBootstrap(4, FOUR_PLAYERS, 1.0, new MeanZero(),
                new BootstrapSettings(200, 0.95, 1L));
        BootstrapFit b = BradleyTerry.fitWithBootstrap(4, FOUR_PLAYERS, 1.0, new MeanZero(),
                new BootstrapSettings(200, 0.95, 2L));
        assertNotEquals(a.ratings().get(0).interval(), b.ratings().get(0).interval());
        assertEquals(a.ratings().get(0).elo(), b.ratings().get(0).elo(), 0.0);
    }

    @Test
    void fitWithBootstrap_intervalsContainPointEstimatesAndMatchFit() {
        BootstrapFit boot = BradleyTerry.fitWithBootstrap(4, FOUR_PLAYERS, 1.0, new MeanZero(),
                new BootstrapSettings(400, 0.95, 5L));
        Fit fit = BradleyTerry.fit(4, FOUR_PLAYERS, 1.0, new MeanZero());
        for (BradleyTerry.Rating r : boot.ratings()) {
            assertEquals(fit.elo(r.player()), r.elo(), 1e-9);
            assertTrue(r.interval().contains(r.elo()), r.toString());
            assertTrue(r.standardError() > 0.0);
        }
    }

    @Test
    void fitWithBootstrap_independentGames_standardErrorsMatchFisherInformation() {
        // Pairs built as two independent games without draws (counts ∝ q², 2pq, p²), so the pair
        // bootstrap must reproduce the usual MLE standard errors: Newton/inverse information gives
        // se(elo_1 - elo_0) = 7.0458941547930705 and se(elo_2 - elo_0) = 7.3967889547209795.
        List<Matchup> independent = List.of(m(0, 1, 90, 0, 420, 0, 490), m(1, 2, 160, 0, 480, 0, 360),
                m(0, 2, 40, 0, 320, 0, 640));
        BootstrapFit boot = BradleyTerry.fitWithBootstrap(3, independent, 0.0, new FixedPlayer(0, 0.0),
                new BootstrapSettings(2000, 0.95, 11L));
        assertEquals(128.6501745168483 - 128.6501745168483, boot.ratings().get(0).elo(), 1e-9);
        assertEquals(-25.901714675051522 - 128.6501745168483, boot.ratings().get(1).elo(), ELO_TOLERANCE);
        assertEquals(-102.7484598417968 - 128.6501745168483, boot.ratings().get(2).elo(), ELO_TOLERANCE);
        // Monte Carlo error of a bootstrap SD from 2000 replicates is about 1.6%.
        assertEquals(7.0458941547930705, boot.ratings().get(1).standardError(), 0.05 * 7.0458941547930705);
        assertEquals(7.3967889547209795, boot.ratings().get(2).standardError(), 0.05 * 7.3967889547209795);
        assertEquals(0.0, boot.ratings().get(0).interval().width(), 0.0);
        // A 95% percentile interval is about ±1.96 standard errors wide.
        double width = boot.ratings().get(1).interval().width();
        assertEquals(2 * 1.959963984540054 * 7.0458941547930705, width, 0.15 * width);
    }

    @Test
    void fitWithBootstrap_everyPairSplitOneToOne_zeroWidthIntervals() {
        // Each deal is won by the same seat in both games, so every pair scores exactly 1: resampling
        // pairs cannot move the ratings. (Resampling single games would, wrongly.)
        List<Matchup> split = List.of(m(0, 1, 0, 0, 100, 0, 0), m(1, 2, 0, 0, 80, 0, 0), m(0, 2, 0, 0, 120, 0, 0));
        BootstrapFit boot = BradleyTerry.fitWithBootstrap(3, split, 0.0, new MeanZero(),
                new BootstrapSettings(50, 0.95, 3L));
        for (BradleyTerry.Rating r : boot.ratings()) {
            assertEquals(0.0, r.elo(), 1e-9);
            assertEquals(0.0, r.interval().width(), 1e-9);
            assertEquals(0.0, r.standardError(), 1e-9);
        }
    }

    @Test
    void fit_largeCountsWithPrior_convergesQuicklyAndMatchesNewton() {
        // ~10^5 pairs per matchup against one virtual draw: the common shift is pinned by the prior
        // alone, which plain MM would approach at a rate of 1 - 1e-6 per sweep.
        List<Matchup> big = List.of(m(0, 1, 9000, 20000, 42000, 20000, 9000),
                m(1, 2, 16000, 30000, 48000, 30000, 36000), m(0, 2, 4000, 30000, 32000, 30000, 64000),
                m(2, 3, 4000, 30000, 32000, 30000, 64000));
        Fit fit = BradleyTerry.fit(4, big, 1.0, new MeanZero());
        assertEquals(98.66867201260044, fit.elo(0), ELO_TOLERANCE);
        assertEquals(58.8404653403212, fit.elo(1), ELO_TOLERANCE);
        assertEquals(-10.270287348498394, fit.elo(2), ELO_TOLERANCE);
        assertEquals(-147.23885000442326, fit.elo(3), ELO_TOLERANCE);
        assertTrue(fit.sweeps() < 1000, "sweeps " + fit.sweeps());
    }

    @Test
    void bootstrapSettings_invalid_throw() {
        assertThrows(IllegalArgumentException.class, () -> new BootstrapSettings(1, 0.95, 0L));
        assertThrows(IllegalArgumentException.class, () -> new BootstrapSettings(100, 1.5, 0L));
    }

    @Test
    void quantile_typeSeven_matchesRDefault() {
        // R: quantile(c(1, 2, 3, 4), c(0.25, 0.5, 0.975)) = 1.75, 2.50, 3.925
        double[] sorted = {1, 2, 3, 4};
        assertEquals(1.75, BradleyTerry.quantile(sorted, 0.25), 1e-15);
        assertEquals(2.5, BradleyTerry.quantile(sorted, 0.5), 1e-15);
        assertEquals(3.925, BradleyTerry.quantile(sorted, 0.975), 1e-15);
    }

    @Test
    void matchup_samePlayerTwice_throws() {
        assertThrows(IllegalArgumentException.class, () -> m(1, 1, 1, 1, 1, 1, 1));
    }
}
