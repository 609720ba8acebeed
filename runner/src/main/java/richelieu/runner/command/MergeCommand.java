package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.runner.UserError;
import richelieu.runner.Version;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.resultfile.UnitRanges;
import richelieu.runner.study.StudyOutcome;
import richelieu.runner.study.StudyRun;
import richelieu.runner.study.ResultReader;
import richelieu.runner.study.Studies;
import richelieu.runner.study.Study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code richelieu merge A.json B.json …}: shards of one run into one result. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge shard result files into one result.", "Merge the result files of shards (--shard K/N) of one run into one result: the raw counts "
                + "add up exactly, so the numbers equal those of a single run over the same units.",
                "Example: ./richelieu merge part0.json part1.json --json all.json"})
public final class MergeCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Result files of the same run.")
    List<Path> files = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Write the merged result file.")
    Path json;

    @Override
    public Integer call() throws Exception {
        // the merged file may replace one of its parts (it is written whole, after every part is read)
        OutputPaths.check(java.util.Collections.singletonMap("--json", json), java.util.Map.of());
        List<ResultFile> parts = new ArrayList<>();
        for (Path f : files) {
            parts.add(ResultReader.readFile(f));
        }
        for (int i = 0; i < parts.size(); i++) {
            if (Studies.of(parts.get(i).config().command()).sequential()) {
                // Its later games depend on its earlier ones, so it is played in one piece, never in shards.
                throw new UserError(files.get(i) + " holds a " + parts.get(i).config().command() + " run, which cannot "
                        + "be merged (each of its steps depends on the games before it)");
            }
        }
        // A whole run of fewer deals is the first part of the larger run (unit u is the same games in
        // both), so it merges with that run's shards: a finished run extended by shards.
        long deals = parts.stream().mapToLong(p -> p.config().deals()).max().orElseThrow();
        for (int i = 0; i < parts.size(); i++) {
            ResultFile p = parts.get(i);
            if (p.config().deals() < deals) {
                if (!Studies.of(p.config().command()).extendable()) {
                    throw new UserError(files.get(i) + " holds a " + p.config().command() + " run of " + p.config().deals()
                            + " deals and another file one of " + deals + ": it cannot be extended (its course depends on "
                            + "the order of its games)");
                }
                try {
                    parts.set(i, p.extendedTo(deals));
                } catch (IllegalArgumentException e) {
                    throw new UserError(files.get(i) + " cannot be part of a run of " + deals + " deals: " + e.getMessage());
                }
            }
        }
        RunConfig first = parts.get(0).config();
        for (int i = 1; i < parts.size(); i++) {
            if (!parts.get(i).config().sameRunAs(first)) {
                throw new UserError(files.get(i) + " is not part of the same run as " + files.get(0)
                        + " (command, bots, rules, deck, seed, deals or settings differ)");
            }
        }
        // Each part was checked on reading (every field, counts consistent with each other and
        // with the units it holds), so the union of units and the sum of tallies are exact.
        UnitRanges units = UnitRanges.empty();
        Tally tally = Tally.forShape(parts.get(0).tally());
        long from = Long.MAX_VALUE;
        long to = 0;
        for (int i = 0; i < parts.size(); i++) {
            ResultFile p = parts.get(i);
            try {
                units = units.union(p.units());
            } catch (IllegalArgumentException e) {
                throw new UserError("result files overlap (" + e.getMessage() + ", the second time in " + files.get(i)
                        + "); each shard may be merged once");
            }
            tally.merge(p.tally());
            from = Math.min(from, p.config().from());
            to = Math.max(to, p.config().to());
        }
        long total = first.units();
        boolean whole = from == 0 && to == total;
        // Complete when every unit of the merged range is held (whether or not each part was: a run
        // extended to more deals holds only its first units), or when the one file merged was
        // complete already (an SPRT that decided holds fewer units than its cap).
        boolean complete = units.missing(from, to).isEmpty() || parts.size() == 1 && parts.get(0).complete();
        RunConfig merged = new RunConfig(first.command(), first.bots(), first.ruleSets(), first.deck(), first.seed(),
                first.deals(), first.lineups(), first.pairing(), from, to, whole ? 0 : first.shardIndex(),
                whole ? 1 : first.shardCount(), first.settings());
        UnitRanges missing = units.missing(from, to);
        Study<?> study = Studies.of(first.command());
        System.out.println("merged " + parts.size() + " result file(s) of a '" + first.command() + "' run: "
                + String.format("%,d of %,d units", tally.units(), total)
                + (whole && complete ? " (the whole run)" : missing.isEmpty() ? " (partial)"
                : " (partial; missing units " + missing + ": --resume plays them)"));
        System.out.println("master seed: " + first.seed());
        StudyOutcome report = study.report(merged, tally);
        System.out.println(StudyRun.shownText(study, merged, tally, null, report));
        if (json != null) {
            // A part replaced in place keeps the records and CSV files that its resume would
            // continue; a new file takes none (two result files would continue the same files).
            ResultFile.Outputs outputs = ResultFile.Outputs.NONE;
            for (int i = 0; i < parts.size(); i++) {
                if (OutputPaths.replaces("--json", json, files.get(i))) {
                    outputs = parts.get(i).outputs();
                }
            }
            new ResultFile(Version.VERSION, merged, units, complete, tally, report.statistics(), outputs).write(json);
        }
        return 0;
    }
}
