package richelieu.runner.study;

import richelieu.engine.record.GameRecord;
import richelieu.engine.record.RecordException;
import richelieu.runner.UserError;
import richelieu.runner.Version;
import richelieu.runner.distance.DistanceMeasure;
import richelieu.runner.resultfile.Plan;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.Tally;
import richelieu.strategies.Bots;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * More bots measured on a stored distance run's positions ({@code distance --from FILE --add BOT}):
 * the positions, the solver's values there and the other bots' choices stay as stored; each added
 * bot is asked at every position, as the run would have asked it (a fresh instance, the position's
 * own random stream: {@link richelieu.runner.distance.DistanceStudy#withBot}), and only an action
 * no measured bot chose is valued, alone. So the result is the one a run with the bot among its
 * measured bots would have written, for a fraction of its cost: no lineup game replayed, no
 * position solved again.
 */
public final class PerfectPlayAdd {
    private PerfectPlayAdd() {
    }

    /**
     * The run of {@code file} with {@code added} measured too, after its measured bots.
     *
     * @param games the lines of the run's games file (line g is lineup game g)
     * @param where that file, for messages
     * @throws UserError, one line, for a run that is not a distance run, a bot already in the run,
     *                    or a games file that is not the run's
     */
    public static ResultFile withBots(ResultFile file, List<String> games, Path where, List<String> added, Bots registry) {
        RunConfig config = file.config();
        if (!config.command().equals("distance")) {
            throw new UserError("--add: a '" + config.command() + "' run, not a distance run");
        }
        PerfectPlayStudy.Stored stored = (PerfectPlayStudy.Stored) config.settings();
        int measured = stored.measured();
        // the run's bots: the measured ones, then the lineup's others; the added go after the measured
        List<String> bots = new ArrayList<>(config.bots().subList(0, measured));
        for (String b : added) {
            String label = BotSpecs.parse(registry, b).label();
            if (config.bots().contains(label) && config.bots().indexOf(label) < measured || bots.contains(label)) {
                throw new UserError("--add: " + label + " is already measured in this run");
            }
            if (config.bots().contains(label)) {
                throw new UserError("--add: " + label + " plays in the lineup without being measured; a run that measures "
                        + "it from the start is another run");
            }
            bots.add(label);
        }
        int count = bots.size() - measured;
        bots.addAll(config.bots().subList(measured, config.bots().size()));
        List<int[]> lineups = new ArrayList<>();
        for (int[] l : config.lineups()) {
            int[] moved = l.clone();
            for (int s = 0; s < moved.length; s++) {
                moved[s] += moved[s] >= measured ? count : 0;
            }
            lineups.add(moved);
        }
        RunConfig more = new RunConfig(config.command(), bots, config.ruleSets(), config.deck(), config.seed(),
                config.deals(), lineups, config.pairing(), config.from(), config.to(), config.shardIndex(),
                config.shardCount(), new PerfectPlayStudy.Stored(measured + count, stored.cards(), stored.outcomeOnly()));
        Plan plan = more.plan(registry);
        DistanceMeasure measure = (DistanceMeasure) plan.measure();
        Tally tally = file.tally().withBots(measured, count);
        for (Map.Entry<Long, String> e : file.tally().measures().entrySet()) {
            long unit = e.getKey();
            if (unit >= games.size()) {
                throw new UserError("--add: the games file " + where + " has " + games.size() + " games, but the run "
                        + "measured game " + unit);
            }
            try {
                GameRecord game = GameRecord.parse(games.get((int) unit));
                tally.measure(unit, measure.withBots(unit, e.getValue(), measured, game));
            } catch (RecordException | IllegalArgumentException ex) {
                throw new UserError("--add: game " + unit + " of " + where + ": " + ex.getMessage());
            }
        }
        StudyOutcome report = new PerfectPlayStudy().report(more, tally);
        return new ResultFile(Version.VERSION, more, file.units(), file.complete(), tally, report.statistics(),
                file.outputs());
    }
}
