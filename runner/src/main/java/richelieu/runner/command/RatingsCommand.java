package richelieu.runner.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.play.ResultFile;
import richelieu.runner.play.Tally;
import richelieu.runner.report.Format;
import richelieu.runner.results.BotRating;
import richelieu.runner.results.DealGroups;
import richelieu.runner.stats.BradleyTerry;
import richelieu.runner.study.Analysis;
import richelieu.runner.study.Results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code richelieu ratings FILE…}: one Bradley–Terry rating list from the pairwise results of any
 * set of match, tournament and sprt result files with the same rules and deck (as Ordo or
 * BayesElo pool cutechess's game files), so a new bot needs only its new pairings. The fit is the
 * tournament's ({@link DealGroups}): deals are the unit of the bootstrap (a pair of
 * games; with 3-4 players every meeting of a deal at once), never games taken as independent, and
 * a clean sweep is reported as "not identified" rather than with ±0 intervals.
 */
@Command(name = "ratings", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"One rating list from several result files.",
                "Pools every pairwise result of match, tournament and sprt result files (--json) played under the "
                        + "same rules with the same deck and prints one Bradley-Terry rating list (Elo, mean 0) with "
                        + "95%% bootstrap intervals over whole deals (the fit of 'tournament'). Bots are matched by "
                        + "their label across files. Files with other rules or another deck are refused. When some "
                        + "bots scored nothing against the others, the games order them but do not bound the gaps: "
                        + "it says the ratings are not identified and lists games and scores instead.",
                "Example: ./richelieu ratings ladder.json newbot-vs-greedy.json newbot-vs-heuristic.json --csv ratings.csv"})
public final class RatingsCommand implements Callable<Integer> {
    private static final Set<String> PAIRWISE = Set.of("match", "tournament", "sprt");

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Result files of match, tournament or sprt (--json).")
    List<Path> files = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Write the rating list as JSON.")
    Path json;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write the rating list as CSV.")
    Path csv;

    @Option(names = "--bootstrap", description = "Bootstrap replicates for the intervals (default: ${DEFAULT-VALUE}).")
    int replicates = 1000;

    @Mixin
    SeedOption seedOption = new SeedOption();

