package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.UserError;
import richelieu.runner.report.chart.ChartData;
import richelieu.runner.report.chart.BotOrder;
import richelieu.runner.report.chart.Charts;
import richelieu.runner.studystats.StoredResult;
import richelieu.runner.study.ResultReader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code richelieu chart A.json …}: a result file's charts as PNG and SVG. */
@Command(name = "chart", mixinStandardHelpOptions = true,
        description = {"Draw the charts of result files as PNG and SVG.", "Draw the charts of result files as PNG and SVG "
                + "(900x540), named after the file: tournament -> ratings, pairwise; first-player -> seat-advantage and "
                + "margins (2 players) or win-rate-by-seat (3-4 players); balance -> variants, margins; tune -> theta (each parameter "
                + "against the iterations, in its range). Each estimate has a line over its exact 95%% interval.",
                "Example: ./richelieu chart results/first-player.json --out results/charts"})
public final class ChartCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Result files (--json of a study).")
    List<Path> files = new ArrayList<>();

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "Folder for the charts (default: each file's folder).")
    Path out;

    @Option(names = "--compare", paramLabel = "NAME", description = "Also draw the seat advantages of all the (2-player "
            + "first-player) files in one chart, one series per file labelled by its deck (by file name when decks "
            + "repeat), as NAME.png and NAME.svg.")
    String compare;

    @Override
    public Integer call() {
        if (compare != null && (compare.isBlank() || compare.contains("/") || compare.contains("\\")
                || compare.equals(".") || compare.equals(".."))) {
            // a name, not a path: the chart goes with the others, never outside --out
            throw new UserError("--compare '" + compare + "': give a file name without a folder (the chart goes into "
                    + (out != null ? out : "the first file's folder") + ")");
        }
        List<StoredResult> results = new ArrayList<>();
        for (Path f : files) {
            results.add(read(f));
        }
        // the comparison's input is checked before any file is written
        List<ChartData.SeatAdvantage> groups = compare == null ? List.of() : compareGroups(results);
        List<Path> written = new ArrayList<>();
        // every chart is drawn before any is written: a file that cannot be charted leaves nothing half done
        Charts.allOrNothing(() -> {
            for (int i = 0; i < files.size(); i++) {
                Path dir = out != null ? out : parent(files.get(i));
                try {
                    written.addAll(Charts.all(results.get(i), dir, stem(files.get(i))));
                } catch (UserError e) {
                    throw new UserError(files.get(i) + ": " + e.getMessage(), e);
                }
            }
            if (compare != null) {
                Path base = (out != null ? out : parent(files.get(0))).resolve(compare);
                Charts.seatAdvantage(groups, BotOrder.none(), base);
                written.add(base);
            }
        });
        for (Path base : written) {
            System.out.println("wrote " + base + ".png, .svg");
        }
        return 0;
    }

    /** One group per file, labelled by its deck, or by its file name when decks repeat. */
    private List<ChartData.SeatAdvantage> compareGroups(List<StoredResult> results) {
        List<String> decks = new ArrayList<>();
        for (StoredResult r : results) {
            decks.add(r.config().deck().name());
        }
        boolean distinct = decks.stream().distinct().count() == decks.size() && !decks.contains("");
        List<ChartData.SeatAdvantage> groups = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            try {
                groups.add(ChartData.seatAdvantage(distinct ? decks.get(i) : stem(files.get(i)), results.get(i)));
            } catch (UserError e) {
                throw new UserError(files.get(i) + ": " + e.getMessage(), e);
            }
        }
        return groups;
    }

    private static StoredResult read(Path file) {
        return ResultReader.readShown(file);
    }

    private static Path parent(Path file) {
        Path p = file.getParent();
        return p == null ? Path.of("") : p;
    }

    static String stem(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
    }
}
