package richelieu.runner.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.BotFailure;
import richelieu.runner.play.Tally;

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

    /** {@code richelieu balance}: each bot's base vs three-row study, the forfeits. */
    record Balance(Map<String, BalanceStats> bots, Map<String, Map<String, Long>> forfeits) implements StudyStatistics {
        /** Lineup b is bot b in both seats; rule set 0 the base game, 1 the three-row variant. */
        public static Balance of(Tally tally, List<String> bots) {
            Map<String, BalanceStats> per = new LinkedHashMap<>();
            for (int b = 0; b < bots.size(); b++) {
                per.put(bots.get(b), BalanceStats.of(tally, b));
            }
            return new Balance(per, forfeitsOf(tally, bots));
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
            case "match" -> Match.class;
            case "sprt" -> Sprt.class;
            case "tournament" -> Tournament.class;
            case "first-player" -> FirstPlayer.class;
            case "balance" -> Balance.class;
            default -> null;
        };
        if (type == null) {
            return null;
        }
        return StatisticsJson.read(type, statistics, "the " + command + " result's statistics");
    }
}
