package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.resultfile.UnitRanges;
import richelieu.strategies.Bots;

/**
 * A kind of study — match, tournament, first-player, balance, sprt — apart from any command
 * line: its typed settings, the run they configure (which bots meet in which lineups on which
 * deals, under which rules), its statistics and how they read. The life of a run (playing,
 * Ctrl-C, checkpoints, resuming, saving) is {@link StudyRun}'s and the same for every kind.
 * Every kind is registered in {@link Studies}; a command is only the picocli face of one.
 *
 * @param <S> the settings a user gives a run of this kind (a record)
 */
public interface Study<S> {

    /** The kind's name: the command that runs it, and {@code config.command} of its result files. */
    String name();

    /**
     * The configuration of a new run with these settings, its bots named by {@code registry};
     * a setting out of range is a one-line {@link richelieu.runner.UserError} naming its option.
     */
    RunConfig configure(S settings, RunBasics basics, Bots registry);

    /**
     * The settings a stored configuration was made with (its bots as stored): a resumed run
     * takes the settings the user left out from here.
     */
    S settingsOf(RunConfig config);

    /**
     * This kind's own settings of a stored run ({@code config.settings}, see {@link StudySettings});
     * a bad one is an {@link IllegalArgumentException} naming its field. By default a kind has none.
     */
    default StudySettings readSettings(JsonNode settings) {
        return StudySettings.None.read(settings);
    }

    /** The text and statistics of a (possibly partial or merged) run. */
    StudyOutcome report(RunConfig config, Tally tally);

    /**
     * The report of a run whose later games depend on its earlier ones (tune), from its config,
     * tally and course ({@link richelieu.runner.resultfile.ResultFile#course}, null before the first
     * step); every other study has no course and reports from its config and tally.
     */
    default StudyOutcome report(RunConfig config, Tally tally, JsonNode course) {
        return report(config, tally);
    }

    /**
     * Checks that a stored run is one this kind makes — its lineups, pairing and rule sets as
     * {@link #configure} makes them ({@link Shape}), a course only where the kind keeps one, and
     * a course that agrees with the games held — so that an edited file is refused rather than
     * reported as if these games had been played. An {@link IllegalArgumentException} names the
     * field.
     */
    default void checkStored(ResultFile file) {
        if (file.course() != null) {
            throw new IllegalArgumentException("course: a " + name() + " run has none (only tune keeps one)");
        }
        checkShape(file.config());
    }

    /** The configuration's lineups, pairing and rule sets are this kind's ({@link #checkStored}). */
    void checkShape(RunConfig config);

    /**
     * True for a kind whose later games depend on its earlier ones (tune: each iteration starts
     * where the last ended): its runs are played in one piece, never sharded nor merged.
     */
    default boolean sequential() {
        return false;
    }

    /**
     * True for a kind whose units are the same games whatever the run's size (unit u: deal u /
     * lineups, seeds from the master seed and the deal), and whose answer is a function of the units
     * held alone: a finished run of it extends to more deals by playing only the new units
     * ({@code --resume FILE --pairs N}), and merges with shards of the larger run. Not a kind whose
     * course depends on the order of its games (tune) or that stops on what it has seen (an SPRT).
     */
    default boolean extendable() {
        return !sequential();
    }

    /**
     * True if {@code --resume FILE} with more deals may grow a whole run of this kind: an
     * extendable kind's, and a test whose size is only a cap on when it gives up (an SPRT) — it
     * looks at fixed points, so a test that stopped undecided at its cap and plays on to a larger
     * cap looks where an uninterrupted run with that cap looks, and a decided test plays nothing more.
     */
    default boolean cappedByDeals() {
        return extendable();
    }

    /**
     * The run as its text, pages and charts show it: by default each bot under its shipped name
     * ({@link RunConfig#shown}); the result file keeps the bots as played.
     */
    default RunConfig shown(RunConfig config) {
        return config.shown();
    }

    /** A short line for the progress display (e.g. the current score), or "". */
    default String scoreLine(RunConfig config, Tally tally) {
        return "";
    }

    /** Extra header lines (e.g. the SPRT bounds), or "". */
    default String headerDetails(RunConfig config) {
        return "";
    }

    /** What will be played, e.g. "500 deals x 1 lineup(s), each deal played twice with seats swapped, 1,000 games". */
    default String planText(RunConfig c, long units) {
        return String.format("%,d deals x %d lineup(s), %s, %,d games", c.deals(), c.lineups().size(),
                StudyRun.describePairing(c), units * c.gamesPerUnit());
    }

    /**
     * Executes the units of the run not yet held ({@link RunInProgress#held()}), in order, until done or
     * stopped; a sequential study overrides this to stop as soon as it can decide.
     */
    default void executeUnits(RunConfig config, Tally tally, RunInProgress run) throws Exception {
        UnitRanges todo = run.held().missing(config.from(), config.to());
        for (int i = 0; i < todo.size() && !run.stopped(); i++) {
            if (run.execute(todo.from(i), todo.to(i)) < todo.to(i)) {
                return;
            }
        }
    }
}
