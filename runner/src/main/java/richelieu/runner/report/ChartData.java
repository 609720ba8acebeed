package richelieu.runner.report;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.runner.UserError;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * What the charts draw, as typed records, and the readers that take it out of a result file
 * ({@code richelieu-result/1}: {@code config}, {@code tally}, {@code statistics}; see
 * {@code Analysis} and {@code Tally}, which write them). The readers check the study kind and
 * fail with a one-line {@link UserError} when a file lacks what a chart needs.
 *
 * <p>Non-finite numbers arrive as strings ("Infinity", "NaN") and are read back as doubles; a
 * missing number reads as NaN.
 */
public final class ChartData {
    private ChartData() {
    }

    /** A point estimate and its 95% interval; any of them may be NaN or infinite. */
    public record Estimate(double value, double low, double high) {
        /** The estimate p of a proportion, mirrored: 1 − p with the interval [1 − high, 1 − low]. */
        Estimate complement() {
            return new Estimate(1 - value, 1 - high, 1 - low);
        }
    }

    /** A bot's Bradley–Terry rating (Elo scale, mean of the bots 0) from a round robin. */
    public record Rating(String bot, Estimate elo, long games) {
    }

    /**
     * Pairwise results of a round robin: {@code score[i][j]} is bot i's score (win 1, draw ½)
     * against bot j over {@code games[i][j]} games, NaN where they never met (and on the diagonal).
     */
    public record PairScores(List<String> bots, double[][] score, long[][] games) {
    }

    /** One estimate per bot, for the bots of one result. */
    public record BotEstimate(String bot, Estimate estimate) {
    }

    /** Seat 0's win rate among decisive games, per bot, of one 2-player first-player result. */
    public record SeatAdvantage(String label, List<BotEstimate> bots) {
    }

    /** Several estimates for one bot: one per seat, or one per rule variant. */
    public record BotEstimates(String bot, List<Estimate> values) {
    }

    /** Share of sole wins by seat (index = seat), per bot, of a first-player result with k players. */
    public record SeatShares(int players, long gamesPerBot, List<BotEstimates> bots) {
    }

    /** Seat 0's score per rule variant (values parallel to {@code variants}), per bot, of a balance result. */
    public record VariantScores(List<String> variants, long dealsPerBot, List<BotEstimates> bots) {
    }

    /** Counts of score margins (seat 0 − seat 1 → games) of one lineup under one rule set. */
    public record MarginCounts(String lineup, String ruleSet, NavigableMap<Integer, Long> counts) {
        public long total() {
            long n = 0;
            for (long c : counts.values()) {
                n += c;
            }
            return n;
        }
    }

    // ================================================================== readers

    /** The study kind ({@code config.command}), e.g. "tournament". */
    public static String command(JsonNode result) {
        return result.path("config").path("command").asText("");
    }

    /** Bots of the study, in the order of the config (lineup entries index this list). */
    public static List<String> bots(JsonNode result) {
        List<String> names = new ArrayList<>();
        for (JsonNode b : result.path("config").path("bots")) {
            names.add(b.asText());
        }
        return names;
    }

    /** Players per game (2, 3 or 4). */
    public static int players(JsonNode result) {
        return result.path("config").path("players").asInt(2);
    }

    /** The deck's name, or "" if the file has none. */
    public static String deckName(JsonNode result) {
        return result.path("config").path("deck").path("name").asText("");
    }

