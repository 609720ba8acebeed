package richelieu.cluster;

import richelieu.runner.UserError;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The folder where tasks write the records and CSV rows of their unit ranges, one part file per
 * range and kind ({@code records-<from>.part}, {@code csv-<from>.part}), for the driver to append
 * to the user's files in unit order. Written under a temporary name per attempt and renamed into
 * place, so a reader sees a whole part or none and a retried attempt replaces it with the same
 * bytes. On a multi-machine cluster the folder must be on a file system the driver and every
 * worker share (it sits next to the {@code --records}/{@code --csv} file).
 *
 * @param dir the folder (absolute)
 */
record PartFiles(String dir) implements Serializable {
    /** Spark setting naming the folder that holds parts folders (default: the current directory). */
    static final String SETTING = "spark.richelieu.parts";

    enum Kind {
        RECORDS, CSV;

        String prefix() {
            return this == RECORDS ? "records-" : "csv-";
        }
    }

    /** The part file of the range starting at {@code from}. */
    Path part(Kind kind, long from) {
        return Path.of(dir, kind.prefix() + String.format("%019d", from) + ".part");
    }

    private Path temp(Kind kind, long from, String attempt) {
        return Path.of(dir, "." + kind.prefix() + from + "." + attempt + ".tmp");
    }

    /** A new part file; the folder must exist (the driver made it; gone once the run is closed). */
    BufferedWriter open(Kind kind, long from, String attempt) throws IOException {
        return Files.newBufferedWriter(temp(kind, from, attempt), StandardCharsets.UTF_8);
    }

    void publish(Kind kind, long from, String attempt) throws IOException {
        Files.move(temp(kind, from, attempt), part(kind, from), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The lines of a part file, read in order; when that kind of output is not written
     * ({@code !written}) {@link Lines#next} gives null.
     */
    Lines lines(Kind kind, long from, boolean written) throws IOException {
        Path p = part(kind, from);
        if (!written) {
            return new Lines(null, p);
        }
        if (!Files.exists(p)) {
            throw new UserError("part file " + p + " is missing: on a cluster of several machines, records and CSV "
                    + "need a parts folder that the driver and every worker share (--conf " + SETTING + "=DIR)");
        }
        return new Lines(Files.newBufferedReader(p, StandardCharsets.UTF_8), p);
    }

    /** Deletes the part files of the range starting at {@code from}. */
    void delete(long from) throws IOException {
        for (Kind k : Kind.values()) {
            Files.deleteIfExists(part(k, from));
        }
    }

    /** Sequential reader of a part file's lines. */
    static final class Lines implements AutoCloseable {
        private final BufferedReader in;
        private final Path file;

        Lines(BufferedReader in, Path file) {
            this.in = in;
            this.file = file;
        }

        /** The next {@code n} lines, each ending in a newline; null when there is no such file. */
        String next(long n) throws IOException {
            if (in == null) {
                return null;
            }
            StringBuilder sb = new StringBuilder();
            for (long i = 0; i < n; i++) {
                String line = in.readLine();
                if (line == null) {
                    throw new IOException(file + ": ends after " + i + " of " + n + " lines");
                }
                sb.append(line).append('\n');
            }
            return sb.toString();
        }

        @Override
        public void close() throws IOException {
            if (in != null) {
                in.close();
            }
        }
    }
}
