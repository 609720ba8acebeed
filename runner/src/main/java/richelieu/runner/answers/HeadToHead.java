package richelieu.runner.answers;

import richelieu.runner.studystats.MatchStats;
import richelieu.runner.studystats.ScoreEstimate;
import richelieu.runner.stats.BoundedMean;
import richelieu.runner.stats.EloScale;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.PairedEquivalence;

/**
 * Is A stronger than B? The answer a match gives, and a tournament for its top two: A is
 * stronger when the 95% interval of A's score lies above ½ (B when below); they are equally
 * strong within ±{@code marginElo} only when two one-sided tests show it (Schuirmann's TOST at
 * 5% each, through {@link PairedEquivalence}: the 90% interval of the score inside the margin);
 * otherwise the games do not tell them apart. A wide interval around ½ is never read as "no
 * difference". Both claims may hold at once — a real difference smaller than the margin —
 * then the difference is the answer and {@code withinMargin} says it is small.
 *
 * <p>The equivalence test runs on the unit the estimate counts: game pairs of a deal played with
 * seats swapped (their mean score, a quarter point a step) when the games came in pairs, else
 * single games; each a {@link BoundedMean} on [0, 1], exact at the extremes (every pair a draw,
 * every game won, one pair).
 *
 * @param kind         the answer
 * @param withinMargin true if TOST shows the scores equal within the margin
 * @param estimate     A's score and Elo over B, with their 95% intervals (pentanomial when paired)
 * @param marginElo    the equivalence margin, Elo either side of 0
 * @param equivalence  A's score, its 90% interval (NaN bounds without games)
 * @param pEquivalence TOST's p (NaN without games)
 * @param units        pairs (paired) or games
 */
public record HeadToHead(Kind kind, boolean withinMargin, ScoreEstimate estimate, double los, double marginElo,
                         Interval equivalence, double pEquivalence, long units) {

    /** The margin within which two bots count as equally strong: 20 Elo, a score of 47.1% to 52.9%. */
    public static final double MARGIN_ELO = 20;

    /** Level of each claim (each one-sided test of TOST, and the two-sided interval's complement). */
    public static final double ALPHA = 0.05;

    public enum Kind {
        /** The first bot is stronger: its score's 95% interval lies above ½. */
        A_STRONGER,
        /** The second bot is stronger. */
        B_STRONGER,
        /** Equally strong within the margin, by TOST. */
        EQUAL,
        /** Neither: more games would tell. */
        NOT_TOLD_APART
    }

    /** The answer for {@code m} (A = {@code m.a()}) at the margin {@code marginElo}. */
    public static HeadToHead of(MatchStats m, double marginElo) {
        ScoreEstimate s = m.bestEstimate();
        BoundedMean score;
        if (m.pentanomial() != null) {
            long[] c = m.pentanomial().counts(); // pairs scoring 0, ¼, ½, ¾, 1
            long sum = 0;
            long sq = 0;
            for (int k = 0; k < 5; k++) {
                sum += k * c[k];
                sq += (long) k * k * c[k];
            }
            score = BoundedMean.fromSums(m.pentanomial().pairs(), sum, sq, 0.25, 0, 1);
        } else {
            long scored = m.wins() + m.draws() + m.losses();
            score = BoundedMean.fromSums(scored, 2 * m.wins() + m.draws(), 4 * m.wins() + m.draws(), 0.5, 0, 1);
        }
        PairedEquivalence tost = aroundHalf(score, EloScale.eloToScore(marginElo) - 0.5);
        boolean equal = tost.equivalent();
        Interval ci = s.scoreInterval();
        Kind kind = score.n() == 0 ? Kind.NOT_TOLD_APART : ci.low() > 0.5 ? Kind.A_STRONGER
                : ci.high() < 0.5 ? Kind.B_STRONGER : equal ? Kind.EQUAL : Kind.NOT_TOLD_APART;
        return new HeadToHead(kind, equal, s, m.pentanomial() != null ? m.pentanomial().los() : m.trinomial().los(),
                marginElo, tost.equivalenceInterval(), tost.pEquivalence(), score.n());
    }

    /**
     * TOST of a share on [0, 1] against ½ ± {@code margin} (each one-sided test at {@link #ALPHA});
     * its interval in the share's own units.
     */
    static PairedEquivalence aroundHalf(BoundedMean share, double margin) {
        PairedEquivalence t = PairedEquivalence.of(new BoundedMean(share.n(), share.mean() - 0.5, share.standardError(),
                -0.5, 0.5), margin, ALPHA);
        Interval i = t.equivalenceInterval();
        return new PairedEquivalence(t.n(), t.mean() + 0.5, t.standardError(), t.margin(), t.alpha(),
                new Interval(i.low() + 0.5, i.high() + 0.5), t.pLower(), t.pUpper(), t.pEquivalence(), t.pDifference());
    }
}
