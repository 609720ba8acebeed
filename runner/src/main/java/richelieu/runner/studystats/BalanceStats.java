package richelieu.runner.studystats;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.runner.resultfile.Histogram;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.stats.BalanceVerdict;
import richelieu.runner.stats.BoundedMean;
import richelieu.runner.stats.CompensationCurve;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.MeanEstimate;
import richelieu.runner.stats.PairedEquivalence;
import richelieu.runner.stats.Proportions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One bot's balance study in self-play: base rules and the three-row variant on the same deals
 * (each a {@link VariantStats}), the paired difference between them, and the verdict on "is the
 * three-row variant better balanced?".
 *
 * @param difference null unless at least two deals were played under both variants
 * @param verdict    null when {@code difference} is
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BalanceStats(VariantStats base, @JsonProperty("three-row") VariantStats threeRow, Difference difference,
                           Verdict verdict) {

    /** The equivalence margin of the verdicts unless {@code --margin} says otherwise: ±1.5 percentage points. */
    public static final double DEFAULT_MARGIN = 0.015;

    /** Level of each test of the verdict (the TOST interval is the 1 − 2α = 90% interval). */
    public static final double ALPHA = 0.05;

    /**
     * One variant: the seat statistics, the compensation for seat 1, and the draw rate.
     *
     * @param compensation null without a scored game
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonDeserialize(using = VariantStats.Reader.class)
    public record VariantStats(@JsonUnwrapped SeatStats seats, Compensation compensation, double drawRate) {
        public static VariantStats of(Tally.SeatBlock s) {
            return new VariantStats(SeatStats.of(s, 2), Compensation.of(s.marginHistogram()),
                    s.games() == 0 ? 0 : s.sharedGames() / (double) s.games());
        }

        /**
         * Reads the flat object written through {@code @JsonUnwrapped}, which Jackson 2.18 cannot
         * read into a record's constructor: the seat fields and the rest, each bound by Jackson.
         */
        static final class Reader extends StdDeserializer<VariantStats> {
            Reader() {
                super(VariantStats.class);
            }

            @Override
            public VariantStats deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                ObjectNode n = p.readValueAsTree();
                Rest rest = StatisticsJson.MAPPER.treeToValue(n, Rest.class);
                return new VariantStats(StatisticsJson.MAPPER.treeToValue(n, SeatStats.class), rest.compensation(),
                        rest.drawRate());
            }
        }

        /** The fields of a variant besides its seats. */
        private record Rest(Compensation compensation, double drawRate) {
        }
    }

    /**
     * The bonus for seat 1 that makes the game fair ({@link CompensationCurve}): the half-point
     * bonus whose expected score for seat 0 (a margin equal to the bonus a tie) is closest to ½,
     * with its distribution-free interval, and seat 0's expected score with it; and the curve of
     * seat 0's expected score for bonuses 0, ½, … {@value #CURVE_MAX_BONUS} with pointwise intervals.
     *
     * @param points          the fair bonus for seat 1 (negative: seat 0 gets it)
     * @param interval        its 95% interval; undefined below 6 games
     * @param seat0ScoreAfter seat 0's expected score with that bonus
     */
    public record Compensation(double points, Interval interval, double seat0ScoreAfter, List<CurvePoint> curve) {
        /** The largest bonus of the curve. */
        public static final double CURVE_MAX_BONUS = 3.0;

        /** Seat 0's expected score with a bonus for seat 1, and its 95% interval. */
        public record CurvePoint(double bonus, double seat0Score, Interval interval) {
        }

        /** Null without a game. */
        public static Compensation of(Histogram histogram) {
            if (histogram.total() == 0) {
                return null;
            }
            int[] range = histogram.range();
            int[] values = new int[range[1] - range[0] + 1];
            long[] counts = new long[values.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = range[0] + i;
                counts[i] = histogram.count(values[i]);
            }
            CompensationCurve c = CompensationCurve.of(values, counts, CURVE_MAX_BONUS, StudyStatistics.CONFIDENCE);
            List<CurvePoint> curve = new ArrayList<>();
            for (CompensationCurve.Point p : c.points()) {
                curve.add(new CurvePoint(p.bonus(), p.score(), p.interval()));
            }
            return new Compensation(c.fairBonus(), c.fairInterval(), c.seat0AtFair(), List.copyOf(curve));
        }
    }

    /**
     * Seat 0's score base − three-row, paired by deal, with its interval and the p-value that it
     * is 0 ({@link BoundedMean}: the paired t-test, exact when every deal gave the same difference);
     * and how often a deal's winner changes between the variants.
     *
     * @param p null in files written before it was stored: see {@link #pValue()}
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Difference(double seat0ScoreBaseMinusThreeRow, Interval interval,
                             @JsonSerialize(using = PValueJson.class) Double p, double flipRate,
                             Interval flipInterval, long deals) {
        /** p, or in an older file the same test recovered from the stored interval. */
        public double pValue() {
            return p != null ? p : MeanEstimate.pValueMeanZero(seat0ScoreBaseMinusThreeRow, interval, deals,
                    StudyStatistics.CONFIDENCE);
        }
    }

    /**
     * The answer to "is the three-row variant better balanced?" for this bot ({@link BalanceVerdict}):
     * the two one-sided tests (TOST) of the paired difference at ±{@code margin} with their 90%
     * interval and unadjusted p, and both that p and the difference's p Holm-corrected over the
     * {@code holmOver} bots of the run.
     *
     * @param answer              the verdict in words, as the report words it
     * @param margin              the equivalence margin (score, 0.015 = 1.5 percentage points)
     * @param equivalenceInterval the 90% interval of the difference (the two one-sided tests at 5%)
     * @param pEquivalence        TOST p, before the correction
     * @param pEquivalenceHolm    TOST p, Holm-corrected
     * @param pDifferenceHolm     the difference's p ({@link Difference#p()}), Holm-corrected
     */
    public record Verdict(BalanceVerdict.Kind kind, String answer, double margin, Interval equivalenceInterval,
                          double pEquivalence, double pEquivalenceHolm, double pDifferenceHolm, int holmOver) {
    }

    /**
     * Seat 0's score base − three-row per deal of lineup {@code b}, from the tally's sums of d in
     * half-points (the score difference is d / 2, between −1 and +1).
     */
    public static BoundedMean seat0ScoreDifference(Tally tally, int b) {
        return BoundedMean.fromSums(tally.flipDeals(b), tally.diffSum(b), tally.diffSq(b), 0.5, -1, 1);
    }

    /**
     * The verdicts of a family of bots' studies, Holm-corrected over them, from each study's
     * unadjusted p-values and seat 0 scores: over one run's bots the verdicts the run stored, over
     * several runs' bots the family of the report.
     */
    public static List<BalanceVerdict> holm(List<BalanceStats> family) {
        int m = family.size();
        double[] tost = new double[m];
        double[] diff = new double[m];
        double[] base = new double[m];
        double[] three = new double[m];
        for (int i = 0; i < m; i++) {
            BalanceStats s = family.get(i);
            tost[i] = s.verdict() == null ? Double.NaN : s.verdict().pEquivalence();
            diff[i] = s.difference() == null ? Double.NaN : s.difference().pValue();
            base[i] = s.base().seats().seat0Figures().score();
            three[i] = s.threeRow().seats().seat0Figures().score();
        }
        return BalanceVerdict.holm(tost, diff, base, three, ALPHA);
    }

    /** The margin in percentage points as the verdict words write it ("1.5"). */
    public static String marginWords(double margin) {
        return java.math.BigDecimal.valueOf(100 * margin).round(new java.math.MathContext(12)).stripTrailingZeros()
                .toPlainString();
    }

    /**
     * The studies of the bots of a run, lineup b = bot b; rule set 0 is the base game, rule set 1
     * the three-row variant. The verdicts are Holm-corrected over the bots with a difference.
     */
    public static List<BalanceStats> of(Tally tally, int bots, double margin) {
        List<BalanceStats> without = new ArrayList<>();
        List<PairedEquivalence> tests = new ArrayList<>();
        for (int b = 0; b < bots; b++) {
            Difference difference = null;
            long deals = tally.flipDeals(b);
            BoundedMean diff = seat0ScoreDifference(tally, b);
            if (deals > 1) {
                difference = new Difference(diff.mean(), diff.interval(StudyStatistics.CONFIDENCE), diff.pValue(0),
                        tally.flips(b) / (double) deals, Proportions.wilson(tally.flips(b), deals, StudyStatistics.CONFIDENCE),
                        deals);
            }
            without.add(new BalanceStats(VariantStats.of(tally.seat(0, b)), VariantStats.of(tally.seat(1, b)), difference,
                    null));
            tests.add(deals > 1 ? PairedEquivalence.of(diff, margin, ALPHA)
                    : PairedEquivalence.of(0, Double.NaN, Double.NaN, margin, ALPHA));
        }
        double[] base = without.stream().mapToDouble(s -> s.base().seats().seat0Figures().score()).toArray();
        double[] three = without.stream().mapToDouble(s -> s.threeRow().seats().seat0Figures().score()).toArray();
        List<BalanceVerdict> verdicts = BalanceVerdict.holm(tests, base, three, ALPHA);
        int family = (int) tests.stream().filter(t -> !Double.isNaN(t.pEquivalence())).count();
        List<BalanceStats> out = new ArrayList<>();
        for (int b = 0; b < bots; b++) {
            BalanceStats s = without.get(b);
            BalanceVerdict v = verdicts.get(b);
            PairedEquivalence t = tests.get(b);
            out.add(s.difference() == null ? s : new BalanceStats(s.base(), s.threeRow(), s.difference(),
                    new Verdict(v.kind(), v.kind().words(marginWords(margin)), margin, t.equivalenceInterval(),
                            t.pEquivalence(), v.pEquivalence(), v.pDifference(), family)));
        }
        return out;
    }
}
