package richelieu.runner;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A master URL that cannot work is refused in one line, exit 2, before Spark starts: no Spark
 * error log, no stack trace, no thread storm, and an unreachable standalone master within
 * seconds (before: Spark's ERROR log and "internal error: SparkException", 68 s and 112 lines for
 * spark://127.0.0.1:1, and local[100000] creating threads until OutOfMemoryError).
 */
class SparkMasterTest {

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', value = {
            "nonsense|not a Spark master URL",
            "local[0]|local[N] needs N from 1 to",
            "local[-1]|local[N] needs N from 1 to",
            "local[abc]|local[N] needs N from 1 to",
            "''|needs a master URL",
            "yarn|no YARN support",
            "k8s://https://127.0.0.1:6443|no Kubernetes support",
            "local[100000]|local[N] needs N from 1 to",
            "spark://127.0.0.1:1|no Spark master answers at 127.0.0.1:1",
            "spark://:7077|spark://HOST:PORT",
            "spark://127.0.0.1:99999|spark://HOST:PORT"})
    void badMaster_oneLineBeforeSparkStarts(String master, String expected, @TempDir Path dir) {
        String err = refusedWithinSeconds(master, dir);
        assertTrue(err.contains(expected), err);
    }

    /** A match on {@code master}: refused in one line, exit 2, within seconds, nothing saved; the line. */
    private static String refusedWithinSeconds(String master, Path dir) {
        long start = System.nanoTime();
        Cli c = Cli.run("match", "random", "random", "--pairs", "1", "--seed", "1", "--spark", master,
                "--json", dir.resolve("r.json").toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(2, c.exit, c::toString);
        String err = c.err.strip();
        assertEquals(1, err.lines().count(), c::toString);
        assertFalse(err.contains("Exception") || err.contains("spark: ERROR") || err.contains("\tat "), c::toString);
        assertTrue(seconds < 15, "refused after " + seconds + " s");
        assertFalse(Files.exists(dir.resolve("r.json")), "nothing saved for a run that never started");
        return err;
    }

    /**
     * Something that is not a Spark master answers at the port: a server that keeps silent, and
     * one that answers as a web server does. Before: 75 s of Spark's retries, then an internal
     * error and exit 1.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"silent,", "a web server,'HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n'"})
    void notASparkMasterAnswers_oneLineWithinSeconds(String what, String reply, @TempDir Path dir) throws Exception {
        try (java.net.ServerSocket server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                java.util.List<java.net.Socket> open = new java.util.ArrayList<>();
                try {
                    while (true) {
                        java.net.Socket s = server.accept();
                        open.add(s);
                        if (reply != null) {
                            s.getOutputStream().write(reply.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                            s.getOutputStream().flush();
                        }
                    }
                } catch (java.io.IOException closed) {
                    open.forEach(s -> {
                        try {
                            s.close();
                        } catch (java.io.IOException ignored) {
                            // the test is over
                        }
                    });
                }
            }, "not-a-master");
            t.setDaemon(true);
            t.start();
            String master = "spark://127.0.0.1:" + server.getLocalPort();
            String err = refusedWithinSeconds(master, dir);
            assertTrue(err.startsWith("richelieu: --spark " + master + ": no Spark master answers at 127.0.0.1:"
                    + server.getLocalPort() + " (something answers there, but not as a Spark master"), err);
        }
    }
}
