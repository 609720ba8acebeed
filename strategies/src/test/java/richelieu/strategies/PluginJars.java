package richelieu.strategies;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/** Plug-in jars for tests, such as a user would make for {@code --plugin}. */
public final class PluginJars {
    private PluginJars() {
    }

    /**
     * Writes {@code jar}: the class file of {@code factory} and, if {@code withServices}, the
     * services file that names it (the class is on the test class path too, but without that file
     * no runner finds it).
     */
    public static Path write(Path jar, Class<? extends StrategyFactory> factory, boolean withServices) throws IOException {
        String res = factory.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             InputStream in = factory.getClassLoader().getResourceAsStream(res)) {
            if (withServices) {
                out.putNextEntry(new JarEntry("META-INF/services/" + StrategyFactory.class.getName()));
                out.write((factory.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            }
            out.putNextEntry(new JarEntry(res));
            in.transferTo(out);
        }
        return jar;
    }
}
