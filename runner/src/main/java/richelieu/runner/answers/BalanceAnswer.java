package richelieu.runner.answers;

import richelieu.runner.studystats.BalanceStats;
import richelieu.runner.studystats.SeatStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.stats.BalanceVerdict;
import richelieu.runner.stats.BoundedMean;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Is the three-row variant better balanced, and what bonus makes the game fair? Every bot of the
 * balance studies on the standard deck, each with its study's statistics ({@link BalanceStats}:
 * both variants, the paired difference, the compensation), and the verdicts Holm-corrected over
 * all of them — by the code that gives {@code balance} its verdict over the bots of one run
 * ({@link BalanceVerdict#holm}), so over one study's bots the two agree to the digit.
 *
 * @param bots     the studies' bots, in the studies' order
 * @param verdicts one per bot, Holm-corrected over {@code bots}
 * @param margin   the equivalence margin when every study used the same one, else NaN
 */
public record BalanceAnswer(List<Bot> bots, List<BalanceVerdict> verdicts, double margin) {

    /** The rule variants of a balance study, in its order: {@link Bot#base()} then {@link Bot#threeRow()}. */
    public static final List<String> VARIANTS = List.of("base", "three-row");

    /**
     * One bot of a balance study.
     *
     * @param differences seat 0's score base − three-row per deal, from the study's tally: the
     *                    intervals at any level
     */
    public record Bot(String bot, Source from, BalanceStats stats, BoundedMean differences) {
        public Figures base() {
            return Figures.of(stats.base());
        }

        public Figures threeRow() {
            return Figures.of(stats.threeRow());
        }

        /** Seat 0's score base − three-row (NaN below two deals). */
        public double difference() {
            return stats.difference() == null ? Double.NaN : stats.difference().seat0ScoreBaseMinusThreeRow();
        }

        /** The deals played under both variants. */
        public long deals() {
            return stats.difference() == null ? stats.base().seats().games() : stats.difference().deals();
        }

        /** How often a deal's winner changes between the variants (NaN below two deals). */
        public double flipRate() {
            return stats.difference() == null ? Double.NaN : stats.difference().flipRate();
        }
    }

    /** One variant's figures for a bot: seat 0's score, the draw rate, the mean game length and the spread of score margins. */
    public record Figures(SeatStats.Seat0 seat0, double draws, double turns, double marginSd,
                          BalanceStats.Compensation compensation) {
        static Figures of(BalanceStats.VariantStats v) {
            SeatStats s = v.seats();
            return new Figures(s.seat0Figures(), v.drawRate(), s.turns() == null ? Double.NaN : s.turns().mean(),
                    s.margin() == null ? Double.NaN : s.margin().sd(), v.compensation());
        }

        public double score() {
            return seat0.score();
        }
    }

    /** The bots of one balance result, in its config's order. */
    public static List<Bot> of(Source r) {
        List<Bot> out = new ArrayList<>();
        if (!(r.stats() instanceof StudyStatistics.Balance b) || b.bots() == null) {
            return out;
        }
        List<String> labels = r.result().config().labels();
        for (Map.Entry<String, BalanceStats> e : b.bots().entrySet()) {
            out.add(new Bot(e.getKey(), r, e.getValue(),
                    BalanceStats.seat0ScoreDifference(r.result().tally(), labels.indexOf(e.getKey()))));
        }
        return out;
    }

    /**
     * The answer over the balance studies on the standard deck; empty bots when there are none. A
     * bot studied more than once (a larger run extending a smaller one) is answered for by its last
     * study in the plan's order, in its first study's place: one bot, one test in the family.
     */
    public static BalanceAnswer of(Collection<Source> sources) {
        Map<String, Bot> last = new LinkedHashMap<>();
        Source.balances(sources).forEach(r -> of(r).forEach(b -> last.put(b.bot(), b)));
        List<Bot> all = new ArrayList<>(last.values());
        Set<Double> margins = new HashSet<>();
        all.stream().filter(b -> b.stats().verdict() != null).forEach(b -> margins.add(b.stats().verdict().margin()));
        double margin = margins.isEmpty() ? BalanceStats.DEFAULT_MARGIN
                : margins.size() == 1 ? margins.iterator().next() : Double.NaN;
        return new BalanceAnswer(List.copyOf(all), BalanceStats.holm(all.stream().map(Bot::stats).toList()), margin);
    }

    /** Bot i's verdict, Holm-corrected over the family, with the intervals of the Holm steps that decided it. */
    public BalanceVerdict.Intervals intervals(int i) {
        return verdicts.get(i).intervals(bots.get(i).differences(), BalanceStats.ALPHA);
    }

    /**
     * Bot i's verdict when it is the one question asked (a bot named in advance, as the study plan's
     * strong bot is): its test alone at 5%, uncorrected.
     */
    public BalanceVerdict alone(int i) {
        return BalanceStats.holm(List.of(bots.get(i).stats())).get(0);
    }

    /** The family's size: the bots with a test (a study below two deals has none). */
    public int family() {
        return (int) bots.stream().filter(b -> b.stats().verdict() != null).count();
    }
}
