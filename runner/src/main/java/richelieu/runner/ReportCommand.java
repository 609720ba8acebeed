package richelieu.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import richelieu.runner.report.Findings;
import richelieu.runner.play.ResultFile;
import richelieu.runner.report.StudyPlan;
import richelieu.runner.results.StoredResult;
import richelieu.strategies.Bots;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code richelieu report}: runs the studies of results/studies.json and writes results/. */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Regenerate the studies in results/: runs every study of the config file, then writes each "
                + "study's JSON, text, Markdown and plots, and results/README.md with the conclusions.",
                "Studies whose result file is complete and whose command is unchanged are not run again (--force "
                        + "reruns them). Interrupt with Ctrl-C and run again to continue.",
                "Example: ./richelieu report --quick   (a few minutes, into results/quick/)"})
final class ReportCommand implements Callable<Integer> {

    @Option(names = "--quick", description = "Small samples (the config's \"quick\" arguments), written to results/quick/.")
    boolean quick;

    @Option(names = "--config", paramLabel = "FILE", description = "Study config (default: ${DEFAULT-VALUE}).")
    Path config = Path.of("results/studies.json");

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: results/, or results/quick/ with --quick).")
    Path out;

    @Option(names = "--threads", description = "Worker threads (default: all cores).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--only", split = ",", paramLabel = "ID", description = "Run only these studies (then rewrite the report from all results present).")
    List<String> only = new ArrayList<>();

    @Option(names = "--force", description = "Rerun studies even when their results are complete.")
    boolean force;

    @Override
    public Integer call() throws IOException {
        StudyPlan plan = StudyPlan.load(config);
        Bots registry = Bots.standard();
        Path dir = out != null ? out : quick ? Path.of("results", "quick") : Path.of("results");
        OutputPaths.folder("--out", dir); // before the first game (#9 item 4)
        for (String id : only) {
            if (plan.studies().stream().noneMatch(s -> s.id().equals(id))) {
                throw new UserError("--only: no study '" + id + "' in " + config);
            }
        }
        Map<StudyPlan.Study, Findings.Run> runs = new LinkedHashMap<>();
        for (StudyPlan.Study study : plan.studies()) {
            List<String> args = new ArrayList<>(quick ? study.quick() : study.args());
            Path json = dir.resolve(study.id() + ".json");
            args.addAll(List.of("--seed", Long.toString(plan.seed()), "--json", json.toString()));
            // The recorded command leaves out --threads: results are the same at any thread count.
            String command = "./richelieu " + String.join(" ", quoted(args));
            args.addAll(List.of("--threads", Integer.toString(threads), "--no-progress"));
            Path cmdFile = dir.resolve(study.id() + ".cmd");
            Path txtFile = dir.resolve(study.id() + ".txt");
            boolean selected = only.isEmpty() || only.contains(study.id());
            boolean cached = !force && isComplete(json) && Files.exists(cmdFile)
                    && Files.readString(cmdFile).strip().equals(command);
            if (selected && !cached) {
                System.out.println("== " + study.id() + ": " + command);
                int exit = Main.run(args.toArray(new String[0]));
                if (exit != 0) {
                    System.out.println("report: study '" + study.id() + "' stopped (exit " + exit
                            + "); run the report again to continue");
                    return exit;
                }
                Files.writeString(cmdFile, command + "\n");
            } else if (selected) {
                System.out.println("== " + study.id() + ": up to date (" + json + ")");
            }
            if (isComplete(json)) {
                // The text is re-rendered from the result file, so a formatting fix needs no new games.
                ResultFile file = ResultFile.read(json);
                Report report = Results.reportOf(file);
                String text = MergeCommand.study(file.config().command()).render(file, registry, report);
                Files.writeString(txtFile, text);
                runs.put(study, new Findings.Run(study, command,
                        new StoredResult(file.config(), file.tally(), report.stats()), text));
            }
        }
        Findings findings = new Findings(runs, dir, quick, machine(), LocalDate.now(ZoneOffset.UTC).toString());
        List<Path> written = findings.write();
        System.out.println("report: wrote " + written.size() + " files in " + dir + " (start with " + dir.resolve("README.md") + ")");
        return 0;
    }

    private static boolean isComplete(Path json) {
        if (!Files.exists(json)) {
            return false;
        }
        try {
            return ResultFile.readTree(json).path("progress").path("complete").asBoolean(false);
        } catch (UserError e) {
            return false;
        }
    }

    private static List<String> quoted(List<String> args) {
        List<String> q = new ArrayList<>();
        for (String a : args) {
            q.add(a.matches("[A-Za-z0-9_./:=,+-]+") ? a : "'" + a + "'");
        }
        return q;
    }

    /** One line about this machine, for the "measured on" notes. */
    static String machine() {
        String cpu = "unknown CPU";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpu = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux: keep "unknown CPU"
        }
        return cpu + ", " + Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty("java.version")
                + ", " + System.getProperty("os.name");
    }
}
