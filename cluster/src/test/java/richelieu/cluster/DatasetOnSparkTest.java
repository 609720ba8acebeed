package richelieu.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.runner.SparkCli;
import richelieu.runner.UserError;
import richelieu.runner.dataset.DatasetJob;
import richelieu.runner.dataset.DatasetStudy;
import richelieu.strategies.Bots;
import richelieu.strategies.PluginFixture;
import richelieu.strategies.PluginJars;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code dataset --spark}: the chunks computed on Spark's executors, the files written by the
 * driver — the same bytes as the local runner's, a resume computes only what is missing, and a
 * master that cannot work is one line that leaves the folder as it was.
 */
class DatasetOnSparkTest {
    /** A small data set: 3 chunks of 2 games, solver labels at <= 6 cards. */
    private static List<String> dataset(Path out, String... more) {
        return datasetOf(out, "greedy,random", more);
    }

    private static List<String> datasetOf(Path out, String lineup, String... more) {
        List<String> a = new ArrayList<>(List.of("dataset", "--out", out.toString(), "--lineup", lineup,
                "--games", "6", "--chunk", "2", "--per-game", "2", "--solve-cards", "6", "--seed", "5"));
        a.addAll(List.of(more));
        return a;
    }

    /** Every file of a data set folder by name: its bytes, the manifest's with the folder's name left out. */
    private static Map<String, byte[]> files(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> l = Files.list(dir)) {
            for (Path f : l.toList()) {
                byte[] b = Files.readAllBytes(f);
                String name = f.getFileName().toString();
                m.put(name, name.equals("dataset.json") ? new String(b).replace(dir.toString(), "{out}").getBytes() : b);
            }
        }
        return m;
    }

    private static void assertSameFiles(Path expected, Path actual) throws IOException {
        Map<String, byte[]> e = files(expected);
        Map<String, byte[]> a = files(actual);
        assertEquals(e.keySet(), a.keySet());
        for (String f : e.keySet()) {
            assertArrayEquals(e.get(f), a.get(f), f);
        }
    }

    @Test
    void dataset_onSparkLocal2_sameFilesAsOnThreads_andAResumeComputesOnlyTheMissingChunk(@TempDir Path dir)
            throws IOException {
        Path local = dir.resolve("local");
        SparkCli.Out threads = SparkCli.command(dataset(local, "--threads", "2"));
        assertEquals(0, threads.exit(), threads.toString());
        Path spark = dir.resolve("spark");
        SparkCli.Out onSpark = SparkCli.command(dataset(spark, "--spark", "local[2]"));
        assertEquals(0, onSpark.exit(), onSpark.toString());
        assertTrue(onSpark.out().contains("3 of 3 chunks to compute"), onSpark.toString());
        assertEquals(List.of("chunk-00000.npz", "chunk-00001.npz", "chunk-00002.npz", "dataset.json"),
                List.copyOf(files(spark).keySet()));
        assertSameFiles(local, spark);

        Files.delete(DatasetStudy.chunkFile(spark, 1));
        FileTime kept = FileTime.fromMillis(0);
        Files.setLastModifiedTime(DatasetStudy.chunkFile(spark, 0), kept);
        SparkCli.Out resumed = SparkCli.command(dataset(spark, "--spark", "local[2]"));
        assertEquals(0, resumed.exit(), resumed.toString());
        assertTrue(resumed.out().contains("1 of 3 chunks to compute"), resumed.toString());
        assertTrue(resumed.err().contains("dataset: chunk 1 written (1 of 1)"), resumed.toString());
        assertEquals(kept, Files.getLastModifiedTime(DatasetStudy.chunkFile(spark, 0)), "a chunk on disk is not recomputed");
        assertSameFiles(local, spark);
    }

    /**
     * A data set of a plug-in bot on {@code master} and on 2 threads: identical files (the jar
     * travels to the executors with the job, by its name). Also run on a real standalone cluster
     * ({@link StandaloneClusterTest}).
     */
    static void pluginDataset_sameAsOnThreads(Path dir, String master) throws IOException {
        Path jar = PluginJars.write(Files.createDirectories(dir.resolve("dataset-plugins")).resolve("fixture-dataset.jar"),
                PluginFixture.class, true);
        String[] plugin = {"--plugin", jar.toString()};
        Path local = dir.resolve("dataset-threads");
        SparkCli.Out threads = SparkCli.command(datasetOf(local, "fixture,greedy", concat(plugin, "--threads", "2")));
        assertEquals(0, threads.exit(), threads.toString());
        assertTrue(threads.out().contains("fixture vs greedy"), threads.toString());
        Path spark = dir.resolve("dataset-spark");
        SparkCli.Out onSpark = SparkCli.command(datasetOf(spark, "fixture,greedy", concat(plugin, "--spark", master)));
        assertEquals(0, onSpark.exit(), onSpark.toString());
        assertEquals(4, files(spark).size());
        assertSameFiles(local, spark);
    }

    private static String[] concat(String[] a, String... b) {
        List<String> l = new ArrayList<>(List.of(a));
        l.addAll(List.of(b));
        return l.toArray(String[]::new);
    }

    @Test
    void pluginBotDataset_onSparkLocal2_sameFilesAsOnThreads(@TempDir Path dir) throws IOException {
        pluginDataset_sameAsOnThreads(dir, "local[2]");
    }

    /** A run stopped after its first chunk (as Ctrl-C stops it) keeps whole chunks; resumed, the same bytes. */
    @Test
    void stoppedRun_keepsWholeChunks_resumedGivesTheSameBytes(@TempDir Path dir) throws Exception {
        Bots bots = Bots.standard();
        DatasetStudy.Settings s = new DatasetStudy.Settings(List.of(bots.parse("random"), bots.parse("greedy")), 8, 2, 2,
                6, 0, 9, Rules.standard(2), Deck.standard());
        DatasetStudy study = new DatasetStudy(s);
        Path local = Files.createDirectory(dir.resolve("local"));
        assertEquals(4, study.run(local, 1, c -> { }, () -> false));
        DatasetJob job = DatasetJob.of(s, List.of(), 5000);
        Path spark = Files.createDirectory(dir.resolve("spark"));
        AtomicBoolean stop = new AtomicBoolean();
        int first = study.run(spark, job, new SparkChunks(Contexts.get("local[2]"), stop), c -> stop.set(true));
        assertEquals(1, first, "stopped after the first chunk: the rest is dropped");
        try (Stream<Path> l = Files.list(spark)) {
            assertEquals(1, l.count(), "one whole chunk file, no temporary one");
        }
        assertEquals(3, study.run(spark, job, new SparkChunks(Contexts.get("local[2]"), new AtomicBoolean()), c -> { }));
        assertSameFiles(local, spark);
    }

    @Test
    void masterThatCannotWork_oneLineExit2_theFolderAsItWas(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("ds");
        SparkCli.Out made = SparkCli.command(dataset(out, "--threads", "1"));
        assertEquals(0, made.exit(), made.toString());
        Map<String, byte[]> before = files(out);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing answers there
        }
        String[][] cases = {{"--spark", "spark://127.0.0.1:" + port}, {"--spark", "nonsense"},
                {"--spark", "local[2]", "--threads", "1"}};
        String[] expected = {"no Spark master answers at 127.0.0.1:" + port, "not a Spark master URL",
                "--threads does not apply with --spark"};
        for (int k = 0; k < cases.length; k++) {
            SparkCli.Out c = SparkCli.command(dataset(out, cases[k]));
            assertEquals(2, c.exit(), c.toString());
            assertTrue(c.err().contains(expected[k]), c.toString());
            assertEquals(1, c.err().strip().split("\n").length, c.toString());
            Map<String, byte[]> after = files(out);
            assertEquals(before.keySet(), after.keySet());
            for (String f : before.keySet()) {
                assertArrayEquals(before.get(f), after.get(f), f);
            }
        }
    }

    @Test
    void waves_oneChunkPerCoreFirst_thenHalfTheResultLimit() {
        assertEquals(2, SparkChunks.waveSize(10, 2, 1 << 30, 0), "sizes unknown: one chunk per core");
        assertEquals(1, SparkChunks.waveSize(1, 4, 1 << 30, 0));
        assertEquals(5, SparkChunks.waveSize(20, 2, 1000, 100), "500 bytes of results at 100 a chunk");
        assertEquals(3, SparkChunks.waveSize(3, 2, 1000, 100), "never more than remain");
        assertEquals(1, SparkChunks.waveSize(20, 2, 1000, 800), "one chunk larger than half the limit: one at a time");
        assertEquals(20, SparkChunks.waveSize(20, 2, 0, 800), "no limit: all at once");
    }

    @Test
    void aChunkOverSparksResultLimit_isAOneLineErrorNamingTheFix() {
        Exception spark = new RuntimeException("Job aborted", new IllegalStateException(
                "Total size of serialized results of 1 tasks (2.0 MiB) is bigger than spark.driver.maxResultSize (1024.0 KiB)\n"
                        + "\tat org.apache.spark..."));
        UserError e = SparkChunks.tooLarge(spark, 20).orElseThrow();
        assertTrue(e.getMessage().startsWith("a chunk of 20 games is larger than Spark's spark.driver.maxResultSize"),
                e.getMessage());
        assertTrue(e.getMessage().contains("use a smaller --chunk"), e.getMessage());
        assertEquals(1, e.getMessage().split("\n").length, e.getMessage());
        assertTrue(SparkChunks.tooLarge(new RuntimeException("executor lost"), 20).isEmpty());
    }

    @Test
    void submit_addsSparkSubmitsMaster_toDataset() {
        assertEquals(List.of("dataset", "--spark", "yarn", "--out", "d"),
                Submit.withMaster(new String[]{"dataset", "--out", "d"}, "yarn"));
    }
}
