package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import richelieu.engine.DeckException;
import richelieu.engine.record.RecordException;
import richelieu.runner.UserError;
import richelieu.runner.report.PartialStatus;
import richelieu.runner.report.ResultsPages;
import richelieu.runner.resultfile.RunTimes;
import richelieu.runner.report.StudyPlan;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.studystats.StoredResult;
import richelieu.runner.study.StudyOutcome;
import richelieu.runner.study.ResultReader;
import richelieu.runner.study.StudyRun;
import richelieu.runner.text.Format;
import richelieu.strategies.Bots;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code richelieu report}: runs the studies of results/studies.json and writes results/. */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Regenerate the studies in results/: runs every study of the config file, then writes each "
                + "study's JSON, text, Markdown and plots, and results/README.md with the conclusions.",
                "Studies whose result file is complete and whose command is unchanged are not run again (--force "
                        + "reruns them). Interrupt with Ctrl-C and run again to continue: a partial result file is "
                        + "resumed. Each study's run time goes to results/<id>.time.json.",
                "Example: ./richelieu report --quick   (a few minutes, into results/quick/)"})
public final class ReportCommand implements Callable<Integer> {

    @Option(names = "--quick", description = "Small samples (the config's \"quick\" arguments), written to results/quick/.")
    boolean quick;

