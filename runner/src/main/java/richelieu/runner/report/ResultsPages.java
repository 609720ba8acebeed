package richelieu.runner.report;

import richelieu.runner.answers.Answers;
import richelieu.runner.answers.LadderAnswer;
import richelieu.runner.answers.Source;
import richelieu.runner.distance.DistanceFiles;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.report.chart.BotOrder;
import richelieu.runner.report.readme.DistanceSection;
import richelieu.runner.report.readme.Readme;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.RunTimes;
import richelieu.runner.stats.DerivedSeeds;
import richelieu.runner.study.PerfectPlayStudy;
import richelieu.runner.study.RatingList;
import richelieu.runner.study.RatingsPool;
import richelieu.runner.study.TournamentStudy;
import richelieu.runner.studystats.PooledRatings;
import richelieu.runner.studystats.StoredResult;
import richelieu.strategies.Bots;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes results/ from the studies' result files: the answers across studies, computed once
 * ({@link Answers}); the plots ({@link Plots}); one page per study ({@link StudyPage}); and
 * results/README.md ({@link Readme}), which renders the answers.
 */
public final class ResultsPages {
    /**
     * A study's result: its config entry, the exact command, the result file as every output shows
     * it (its bots under their shipped names), the text output, and the bots as the file keeps them
     * ({@code playedAs}, in the same order).
     */
    public record PlayedStudy(StudyPlan.PlannedStudy study, String command, StoredResult result, String text, RunTimes times,
                      boolean playedNow, List<String> playedAs) {
        /** A run without recorded run times, not played by this report, whose bots have no other names. */
        public PlayedStudy(StudyPlan.PlannedStudy study, String command, StoredResult result, String text) {
            this(study, command, result, text, new RunTimes(List.of()), false, result.config().bots());
        }

        /** The study as the answers read it. */
        public Source source() {
            return new Source(study.id(), command, result, study.extendsLadder());
        }
    }

    /** Bootstrap replicates of a pooled ladder whose tournament does not say (the tournament's default). */
    private static final int DEFAULT_REPLICATES = 1000;

    private final Map<StudyPlan.PlannedStudy, PlayedStudy> runs;
    private final Path dir;
    private final Readme.Context context;
    private final List<Path> written = new ArrayList<>();

    /** Studies with a partial result file: id to "k of n games", and their run times so far. */
    private final Map<String, String> inProgress = new LinkedHashMap<>();
    private final Map<String, RunTimes> inProgressTimes = new LinkedHashMap<>();

    /** The bots the README's opening answers are about (the study plan's "strongBot"); empty: no such section. */
    private final List<String> strongBots;

    public ResultsPages(Map<StudyPlan.PlannedStudy, PlayedStudy> runs, Path dir, boolean quick, String machine, String date) {
        this(runs, dir, quick, machine, date, List.of());
    }

    public ResultsPages(Map<StudyPlan.PlannedStudy, PlayedStudy> runs, Path dir, boolean quick, String machine, String date, List<String> strongBots) {
        this.strongBots = strongBots;
        this.runs = runs;
        this.dir = dir;
        this.context = new Readme.Context(quick, machine, date);
    }

    /** Notes a study whose result file is partial (not in the answers; in the status and the costs). */
    public ResultsPages inProgress(String id, String status, RunTimes times) {
        inProgress.put(id, status);
        inProgressTimes.put(id, times);
        return this;
    }

    /**
     * The ladder's games and those of the studies that extend it, in one rating list (the fit and
     * bootstrap of the ladder's tournament, from its seed); null without extensions.
     */
    private PooledRatings pooledLadder(List<Source> sources) {
        List<Source> extensions = LadderAnswer.extensionsOf(sources);
        if (extensions.isEmpty()) {
            return null;
        }
        List<Source> pooled = new ArrayList<>();
        pooled.add(LadderAnswer.ladderOf(sources));
        pooled.addAll(extensions);
        RatingsPool pool = RatingsPool.of(pooled.stream().map(s -> dir.resolve(s.id() + ".json")).toList(),
                pooled.stream().map(Source::result).toList());
        RunConfig ladder = pooled.get(0).result().config();
        int replicates = ladder.settings() instanceof TournamentStudy.Bootstrap b ? b.replicates() : DEFAULT_REPLICATES;
        return RatingList.fit(pool, replicates, DerivedSeeds.tournamentBootstrap(ladder.seed()));
    }

    /** Writes everything; returns the files written. */
    public List<Path> write() throws IOException {
        List<Source> sources = runs.values().stream().map(PlayedStudy::source).toList();
        // the study plan names the strong bots as its studies' commands do: shown, like them, under their shipped names
        Answers answers = Answers.of(sources, strongBots.stream().map(b -> Bots.standard().shippedName(b)).toList(),
                pooledLadder(sources));
        // the distance study is not one of the report's (its unit is a position): its section comes from its file, when there
        Path distanceFile = dir.resolve(DistanceFiles.FOLDER).resolve(DistanceFiles.JSON);
        DistanceResult distance = Files.exists(distanceFile) ? PerfectPlayStudy.read(distanceFile) : null;
        BotOrder order = Plots.order(sources, answers, distance == null ? List.of() : distance.bots());
        Map<String, List<String>> plots = Plots.draw(sources, answers, order, dir, written);
        if (distance != null) { // its charts in the report's bot order and looks
            written.addAll(DistancePage.charts(distance, distanceFile.getParent(), order));
            for (DistanceResult.Companion c : distance.deeper()) { // and its deeper companions', in the same looks
                written.addAll(DistancePage.charts(c.result(), distanceFile.getParent().resolve(c.folder()), order));
            }
        }
        for (PlayedStudy r : runs.values()) {
            Path f = dir.resolve(r.study().id() + ".md");
            Files.writeString(f, StudyPage.text(r, plots.getOrDefault(r.study().id(), List.of()), context));
            written.add(f);
        }
        List<Readme.ListedStudy> studies = new ArrayList<>();
        for (PlayedStudy r : runs.values()) {
            studies.add(new Readme.ListedStudy(r.study().id(), r.study().title(), r.study().question(), r.command(), r.times()));
        }
        Path f = dir.resolve("README.md");
        Files.writeString(f, Readme.text(answers, studies, inProgress, inProgressTimes, plots, Plots.SUMMARY, context,
                distance));
        written.add(f);
        return written;
    }
}
