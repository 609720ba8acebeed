package richelieu.runner.results;

import richelieu.runner.UserError;
import richelieu.runner.play.ResultFile;
import richelieu.runner.play.RunConfig;
import richelieu.runner.play.Tally;

import java.nio.file.Path;

/**
 * A result file as the charts and the findings read it: its config, its raw counts, and its stored
 * statistics bound to the records of its study kind. The stored statistics are used as they are,
 * not recomputed: a report of old results shows the figures their files hold.
 *
 * @param statistics null for a study kind without statistics records
 */
public record StoredResult(RunConfig config, Tally tally, StudyStatistics statistics) {

    public static StoredResult of(ResultFile file) {
        com.fasterxml.jackson.databind.JsonNode stats = file.statistics() == null
                ? StatisticsJson.MAPPER.createObjectNode() : file.statistics();
        return new StoredResult(file.config(), file.tally(), StudyStatistics.read(file.config().command(), stats));
    }

    /** Reads and checks the file ({@link ResultFile#read}); one-line {@link UserError}s naming it. */
    public static StoredResult read(Path file) {
        ResultFile f = ResultFile.read(file);
        try {
            return of(f);
        } catch (UserError e) {
            throw new UserError("result file " + file + ": " + e.getMessage(), e);
        }
    }

    /** The study kind ({@code config.command}), e.g. "tournament". */
    public String command() {
        return config.command();
    }

    /** Players per game (2, 3 or 4). */
    public int players() {
        return config.ruleSets().get(0).players();
    }
}
