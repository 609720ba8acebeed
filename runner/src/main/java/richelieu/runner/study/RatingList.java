package richelieu.runner.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.studystats.BotRating;
import richelieu.runner.studystats.PooledRatings;
import richelieu.runner.stats.BradleyTerry;
import richelieu.runner.text.Format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rating list of a {@link RatingsPool}: the Bradley–Terry fit of the tournament (prior of one
 * draw, mean 0) with bootstrap intervals over whole deals, or, when some bots scored nothing
 * against the others, the games and scores with the word that the ratings are not identified
 * (never ±0 intervals); as text, JSON ({@code richelieu-ratings/1}) and CSV.
 */
public final class RatingList {
    private RatingList() {
    }

    /** The rating list as printed, and as the JSON and CSV files hold it. */
    public record Output(String text, String json, String csv) {
    }

    /** Fits the pool's ratings ({@code replicates} bootstrap replicates from {@code seed}) and writes them out. */
    public static Output of(RatingsPool pool, int replicates, long seed) {
        List<Path> files = pool.files();
        Rules rules = pool.rules();
        String deckName = pool.deckName();
        List<String> names = pool.names();
        Set<Long> pairings = pool.pairings();
        Map<Integer, long[]> meetingsAndPoints2 = pool.meetingsAndPoints2();
        Map<Integer, Long> games = pool.games();
        Map<String, Long> perCommand = pool.perCommand();
        boolean allDeals = pool.allDeals();
        int n = names.size();
        List<String> shown = names.stream().map(Format::data).toList(); // labels from files, printed as data
        Raw raw = raw(pool, replicates, seed);
        Optional<BradleyTerry.Sweep> sweep = raw.sweep();
        List<BradleyTerry.Rating> ratings = raw.ratings();

        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "ratings from %d result file(s) (%s): %s, deck %s; %d bots, %d pairings%n",
                files.size(), perCommand.entrySet().stream().map(x -> x.getValue() + " " + x.getKey())
                        .reduce((x, y) -> x + ", " + y).orElse(""), rules.describe(), deckName, n, pairings.size()));
        ObjectNode root = ResultFile.MAPPER.createObjectNode();
        root.put("format", "richelieu-ratings/1");
        ArrayNode src = root.putArray("files");
        files.forEach(f -> src.add(f.toString()));
        root.put("rules", rules.describe());
        root.put("deck", deckName);
        root.put("bootstrapReplicates", replicates);
        root.put("seed", seed);
        StringBuilder csvText = new StringBuilder("rank,bot,elo,low,high,games,score\n");
        int w = Math.max(4, shown.stream().mapToInt(String::length).max().orElse(4));
        if (ratings == null) {
            // A clean sweep: the games order the bots but do not bound the gaps, so
            // no Elo and no interval (a bootstrap would give ±0); each bot's games and score instead.
            sb.append("ratings: ").append(StatisticsText.notIdentifiedText(sweep.get(), shown)).append('\n');
            root.put("ratingsNotIdentified", StatisticsText.sweepText(sweep.get(), names));
            sb.append(String.format(Locale.ROOT, "  %-" + w + "s %10s %8s%n", "bot", "games", "score"));
            ArrayNode arr = root.putArray("bots");
            for (int b = 0; b < n; b++) {
                long played = games.getOrDefault(b, 0L);
                double score = score(meetingsAndPoints2, b);
                sb.append(String.format(Locale.ROOT, "  %-" + w + "s %,10d %8s%n", shown.get(b), played, StatisticsText.pct(score)));
                arr.add(ResultFile.MAPPER.valueToTree(new BotScore(names.get(b), played, score)));
                csvText.append(',').append(csvField(names.get(b))).append(",,,,").append(played).append(',')
                        .append(score4(score)).append('\n');
            }
        } else {
            List<BradleyTerry.Rating> ranked = new ArrayList<>(ratings);
            ranked.sort(Comparator.comparingDouble(BradleyTerry.Rating::elo).reversed());
            sb.append(String.format(Locale.ROOT, "Bradley-Terry ratings (Elo, mean 0; 95%% bootstrap interval over %s, "
                    + "%d replicates, seed %d)%n", allDeals ? "whole deals"
                    : "whole deals, and single games of files without deal outcomes", replicates, seed));
            sb.append(String.format(Locale.ROOT, "  %-4s %-" + w + "s %9s  %-22s %10s %8s%n", "rank", "bot", "Elo",
                    "95% interval", "games", "score"));
            ArrayNode arr = root.putArray("ratings");
            int rank = 1;
            for (BradleyTerry.Rating r : ranked) {
                int b = r.player();
                long played = games.getOrDefault(b, 0L);
                double score = score(meetingsAndPoints2, b);
                sb.append(String.format(Locale.ROOT, "  %-4d %-" + w + "s %9s  %-22s %,10d %8s%n", rank, shown.get(b),
                        StatisticsText.elo(r.elo()), StatisticsText.elo(r.interval()), played, StatisticsText.pct(score)));
                arr.add(ResultFile.MAPPER.valueToTree(new BotRating(rank, names.get(b), r.elo(), r.interval(), r.standardError(),
                        played, score)));
                csvText.append(rank).append(',').append(csvField(names.get(b))).append(',')
                        .append(num(r.elo())).append(',').append(num(r.interval().low())).append(',')
                        .append(num(r.interval().high())).append(',').append(played).append(',').append(score4(score)).append('\n');
                rank++;
            }
        }
        try {
            return new Output(sb.toString(), ResultFile.MAPPER.writeValueAsString(root) + "\n", csvText.toString());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Fits the pool's ratings ({@code replicates} bootstrap replicates from {@code seed}). */
    public static PooledRatings fit(RatingsPool pool, int replicates, long seed) {
        Raw raw = raw(pool, replicates, seed);
        if (raw.ratings() == null) {
            return new PooledRatings(List.of(), StatisticsText.sweepText(raw.sweep().get(), pool.names()));
        }
        List<BradleyTerry.Rating> ranked = new ArrayList<>(raw.ratings());
        ranked.sort(Comparator.comparingDouble(BradleyTerry.Rating::elo).reversed());
        List<BotRating> out = new ArrayList<>();
        for (BradleyTerry.Rating r : ranked) {
            int b = r.player();
            out.add(new BotRating(out.size() + 1, pool.names().get(b), r.elo(), r.interval(), r.standardError(),
                    pool.games().getOrDefault(b, 0L), score(pool.meetingsAndPoints2(), b)));
        }
        return new PooledRatings(List.copyOf(out), "");
    }

    /** The fit, or the sweep that leaves it unidentified (then no ratings). */
    private record Raw(Optional<BradleyTerry.Sweep> sweep, List<BradleyTerry.Rating> ratings) {
    }

    private static Raw raw(RatingsPool pool, int replicates, long seed) {
        int n = pool.names().size();
        try {
            Optional<BradleyTerry.Sweep> sweep = BradleyTerry.notIdentified(n, pool.groups());
            if (sweep.isPresent()) {
                return new Raw(sweep, null);
            }
            return new Raw(sweep, BradleyTerry.fitDealsWithBootstrap(n, pool.groups(), 1.0, new BradleyTerry.MeanZero(),
                    new BradleyTerry.BootstrapSettings(replicates, StatisticsText.CONFIDENCE, seed)).ratings());
        } catch (IllegalArgumentException e) {
            throw new UserError("no common rating list: " + e.getMessage());
        }
    }

    /**
     * A bot of a rating list that is not identified: its games against the others and its mean score.
     *
     * @param bot   the label
     * @param games its games at a table with another bot
     * @param score its mean score in its meetings with the others (win 1, draw ½)
     */
    record BotScore(String bot, long games, double score) {
    }

    /** A bot's mean score over its pooled meetings with other bots (win 1, draw ½). */
    private static double score(Map<Integer, long[]> meetingsAndPoints2, int bot) {
        long[] g = meetingsAndPoints2.get(bot);
        return g == null || g[0] == 0 ? Double.NaN : g[1] / (2.0 * g[0]);
    }

    private static String num(double x) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%.2f", x) : "";
    }

    private static String score4(double x) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%.4f", x) : "";
    }

    private static String csvField(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
