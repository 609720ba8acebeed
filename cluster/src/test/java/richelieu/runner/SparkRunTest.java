package richelieu.runner;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spark embedded ({@code --spark local[2]}) gives exactly the local runner's outputs: the runner's
 * golden files (stdout, result JSON without its version, CSV and records, pinned from the local
 * runner and checked by its GoldenTest), whatever the number of partitions; an interrupted Spark
 * run resumed on Spark or locally ends with the same files.
 */
@Tag("slow")
class SparkRunTest {
    static final String PARTITIONS = "spark.richelieu.partitions";

    @AfterEach
    void reset() {
        System.clearProperty(PARTITIONS);
    }

    /** The golden runs of the runner, on Spark instead of threads. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "match|match greedy random --pairs 12 --seed 42",
            "match-unpaired|match heuristic random --games 15 --unpaired --seed 7",
            "tournament|tournament random greedy heuristic --pairs 3 --seed 5 --bootstrap 50",
            "tournament-3p|tournament random greedy heuristic random --players 3 --pairs 2 --seed 9 --bootstrap 50",
            "first-player|first-player random greedy --games 12 --seed 2",
            "first-player-3p|first-player random --players 3 --games 12 --seed 3",
            "balance|balance random greedy --pairs 6 --seed 2",
            "sprt|sprt greedy random --elo0 0 --elo1 150 --batch 5 --max-games 200 --seed 4",
            "shard|match greedy random --pairs 12 --seed 42 --shard 1/3"})
    void goldenRun_onSparkLocal2_givesTheLocalRunnersFiles(String c, @TempDir Path dir) throws IOException {
        String[] nameArgs = c.split("\\|");
        SparkCli.assertSameAsGolden(nameArgs[0], dir, SparkCli.run(dir, nameArgs[1] + " --spark local[2]"));
    }

    @ParameterizedTest(name = "{0} partitions")
    @ValueSource(strings = {"1", "5", "24"})
    void match_anyPartitionCount_givesTheSameFiles(String partitions, @TempDir Path dir) throws IOException {
        System.setProperty(PARTITIONS, partitions);
        SparkCli.assertSameAsGolden("match", dir, SparkCli.run(dir, "match greedy random --pairs 12 --seed 42 --spark local[2]"));
    }

    @Test
    void match_withSparkPartsFolder_givesTheSameFiles_andLeavesTheFolderEmpty(@TempDir Path dir) throws IOException {
        Path parts = dir.resolve("shared-parts"); // made if missing; a path without a scheme is local
        Path out = Files.createDirectories(dir.resolve("out"));
        SparkCli.assertSameAsGolden("match", out,
                SparkCli.run(out, "match greedy random --pairs 12 --seed 42 --spark local[2] --spark-parts " + parts));
        try (var left = Files.list(parts)) {
            assertEquals(0, left.count(), "the run deleted its parts folder");
        }
        assertTrue(SparkCli.noPartsLeft(), "nothing in the current directory");
    }

    /** Regression: --threads was silently ignored with --spark. */
    @Test
    void threadsWithSpark_isRefused_inOneLine() {
        Cli c = Cli.run("match", "greedy", "random", "--pairs", "2", "--spark", "local[2]", "--threads", "2");
        assertEquals(2, c.exit, c.toString());
        assertEquals("richelieu: --threads does not apply with --spark: the cluster's cores play the games "
                + "(with local[N], N threads)\n", c.err);
        assertEquals("", c.out);
        Cli parts = Cli.run("match", "greedy", "random", "--pairs", "2", "--spark-parts", "x");
        assertEquals(2, parts.exit, parts.toString());
        assertEquals("richelieu: --spark-parts needs --spark\n", parts.err);
    }

    /** Regression: a parts folder that cannot be made failed after --records had been emptied. */
    @Test
    void sparkPartsThatCannotBeMade_failsBeforeTouchingTheRecordsFile(@TempDir Path dir) throws IOException {
        Path records = Files.writeString(dir.resolve("games.jsonl"), "{\"earlier\":\"games\"}\n");
        Path notAFolder = Files.writeString(dir.resolve("plain-file"), "x");
        Cli c = Cli.run("match", "greedy", "random", "--pairs", "2", "--spark", "local[1]",
                "--spark-parts", notAFolder.resolve("parts").toString(), "--records", records.toString());
        assertEquals(2, c.exit, c.toString());
        assertEquals(1, c.err.lines().count(), c.err);
        assertEquals("{\"earlier\":\"games\"}\n", Files.readString(records), "the records file is untouched");
    }

