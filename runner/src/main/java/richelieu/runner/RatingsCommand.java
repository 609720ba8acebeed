package richelieu.runner;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Rules;
import richelieu.runner.play.ResultFile;
import richelieu.runner.play.Seeds;
import richelieu.runner.play.Tally;
import richelieu.runner.results.BotRating;
import richelieu.runner.stats.BradleyTerry;
import richelieu.runner.stats.PentanomialCounts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code richelieu ratings FILE…}: one Bradley–Terry rating list from the pairwise results of any
 * set of match, tournament and sprt result files with the same rules and deck (as Ordo or
 * BayesElo pool cutechess's game files), so a new bot needs only its new pairings.
 */
@Command(name = "ratings", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"One rating list from several result files.",
                "Pools every pairwise result of match, tournament and sprt result files (--json) played under the "
                        + "same rules with the same deck and prints one Bradley-Terry rating list (Elo, mean 0) with "
                        + "95%% bootstrap intervals. Bots are matched by their label across files. Files with other "
                        + "rules or another deck are refused.",
                "Example: ./richelieu ratings ladder.json newbot-vs-greedy.json newbot-vs-heuristic.json --csv ratings.csv"})
final class RatingsCommand implements Callable<Integer> {
    private static final Set<String> PAIRWISE = Set.of("match", "tournament", "sprt");

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Result files of match, tournament or sprt (--json).")
    List<Path> files = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Write the rating list as JSON.")
    Path json;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write the rating list as CSV.")
    Path csv;

    @Option(names = "--bootstrap", description = "Bootstrap replicates for the intervals (default: ${DEFAULT-VALUE}).")
    int replicates = 1000;

    @Option(names = "--seed", description = "Seed of the bootstrap (default: ${DEFAULT-VALUE}; printed).")
    long seed = 1;

    /** Pooled results of one unordered pair of bots, from the first-named bot's side. */
    private static final class Pool {
        long ll, ld, mid, wd, ww; // pentanomial counts of pairs, or of doubled games
        long games;
        long points2; // twice the first bot's points
    }

