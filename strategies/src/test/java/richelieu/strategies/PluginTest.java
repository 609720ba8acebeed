package richelieu.strategies;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PluginTest {

    private static Path pluginJar(Path dir, boolean withServices) throws IOException {
        Path jar = dir.resolve(withServices ? "fixture.jar" : "empty.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            if (withServices) {
                out.putNextEntry(new JarEntry("META-INF/services/" + StrategyFactory.class.getName()));
                out.write((PluginFixture.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            }
            String res = PluginFixture.class.getName().replace('.', '/') + ".class";
            out.putNextEntry(new JarEntry(res));
            try (InputStream in = PluginTest.class.getClassLoader().getResourceAsStream(res)) {
                out.write(in.readAllBytes());
            }
        }
        return jar;
    }

    @Test
    void withPlugins_jarListingAFactory_addsItsBotNextToTheShippedOnes(@TempDir Path dir) throws IOException {
        assertNull(Bots.standard().factory("fixture"), "not on the class path without the services file");
        Bots bots = Bots.withPlugins(List.of(pluginJar(dir, true)));
        assertNotNull(bots.factory("fixture"));
        assertNotNull(bots.factory("ismcts"));
        Strategy s = bots.parse("fixture").newStrategy();
        GameResult r = new Game().play(Rules.twoPlayer(), Deal.generate(Deck.standard(), 1),
                new Strategy[]{s, bots.parse("random").newStrategy()},
                new SplittableRandom[]{new SplittableRandom(1), new SplittableRandom(2)});
        assertFalse(r.isForfeit());
    }

    @Test
    void withPlugins_folderOfJars_isSearched(@TempDir Path dir) throws IOException {
        Path folder = Files.createDirectory(dir.resolve("plugins"));
        pluginJar(folder, true);
        assertEquals("fixture", Bots.withPlugins(List.of(folder)).parse("fixture").label());
    }

    @Test
    void withPlugins_missingOrEmptyJar_clearMessage(@TempDir Path dir) throws IOException {
        String missing = assertThrows(BotSpecException.class, () -> Bots.withPlugins(List.of(dir.resolve("nope.jar"))))
                .getMessage();
        assertTrue(missing.contains("no such file"), missing);
        Path empty = pluginJar(dir, false);
        String none = assertThrows(BotSpecException.class, () -> Bots.withPlugins(List.of(empty))).getMessage();
        assertTrue(none.contains("no bot found") && none.contains("META-INF/services"), none);
    }
}
