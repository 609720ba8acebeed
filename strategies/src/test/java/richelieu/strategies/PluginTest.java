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
import static org.junit.jupiter.api.Assertions.assertSame;
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

    @Test
    void withPlugins_runOfShippedBots_makesNoPluginFactory(@TempDir Path dir) throws IOException {
        Bots bots = Bots.withPlugins(List.of(pluginJar(dir, true)));
        int before = PluginFixture.MADE.get();
        bots.parse("random");
        bots.parse("ismcts:iterations=10");
        assertEquals(before, PluginFixture.MADE.get(), "a plug-in's code ran for a run of shipped bots");
        assertEquals("fixture", bots.parse("fixture").label());
        assertTrue(PluginFixture.MADE.get() > before, "named, the plug-in is loaded");
    }

    @Test
    void withPlugins_folderWithALibraryBesideThePlugIn_isAccepted(@TempDir Path dir) throws IOException {
        Path folder = Files.createDirectory(dir.resolve("plugins"));
        pluginJar(folder, true);
        PluginJars.write(folder.resolve("library.jar"), PluginFixture.class, false);
        assertEquals("fixture", Bots.withPlugins(List.of(folder)).parse("fixture").label());
    }

    @Test
    void withMoveTime_leavesTheRegistryItCameFromUnchanged() {
        Bots plain = Bots.standard();
        Bots timed = plain.withMoveTime(50);
        assertEquals("ismcts:millis=50", timed.parse("ismcts").spec());
        assertEquals("ismcts", plain.parse("ismcts").spec(), "a registry never changes");
    }

    @Test
    void parse_sameSpecTwice_isParsedOnce() {
        Bots bots = Bots.standard();
        BotSpec first = bots.parse("fast=ismcts:iterations=20");
        assertSame(first, bots.parse("fast=ismcts:iterations=20"));
        assertSame(first, bots.parse(first.definition()), "its definition names the same bot");
    }
}
