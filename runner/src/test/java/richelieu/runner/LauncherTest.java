package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ./richelieu launcher script, run through links to it. */
class LauncherTest {

    /** Stands in for the runner's jar: prints where the launcher says the project is. */
    public static final class PrintHome {
        public static void main(String[] args) {
            System.out.println("home=" + System.getenv("RICHELIEU_HOME"));
        }
    }

    @Test
    void launcher_reachedThroughAChainOfRelativeSymlinks_runsTheProjectItLivesIn(@TempDir Path dir) throws Exception {
        // Before: it took the link's folder for the project, found no jar there and failed to build it.
        Path project = Files.createDirectories(dir.resolve("project"));
        Path launcher = Files.copy(Path.of("..", "richelieu"), project.resolve("richelieu"));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        jar(Files.createDirectories(project.resolve("runner/target")).resolve("richelieu.jar"));
        Files.createSymbolicLink(Files.createDirectories(dir.resolve("bin")).resolve("rl"), Path.of("../project/richelieu"));
        Path link = Files.createSymbolicLink(Files.createDirectories(dir.resolve("elsewhere")).resolve("richelieu"),
                Path.of("../bin/rl"));
        Process p = new ProcessBuilder(link.toString(), "version").directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertEquals("home=" + project.toRealPath(), out.strip());
    }

    /** A runnable jar of {@link PrintHome} alone. */
    private static void jar(Path jar) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, PrintHome.class.getName());
        String entry = PrintHome.class.getName().replace('.', '/') + ".class";
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o, m);
             InputStream in = PrintHome.class.getResourceAsStream("/" + entry)) {
            j.putNextEntry(new JarEntry(entry));
            in.transferTo(j);
            j.closeEntry();
        }
    }
}
