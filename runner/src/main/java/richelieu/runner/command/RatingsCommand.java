package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.UserError;
import richelieu.runner.study.RatingList;
import richelieu.runner.study.RatingsPool;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code richelieu ratings FILE…}: one Bradley–Terry rating list from the pairwise results of any
 * set of match, tournament and sprt result files with the same rules and deck (as Ordo or
 * BayesElo pool cutechess's game files), so a new bot needs only its new pairings. The pooling is
 * {@link RatingsPool}, the fit and its text, JSON and CSV {@link RatingList}: the tournament's fit
 * ({@link richelieu.runner.studystats.DealGroups}), deals the unit of the bootstrap (a pair of games;
 * with 3-4 players every meeting of a deal at once), never games taken as independent, and a clean
 * sweep reported as "not identified" rather than with ±0 intervals.
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
        for (int i = 0; i < files.size(); i++) { // named by place: a problem's message gives the path itself
            inputs.put(files.size() == 1 ? "FILE" : "FILE " + (i + 1), files.get(i));
        }
        OutputPaths.check(outputs, inputs); // before any file is read: an output never replaces an input
        RatingList.Output out = RatingList.of(RatingsPool.read(files), replicates, seed);
        System.out.print(out.text());
        write(json, out.json());
        write(csv, out.csv());
        return 0;
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
