package richelieu.cluster;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Where the tests' JVM options and class path are. */
final class ClusterTestSupport {
    private ClusterTestSupport() {
    }

    /** The java @argfile with Spark's module options (cluster/spark-java-options). */
    static Path sparkJavaOptions() {
        return Path.of("spark-java-options").toAbsolutePath(); // surefire runs in the module folder
    }

    /** The test class path (surefire's, not its booter jar's). */
    static List<Path> testClassPath() {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<Path> l = new ArrayList<>();
        for (String s : cp.split(File.pathSeparator)) {
            if (!s.isBlank()) {
                l.add(Path.of(s));
            }
        }
        return l;
    }
}
