package richelieu.runner.resultfile;

import richelieu.runner.resultfile.Tally.PairBlock;
import richelieu.runner.resultfile.Tally.SeatBlock;
import richelieu.runner.resultfile.TallySchema.Block;
import richelieu.runner.resultfile.TallySchema.BotField;
import richelieu.runner.resultfile.TallySchema.FlipField;
import richelieu.runner.resultfile.TallySchema.PairField;
import richelieu.runner.resultfile.TallySchema.SeatField;

/**
 * Counting: how each game of a unit adds to a {@link Tally}'s counters — its seats, the pairs of
 * distinct bots in it, its bots and forfeits, and the deal-level counts that need a unit's games
 * together (pentanomial pairs, seat pairs, rotated deals, variant flips, deal outcomes).
 */
final class TallyCounting {
    private TallyCounting() {
    }

    /** Adds every game of a unit to {@code tally}. */
    static void add(Tally tally, RunConfig config, UnitResult unit) {
        tally.units++;
        if (unit.measure() != null) {
            tally.measures.put(unit.unit(), unit.measure());
        }
        int lineup = config.lineupOf(unit.unit());
        for (GameOutcome g : unit.games()) {
            tally.games++;
            addGame(tally.seat[g.variant()][lineup], g);
            for (int s = 0; s < tally.players; s++) {
                Block<BotField> b = tally.bot[g.seatBots()[s]];
                b.add(BotField.GAMES, 1);
                if (g.isWinner(s)) {
                    b.add(g.result().isShared() ? BotField.SHARED_WINS : BotField.WINS, 1);
                }
            }
            if (g.result().isForfeit()) {
                tally.bot[g.seatBots()[g.result().forfeitSeat()]].add(BotField.FORFEITS, g.forfeit().ordinal(), 1);
            }
            // pairwise game results between distinct bots
            for (int a = 0; a < tally.players; a++) {
                for (int b = a + 1; b < tally.players; b++) {
                    int ba = g.seatBots()[a];
                    int bb = g.seatBots()[b];
                    if (ba == bb) {
                        continue;
                    }
                    int cmp = g.compare(a, b);
                    boolean swap = ba > bb;
                    PairBlock p = tally.pair[g.variant()][Math.min(ba, bb)][Math.max(ba, bb)];
                    addGame(p, swap ? -cmp : cmp, g.result().isForfeit() ? 0
                            : (swap ? -1 : 1) * (g.score(a) - g.score(b)), !g.result().isForfeit());
                }
            }
        }
        addPairs(tally, config, unit);
        addSeatPairs(tally, config, unit, lineup);
        addRotatedDeals(tally, config, unit, lineup);
        addFlips(tally, config, unit, lineup);
        addDeals(tally, config, unit, lineup);
    }

    /**
     * Seat pairs: seat 0's half-points over the two games of a 2-player deal played with the seats
     * swapped (0..4), whichever bots sat there; seat statistics at the pair level.
     */
    private static void addSeatPairs(Tally tally, RunConfig config, UnitResult unit, int lineup) {
        if (tally.players != 2 || config.pairing() != RunConfig.Pairing.ROTATE) {
            return;
        }
        for (int v = 0; v < tally.ruleSets; v++) {
            int half = seatHalfPoints(unit.games().get(v * 2)) + seatHalfPoints(unit.games().get(v * 2 + 1));
            tally.seat[v][lineup].add(SeatField.SEAT_PAIRS, half, 1);
        }
    }

    /** 3-4 players with every rotation played: the deal's sole wins by seat, for the seat test over deals. */
    private static void addRotatedDeals(Tally tally, RunConfig config, UnitResult unit, int lineup) {
        if (tally.players < 3 || config.pairing() != RunConfig.Pairing.ROTATE) {
            return;
        }
        int r = config.rotations();
        for (int v = 0; v < tally.ruleSets; v++) {
            long[] w = new long[tally.players];
            for (GameOutcome g : unit.games().subList(v * r, (v + 1) * r)) {
                for (int s = 0; s < tally.players && !g.result().isShared(); s++) {
                    w[s] += g.isWinner(s) ? 1 : 0;
                }
            }
            SeatBlock b = tally.seat[v][lineup];
            b.add(SeatField.ROTATED_DEALS, 1);
            for (int s = 0; s < tally.players; s++) {
                for (int t = 0; t < tally.players; t++) {
                    b.add(SeatField.DEAL_WINS_CROSS, s * tally.players + t, w[s] * w[t]);
                }
            }
        }
    }

    private static int seatHalfPoints(GameOutcome g) {
        int cmp = g.compare(0, 1);
        return cmp > 0 ? 2 : cmp == 0 ? 1 : 0;
    }

