package richelieu.cluster;

import richelieu.strategies.PluginFixture;

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

    /**
     * A plug-in jar holding the strategies' {@link PluginFixture} (bot "fixture") and the services
     * file that names it (the class is on the test class path too, but without that file no
     * runner finds it).
     */
    static Path pluginJar(Path dir) throws java.io.IOException {
        Path jar = dir.resolve("fixture-bot.jar");
        String res = PluginFixture.class.getName().replace('.', '/') + ".class";
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(java.nio.file.Files.newOutputStream(jar));
             java.io.InputStream in = PluginFixture.class.getClassLoader().getResourceAsStream(res)) {
            out.putNextEntry(new java.util.jar.JarEntry("META-INF/services/" + richelieu.strategies.StrategyFactory.class.getName()));
            out.write((PluginFixture.class.getName() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.putNextEntry(new java.util.jar.JarEntry(res));
            in.transferTo(out);
        }
        return jar;
    }
}