    @Override
    public Integer call() throws IOException {
        if (replicates < 2) {
            throw new UserError("--bootstrap must be at least 2");
        }
        Rules rules = null;
        List<richelieu.engine.Card> deck = null;
        String deckName = null;
        Path first = null;
        List<String> names = new ArrayList<>();
        Map<Long, Pool> pools = new LinkedHashMap<>();
        Map<String, Long> perCommand = new LinkedHashMap<>();
        boolean anyUnpaired = false;
        for (Path f : files) {
            ResultFile r = ResultFile.read(f);
            String cmd = r.config().command();
            if (!PAIRWISE.contains(cmd)) {
                throw new UserError(f + ": a " + cmd + " result has no games between different bots; ratings reads "
                        + "match, tournament and sprt results");
            }
            Rules fr = r.config().ruleSets().get(0);
            if (rules == null) {
                rules = fr;
                deck = r.config().deck().cards();
                deckName = r.config().deck().name();
                first = f;
            } else if (!rules.equals(fr)) {
                throw new UserError(f + " was played under other rules (" + fr.describe() + ") than " + first + " ("
                        + rules.describe() + "); ratings pools only results of the same rules");
            } else if (!deck.equals(r.config().deck().cards())) {
                throw new UserError(f + " was played with another deck (" + r.config().deck().name() + ") than " + first
                        + " (" + deckName + "); ratings pools only results of the same deck");
            }
            perCommand.merge(cmd, 1L, Long::sum);
            List<String> bots = r.config().labels();
            int[] global = new int[bots.size()];
            for (int i = 0; i < bots.size(); i++) {
                int g = names.indexOf(bots.get(i));
                if (g < 0) {
                    g = names.size();
                    names.add(bots.get(i));
                }
                global[i] = g;
            }
            Tally t = r.tally();
            for (int i = 0; i < bots.size(); i++) {
                for (int j = i + 1; j < bots.size(); j++) {
                    Tally.PairBlock p = t.pair(0, i, j);
                    if (p.games() == 0 || global[i] == global[j]) {
                        continue;
                    }
                    PentanomialCounts c = pairCounts(p, fr.players());
                    anyUnpaired |= !(fr.players() == 2 && p.pairs() > 0);
                    boolean flip = global[i] > global[j];
                    if (flip) {
                        c = c.mirrored();
                    }
                    int a = Math.min(global[i], global[j]);
                    int b = Math.max(global[i], global[j]);
                    Pool pool = pools.computeIfAbsent(((long) a << 32) | b, k -> new Pool());
                    pool.ll += c.ll();
                    pool.ld += c.ld();
                    pool.mid += c.wlOrDd();
                    pool.wd += c.wd();
                    pool.ww += c.ww();
                    pool.games += p.games();
                    pool.points2 += flip ? 2 * p.losses() + p.draws() : 2 * p.wins() + p.draws();
                }
            }
        }
        if (pools.isEmpty()) {
            throw new UserError("no games between different bots in these files");
        }
        int n = names.size();
        List<BradleyTerry.Matchup> matchups = new ArrayList<>();
        long[] games = new long[n];
        long[] points2 = new long[n];
        for (Map.Entry<Long, Pool> e : pools.entrySet()) {
            int a = (int) (e.getKey() >>> 32);
            int b = (int) (long) e.getKey();
            Pool p = e.getValue();
            matchups.add(new BradleyTerry.Matchup(a, b, new PentanomialCounts(p.ll, p.ld, p.mid, p.wd, p.ww)));
            games[a] += p.games;
            games[b] += p.games;
            points2[a] += p.points2;
            points2[b] += 2 * p.games - p.points2;
        }
        List<BradleyTerry.Rating> ratings;
        try {
            ratings = BradleyTerry.fitWithBootstrap(n, matchups, 1.0, new BradleyTerry.MeanZero(),
                    new BradleyTerry.BootstrapSettings(replicates, Analysis.CONFIDENCE, seed)).ratings();
        } catch (IllegalArgumentException e) {
            throw new UserError("no common rating list: " + e.getMessage());
        }
        List<BradleyTerry.Rating> ranked = new ArrayList<>(ratings);
        ranked.sort(Comparator.comparingDouble(BradleyTerry.Rating::elo).reversed());

        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "ratings from %d result file(s) (%s): %s, deck %s; %d bots, %d pairings%n",
                files.size(), perCommand.entrySet().stream().map(x -> x.getValue() + " " + x.getKey())
                        .reduce((x, y) -> x + ", " + y).orElse(""), rules.describe(), deckName, n, pools.size()));
        sb.append(String.format(Locale.ROOT, "Bradley-Terry ratings (Elo, mean 0; 95%% bootstrap interval over %s, "
                + "%d replicates, seed %d)%n", anyUnpaired ? "pairs and games" : "pairs", replicates, seed));
        int w = Math.max(4, names.stream().mapToInt(String::length).max().orElse(4));
        sb.append(String.format(Locale.ROOT, "  %-4s %-" + w + "s %9s  %-22s %10s %8s%n", "rank", "bot", "Elo",
                "95% interval", "games", "score"));
        ObjectNode root = ResultFile.MAPPER.createObjectNode();
        root.put("format", "richelieu-ratings/1");
        ArrayNode src = root.putArray("files");
        files.forEach(f -> src.add(f.toString()));
        root.put("rules", rules.describe());
        root.put("deck", deckName);
        root.put("bootstrapReplicates", replicates);
        root.put("seed", seed);
        ArrayNode arr = root.putArray("ratings");
        StringBuilder csvText = new StringBuilder("rank,bot,elo,low,high,games,score\n");
        int rank = 1;
        for (BradleyTerry.Rating r : ranked) {
            int b = r.player();
            double score = games[b] == 0 ? Double.NaN : points2[b] / (2.0 * games[b]);
            sb.append(String.format(Locale.ROOT, "  %-4d %-" + w + "s %9s  %-22s %,10d %8s%n", rank, names.get(b),
                    Analysis.elo(r.elo()), Analysis.elo(r.interval()), games[b], Analysis.pct(score)));
            arr.add(ResultFile.MAPPER.valueToTree(new BotRating(rank, names.get(b), r.elo(), r.interval(), r.standardError(),
                    games[b], score)));
            csvText.append(rank).append(',').append(csvField(names.get(b))).append(',')
                    .append(num(r.elo())).append(',').append(num(r.interval().low())).append(',')
                    .append(num(r.interval().high())).append(',').append(games[b]).append(',').append(score4(score)).append('\n');
            rank++;
        }
        if (anyUnpaired) {
            sb.append("  (unpaired or 3-4 player results enter as single games, each counted like a pair of that result)\n");
        }
        System.out.print(sb);
        write(json, ResultFile.MAPPER.writeValueAsString(root) + "\n");
        write(csv, csvText.toString());
        return 0;
    }

    /**
     * The pairwise result of bots i and j (i's side) as pentanomial counts: the pairs of a paired
     * 2-player run, or otherwise each game as a doubled "pair" (loss, draw, win → 0, 1, 2 points).
     */
    static PentanomialCounts pairCounts(Tally.PairBlock p, int players) {
        long[] c = p.penta();
        return players == 2 && p.pairs() > 0
                ? new PentanomialCounts(c[0], c[1], c[2], c[3], c[4])
                : new PentanomialCounts(p.losses(), 0, p.draws(), 0, p.wins());
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

    private static void write(Path file, String text) {
        if (file == null) {
            return;
        }
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("cannot write " + file + ": " + e.getMessage());
        }
        System.out.println("wrote " + file);
    }
}
