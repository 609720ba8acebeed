package richelieu.runner.resultfile;

import richelieu.runner.resultfile.Tally.PairBlock;
import richelieu.runner.resultfile.Tally.SeatBlock;

/**
 * Whether a {@link Tally}'s counts agree with each other and with the run they claim (read from a
 * file, or merged from parts): a tally that fails is refused, never trusted, so that no statistic
 * is computed from impossible counts.
 */
final class TallyChecks {
    private TallyChecks() {
    }

    /**
     * Checks that the counts agree with each other for a run with these lineups and pairing
     * (a file edited by hand, or merged from inconsistent parts, fails): the games of every
     * block add up, W/D/L agree with the pentanomial pair counts, bot totals agree with seat
     * totals. A problem is an {@link IllegalArgumentException} naming the disagreement.
     */
    static void check(Tally tally, java.util.List<int[]> lineupSeats, RunConfig.Pairing pairing) {
        if (lineupSeats.size() != tally.lineups || lineupSeats.get(0).length != tally.players) {
            throw new IllegalArgumentException("tally: shape (" + tally.lineups + " lineups of " + tally.players
                    + ") does not match the configuration");
        }
        int rotations = pairing == RunConfig.Pairing.ROTATE ? tally.players : 1;
        require(tally.units <= Long.MAX_VALUE / (tally.ruleSets * (long) rotations) && tally.games == tally.units * tally.ruleSets * rotations,
                "tally.games (" + tally.games + ") is not units (" + tally.units + ") x " + tally.ruleSets * rotations + " games per unit");
        long seatGames = 0;
        long sole = 0;
        long shared = 0;
        for (int v = 0; v < tally.ruleSets; v++) {
            long pairGames = 0;
            for (int l = 0; l < tally.lineups; l++) {
                SeatBlock b = tally.seat[v][l];
                String at = "tally.seat[" + v + "][" + l + "]";
                seatGames += b.games();
                require(b.scored() + b.forfeits() == b.games(), at + ": scored + forfeits != games");
                long wins = 0;
                long sharedWins = 0;
                for (int s = 0; s < tally.players; s++) {
                    wins += b.soleWins(s);
                    sharedWins += b.sharedWins(s);
                }
                require(wins + b.sharedGames() <= b.games(), at + ": more wins than games");
                require(sharedWins >= 2 * b.sharedGames() && sharedWins <= tally.players * b.sharedGames(),
                        at + ": shared wins do not match shared games");
                require(b.histogram.total() == (tally.players == 2 ? b.scored() : 0), at + ": margin histogram total != scored");
                checkSeatSums(tally, b, at, sharedWins);
                long rotated = b.rotatedDeals();
                require(rotated == 0 || tally.players >= 3 && pairing == RunConfig.Pairing.ROTATE && rotated * tally.players == b.games(),
                        at + ": rotated deals disagree with the games played");
                require(v == 0 || b.games() == tally.seat[0][l].games(), at + ": rule sets played different numbers of games");
                sole += wins;
                shared += sharedWins;
                int[] seats = lineupSeats.get(l);
                for (int a = 0; a < tally.players; a++) {
                    for (int c = a + 1; c < tally.players; c++) {
                        pairGames += seats[a] != seats[c] ? b.games() : 0;
                    }
                }
            }
            long pairSum = 0;
            for (int i = 0; i < tally.bots; i++) {
                for (int j = i + 1; j < tally.bots; j++) {
                    PairBlock p = tally.pair[v][i][j];
                    String at = "tally.pairs (rule set " + v + ", bots " + i + "-" + j + ")";
                    pairSum += p.games();
                    require(p.scored() <= p.games(), at + ": scored > games");
                    long histogram = p.histogram.total();
                    require(histogram == 0 || histogram == p.scored(), at + ": margin histogram total != scored");
                    long[] penta = p.penta();
                    long half = 0;
                    for (int k = 0; k < 5; k++) {
                        half += k * penta[k];
                    }
                    if (tally.players == 2 && pairing == RunConfig.Pairing.ROTATE) {
                        require(2 * p.pairs() == p.games() && half == 2 * p.wins() + p.draws(),
                                at + ": W/D/L " + p.wins() + "/" + p.draws() + "/" + p.losses()
                                        + " disagree with the pentanomial counts " + java.util.Arrays.toString(penta));
                    } else {
                        require(p.pairs() == 0, at + ": pentanomial counts in a run without paired deals");
                    }
                    checkMargins(p.histogram, p.scored(), p.marginSum(), p.marginSq(), p.wins(), p.losses(), at + ": ", at + ": ");
                }
            }
            require(pairSum == pairGames, "tally.pairs: " + pairSum + " pairwise games, but the seats hold " + pairGames);
        }
        require(seatGames == tally.games, "tally.seat: " + seatGames + " games, but tally.games is " + tally.games);
        long botGames = 0;
        long botWins = 0;
        long botShared = 0;
        for (int b = 0; b < tally.bots; b++) {
            botGames += tally.botGames(b);
            botWins += tally.botWins(b);
            botShared += tally.botShared(b);
        }
        require(botGames == tally.games * tally.players && botWins == sole && botShared == shared,
                "tally.botStats: bot totals disagree with the seat totals");
        for (int l = 0; l < tally.lineups; l++) {
            require(tally.flipDeals(l) == (tally.ruleSets < 2 ? 0 : tally.seat[0][l].games()) && tally.flips(l) <= tally.flipDeals(l),
                    "tally.flips[" + l + "]: deals compared disagree with the games played");
            checkFlips(tally, l);
        }
    }

