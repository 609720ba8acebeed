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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PluginTest {

    private static Path pluginJar(Path dir, boolean withServices) throws IOException {
        return PluginJars.write(dir.resolve(withServices ? "fixture.jar" : "empty.jar"), PluginFixture.class, withServices);
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
