package richelieu.cluster;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/** How a run's units are cut into Spark partitions, and how spark-submit's master reaches the command line. */
class PartitionsTest {

    @Test
    void ranges_tileTheUnitsContiguously_neverEmpty() {
        List<long[]> r = SparkJob.ranges(10, 17, 3);
        assertEquals(3, r.size());
        assertArrayEquals(new long[]{10, 12}, r.get(0));
        assertArrayEquals(new long[]{12, 14}, r.get(1));
        assertArrayEquals(new long[]{14, 17}, r.get(2));
        assertEquals(2, SparkJob.ranges(0, 2, 8).size(), "never more partitions than units");
    }

    @Test
    void defaultPartitions_fourPerCore_atMostAThousandUnitsEach_neverMoreThanUnits() {
        assertEquals(8, SparkExecutor.defaultPartitions(4000, 2));
        assertEquals(40, SparkExecutor.defaultPartitions(40_000, 2));
        assertEquals(256, SparkExecutor.defaultPartitions(40_000, 64));
        assertEquals(3, SparkExecutor.defaultPartitions(3, 64));
    }

    @Test
    void submit_addsSparkSubmitsMaster_unlessGiven() {
        assertEquals(List.of("match", "--spark", "yarn", "a", "b"), Submit.withMaster(new String[]{"match", "a", "b"}, "yarn"));
        assertEquals(List.of("match", "--spark", "local[2]"), Submit.withMaster(new String[]{"match", "--spark", "local[2]"}, "yarn"));
        assertEquals(List.of("bots"), Submit.withMaster(new String[]{"bots"}, "yarn"), "only playing commands take --spark");
        assertEquals(List.of("match", "a"), Submit.withMaster(new String[]{"match", "a"}, null));
    }

    @Test
    void submit_givesTheMasterToEveryCommandThatTakesSpark_andToNoOther() {
        var commands = richelieu.runner.Main.commandLine().getSubcommands();
        List<String> withSpark = commands.keySet().stream()
                .filter(name -> commands.get(name).getCommandSpec().findOption("--spark") != null).sorted().toList();
        assertTrue(withSpark.containsAll(List.of("match", "tune", "distance", "dataset")), withSpark.toString());
        for (String name : commands.keySet()) {
            boolean takesSpark = withSpark.contains(name);
            List<String> expected = takesSpark ? List.of(name, "--spark", "yarn") : List.of(name);
            assertEquals(expected, Submit.withMaster(new String[]{name}, "yarn"), name);
        }
    }

    @Test
    void plan_ofEqualJobs_isBuiltOncePerExecutor() {
        richelieu.runner.resultfile.RunConfig config = new richelieu.runner.resultfile.RunConfig("match", List.of("greedy", "random"),
                List.of(richelieu.engine.Rules.twoPlayer()), richelieu.engine.Deck.standard(), 5, 4,
                List.<int[]>of(new int[]{0, 1}), richelieu.runner.resultfile.RunConfig.Pairing.ROTATE, 0, 4, 0, 1, richelieu.runner.resultfile.StudySettings.NONE);
        richelieu.runner.execution.UnitJob job = richelieu.runner.execution.UnitJob.of(config, List.of(), 5000, false, false);
        richelieu.runner.execution.UnitJob shipped = new richelieu.runner.execution.UnitJob(job.configJson(), job.plugins(), 5000, false, false);
        assertSame(UnitTask.plan(job), UnitTask.plan(shipped), "a task of the same job reuses the plan (and its plug-in classes)");
        richelieu.runner.execution.UnitJob other = richelieu.runner.execution.UnitJob.of(config, List.of(), 5000, true, false);
        assertNotSame(UnitTask.plan(job), UnitTask.plan(other));
    }
}