    /**
     * A deal's difference d of seat 0's half-points (0, 1 or 2 under each rule set) lies in
     * −2..2 and is non-zero only when the winner changed: so Σd² is at most 4 per flip, |Σd| at
     * most Σd², Σd and Σd² have the same parity, and with 2 players, where seat 0's result tells
     * the winner, every flip moves d (Σd² at least the flips).
     */
    private static void checkFlips(Tally tally, int l) {
        long flips = tally.flips(l);
        long sum = tally.diffSum(l);
        long sq = tally.diffSq(l);
        String at = "tally.flips[" + l + "]: ";
        require(sq >= 0 && sq <= 4 * flips && Math.abs(sum) <= sq && ((sum ^ sq) & 1) == 0, at + "seat0DiffSum " + sum
                + " and seat0DiffSq " + sq + " are impossible for " + flips + " deals whose winner changed");
        require(tally.players != 2 || flips <= sq, at + flips + " deals whose winner changed, but seat 0's result moved on at "
                + "most " + sq + " (seat0DiffSq)");
    }

    /**
     * Every sum of a seat block that its other counts derive or bound (a tampered file passes the
     * simpler checks otherwise, and its statistics come out impossible, e.g. a game length of 0
     * turns with a spread of 42): turns (each scored game at least one turn), scores, margins
     * against their histogram and the seat scores, seat pairs against seat 0's points, and the
     * deal-level win products.
     */
    private static void checkSeatSums(Tally tally, SeatBlock b, String at, long sharedWins) {
        long n = b.scored();
        require(b.turnsSum() >= n, at + ".turnsSum: " + b.turnsSum() + " for " + n
                + " scored games, but every game lasts at least one turn");
        require(possible(n, b.turnsSum(), b.turnsSq()), at + ".turnsSq: " + b.turnsSq() + " is impossible for "
                + n + " games whose turns sum to " + b.turnsSum());
        for (int s = 0; s < tally.players; s++) {
            require(possible(n, b.scoreSum(s), b.scoreSq(s)), at + ".scoreSum[" + s + "] and scoreSq[" + s + "]: "
                    + b.scoreSum(s) + " and " + b.scoreSq(s) + " are impossible for " + n + " scored games");
        }
        if (tally.players == 2) {
            checkMargins(b.histogram, n, b.marginSum(), b.marginSq(), b.soleWins(0), b.soleWins(1), at + ".",
                    at + ".");
            require(b.scoreSum(0) - b.scoreSum(1) == b.marginSum(), at + ".scoreSum: seat 0 − seat 1 = "
                    + (b.scoreSum(0) - b.scoreSum(1)) + ", but marginSum is " + b.marginSum());
            long[] pairs = b.seatPairs();
            long count = 0;
            long half = 0;
            for (int k = 0; k < 5; k++) {
                count += pairs[k];
                half += k * pairs[k];
            }
            require(count == 0 || 2 * count == b.games() && half == 2 * b.soleWins(0) + b.sharedGames(),
                    at + ".seatPairs: " + java.util.Arrays.toString(pairs) + " give seat 0 " + half + " half-points in "
                            + 2 * count + " games, but its wins and draws give " + (2 * b.soleWins(0) + b.sharedGames())
                            + " in " + b.games());
        }
        if (b.rotatedDeals() > 0) {
            long[][] cross = b.dealWinsCross();
            for (int s = 0; s < tally.players; s++) {
                // per deal w_s is 0..players, so Σ w_s² lies between Σ w_s and players·Σ w_s
                require(cross[s][s] >= b.soleWins(s) && cross[s][s] <= tally.players * b.soleWins(s),
                        at + ".dealWinsCross[" + s + "][" + s + "]: " + cross[s][s] + " does not fit seat " + s + "'s "
                                + b.soleWins(s) + " sole wins");
                for (int t = 0; t < tally.players; t++) {
                    require(cross[s][t] == cross[t][s], at + ".dealWinsCross: not symmetric at [" + s + "][" + t + "]");
                }
            }
        }
    }

