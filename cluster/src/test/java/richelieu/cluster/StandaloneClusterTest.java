package richelieu.cluster;

import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.SparkCli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real cluster: a standalone Master and two Workers (1 core each) on 127.0.0.1, started from
 * the Spark jars on the test class path. A match submitted with {@code --spark spark://…} gives
 * the local runner's files (and {@code dataset} its chunks); killing a Worker (and its executor) mid-run loses tasks that Spark
 * replays elsewhere, and the result is still identical — no unit counted twice or lost.
 */
@Tag("slow")
class StandaloneClusterTest {
    private static final String PARTITIONS = "spark.richelieu.partitions";

    @AfterEach
    void reset() {
        System.clearProperty(PARTITIONS);
        Contexts.stop();
    }

    @Test
    void match_onStandaloneCluster_sameFiles_evenWhenAWorkerDiesMidRun(@TempDir Path dir) throws Exception {
        String match = "match greedy random --pairs 600 --seed 11";
        Path local = Files.createDirectories(dir.resolve("local"));
        SparkCli.Out reference = SparkCli.run(local, match + " --threads 2");
        assertEquals(0, reference.exit(), reference.toString());
        try (StandaloneCluster cluster = StandaloneCluster.start(2)) {
            assertEquals(2, cluster.aliveWorkers());
            String master = cluster.masterUrl();

            // Records and CSV through a parts folder named as a URI (any Hadoop file system the driver and the
            // executors share: here file: on the one machine), joined by the driver in unit order.
            Path small = Files.createDirectories(dir.resolve("small"));
            Path shared = Files.createDirectories(dir.resolve("shared"));
            SparkCli.assertSameAsGolden("match", small, SparkCli.run(small, "match greedy random --pairs 12 --seed 42 --spark "
                    + master + " --spark-parts " + shared.toUri()));
            try (var left = Files.list(shared)) {
                assertEquals(0, left.count(), "the run deleted its parts folder in the shared folder");
            }
            assertTrue(SparkCli.noPartsLeft(), "and used no other");

            // A plug-in bot: its jar travels to the executors (other JVMs, their own folders) with the job.
            PluginShippingTest.pluginMatch_sameAsLocally(dir, master);
            // The data set's chunks computed on the executors, the files written here: a plug-in bot's too.
            DatasetOnSparkTest.pluginDataset_sameAsOnThreads(dir, master);

            // Kill worker 0 with its executor as soon as the first task of the big run succeeds.
            AtomicBoolean killed = new AtomicBoolean();
            AtomicInteger removed = new AtomicInteger();
            Contexts.get(master).sc().addSparkListener(new SparkListener() {
                @Override
                public void onTaskEnd(SparkListenerTaskEnd e) {
                    if (e.reason() instanceof Success$ && killed.compareAndSet(false, true)) {
                        cluster.killWorker(0);
                    }
                }

                @Override
                public void onExecutorRemoved(SparkListenerExecutorRemoved e) {
                    removed.incrementAndGet();
                }
            });
            System.setProperty(PARTITIONS, "24");
            Path big = Files.createDirectories(dir.resolve("big"));
            SparkCli.Out onCluster = SparkCli.run(big, match + " --spark " + master);
            assertEquals(0, onCluster.exit(), onCluster.toString());
            assertTrue(killed.get(), "a worker was killed mid-run");
            assertTrue(removed.get() >= 1, "Spark lost the killed worker's executor during the run");
            assertEquals(reference.out(), onCluster.out());
            for (String f : List.of("games.csv", "records.jsonl")) {
                assertEquals(Files.readString(local.resolve(f)), Files.readString(big.resolve(f)), f);
            }
            assertEquals(SparkCli.resultOf(local), SparkCli.resultOf(big));
        }
    }
}
