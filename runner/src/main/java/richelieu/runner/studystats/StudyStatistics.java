package richelieu.runner.studystats;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.BotFailure;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.stats.Interval;
import richelieu.runner.stats.BoundedMean;
import richelieu.runner.stats.Proportions;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code statistics} object of a result file, one record per study kind
 * ({@code config.command}). Each is computed once from the tally by its command, written by
 * Jackson, and bound back from a stored file by {@link #read}.
 */
public sealed interface StudyStatistics {
    /** Two-sided level of every interval. */
    double CONFIDENCE = 0.95;

    /** Forfeited games by bot label, then by reason ({@link BotFailure.Reason#jsonName()}). */
    Map<String, Map<String, Long>> forfeits();

    /** {@code richelieu match}: the match, its seats, the forfeits. */
    record Match(MatchStats match, SeatStats seats, Map<String, Map<String, Long>> forfeits) implements StudyStatistics {
        /** Bot 0 against bot 1 under rule set 0. */
        public static Match of(Tally tally, List<String> bots) {
            return new Match(MatchStats.of(tally.pair(0, 0, 1)), SeatStats.of(tally.seatTotal(0), 2), forfeitsOf(tally, bots));
        }
    }

    /**
     * {@code richelieu match --both-variants}: the match under each rule variant on the same deals
     * (one game per deal and variant, the same seats in both), each variant's seats, and the
     * paired change of the first bot's score (skill or luck?).
     *
     * @param change null with fewer than two deals
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record MatchVariants(Map<String, MatchStats> variants, Map<String, SeatStats> seats, Change change,
                         Map<String, Map<String, Long>> forfeits) implements StudyStatistics {

        /**
         * The first bot's score under rule set 0 minus under rule set 1, paired by deal, with its
         * interval and the paired t-test of no change; and how often a deal's winner changes.
         *
         * <p>Per deal let d be seat 0's half-points under rule set 0 minus under rule set 1 (the
         * tally's flip counters). The first bot sits in the same seat in both games of a deal, and
         * with two players seat 1's half-points are 2 minus seat 0's, so its change is +d or −d:
         * its square is d², whose sum the tally keeps, and its sum is the difference of the bot's
         * half-points over the two variants, which the win/draw/loss counts give. So the mean and
         * the pair-level variance are exact.
         */
        public record Change(double firstBotScoreBaseMinusThreeRow, Interval interval,
                             @JsonSerialize(using = PValueJson.class) double p, double flipRate,
                             Interval flipInterval, long deals) {
        }

        /** The first bot's score under rule set 0 minus under rule set 1, per deal (see {@link Change}). */
        public static BoundedMean firstBotChange(Tally tally) {
            Tally.PairBlock base = tally.pair(0, 0, 1);
            Tally.PairBlock three = tally.pair(1, 0, 1);
            long sum = 2 * (base.wins() - three.wins()) + (base.draws() - three.draws());
            return BoundedMean.fromSums(tally.flipDeals(0), sum, tally.diffSq(0), 0.5, -1, 1);
        }

        /** Bot 0 against bot 1 under each of the two rule sets (named {@code variants}). */
        public static MatchVariants of(Tally tally, List<String> bots, List<String> variants) {
            Map<String, MatchStats> matches = new LinkedHashMap<>();
            Map<String, SeatStats> seats = new LinkedHashMap<>();
            for (int v = 0; v < 2; v++) {
                matches.put(variants.get(v), MatchStats.of(tally.pair(v, 0, 1)));
                seats.put(variants.get(v), SeatStats.of(tally.seatTotal(v), 2));
            }
            Change change = null;
            long deals = tally.flipDeals(0);
            if (deals > 1) {
                BoundedMean d = firstBotChange(tally);
                change = new Change(d.mean(), d.interval(CONFIDENCE), d.pValue(0), tally.flips(0) / (double) deals,
                        Proportions.wilson(tally.flips(0), deals, CONFIDENCE), deals);
            }
            return new MatchVariants(matches, seats, change, forfeitsOf(tally, bots));
        }
    }

    /** {@code richelieu sprt}: the test, the match (fixed-sample statistics: biased after an early stop), the forfeits. */
    record Sprt(SprtStats sprt, MatchStats match, Map<String, Map<String, Long>> forfeits) implements StudyStatistics {
        /** The test's state, and bot 0 against bot 1 under rule set 0. */
        public static Sprt of(SprtStats sprt, Tally tally, List<String> bots) {
            return new Sprt(sprt, MatchStats.of(tally.pair(0, 0, 1)), forfeitsOf(tally, bots));
        }
    }

    /**
     * {@code richelieu tournament}: ratings (or why the games do not identify them; neither when
     * they could not be fitted), each pair's match (bots named), the seats, the forfeits.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Tournament(String ratingsNotIdentified, List<BotRating> ratings, List<MatchStats> pairwise, SeatStats seats,
                      Map<String, Map<String, Long>> forfeits) implements StudyStatistics {
    }

    /** {@code richelieu first-player}: each bot's seats in self-play, the forfeits. */
    record FirstPlayer(Map<String, SeatStats> bots, Map<String, Map<String, Long>> forfeits) implements StudyStatistics {
        /** Lineup b is bot b in every seat, under rule set 0. */
        public static FirstPlayer of(Tally tally, List<String> bots, int players) {
            Map<String, SeatStats> per = new LinkedHashMap<>();
            for (int b = 0; b < bots.size(); b++) {
                per.put(bots.get(b), SeatStats.of(tally.seat(0, b), players));
            }
            return new FirstPlayer(per, forfeitsOf(tally, bots));
        }
    }

    /**
     * {@code richelieu distance}: per measured bot and number of cards, then all pooled, the share of
     * decisions that give away game value and the mean points lost, with their intervals (one
     * object a cell, as the distance result computes them); the bot that gives away value least
     * often against each other bot on the same positions (exact McNemar, Holm-adjusted; one object
     * a pair); the forfeits of the lineup's games.
     */
    record Distance(JsonNode cells, JsonNode pairs, Map<String, Map<String, Long>> forfeits) implements StudyStatistics {
    }

    /** {@code richelieu balance}: each bot's base vs three-row study with its verdict, the forfeits. */
    record Balance(Map<String, BalanceStats> bots, Map<String, Map<String, Long>> forfeits) implements StudyStatistics {
        /**
         * Lineup b is bot b in both seats; rule set 0 the base game, 1 the three-row variant; the
         * verdicts at ±{@code margin}, Holm-corrected over the bots.
         */
        public static Balance of(Tally tally, List<String> bots, double margin) {
            Map<String, BalanceStats> per = new LinkedHashMap<>();
            List<BalanceStats> stats = BalanceStats.of(tally, bots.size(), margin);
            for (int b = 0; b < bots.size(); b++) {
                per.put(bots.get(b), stats.get(b));
            }
            return new Balance(per, forfeitsOf(tally, bots));
        }
    }

    /**
     * {@code richelieu tune}: the iterations played, each parameter from its start to its tuned
     * value, the starting and tuned bots, the two points' games (head to head: plus against
     * minus; against an opponent: each point against it), the confirming test if it ran, and
     * whether the tuned bot is better — true only when that test accepted H1.
     *
     * @param opponent the fixed opponent, or null head to head
     * @param minus    the minus point against the opponent, or null head to head
     * @param path     the iterations after which θ was sampled for {@link Value#path} (0: the start;
     *                 every iteration, or evenly spaced ones and the last when there are more than
     *                 {@value #PATH_POINTS})
     * @param confirm  the confirming SPRT, or null before it ran
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Tune(long iterationsPlayed, long iterations, long games, List<Value> parameters, String start, String tuned,
                String opponent, MatchStats plus, MatchStats minus, List<Long> path, Confirmation confirm,
                boolean better, Map<String, Map<String, Long>> forfeits) implements StudyStatistics {

        /** Most points of θ's path kept for charts (fishtest keeps about 100). */
        public static final int PATH_POINTS = 1000;

        /**
         * One parameter: where it started, θ now and the value the bot gets for it, its range, how
         * far it moved as a share of the range (signed), and along the run θ and the perturbation
         * c_k played from there, at the iterations of {@link Tune#path}.
         */
        public record Value(String name, double start, double theta, String value, double min, double max,
                            double moved, boolean integer, List<Double> path, List<Double> perturbation) {
        }

        /** The SPRT of the tuned bot (A) against the starting bot (B). */
        public record Confirmation(List<String> bots, long seed, double elo0, double elo1, SprtStats sprt,
                                   MatchStats match) {
        }
    }

    /** The forfeits of a tally, by bot label and reason (a label named twice keeps its first place and last counts). */
    static Map<String, Map<String, Long>> forfeitsOf(Tally t, List<String> bots) {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        for (int b = 0; b < bots.size(); b++) {
            Map<String, Long> reasons = new LinkedHashMap<>();
            for (BotFailure.Reason r : BotFailure.Reason.values()) {
                reasons.put(r.jsonName(), t.botForfeits(b, r));
            }
            out.put(bots.get(b), reasons);
        }
        return out;
    }

    /** As the tree a result file stores. */
    default ObjectNode toJson() {
        return StatisticsJson.MAPPER.valueToTree(this);
    }

    /**
     * Binds a stored {@code statistics} object to the record of its study kind (null for a kind
     * without one); fields the record does not know are ignored (a newer file), a mistyped field
     * is a one-line {@link richelieu.runner.UserError}.
     */
    static StudyStatistics read(String command, JsonNode statistics) {
        Class<? extends StudyStatistics> type = switch (command) {
            case "match" -> statistics.has("variants") ? MatchVariants.class : Match.class;
            case "sprt" -> Sprt.class;
            case "tournament" -> Tournament.class;
            case "first-player" -> FirstPlayer.class;
            case "balance" -> Balance.class;
            case "tune" -> Tune.class;
            case "distance" -> Distance.class;
            default -> null;
        };
        if (type == null) {
            return null;
        }
        return StatisticsJson.read(type, statistics, "the " + command + " result's statistics");
    }
}