    @Option(names = "--config", paramLabel = "FILE", description = "Study config (default: results/studies.json next to "
            + "the ./richelieu launcher, never the current folder's). Its studies may run programs (exec: bots) and "
            + "--plugin jars only when it is named here.")
    Path config;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: the config's folder, or its "
            + "quick/ with --quick).")
    Path out;

    @Option(names = "--threads", description = "Worker threads (default: all cores).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--only", split = ",", paramLabel = "ID", description = "Run only these studies (then rewrite the report from all results present).")
    List<String> only = new ArrayList<>();

    @Option(names = "--force", description = "Rerun studies even when their results are complete.")
    boolean force;

    @Override
    public Integer call() throws Exception {
        // A config in the current folder may be anyone's (an unpacked archive, a shared folder): it is
        // read only when named, and only a named one may start programs or load plug-ins.
        boolean named = config != null;
        Path config = named ? this.config : launcherConfig();
        StudyPlan plan = StudyPlan.load(config);
        if (threads < 1 || threads > 1024) {
            throw new UserError("--threads must be between 1 and 1024, not " + threads);
        }
        Path folder = config.toAbsolutePath().getParent();
        Path dir = out != null ? out : quick ? folder.resolve("quick") : folder;
        OutputPaths.folder("--out", dir); // before the first game
        for (String id : only) {
            if (plan.studies().stream().noneMatch(s -> s.id().equals(id))) {
                throw new UserError("--only: no study '" + id + "' in " + config);
            }
        }
        for (StudyPlan.PlannedStudy study : plan.studies()) {
            // a mistyped study fails before the first game of any study
            try {
                StudyArgs.check(quick ? study.quick() : study.args(), named);
            } catch (UserError e) {
                throw new UserError(config + ": study '" + study.id() + "': " + e.getMessage());
            }
        }
        if (named) {
            writesNoProgram(plan, dir);
        }
        Map<StudyPlan.PlannedStudy, ResultsPages.PlayedStudy> runs = new LinkedHashMap<>();
        Map<String, String> partial = new LinkedHashMap<>();
        for (StudyPlan.PlannedStudy study : plan.studies()) {
            List<String> args = new ArrayList<>(quick ? study.quick() : study.args());
            Path json = dir.resolve(study.id() + ".json");
            args.addAll(List.of("--seed", Long.toString(plan.seed()), "--json", json.toString()));
            // The recorded command leaves out --threads: results are the same at any thread count.
            List<String> recorded = new ArrayList<>(args);
            recorded.set(recorded.size() - 1, recordedPath(json, launcherHome()));
            String command = "./richelieu " + String.join(" ", quoted(recorded));
            Path cmdFile = dir.resolve(study.id() + ".cmd");
            Path txtFile = dir.resolve(study.id() + ".txt");
            boolean selected = only.isEmpty() || only.contains(study.id());
            boolean cached = !force && isComplete(json) && Files.exists(cmdFile)
                    && sameCommand(Files.readString(cmdFile).strip(), command);
            Path timeFile = RunTimes.fileOf(dir, study.id());
            boolean playedNow = false;
            if (selected && !cached) {
                // An interrupted study's partial result is continued, never played again from the start
                // (it must be the same run: --resume refuses a file whose command differs); so is a
                // complete one with no record of its command (finished by a resume outside the report),
                // which plays nothing when it is the study's run. Only a recorded, different command
                // replays a finished study.
                boolean resuming = !force && Files.exists(json) && (!isComplete(json) || !Files.exists(cmdFile));
                if (resuming) {
                    args.addAll(List.of("--resume", json.toString()));
                } else {
                    Files.deleteIfExists(timeFile); // the run times of a result file that is replaced
                }
                System.out.println("== " + study.id() + ": " + command + (resuming ? " (resuming " + json + ")" : ""));
                long wall = System.nanoTime();
                double cpu = RunTimes.processCpuSeconds();
                long gamesBefore = resuming ? games(json) : 0;
                int exit = runStudy(args);
                long played = games(json) - gamesBefore;
                if (played > 0 && !Double.isNaN(cpu)) {
                    RunTimes.read(timeFile).plus(new RunTimes.Entry(Instant.now().truncatedTo(ChronoUnit.MINUTES).toString(),
                            machine(), threads, (System.nanoTime() - wall) / 1e9, RunTimes.processCpuSeconds() - cpu, played,
                            "./richelieu report (process CPU time)", null, exit == 0 ? null : "interrupted (exit " + exit + ")"))
                            .write(timeFile);
                }
                if (exit != 0) {
                    System.out.println("report: study '" + study.id() + "' stopped (exit " + exit + "); run the report again "
                            + "to continue" + (resuming ? " (it resumed " + json + "; if that file holds another run, move it "
                            + "away or use --force)" : ""));
                    return exit;
                }
                Files.writeString(cmdFile, command + "\n");
                playedNow = true;
            } else if (selected) {
                System.out.println("== " + study.id() + ": up to date (" + json + "), no games played");
            }
            if (isComplete(json)) {
                // The text is re-rendered from the result file, so a formatting fix needs no new games.
                // Its bots under their shipped names; the result file keeps the specs they were played as.
                ResultFile file = ResultReader.readFile(json);
                StoredResult shown = ResultReader.shown(file);
                String text = StudyRun.render(shown.config(), ResultReader.shownReportOf(file));
                Files.writeString(txtFile, text);
                runs.put(study, new ResultsPages.PlayedStudy(study, command, shown, text, RunTimes.read(timeFile), playedNow,
                        file.config().bots()));
            } else if (Files.exists(json)) {
                try {
                    partial.put(study.id(), PartialStatus.of(ResultReader.readFile(json), RunTimes.read(timeFile)));
                } catch (UserError e) {
                    partial.put(study.id(), "(its result file cannot be read: " + e.getMessage() + ")");
                }
            }
        }
        ResultsPages findings = new ResultsPages(runs, dir, quick, machine(), LocalDate.now(ZoneOffset.UTC).toString(),
                quick ? List.of() : plan.strongBots());
        partial.forEach((id, status) -> findings.inProgress(id, status, RunTimes.read(RunTimes.fileOf(dir, id))));
        List<Path> written = findings.write();
        System.out.println("report: wrote " + written.size() + " files in " + dir + " (start with " + dir.resolve("README.md") + ")");
        return 0;
    }

    /**
     * Refuses, before any game, a file the report writes in {@code dir} (a study's result file,
     * command, text, page and run times, the README, a chart) that is a file a study's exec: bot
     * names: the bot would be cut or replaced. Charts are named by what the results hold, so
     * every .png and .svg there counts as one.
     */
    private void writesNoProgram(StudyPlan plan, Path dir) {
        Map<String, Path> programs = new LinkedHashMap<>();
        Map<String, Path> written = new LinkedHashMap<>();
        for (StudyPlan.PlannedStudy study : plan.studies()) {
            programs.putAll(ExecFiles.of(quick ? study.quick() : study.args()));
            for (String suffix : List.of(".json", ".cmd", ".txt", ".md")) {
                written.put("--out (" + study.id() + suffix + ")", dir.resolve(study.id() + suffix));
            }
            Path times = RunTimes.fileOf(dir, study.id());
            written.put("--out (" + times.getFileName() + ")", times);
        }
        written.put("--out (README.md)", dir.resolve("README.md"));
        for (Path p : programs.values()) {
            String name = p.getFileName().toString();
            if (name.endsWith(".png") || name.endsWith(".svg")) {
                written.put("--out (a chart, " + name + ")", dir.resolve(name));
            }
        }
        OutputPaths.notAnInput(written, programs);
    }

    /**
     * The result file's path as the recorded command names it: relative to the launcher's folder
     * when it lies there, since "./richelieu ..." is run from that folder. The same study then
     * records the same command whether the report found its folder itself (an absolute path) or
     * was given --out results, so a fresh clone finds its committed results up to date.
     */
    static String recordedPath(Path json, Path home) {
        if (home != null) {
            Path root = home.toAbsolutePath().normalize();
            Path file = json.toAbsolutePath().normalize();
            if (file.startsWith(root)) {
                return root.relativize(file).toString();
            }
        }
        return json.toString();
    }

    private static Path launcherHome() {
        String home = System.getenv("RICHELIEU_HOME");
        return home == null || home.isBlank() ? null : Path.of(home);
    }

    /** results/studies.json next to the ./richelieu launcher ({@code RICHELIEU_HOME}, which it sets). */
    private static Path launcherConfig() {
        String home = System.getenv("RICHELIEU_HOME");
        if (home == null || home.isBlank()) {
            throw new UserError("report needs --config FILE here (./richelieu's default is results/studies.json next to it)");
        }
        return Path.of(home, "results", "studies.json");
    }

    /**
     * Runs one study's command line (parsed by the CLI's parser, played through the study API on
     * the report's threads, without a progress line); the exit code, 2 with one line for a user error.
     */
    private int runStudy(List<String> args) throws Exception {
        try {
            StudyArgs.Parsed p = StudyArgs.parse(args);
            return p.launch().execute(p.venue().quiet(threads), System.out);
        } catch (UserError | DeckException | RecordException e) {
            System.err.println("richelieu: " + e.getMessage());
            return 2;
        }
    }

    /**
     * True when the command a result file was played with and the study's command now are the same
     * run: the same words, a bot's older spec standing for its shipped name ({@link Bots#shippedName};
     * the same games), so that a study whose bots are renamed in the config keeps its result file.
     */
    static boolean sameCommand(String played, String command) {
        if (played.equals(command)) {
            return true;
        }
        Bots shipped = Bots.standard();
        List<String> a = Arrays.stream(played.split(" ")).map(shipped::shippedName).toList();
        List<String> b = Arrays.stream(command.split(" ")).map(shipped::shippedName).toList();
        return a.equals(b);
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

    /** Games held by a result file (0 if there is none or it cannot be read). */
    private static long games(Path json) {
        if (!Files.exists(json)) {
            return 0;
        }
        try {
            return ResultFile.readTree(json).path("tally").path("games").asLong(0);
        } catch (UserError e) {
            return 0;
        }
    }

    /** This process's CPU time (user + sys, all threads), or NaN where the JVM cannot tell. */
    private static List<String> quoted(List<String> args) {
        List<String> q = new ArrayList<>();
        for (String a : args) {
            q.add(Format.shellWord(a));
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
