package richelieu.runner.study;

import richelieu.runner.UserError;
import richelieu.runner.execution.Chunk;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The per-game output files of a run ({@code --records}, {@code --csv}): opened before the first
 * game, written chunk by chunk in unit order, flushed at checkpoints. When a run resumes, each
 * file is cut back to the lines of the games already committed, so the finished file is exactly
 * that of an uninterrupted run.
 */
public final class OutputFiles implements AutoCloseable {
    private final BufferedWriter records;
    private final BufferedWriter csv;

    private OutputFiles(BufferedWriter records, BufferedWriter csv) {
        this.records = records;
        this.csv = csv;
    }

    /**
     * Opens the files that are given (null: not written). When {@code resuming}, they must hold
     * at least {@code gamesDone} game lines (plus the CSV header), and lines beyond are cut. A
     * file that cannot be opened is a {@link UserError} naming it (one line, exit code 2, before
     * the first game).
     */
    public static OutputFiles open(Path records, Path csv, String csvHeader, boolean resuming, long gamesDone) {
        BufferedWriter r = openChecked(records, resuming, gamesDone, null, RECORD_START);
        try {
            return new OutputFiles(r, openChecked(csv, resuming, gamesDone, csvHeader, csvHeader + "\n"));
        } catch (RuntimeException e) {
            if (r != null) {
                try {
                    r.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    private static BufferedWriter openChecked(Path file, boolean resuming, long games, String header, String start) {
        try {
            return open(file, resuming, games, header, start);
        } catch (IOException e) {
            throw new UserError(file + ": cannot write it (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
        }
    }

    boolean writesRecords() {
        return records != null;
    }

    boolean writesCsv() {
        return csv != null;
    }

    /** Appends a chunk's lines (in unit order: the caller commits chunks in order). */
    void write(Chunk c) throws IOException {
        if (records != null) {
            records.write(c.records());
        }
        if (csv != null) {
            csv.write(c.csv());
        }
    }

    void flush() throws IOException {
        if (records != null) {
            records.flush();
        }
        if (csv != null) {
            csv.flush();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            try {
                if (records != null) {
                    records.close();
                }
            } finally {
                if (csv != null) {
                    csv.close();
                }
            }
        }
    }

    /** How every game record line starts. */
    private static final String RECORD_START = "{\"format\":\"richelieu-record/1\"";

    /**
     * Opens one file. A resumed file must start as this run's files start ({@code start}):
     * its path may come from the result file, and a file that is not ours is never cut.
     */
    private static BufferedWriter open(Path file, boolean resuming, long games, String header, String start)
            throws IOException {
        if (file == null) {
            return null;
        }
        if (resuming) {
            long keep = games + (header != null ? 1 : 0);
            if (!Files.isRegularFile(file)) {
                throw new UserError(file + ": missing; resuming needs the file the interrupted run wrote");
            }
            byte[] head = new byte[start.length()];
            int got;
            try (var in = Files.newInputStream(file)) {
                got = in.readNBytes(head, 0, head.length);
            }
            if (keep > 0 && (got < head.length || !new String(head, StandardCharsets.UTF_8).equals(start))) {
                throw new UserError(file + ": does not start like the file this run wrote; it is left alone");
            }
            long offset = 0;
            long lines = 0;
            try (var in = Files.newInputStream(file)) {
                byte[] buf = new byte[1 << 16];
                int n;
                outer:
                while ((n = in.read(buf)) > 0) {
                    for (int i = 0; i < n; i++) {
                        offset++;
                        if (buf[i] == '\n' && ++lines == keep) {
                            break outer;
                        }
                    }
                }
            }
            if (lines < keep) {
                throw new UserError(file + ": has " + lines + " lines but the interrupted run had finished " + keep
                        + "; it cannot be resumed");
            }
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(offset);
            }
            return Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        if (header != null) {
            w.write(header);
            w.write('\n');
        }
        return w;
    }
}