    /** 3-4 players with every rotation played: the deal's outcome (see {@link DealOutcomes}). */
    private static void addDeals(Tally tally, RunConfig config, UnitResult unit, int lineup) {
        if (tally.deals == null || config.pairing() != RunConfig.Pairing.ROTATE) {
            return;
        }
        java.util.List<int[]> meetings = DealOutcomes.meetings(config.lineups().get(lineup));
        if (meetings.isEmpty()) {
            return;
        }
        int r = config.rotations();
        for (int v = 0; v < tally.ruleSets; v++) {
            tally.deals[v][lineup].add(unit.games().subList(v * r, (v + 1) * r), meetings);
        }
    }

    /** Pentanomial counts: the two games of a 2-player deal played with seats swapped. */
    private static void addPairs(Tally tally, RunConfig config, UnitResult unit) {
        if (tally.players != 2 || config.pairing() != RunConfig.Pairing.ROTATE) {
            return;
        }
        for (int v = 0; v < tally.ruleSets; v++) {
            GameOutcome g1 = unit.games().get(v * 2);
            GameOutcome g2 = unit.games().get(v * 2 + 1);
            int i = g1.seatBots()[0];
            int j = g1.seatBots()[1];
            if (i == j) {
                continue;
            }
            // half-points of bot min(i,j) over the two games
            int lo = Math.min(i, j);
            int half = halfPoints(g1, lo) + halfPoints(g2, lo);
            tally.pair[v][lo][Math.max(i, j)].add(PairField.PENTANOMIAL, half, 1);
        }
    }

    private static int halfPoints(GameOutcome g, int bot) {
        int s = g.seatBots()[0] == bot ? 0 : 1;
        int cmp = g.compare(s, 1 - s);
        return cmp > 0 ? 2 : cmp == 0 ? 1 : 0;
    }

    private static void addFlips(Tally tally, RunConfig config, UnitResult unit, int lineup) {
        if (tally.ruleSets < 2) {
            return;
        }
        int r = config.rotations();
        Block<FlipField> f = tally.flip[lineup];
        for (int rot = 0; rot < r; rot++) {
            GameOutcome a = unit.games().get(rot);
            GameOutcome b = unit.games().get(r + rot);
            f.add(FlipField.DEALS, 1);
            if (a.result().winners() != b.result().winners()) {
                f.add(FlipField.FLIPS, 1);
            }
            long d = seat0HalfPoints(a) - seat0HalfPoints(b);
            f.add(FlipField.SEAT0_DIFF_SUM, d);
            f.add(FlipField.SEAT0_DIFF_SQ, d * d);
        }
    }

    /** Seat 0's result in half-points: 2 for a sole win, 1 for a shared win, 0 otherwise. */
    private static int seat0HalfPoints(GameOutcome g) {
        return g.isWinner(0) ? (g.result().isShared() ? 1 : 2) : 0;
    }

    /** Adds one game to the seat statistics of its rule set and lineup. */
    private static void addGame(SeatBlock b, GameOutcome g) {
        b.add(SeatField.GAMES, 1);
        boolean shared = g.result().isShared();
        if (shared) {
            b.add(SeatField.SHARED_GAMES, 1);
        }
        for (int s = 0; s < b.players; s++) {
            if (g.isWinner(s)) {
                b.add(shared ? SeatField.SHARED_WINS : SeatField.SOLE_WINS, s, 1);
            }
        }
        if (g.result().isForfeit()) {
            b.add(SeatField.FORFEITS, 1);
            return;
        }
        b.add(SeatField.SCORED, 1);
        for (int s = 0; s < b.players; s++) {
            long x = g.score(s);
            b.add(SeatField.SCORE_SUM, s, x);
            b.add(SeatField.SCORE_SQ, s, x * x);
        }
        if (b.players == 2) {
            int m = g.score(0) - g.score(1);
            b.add(SeatField.MARGIN_SUM, m);
            b.add(SeatField.MARGIN_SQ, (long) m * m);
            b.histogram.add(m);
        }
        long t = g.result().turns();
        b.add(SeatField.TURNS_SUM, t);
        b.add(SeatField.TURNS_SQ, t * t);
    }

    /** Adds one game between two bots: {@code cmp} and {@code margin} from the lower-numbered bot's side. */
    private static void addGame(PairBlock p, int cmp, int margin, boolean hasScores) {
        p.add(cmp > 0 ? PairField.WINS : cmp == 0 ? PairField.DRAWS : PairField.LOSSES, 1);
        if (hasScores) {
            p.add(PairField.SCORED, 1);
            p.add(PairField.MARGIN_SUM, margin);
            p.add(PairField.MARGIN_SQ, (long) margin * margin);
            p.histogram.add(margin);
        }
    }
}
