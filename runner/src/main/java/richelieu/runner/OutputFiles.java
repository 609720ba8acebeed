package richelieu.runner;

import richelieu.runner.play.Chunk;

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
final class OutputFiles implements AutoCloseable {
    private final BufferedWriter records;
    private final BufferedWriter csv;

    private OutputFiles(BufferedWriter records, BufferedWriter csv) {
        this.records = records;
        this.csv = csv;
    }

    /**
     * Opens the files that are given (null: not written). When {@code resuming}, they must hold
     * at least {@code gamesDone} game lines (plus the CSV header), and lines beyond are cut.
     */
    static OutputFiles open(Path records, Path csv, String csvHeader, boolean resuming, long gamesDone)
            throws IOException {
        BufferedWriter r = open(records, resuming, gamesDone, null);
        try {
            return new OutputFiles(r, open(csv, resuming, gamesDone, csvHeader));
        } catch (IOException | RuntimeException e) {
            if (r != null) {
                r.close();
            }
            throw e;
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

    private static BufferedWriter open(Path file, boolean resuming, long games, String header) throws IOException {
        if (file == null) {
            return null;
        }
        if (resuming) {
            long keep = games + (header != null ? 1 : 0);
            if (!Files.exists(file)) {
                throw new UserError(file + ": missing; resuming needs the file the interrupted run wrote");
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