    /**
     * A distance run plays its lineup games on the cluster and measures their positions there (the
     * unit's measure travels in the chunk's tally): the same result, records and text as on local
     * threads.
     */
    @Test
    void distance_onSparkLocal2_givesTheLocalRunsFiles(@TempDir Path dir) throws IOException {
        String distance = "distance greedy random --lineup random,greedy --games 6 --cards 4,6 --seed 5 --no-progress";
        assertSparkEqualsLocal(dir, distance, "measures", "the positions are in the file");
    }

    /** A tuning run plays each iteration's games on the cluster: the same θ, files and text as on local threads. */
    @Test
    void tune_onSparkLocal2_givesTheLocalRunsFiles(@TempDir Path dir) throws IOException {
        String tune = "tune heuristic --param marker=0..10,c_end=2,r_end=0.05 --param winBonus=0..100 --iterations 3 "
                + "--batch 2 --seed 7";
        assertSparkEqualsLocal(dir, tune, "course", "the course of θ is in the file");
    }

    @Test
    void interruptedOnSpark_resumedOnSpark_givesTheUninterruptedFiles(@TempDir Path dir) throws IOException {
        interruptThenResume(dir, "--spark local[2]");
    }

    @Test
    void interruptedOnSpark_resumedLocally_givesTheUninterruptedFiles(@TempDir Path dir) throws IOException {
        interruptThenResume(dir, "--threads 2");
    }

    private void interruptThenResume(Path dir, String resumeWith) throws IOException {
        System.setProperty(PARTITIONS, "6");
        SparkCli.Out first = SparkCli.run(dir, "match greedy random --pairs 12 --seed 42 --spark local[2] --stop-after-units 4");
        assertEquals(130, first.exit(), first.toString());
        long done = ResultFiles.savedPrefix(dir.resolve("result.json"));
        assertTrue(done >= 4 && done < 12, "stopped after a whole partition, before the end: " + done);
        assertTrue(SparkCli.noPartsLeft(), "the interrupted run's cancelled tasks wrote no part files after it closed");
        SparkCli.Out second = SparkCli.run(dir, "match greedy random --resume " + dir.resolve("result.json") + " " + resumeWith);
        assertEquals(0, second.exit(), second.toString());
        for (String f : List.of("games.csv", "records.jsonl")) {
            assertEquals(Files.readString(SparkCli.GOLDEN.resolve("match").resolve(f)), Files.readString(dir.resolve(f)), f);
        }
        assertEquals(Files.readString(SparkCli.GOLDEN.resolve("match/result.json")), SparkCli.resultOf(dir));
        assertTrue(SparkCli.noPartsLeft());
    }

    /**
     * {@code command} run on 2 local threads and on Spark local[2] prints the same text and writes
     * the same result, games and records; the Spark result holds {@code key} ({@code why}).
     */
    private static void assertSparkEqualsLocal(Path dir, String command, String key, String why) throws IOException {
        Path local = Files.createDirectories(dir.resolve("local"));
        Path spark = Files.createDirectories(dir.resolve("spark"));
        SparkCli.Out a = SparkCli.run(local, command + " --threads 2");
        SparkCli.Out b = SparkCli.run(spark, command + " --spark local[2]");
        assertEquals(0, a.exit(), a.toString());
        assertEquals(0, b.exit(), b.toString());
        assertEquals(a.out(), b.out());
        assertEquals(SparkCli.resultOf(local), SparkCli.resultOf(spark));
        for (String f : List.of("games.csv", "records.jsonl")) {
            assertEquals(Files.readString(local.resolve(f)), Files.readString(spark.resolve(f)), f);
        }
        assertTrue(SparkCli.resultOf(spark).contains("\"" + key + "\""), why);
        assertTrue(SparkCli.noPartsLeft());
    }
}
