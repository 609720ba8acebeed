package richelieu.runner.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.commons.math3.distribution.BinomialDistribution;
import richelieu.runner.play.Histogram;
import richelieu.runner.play.Tally;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.MeanEstimate;
import richelieu.runner.stats.Proportions;

import java.io.IOException;

/**
 * One bot's balance study in self-play: base rules and the three-row variant on the same deals
 * (each a {@link VariantStats}), and the paired difference between them.
 *
 * @param difference null unless at least two deals were played under both variants
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BalanceStats(VariantStats base, @JsonProperty("three-row") VariantStats threeRow, Difference difference) {

    /**
     * One variant: the seat statistics, the compensation for seat 1, and the draw rate.
     *
     * @param compensation null with fewer than two scored games
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
     * The points to give seat 1 so that seat 0's expected score is ½: the median of the margin
     * seat 0 − seat 1. The interval is the distribution-free order-statistic interval of the
     * median (ranks from Binomial(n, ½)). The card-count tie-break is ignored: a margin equal to
     * the compensation counts as half a win.
     */
    public record Compensation(double points, Interval interval, double seat0ScoreAfter) {
        /** Null with fewer than two games. */
        public static Compensation of(Histogram histogram) {
            long n = histogram.total();
            if (n < 2) {
                return null;
            }
            double median = (histogram.valueAtRank((n + 1) / 2) + histogram.valueAtRank(n / 2 + 1)) / 2.0;
            BinomialDistribution bin = new BinomialDistribution(null, (int) Math.min(n, Integer.MAX_VALUE), 0.5);
            long j = Math.max(1, bin.inverseCumulativeProbability((1 - StudyStatistics.CONFIDENCE) / 2));
            long k = Math.min(n, n - j + 1);
            Interval ci = new Interval(histogram.valueAtRank(j), histogram.valueAtRank(k));
            double above = histogram.countAbove(median);
            double equal = median == Math.rint(median) ? histogram.count((int) median) : 0;
            return new Compensation(median, ci, (above + equal / 2) / n);
        }
    }

    /**
     * Seat 0's score base − three-row, paired by deal, with its interval and the paired t-test
     * p-value that it is 0; and how often a deal's winner changes between the variants.
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

    /** The study of lineup (= bot) {@code b}; rule set 0 is the base game, rule set 1 the three-row variant. */
    public static BalanceStats of(Tally tally, int b) {
        Difference difference = null;
        long deals = tally.flipDeals(b);
        if (deals > 1) {
            // d in half-points per deal; seat-0 score difference = d / 2
            MeanEstimate diff = MeanEstimate.fromSums(deals, tally.diffSum(b), tally.diffSq(b), StudyStatistics.CONFIDENCE);
            Interval ci = new Interval(diff.interval().low() / 2, diff.interval().high() / 2);
            difference = new Difference(diff.mean() / 2, ci, diff.pValueMeanZero(), tally.flips(b) / (double) deals,
                    Proportions.wilson(tally.flips(b), deals, StudyStatistics.CONFIDENCE), deals);
        }
        return new BalanceStats(VariantStats.of(tally.seat(0, b)), VariantStats.of(tally.seat(1, b)), difference);
    }
}
