package richelieu.cluster;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.util.SerializableConfiguration;
import richelieu.runner.UserError;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Serializable;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The folder where tasks write the records and CSV rows of their unit ranges, one part file per
 * range and kind ({@code records-<from>.part}, {@code csv-<from>.part}), for the driver to append
 * to the user's files in unit order, streaming, a slice at a time. Written under a temporary name
 * per attempt and renamed into place, so a reader sees a whole part or none and a retried
 * attempt replaces it with the same bytes.
 *
 * <p>The folder is on any Hadoop file system ({@code hdfs://}, {@code s3a://}, {@code file:}), so
 * executors on other machines can write where the driver reads: {@code --spark-parts DIR} (or
 * {@code --conf spark.richelieu.parts=DIR}); a DIR without a scheme is a local path of the driver
 * (e.g. an NFS mount), by default its current directory. Tasks refuse to start when the folder is
 * not there (the driver made it): an executor that does not share it fails at once with
 * {@link #UNSEEN}, not after playing its games into a folder of its own.
 */
final class PartFiles implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Spark setting naming the folder that holds parts folders (default: the current directory). */
    static final String SETTING = "spark.richelieu.parts";
    /** Starts the message of a task that cannot see the parts folder (the driver turns it into a one-line error). */
    static final String UNSEEN = "richelieu parts folder not visible on this executor: ";

    enum Kind {
        RECORDS, CSV;

        String prefix() {
            return this == RECORDS ? "records-" : "csv-";
        }
    }

    /** The run's parts folder, fully qualified ({@code file:/…}, {@code hdfs://…}). */
    private final String dir;
    private final SerializableConfiguration hadoop;
    /** The driver's own file system instance (closed with the run); executors use Hadoop's shared ones. */
    private transient FileSystem fs;

    private PartFiles(String dir, SerializableConfiguration hadoop, FileSystem fs) {
        this.dir = dir;
        this.hadoop = hadoop;
        this.fs = fs;
    }

    /**
     * Makes a new, empty parts folder under {@code base} (a Hadoop file system URI, or a local
     * path of the driver). A one-line error if it cannot.
     */
    static PartFiles create(String base, Configuration conf) {
        Path b = base(base);
        try {
            Configuration driver = new Configuration(conf);
            // The driver closes its instance itself, after the last part is read: Hadoop's shutdown
            // hook must not close it under a run that is saving its results after Ctrl-C.
            driver.setBoolean("fs.automatic.close", false);
            FileSystem fs = FileSystem.newInstance(b.toUri(), driver);
            Path dir = fs.makeQualified(new Path(b, ".richelieu-parts-" + UUID.randomUUID()));
            if (!fs.mkdirs(dir)) {
                fs.close();
                throw new IOException("mkdirs failed");
            }
            return new PartFiles(dir.toString(), new SerializableConfiguration(conf), fs);
        } catch (IOException | RuntimeException e) {
            throw new UserError("cannot make a parts folder in " + b + " (--spark-parts): " + oneLine(e));
        }
    }

    /** A base folder as typed: a URI with a scheme as is, anything else a local path made absolute. */
    static Path base(String base) {
        if (base.matches("[a-zA-Z][a-zA-Z0-9+.-]+:.*")) {
            return new Path(base);
        }
        return new Path(java.nio.file.Path.of(base).toAbsolutePath().normalize().toUri());
    }

    /** The folder, fully qualified. */
    String dir() {
        return dir;
    }

    private FileSystem fs() throws IOException {
        if (fs == null) {
            fs = FileSystem.get(new Path(dir).toUri(), hadoop.value());
        }
        return fs;
    }

    /** The part file of the range starting at {@code from}. */
    Path part(Kind kind, long from) {
        return new Path(dir, kind.prefix() + String.format("%019d", from) + ".part");
    }

    private Path temp(Kind kind, long from, String attempt) {
        return new Path(dir, "." + kind.prefix() + from + "." + attempt + ".tmp");
    }

    /** On an executor, before playing: fails at once (with {@link #UNSEEN}) if the folder is not visible here. */
    void checkVisible() throws IOException {
        if (!fs().exists(new Path(dir))) {
            String host;
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                host = "?";
            }
            throw new FileNotFoundException(UNSEEN + dir + " does not exist on " + host);
        }
    }

    /** A new part file of this attempt. */
    BufferedWriter open(Kind kind, long from, String attempt) throws IOException {
        return new BufferedWriter(new OutputStreamWriter(fs().create(temp(kind, from, attempt), true),
                StandardCharsets.UTF_8));
    }

    /**
     * Renames the attempt's file into place. If another attempt of the range published first
     * (a retry or a speculative copy), its part holds the same bytes: this one is dropped.
     */
    void publish(Kind kind, long from, String attempt) throws IOException {
        FileSystem f = fs();
        Path tmp = temp(kind, from, attempt);
        Path part = part(kind, from);
        if (!f.rename(tmp, part)) {
            if (!f.exists(part)) {
                throw new IOException("cannot rename " + tmp + " to " + part);
            }
            f.delete(tmp, false);
        }
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
        try {
            return new Lines(new BufferedReader(new InputStreamReader(fs().open(p), StandardCharsets.UTF_8)), p);
        } catch (FileNotFoundException e) {
            throw new UserError("part file " + p + " is missing: on a cluster of several machines, records and CSV "
                    + "need a parts folder that the driver and every executor share (--spark-parts DIR)");
        }
    }

    /** Deletes the part files of the range starting at {@code from}. */
    void delete(long from) throws IOException {
        for (Kind k : Kind.values()) {
            fs().delete(part(k, from), false);
        }
    }

    /** On the driver, once no task writes any more: deletes the folder and closes the driver's file system. */
    void close() throws IOException {
        try {
            fs().delete(new Path(dir), true);
        } finally {
            fs.close();
        }
    }

    /** The first line of an exception's message (Spark and Hadoop messages can hold stack traces). */
    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
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
