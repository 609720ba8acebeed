package richelieu.runner.answers;

import richelieu.runner.studystats.SeatStats;
import richelieu.runner.stats.BoundedMean;
import richelieu.runner.stats.Holm;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PairedEquivalence;
import richelieu.runner.stats.Proportions;

import java.util.ArrayList;
import java.util.List;

/**
 * Does the first player have an advantage? A first-player run's answer for each of its bots in
 * 2-player self-play, from seat 0's share of the decisive games: an advantage (of seat 0, or of
 * seat 1) when the exact binomial test of ½ rejects, no advantage larger than ±{@code margin}
 * only when two one-sided tests show it (TOST, {@link PairedEquivalence} on the games as a
 * {@link BoundedMean} on [0, 1], exact at 0%, 100% and one game), each family Holm-corrected over
 * the run's bots; otherwise the games do not tell. A game a forfeit decided is no evidence of a
 * seat advantage: with forfeits nothing is claimed.
 *
 * @param kind             the answer
 * @param withinMargin     TOST shows the share within ½ ± margin (a real advantage may be small)
 * @param share            seat 0's share of the decisive games (NaN without any)
 * @param pHolm            the exact binomial test's p, Holm-adjusted over the bots
 * @param equivalence      the share's 90% interval, TOST's
 * @param pEquivalenceHolm TOST's p, Holm-adjusted over the bots
 * @param margin           the equivalence margin (a share of the decisive games)
 * @param family           how many bots the corrections run over
 */
public record FirstPlayerVerdict(Kind kind, boolean withinMargin, double share, double pHolm, Interval equivalence,
                                 double pEquivalenceHolm, double margin, int family) {

    /** ±1.5 percentage points of the decisive games, the margin balance uses for seat 0's score. */
    public static final double MARGIN = 0.015;

    /** Level of each claim (as {@link HeadToHead#ALPHA}). */
    public static final double ALPHA = HeadToHead.ALPHA;

    public enum Kind {
        /** Seat 0 wins more often. */
        FIRST,
        /** Seat 1 wins more often. */
        SECOND,
        /** Neither wins more often by more than the margin. */
        EQUAL,
        /** The games do not tell. */
        NOT_TOLD,
        /** Forfeits decided games: no claim. */
        NOT_TESTED
    }

    /**
     * What the verdict reads of a bot's games: the games seat 0 and seat 1 won alone, and the
     * forfeits.
     */
    public record Games(long seat0, long seat1, long forfeits) {
        public static Games of(SeatStats s) {
            return new Games(s.soleWins()[0], s.soleWins()[1], s.forfeits());
        }

        long decisive() {
            return seat0 + seat1;
        }
    }

    /** The verdict for each bot's games (2 players, in the run's order), at {@code margin}. */
    public static List<FirstPlayerVerdict> of(List<Games> bots, double margin) {
        int m = bots.size();
        double[] p = new double[m];
        double[] tost = new double[m];
        List<Interval> intervals = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            Games g = bots.get(i);
            BoundedMean share = BoundedMean.fromSums(g.decisive(), g.seat0(), g.seat0(), 1, 0, 1);
            PairedEquivalence e = HeadToHead.aroundHalf(share, margin);
            p[i] = Proportions.binomialTwoSidedPValue(g.seat0(), g.decisive(), 0.5);
            tost[i] = Double.isNaN(e.pEquivalence()) ? 1.0 : e.pEquivalence();
            intervals.add(e.equivalenceInterval());
        }
        double[] pHolm = Holm.adjust(p);
        double[] tostHolm = Holm.adjust(tost);
        List<FirstPlayerVerdict> out = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            Games g = bots.get(i);
            double share = g.decisive() == 0 ? Double.NaN : (double) g.seat0() / g.decisive();
            boolean equal = tostHolm[i] < ALPHA && g.forfeits() == 0;
            Kind kind = g.forfeits() > 0 ? Kind.NOT_TESTED : pHolm[i] < ALPHA ? (share > 0.5 ? Kind.FIRST : Kind.SECOND)
                    : equal ? Kind.EQUAL : Kind.NOT_TOLD;
            out.add(new FirstPlayerVerdict(kind, equal, share, pHolm[i], intervals.get(i), tostHolm[i], margin, m));
        }
        return out;
    }
}
