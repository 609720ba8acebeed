package richelieu.cluster;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The Spark context of a run. A master URL from the command line ({@code local[N]},
 * {@code spark://host:port}, {@code yarn}, {@code k8s://…}); settings spark-submit passed
 * ({@code --conf}) are kept. One context per JVM, reused while the master is the same.
 */
final class Contexts {
    private static JavaSparkContext current;
    private static String currentMaster;

    private Contexts() {
    }

    static synchronized JavaSparkContext get(String master) {
        if (current != null && master.equals(currentMaster) && !current.sc().isStopped()) {
            return current;
        }
        Masters.check(master); // before Spark starts: a master that cannot work is one line
        if (current != null) {
            current.stop();
        }
        SparkConf conf = new SparkConf().setMaster(master).setAppName("richelieu");
        // Embedded runs need no web UI (and several on one machine would race for its port).
        if (master.startsWith("local")) {
            conf.setIfMissing("spark.ui.enabled", "false");
        }
        String host = System.getenv("SPARK_LOCAL_IP");
        if (host != null && !host.isBlank()) {
            conf.setIfMissing("spark.driver.host", host);
            conf.setIfMissing("spark.driver.bindAddress", host);
        }
        String jar = applicationJar();
        if (jar != null && !master.startsWith("local")) {
            conf.setIfMissing("spark.jars", jar); // executors load the project's classes from it
        }
        try {
            current = new JavaSparkContext(conf);
        } catch (RuntimeException e) {
            String why = String.valueOf(e.getMessage()).lines().findFirst().orElse(e.getClass().getSimpleName());
            throw new richelieu.runner.UserError("--spark " + master + ": Spark could not start (" + why + ")");
        }
        currentMaster = master;
        return current;
    }

    /** Stops the context (tests; the command line leaves it to Spark's shutdown hook). */
    static synchronized void stop() {
        if (current != null) {
            current.stop();
            current = null;
            currentMaster = null;
        }
    }

    /** The jar this class was loaded from (richelieu-cluster.jar), or null when run from class folders. */
    static String applicationJar() {
        try {
            var src = Contexts.class.getProtectionDomain().getCodeSource();
            if (src == null) {
                return null;
            }
            Path p = Path.of(src.getLocation().toURI());
            return Files.isRegularFile(p) ? p.toString() : null;
        } catch (URISyntaxException | SecurityException e) {
            return null;
        }
    }
}