    /**
     * Margins against what derives them: the histogram's Σ m and Σ m² are marginSum and marginSq
     * (when it holds the games), positive margins are wins of the first side and negative ones
     * its losses, and without a histogram the sums must be possible for n games.
     */
    private static void checkMargins(Histogram h, long n, long sum, long sq, long wins, long losses, String at,
                                     String histogramAt) {
        if (h.total() > 0) {
            require(h.sum().equals(java.math.BigInteger.valueOf(sum)), at + "marginSum (" + sum + ") and " + histogramAt
                    + "marginHistogram (which sums to " + h.sum() + ") disagree");
            require(h.sumOfSquares().equals(java.math.BigInteger.valueOf(sq)), at + "marginSq (" + sq + ") and "
                    + histogramAt + "marginHistogram (whose squares sum to " + h.sumOfSquares() + ") disagree");
            require(h.countAbove(0) <= wins && h.countBelow(0) <= losses, histogramAt + "marginHistogram: "
                    + h.countAbove(0) + " games won on points and " + h.countBelow(0) + " lost, but only " + wins
                    + " wins and " + losses + " losses");
        } else {
            java.math.BigInteger s = java.math.BigInteger.valueOf(sum);
            require(s.multiply(s).compareTo(java.math.BigInteger.valueOf(n).multiply(java.math.BigInteger.valueOf(sq))) <= 0,
                    at + "marginSq: " + sq + " is impossible for " + n + " games whose margins sum to " + sum);
        }
    }

    /**
     * Whether n values of x ≥ 0 can have Σx = sum and Σx² = sq: (Σx)² ≤ n·Σx² (Cauchy–Schwarz)
     * and Σx² ≤ (Σx)²; exact, in BigInteger.
     */
    private static boolean possible(long n, long sum, long sq) {
        if (n == 0) {
            return sum == 0 && sq == 0;
        }
        java.math.BigInteger s = java.math.BigInteger.valueOf(sum);
        java.math.BigInteger s2 = s.multiply(s);
        java.math.BigInteger q = java.math.BigInteger.valueOf(sq);
        return sum >= 0 && sq >= 0 && s2.compareTo(java.math.BigInteger.valueOf(n).multiply(q)) <= 0 && q.compareTo(s2) <= 0;
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
