package richelieu.runner.study;

import richelieu.engine.json.Json;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.studystats.StoredResult;

import java.nio.file.Path;

/**
 * A result file as the charts and the report read it: its config and tally, and its statistics
 * <em>recomputed</em> from them by its study. The statistics stored in a file are
 * for people and other tools; the program never takes a figure from them (a file is data: an
 * edited or stale statistics block cannot become a finding, and a file saved before its
 * statistics were written still charts). docs/result-files.md promises this.
 */
public final class ResultReader {
    private ResultReader() {
    }

    /**
     * Reads and checks a result file, its study's settings included ({@link ResultFile#read});
     * one-line {@link UserError}s naming the file and the field.
     */
    public static ResultFile readFile(Path file) {
        return checked(ResultFile.read(file, Studies::readSettings), file.toString());
    }

    /** Reads and checks the text of a result file; {@code name} names it in error messages. */
    public static ResultFile parseFile(String text, String name) {
        return checked(ResultFile.parse(text, name, Studies::readSettings), name);
    }

    /** The file, once its study has checked that it is a run of its kind ({@link Study#checkStored}). */
    private static ResultFile checked(ResultFile f, String name) {
        try {
            Studies.of(f.config().command()).checkStored(f);
        } catch (UserError | IllegalArgumentException e) {
            throw new UserError("result file " + name + ": " + Json.brief(e.getMessage(), 300), e);
        }
        return f;
    }

    /** Reads and checks the file ({@link #readFile}) and recomputes its statistics; one-line {@link UserError}s naming it. */
    public static StoredResult read(Path file) {
        return read(file, ResultReader::of);
    }

    private static StoredResult read(Path file, java.util.function.Function<ResultFile, StoredResult> how) {
        ResultFile f = readFile(file);
        try {
            return how.apply(f);
        } catch (UserError e) {
            throw new UserError("result file " + file + ": " + e.getMessage(), e);
        }
    }

    /** The file's config and tally with the statistics its command computes from them. */
    public static StoredResult of(ResultFile file) {
        return new StoredResult(file.config(), file.tally(), reportOf(file).stats());
    }

    /**
     * The file as every output shows it: its bots under their shipped names ({@link Study#shown}),
     * the statistics recomputed under them. {@link #of} keeps the names the file was played under.
     */
    public static StoredResult shown(ResultFile file) {
        return new StoredResult(Studies.of(file.config().command()).shown(file.config()), file.tally(),
                shownReportOf(file).stats());
    }

    /** The report of the file's study as every output shows it ({@link #shown}). */
    public static StudyOutcome shownReportOf(ResultFile file) {
        Study<?> study = Studies.of(file.config().command());
        return study.report(study.shown(file.config()), file.tally(), file.course());
    }

    /** Reads and checks the file ({@link #readFile}) as every output shows it ({@link #shown}). */
    public static StoredResult readShown(Path file) {
        return read(file, ResultReader::shown);
    }

    /** The report of the file's study for its config and tally (its statistics recomputed). */
    public static StudyOutcome reportOf(ResultFile file) {
        return Studies.of(file.config().command()).report(file.config(), file.tally(), file.course());
    }
}
