package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.play.ResultFile;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Tally;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code richelieu merge A.json B.json …}: shards of one run into one result. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge shard result files into one result.", "Merge the result files of shards (--shard K/N) of one run into one result: the raw counts "
                + "add up exactly, so the numbers equal those of a single run over the same units.",
                "Example: ./richelieu merge part0.json part1.json --json all.json"})
final class MergeCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Result files of the same run.")
    List<Path> files = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Write the merged result file.")
    Path json;

    @Override
    public Integer call() throws Exception {
        List<ResultFile> parts = new ArrayList<>();
        for (Path f : files) {
            parts.add(ResultFile.read(f));
        }
        RunConfig first = parts.get(0).config();
        for (int i = 1; i < parts.size(); i++) {
            if (!parts.get(i).config().sameRunAs(first)) {
                throw new UserError(files.get(i) + " is not part of the same run as " + files.get(0)
                        + " (command, bots, rules, deck, seed, deals or settings differ)");
            }
        }
        parts.sort(Comparator.comparingLong(p -> p.config().from()));
        List<long[]> ranges = new ArrayList<>();
        Tally tally = null;
        boolean complete = true;
        for (ResultFile p : parts) {
            long from = p.config().from();
            long to = p.done();
            if (!ranges.isEmpty() && from < ranges.get(ranges.size() - 1)[1]) {
                throw new UserError("result files overlap (units " + from + ".." + (ranges.get(ranges.size() - 1)[1] - 1)
                        + " appear twice); each shard may be merged once");
            }
            ranges.add(new long[]{from, to});
            complete &= p.complete();
            if (tally == null) {
                tally = Tally.fromJson(p.tally().toJson(ResultFile.MAPPER));
            } else {
                tally.merge(p.tally());
            }
        }
        long from = ranges.get(0)[0];
        long to = ranges.get(ranges.size() - 1)[1];
        boolean contiguous = true;
        for (int i = 1; i < ranges.size(); i++) {
            contiguous &= ranges.get(i)[0] == ranges.get(i - 1)[1];
        }
        PlayCommand study = study(first.command());
        long units = first.units();
        boolean whole = contiguous && from == 0 && to == units && complete;
        RunConfig merged = new RunConfig(first.command(), first.bots(), first.ruleSets(), first.deck(), first.seed(),
                first.deals(), first.lineups(), first.pairing(), from, contiguous ? to : units,
                0, whole ? 1 : first.shardCount(), first.settings());
        System.out.println("merged " + parts.size() + " result file(s) of a '" + first.command() + "' run: "
                + String.format("%,d of %,d units", tally.units(), units) + (whole ? " (the whole run)" : " (partial)"));
        System.out.println("master seed: " + first.seed());
        Report report = study.report(merged, tally);
        System.out.println(report.text());
        if (json != null) {
            new ResultFile(Version.VERSION, merged, contiguous ? to : from + tally.units(), complete && contiguous, tally,
                    report.statistics()).write(json);
        }
        return 0;
    }

    static PlayCommand study(String command) {
        Map<String, PlayCommand> studies = Map.of("match", new MatchCommand(), "tournament", new TournamentCommand(),
                "first-player", new FirstPlayerCommand(), "balance", new BalanceCommand(), "sprt", new SprtCommand());
        PlayCommand c = studies.get(command);
        if (c == null) {
            throw new UserError("cannot merge results of '" + command + "'");
        }
        return c;
    }
}