    /** Rule set names in tally order: their variant, with "#index" added where two share a variant. */
    public static List<String> ruleSetNames(JsonNode result) {
        List<String> variants = new ArrayList<>();
        for (JsonNode r : result.path("config").path("rules")) {
            variants.add(r.path("variant").asText("base"));
        }
        List<String> names = new ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            String name = variants.get(v);
            names.add(Collections.frequency(variants, name) > 1 ? name + " #" + v : name);
        }
        return names;
    }

    /** True if a tournament result has ratings (not when its games did not identify them). */
    public static boolean hasRatings(JsonNode result) {
        JsonNode ratings = result.path("statistics").path("ratings");
        return ratings.isArray() && !ratings.isEmpty();
    }

    /** Bradley–Terry ratings of a tournament, in the file's order (by rank). */
    public static List<Rating> ratings(JsonNode result) {
        require(result, "tournament", "ratings");
        JsonNode ratings = result.path("statistics").path("ratings");
        if (!ratings.isArray() || ratings.isEmpty()) {
            String why = result.path("statistics").path("ratingsNotIdentified").asText("");
            throw new UserError("the tournament result has no ratings (" + (why.isEmpty() ? "too few games between the bots?"
                    : "not identified: " + why) + ")");
        }
        List<Rating> out = new ArrayList<>();
        for (JsonNode r : ratings) {
            out.add(new Rating(r.path("bot").asText(), estimate(r.path("elo"), r.path("interval")), r.path("games").asLong()));
        }
        return out;
    }

    /** The pairwise score matrix of a tournament, from each pair's wins, draws and losses. */
    public static PairScores pairScores(JsonNode result) {
        require(result, "tournament", "pairwise score");
        List<String> bots = bots(result);
        int n = bots.size();
        long[][] points2 = new long[n][n]; // doubled points: win 2, draw 1
        long[][] games = new long[n][n];
        for (JsonNode p : result.path("statistics").path("pairwise")) {
            int a = bots.indexOf(p.path("a").asText());
            int b = bots.indexOf(p.path("b").asText());
            if (a < 0 || b < 0 || a == b) {
                throw new UserError("the tournament result's pairwise entry " + p.path("a") + " vs " + p.path("b")
                        + " names a bot that is not in config.bots");
            }
            long w = p.path("wins").asLong();
            long d = p.path("draws").asLong();
            long l = p.path("losses").asLong();
            points2[a][b] += 2 * w + d;
            points2[b][a] += 2 * l + d;
            games[a][b] += w + d + l;
            games[b][a] += w + d + l;
        }
        double[][] score = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                score[i][j] = games[i][j] == 0 ? Double.NaN : points2[i][j] / (2.0 * games[i][j]);
            }
        }
        return new PairScores(bots, score, games);
    }

    /** Seat 0's win rate among decisive games per bot, of a 2-player first-player result. */
    public static SeatAdvantage seatAdvantage(String label, JsonNode result) {
        require(result, "first-player", "seat advantage");
        if (players(result) != 2) {
            throw new UserError("the seat advantage chart is for 2 players; this first-player result has "
                    + players(result) + " (use the win rate by seat chart)");
        }
        List<BotEstimate> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : botEntries(result)) {
            JsonNode s0 = e.getValue().path("seat0");
            out.add(new BotEstimate(e.getKey(), estimate(s0.path("winRateDecisive"), s0.path("winRateDecisiveInterval"))));
        }
        return new SeatAdvantage(label, out);
    }

    /**
     * Share of sole wins by seat per bot, of a first-player result. With 3-4 players these are the
     * file's {@code winRate[].shareOfSoleWins} and intervals; with 2 players seat 0's share is its
     * win rate among decisive games and seat 1's is the complement.
     */
    public static SeatShares seatShares(JsonNode result) {
        require(result, "first-player", "win rate by seat");
        int k = players(result);
        List<BotEstimates> out = new ArrayList<>();
        long games = 0;
        for (Map.Entry<String, JsonNode> e : botEntries(result)) {
            JsonNode s = e.getValue();
            games = Math.max(games, s.path("games").asLong());
            List<Estimate> seats = new ArrayList<>();
            if (k == 2) {
                JsonNode s0 = s.path("seat0");
                Estimate e0 = estimate(s0.path("winRateDecisive"), s0.path("winRateDecisiveInterval"));
                seats.add(e0);
                seats.add(e0.complement());
            } else {
                for (JsonNode r : s.path("winRate")) {
                    seats.add(estimate(r.path("shareOfSoleWins"), r.path("interval")));
                }
                if (seats.size() != k) {
                    throw new UserError("the first-player result has " + seats.size() + " seat win rates for "
                            + e.getKey() + ", not " + k);
                }
            }
            out.add(new BotEstimates(e.getKey(), seats));
        }
        return new SeatShares(k, games, out);
    }

    /** Seat 0's score (win 1, draw ½) under each rule variant, per bot, of a balance result. */
    public static VariantScores variantScores(JsonNode result) {
        require(result, "balance", "base vs three-row");
        List<String> variants = ruleSetNames(result);
        List<BotEstimates> out = new ArrayList<>();
        long deals = 0;
        for (Map.Entry<String, JsonNode> e : botEntries(result)) {
            List<Estimate> values = new ArrayList<>();
            for (String v : variants) {
                JsonNode s = e.getValue().path(v);
                if (s.isMissingNode()) {
                    throw new UserError("the balance result has no \"" + v + "\" statistics for " + e.getKey());
                }
                deals = Math.max(deals, s.path("games").asLong());
                values.add(estimate(s.path("seat0").path("score"), s.path("seat0").path("scoreInterval")));
            }
            out.add(new BotEstimates(e.getKey(), values));
        }
        return new VariantScores(variants, deals, out);
    }

    /**
     * Score-margin histograms (seat 0 − seat 1) of a 2-player result, per rule set and lineup, from
     * {@code tally.seat[ruleSet][lineup].marginHistogram}. A lineup is named by its bot when every
     * seat has the same bot (first-player, balance), else "a vs b".
     */
    public static List<MarginCounts> margins(JsonNode result) {
        if (players(result) != 2) {
            throw new UserError("score margins (seat 0 − seat 1) exist for 2 players only; this "
                    + command(result) + " result has " + players(result));
        }
        List<String> bots = bots(result);
        List<String> ruleSets = ruleSetNames(result);
        List<String> lineups = new ArrayList<>();
        for (JsonNode l : result.path("config").path("lineups")) {
            lineups.add(lineupName(l, bots));
        }
        JsonNode seat = result.path("tally").path("seat");
        if (!seat.isArray() || seat.size() != ruleSets.size()) {
            throw new UserError("the " + command(result) + " result's tally has no margin histograms per rule set");
        }
        List<MarginCounts> out = new ArrayList<>();
        for (int l = 0; l < lineups.size(); l++) {
            for (int v = 0; v < ruleSets.size(); v++) {
                JsonNode hist = seat.get(v).path(l).path("marginHistogram");
                NavigableMap<Integer, Long> counts = new TreeMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = hist.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    try {
                        counts.merge(Integer.parseInt(e.getKey()), e.getValue().asLong(), Long::sum);
                    } catch (NumberFormatException ex) {
                        throw new UserError("the " + command(result) + " result's margin histogram has a key \""
                                + e.getKey() + "\" that is not a whole number");
                    }
                }
                out.add(new MarginCounts(lineups.get(l), ruleSets.get(v), counts));
            }
        }
        return out;
    }

    // ================================================================== helpers

    private static String lineupName(JsonNode lineup, List<String> bots) {
        List<String> names = new ArrayList<>();
        for (JsonNode i : lineup) {
            int b = i.asInt(-1);
            names.add(b >= 0 && b < bots.size() ? bots.get(b) : "bot " + b);
        }
        if (!names.isEmpty() && names.stream().allMatch(names.get(0)::equals)) {
            return names.get(0);
        }
        return String.join(" vs ", names);
    }

    private static void require(JsonNode result, String command, String chart) {
        String c = command(result);
        if (!command.equals(c)) {
            throw new UserError("the " + chart + " chart needs a " + command + " result, not "
                    + (c.isEmpty() ? "a file without config.command" : "a " + c + " result"));
        }
    }

    /** {@code statistics.bots.<bot>} in the order of config.bots. */
    private static List<Map.Entry<String, JsonNode>> botEntries(JsonNode result) {
        JsonNode per = result.path("statistics").path("bots");
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        for (String bot : bots(result)) {
            JsonNode s = per.path(bot);
            if (s.isMissingNode()) {
                throw new UserError("the " + command(result) + " result has no statistics for bot " + bot);
            }
            out.add(Map.entry(bot, s));
        }
        return out;
    }

    static Estimate estimate(JsonNode value, JsonNode interval) {
        return new Estimate(number(value), number(interval.path(0)), number(interval.path(1)));
    }

    /** A number as the result files write it: a JSON number, or "NaN" / "Infinity" / "-Infinity"; else NaN. */
    static double number(JsonNode n) {
        if (n.isNumber()) {
            return n.asDouble();
        }
        if (n.isTextual()) {
            switch (n.asText()) {
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    return Double.NaN;
            }
        }
        return Double.NaN;
    }
}
