package richelieu.runner.answers;

import richelieu.runner.studystats.MeanStats;
import richelieu.runner.studystats.SeatStats;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.stats.Holm;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.SeatHomogeneityChiSquare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Does the first player have an advantage, how big, does it depend on skill? Seat 0's share of the
 * decisive games of every bot studied in 2-player self-play on the standard deck, each with its
 * exact binomial test, Holm-corrected over the bots; whether the share is the same for every bot
 * (chi-square test of homogeneity); and whether it shrinks with playing strength (the ladder's
 * order, only when every bot is on the ladder).
 *
 * @param bots         ordered by ladder rating (bots off the ladder count as 0), the studies' order on ties
 * @param favourFirst  bots whose Holm-adjusted p is below 5% with seat 0 ahead
 * @param favourSecond likewise with seat 1 ahead
 * @param homogeneity  null with fewer than two bots
 */
public record FirstPlayerAnswer(List<Bot> bots, int favourFirst, int favourSecond, Homogeneity homogeneity) {

    /** Level of every claim. */
    public static final double ALPHA = 0.05;

    /**
     * One bot's seat advantage.
     *
     * @param share  seat 0's share of the decisive games, with its 95% Wilson interval
     * @param p      the exact binomial test of ½
     * @param pHolm  p, Holm-corrected over the bots of the answer (NaN where the bot is outside it)
     * @param margin mean score margin seat 0 − seat 1 (null below two scored games)
     */
    public record Bot(String bot, Source from, double share, Interval interval, double p, double pHolm, long decisive,
                      long games, MeanStats margin) {
        /** Seat 0's edge in percentage points of the decisive games. */
        public double pp() {
            return 100 * (share - 0.5);
        }

        Bot withHolm(double holm) {
            return new Bot(bot, from, share, interval, p, holm, decisive, games, margin);
        }
    }

    /**
     * Whether seat 0's share differs between the bots: Pearson's chi-square test of homogeneity on
     * the bots' decisive games (seat 0 wins, seat 1 wins), and the bots with the largest and the
     * smallest edge.
     *
     * @param skill how the edge runs with playing strength
     */
    public record Homogeneity(SeatHomogeneityChiSquare test, Bot most, Bot least, Skill skill) {
    }

    /** How seat 0's edge runs with playing strength, when the shares differ. */
    public enum Skill {
        /** Ordered by ladder rating, the edge shrinks with every step. */
        SHRINKS,
        /** It does not simply shrink: the strongest bot (the last of {@link #bots()}) still has an edge. */
        DOES_NOT_SIMPLY_SHRINK,
        /** Some bot studied is not on the ladder: no order of strength. */
        NOT_ALL_ON_THE_LADDER,
        /** No ladder to order the bots by. */
        NO_LADDER
    }

    /** Seat 0's advantage per bot of a 2-player first-player result (Holm p NaN: not part of a family yet). */
    public static List<Bot> of(Source r) {
        List<Bot> out = new ArrayList<>();
        if (!(r.stats() instanceof StudyStatistics.FirstPlayer f) || f.bots() == null) {
            return out;
        }
        for (Map.Entry<String, SeatStats> e : f.bots().entrySet()) {
            SeatStats b = e.getValue();
            SeatStats.Seat0 s0 = b.seat0();
            if (s0 == null) {
                continue; // not a 2-player game-level result
            }
            out.add(new Bot(e.getKey(), r, s0.winRateDecisive(), s0.winRateDecisiveInterval(), s0.exactBinomialP(),
                    Double.NaN, b.decisive(), b.games(), b.margin()));
        }
        return out;
    }

    /** The answer over the 2-player first-player studies on the standard deck; empty bots when there are none. */
    public static FirstPlayerAnswer of(Collection<Source> sources, Map<String, Double> ladderElo) {
        List<Bot> all = new ArrayList<>();
        Source.selfPlaySeats(sources).forEach(r -> all.addAll(of(r)));
        all.sort(Comparator.comparingDouble(a -> ladderElo.getOrDefault(a.bot(), 0.0)));
        double[] holm = Holm.adjust(all.stream().mapToDouble(Bot::p).toArray());
        int first = 0;
        int second = 0;
        for (int i = 0; i < all.size(); i++) {
            all.set(i, all.get(i).withHolm(holm[i]));
            if (holm[i] < ALPHA) {
                if (all.get(i).share() > 0.5) {
                    first++;
                } else if (all.get(i).share() < 0.5) {
                    second++;
                }
            }
        }
        Homogeneity homogeneity = null;
        if (all.size() > 1) {
            long[][] table = new long[all.size()][2];
            for (int i = 0; i < all.size(); i++) {
                Bot a = all.get(i);
                table[i][0] = Math.round(a.share() * a.decisive());
                table[i][1] = a.decisive() - table[i][0];
            }
            Bot most = all.stream().max(Comparator.comparingDouble(Bot::pp)).orElseThrow();
            Bot least = all.stream().min(Comparator.comparingDouble(Bot::pp)).orElseThrow();
            Skill skill;
            if (ladderElo.isEmpty()) {
                skill = Skill.NO_LADDER;
            } else if (!all.stream().allMatch(a -> ladderElo.containsKey(a.bot()))) {
                skill = Skill.NOT_ALL_ON_THE_LADDER;
            } else {
                boolean shrinking = true;
                for (int i = 1; i < all.size(); i++) {
                    shrinking &= all.get(i).pp() < all.get(i - 1).pp();
                }
                skill = shrinking ? Skill.SHRINKS : Skill.DOES_NOT_SIMPLY_SHRINK;
            }
            homogeneity = new Homogeneity(SeatHomogeneityChiSquare.of(table), most, least, skill);
        }
        return new FirstPlayerAnswer(List.copyOf(all), first, second, homogeneity);
    }

    /** The strongest bot studied: the last in ladder order. */
    public Bot strongest() {
        return bots.get(bots.size() - 1);
    }
}
