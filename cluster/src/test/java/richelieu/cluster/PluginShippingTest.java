package richelieu.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.SparkCli;
import richelieu.strategies.PluginFixture;
import richelieu.strategies.PluginJars;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plug-in bots on Spark: the driver ships the jars ({@code --plugin}, {@code plugins/}) to the
 * executors, and tasks load them from their copies (the tasks are told only the jars' names), so
 * nothing is installed on the workers. (On a real cluster: {@link StandaloneClusterTest}.)
 */
class PluginShippingTest {

    /** The same match on the local runner and on {@code master}: identical files. */
    static void pluginMatch_sameAsLocally(Path dir, String master) throws Exception {
        // the strategies' plug-in fixture, bot "fixture"
        Path jar = PluginJars.write(Files.createDirectories(dir.resolve("plugins-elsewhere")).resolve("fixture-bot.jar"),
                PluginFixture.class, true);
        String match = "match fixture random --pairs 3 --seed 8 --plugin " + jar;
        Path local = Files.createDirectories(dir.resolve("plugin-local"));
        SparkCli.Out reference = SparkCli.run(local, match + " --threads 1");
        assertEquals(0, reference.exit(), reference.toString());
        assertTrue(reference.out().contains("fixture"), reference.out());
        Path spark = Files.createDirectories(dir.resolve("plugin-spark"));
        SparkCli.Out onSpark = SparkCli.run(spark, match + " --spark " + master);
        assertEquals(0, onSpark.exit(), onSpark.toString());
        assertEquals(reference.out(), onSpark.out());
        for (String f : List.of("games.csv", "records.jsonl")) {
            assertEquals(Files.readString(local.resolve(f)), Files.readString(spark.resolve(f)), f);
        }
        assertEquals(SparkCli.resultOf(local).replace("plugin-local", "X"), SparkCli.resultOf(spark).replace("plugin-spark", "X"));
    }

    @Test
    void pluginBot_onSparkLocal2_shippedByName_playsAsLocally(@TempDir Path dir) throws Exception {
        pluginMatch_sameAsLocally(dir, "local[2]");
    }
}
