package richelieu.engine.solver;

import richelieu.engine.Layout;
import richelieu.engine.Rules;
import richelieu.engine.Scoring;
import richelieu.engine.SplitMix;

import static richelieu.engine.solver.OpenWords.HAND0;
import static richelieu.engine.solver.OpenWords.LANES0;
import static richelieu.engine.solver.OpenWords.MISC;
import static richelieu.engine.solver.OpenWords.TABLE;
import static richelieu.engine.solver.OpenWords.categoriesHeld;

/**
 * What an {@link OpenGame} position is worth: the scores as they stand (one SWAR compare of the
 * seats' category lanes, {@link Scoring#laneTotals}), the value the search maximises, and the
 * bounds on every continuation that cut whole subtrees. Reads the words of the ply stack; the
 * one per-deal figure it keeps is the lanes of all cards in play ({@link #deal}).
 */
final class OpenScore {
    private final Rules rules;
    private final Layout layout;
    private final long[] st;
    /** Both seats' lanes plus the table's: constant over a search, set when a position is loaded. */
    private long totalLanes;

    /** The scores of positions kept in {@code st} (the game's ply stack). */
    OpenScore(Rules rules, Layout layout, long[] st) {
        this.rules = rules;
        this.layout = layout;
        this.st = st;
    }

    /** A new deal is loaded: {@code totalLanes} is what its cards in play add up to, tokens included. */
    void deal(long totalLanes) {
        this.totalLanes = totalLanes;
    }

    /** Both seats' scores at word {@code b}: seat 0's in the high 32 bits, seat 1's in the low. */
    long scores(int b) {
        long misc = st[b + MISC];
        return Scoring.laneTotals(rules, st[b + LANES0], st[b + LANES0 + 1], has(misc, 0), has(misc, 1));
    }

    /** {@link OpenGame#value} of the position at word {@code b}. */
    int value(int b) {
        long totals = scores(b);
        int cards0 = Long.bitCount(st[b + HAND0]);
        int cards1 = Layout.POSITIONS - Long.bitCount(st[b + TABLE]) - cards0;
        return OpenGame.SCALE * ((int) (totals >> 32) - (int) totals) + cards1 - cards0;
    }

    /** {@link OpenGame#bounds} of the position at word {@code b}. */
    long bounds(int b) {
        long misc = st[b + MISC];
        long table = st[b + TABLE];
        long v0 = st[b + LANES0];
        long v1 = st[b + LANES0 + 1];
        long left = totalLanes - v0 - v1;
        long has0 = has(misc, 0);
        long has1 = has(misc, 1);
        long tableHas = Scoring.nonZeroLanes(Scoring.cardLanes(layout, table));
        long all0 = Scoring.laneTotals(rules, v0 + left, v1, has0 | tableHas, has1);
        long all1 = Scoring.laneTotals(rules, v0, v1 + left, has0, has1 | tableHas);
        int cards0 = Long.bitCount(st[b + HAND0]);
        int onTable = Long.bitCount(table);
        int cards1 = Layout.POSITIONS - onTable - cards0;
        int upper = OpenGame.SCALE * ((int) (all0 >> 32) - (int) all0) + cards1 + onTable - cards0;
        int lower = OpenGame.SCALE * ((int) (all1 >> 32) - (int) all1) + cards1 - onTable - cards0;
        return (long) upper << 32 | (lower & 0xFFFFFFFFL);
    }

    /**
     * What of the seats' category counts still matters for the rest of the game, hashed: the
     * future change of the value depends on the counts only through this, so positions that agree
     * on it (and on the table, markers and small fields) differ by a constant — their value as
     * it stands — all the way to the end (a partition of positions, as bridge solvers'
     * partition search). A category with nothing left in play is settled and drops out; one
     * whose majority no longer depends on who takes what is left keeps only who holds it (its
     * holder gains what it takes, the other nothing); presence counts only while cards of the
     * category are in play. Only undecided categories keep both counts.
     */
    long partitionHash(int b) {
        long misc = st[b + MISC];
        long v0 = st[b + LANES0];
        long v1 = st[b + LANES0 + 1];
        long left = totalLanes - v0 - v1;
        long live = Scoring.nonZeroLanes(left);
        long won0 = Scoring.majorityDecided(v0, v1, left) & live;
        long won1 = Scoring.majorityDecided(v1, v0, left) & live;
        long open = Scoring.laneValueMask(live & ~won0 & ~won1);
        long seat0 = v0 & open | won0;
        long seat1 = v1 & open | won1;
        long present = has(misc, 0) & live | (has(misc, 1) & live) >>> 4;
        return SplitMix.mix64(seat0 ^ SplitMix.mix64(seat1 ^ SplitMix.mix64(present)));
    }

    /** A seat's presence bonuses' lanes: the categories it holds a card of. */
    private static long has(long misc, int seat) {
        return Scoring.tokenLanes(categoriesHeld(misc, seat)) << 4;
    }
}