    @Override
    public Integer call() throws IOException {
        long seed = seedOption.get(); // the bootstrap's stream
        if (replicates < 2) {
            throw new UserError("--bootstrap must be at least 2");
        }
        Map<String, Path> outputs = new LinkedHashMap<>();
        outputs.put("--json", json);
        outputs.put("--csv", csv);
        Map<String, Path> inputs = new LinkedHashMap<>();
        files.forEach(f -> inputs.put("the result file " + f, f));
        OutputPaths.check(outputs, inputs); // before any file is read: an output never replaces an input
        Rules rules = null;
        List<richelieu.engine.Card> deck = null;
        String deckName = null;
        Path first = null;
        List<String> names = new ArrayList<>();
        List<BradleyTerry.DealGroup> groups = new ArrayList<>();
        Set<Long> pairings = new HashSet<>();
        Map<Integer, long[]> meetingsAndPoints2 = new HashMap<>(); // per bot: meetings, twice its points in them
        Map<Integer, Long> games = new HashMap<>(); // per bot: games at a table with another bot, each once
        Map<String, Long> perCommand = new LinkedHashMap<>();
        boolean allDeals = true;
        Map<Path, ResultFile> read = new LinkedHashMap<>();
        for (Path f : files) {
            ResultFile r = Results.readFile(f);
            // the same games under another name (a copy, a link, a shard of a run also given whole) count once
            read.forEach((g, earlier) -> {
                if (earlier.config().sameRunAs(r.config())) {
                    try {
                        earlier.units().union(r.units());
                    } catch (IllegalArgumentException overlap) {
                        throw new UserError(f + " holds games that " + g + " holds too (the same run, "
                                + overlap.getMessage() + "); each game may be counted once");
                    }
                }
            });
            read.put(f, r);
            String cmd = r.config().command();
            if (!PAIRWISE.contains(cmd)) {
                throw new UserError(f + ": a " + cmd + " result has no games between different bots; ratings reads "
                        + "match, tournament and sprt results");
            }
            Rules fr = r.config().ruleSets().get(0);
            if (rules == null) {
                rules = fr;
                deck = r.config().deck().cards();
                deckName = Format.data(r.config().deck().name());
                first = f;
            } else if (!rules.equals(fr)) {
                throw new UserError(f + " was played under other rules (" + fr.describe() + ") than " + first + " ("
                        + rules.describe() + "); ratings pools only results of the same rules");
            } else if (!deck.equals(r.config().deck().cards())) {
                throw new UserError(f + " was played with another deck (" + Format.data(r.config().deck().name()) + ") than " + first
                        + " (" + deckName + "); ratings pools only results of the same deck");
            }
            perCommand.merge(cmd, 1L, Long::sum);
            List<String> bots = r.config().shown().labels(); // one bot under one name, whatever spec each file has
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
            int k = fr.players();
            // The tournament's own data: whole deals (game pairs; with 3-4 players all meetings of a deal).
            for (BradleyTerry.DealGroup g : DealGroups.of(r.config(), t, bots.size(), k)) {
                BradleyTerry.DealGroup m = relabel(g, global);
                if (m != null) {
                    groups.add(m);
                }
            }
            allDeals &= DealGroups.areDeals(r.config(), t, k);
            // A game of 3-4 players is a meeting with each other bot at the table, but one game of each.
            for (int l = 0; l < r.config().lineups().size(); l++) {
                Set<Integer> table = new HashSet<>();
                for (int b : r.config().lineups().get(l)) {
                    table.add(global[b]);
                }
                if (table.size() > 1) {
                    for (int b : table) {
                        games.merge(b, t.seat(0, l).games(), Long::sum);
                    }
                }
            }
            for (int i = 0; i < bots.size(); i++) {
                for (int j = i + 1; j < bots.size(); j++) {
                    Tally.PairBlock p = t.pair(0, i, j);
                    if (p.games() == 0 || global[i] == global[j]) {
                        continue;
                    }
                    pairings.add(((long) Math.min(global[i], global[j]) << 32) | Math.max(global[i], global[j]));
                    long[] a = meetingsAndPoints2.computeIfAbsent(global[i], x -> new long[2]);
                    long[] b = meetingsAndPoints2.computeIfAbsent(global[j], x -> new long[2]);
                    a[0] += p.games();
                    b[0] += p.games();
                    a[1] += 2 * p.wins() + p.draws();
                    b[1] += 2 * p.losses() + p.draws();
                }
            }
        }
        if (pairings.isEmpty()) {
            throw new UserError("no games between different bots in these files");
        }
        int n = names.size();
        List<String> shown = names.stream().map(Format::data).toList(); // labels from files, printed as data
        Optional<BradleyTerry.Sweep> sweep;
        List<BradleyTerry.Rating> ratings = null;
        try {
            sweep = BradleyTerry.notIdentified(n, groups);
            if (sweep.isEmpty()) {
                ratings = BradleyTerry.fitDealsWithBootstrap(n, groups, 1.0, new BradleyTerry.MeanZero(),
                        new BradleyTerry.BootstrapSettings(replicates, Analysis.CONFIDENCE, seed)).ratings();
            }
        } catch (IllegalArgumentException e) {
            throw new UserError("no common rating list: " + e.getMessage());
        }

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
            sb.append("ratings: ").append(Analysis.notIdentifiedText(sweep.get(), shown)).append('\n');
            root.put("ratingsNotIdentified", Analysis.sweepText(sweep.get(), names));
            sb.append(String.format(Locale.ROOT, "  %-" + w + "s %10s %8s%n", "bot", "games", "score"));
            ArrayNode arr = root.putArray("bots");
            for (int b = 0; b < n; b++) {
                long played = games.getOrDefault(b, 0L);
                double score = score(meetingsAndPoints2, b);
                sb.append(String.format(Locale.ROOT, "  %-" + w + "s %,10d %8s%n", shown.get(b), played, Analysis.pct(score)));
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
                        Analysis.elo(r.elo()), Analysis.elo(r.interval()), played, Analysis.pct(score)));
                arr.add(ResultFile.MAPPER.valueToTree(new BotRating(rank, names.get(b), r.elo(), r.interval(), r.standardError(),
                        played, score)));
                csvText.append(rank).append(',').append(csvField(names.get(b))).append(',')
                        .append(num(r.elo())).append(',').append(num(r.interval().low())).append(',')
                        .append(num(r.interval().high())).append(',').append(played).append(',').append(score4(score)).append('\n');
                rank++;
            }
        }
        System.out.print(sb);
        write(json, ResultFile.MAPPER.writeValueAsString(root) + "\n");
        write(csv, csvText.toString());
        return 0;
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

    /**
     * A file's deal group in the pooled list's bot numbering. Meetings of two seats with the same
     * label (one bot twice at a table) say nothing about ratings and are left out; null if none is left.
     */
    static BradleyTerry.DealGroup relabel(BradleyTerry.DealGroup g, int[] global) {
        List<BradleyTerry.Meeting> meetings = new ArrayList<>();
        List<Integer> kept = new ArrayList<>();
        for (int m = 0; m < g.meetings().size(); m++) {
            BradleyTerry.Meeting x = g.meetings().get(m);
            int a = global[x.playerA()];
            int b = global[x.playerB()];
            if (a != b) {
                meetings.add(new BradleyTerry.Meeting(a, b, x.games()));
                kept.add(m);
            }
        }
        if (meetings.isEmpty()) {
            return null;
        }
        List<BradleyTerry.Outcome> outcomes = new ArrayList<>();
        for (BradleyTerry.Outcome o : g.outcomes()) {
            int[] h = new int[kept.size()];
            for (int i = 0; i < h.length; i++) {
                h[i] = o.halfPointsOfA()[kept.get(i)];
            }
            outcomes.add(new BradleyTerry.Outcome(o.deals(), h));
        }
        return new BradleyTerry.DealGroup(meetings, outcomes);
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
