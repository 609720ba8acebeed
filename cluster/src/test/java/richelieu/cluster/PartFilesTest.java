package richelieu.cluster;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.runner.execution.UnitJob;

import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** The parts folder on a Hadoop file system: atomic parts, retries, and executors that cannot see it. */
class PartFilesTest {
    private static final RunConfig CONFIG = new RunConfig("match", List.of("greedy", "random"), List.of(Rules.twoPlayer()),
            Deck.standard(), 99, 8, List.<int[]>of(new int[]{0, 1}), RunConfig.Pairing.ROTATE, 0, 8, 0, 1, StudySettings.NONE);

    @Test
    void base_withAScheme_isAFileSystemUri_withoutOne_aLocalPathMadeAbsolute() {
        assertEquals("hdfs://nn:8020/runs", PartFiles.base("hdfs://nn:8020/runs").toString());
        assertEquals("s3a://bucket/parts", PartFiles.base("s3a://bucket/parts").toString());
        assertEquals(Path.of("rel").toAbsolutePath().toUri().getPath(), PartFiles.base("rel").toUri().getPath());
        assertEquals("file", PartFiles.base("rel").toUri().getScheme());
    }

    @Test
    void publish_retriedAttempt_leavesOneWholePart_readInOrder_thenAllDeleted(@TempDir Path dir) throws Exception {
        PartFiles parts = PartFiles.create(dir.toUri().toString(), new Configuration());
        assertTrue(parts.dir().startsWith("file:"), parts.dir());
        for (String attempt : List.of("7", "8")) { // the first attempt published, then was retried elsewhere
            try (Writer w = parts.open(PartFiles.Kind.RECORDS, 40, attempt)) {
                w.write("a\nb\nc\n");
            }
            parts.publish(PartFiles.Kind.RECORDS, 40, attempt);
        }
        try (PartFiles.Lines l = parts.lines(PartFiles.Kind.RECORDS, 40, true);
             PartFiles.Lines none = parts.lines(PartFiles.Kind.CSV, 40, false)) {
            assertEquals("a\nb\n", l.next(2));
            assertEquals("c\n", l.next(1));
            assertEquals(null, none.next(1));
        }
        parts.delete(40);
        parts.close();
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "the parts folder and its temporary files are gone");
        }
    }

    /**
     * Regression: on several machines, a task whose executor does not share the driver's parts
     * folder wrote into a folder of its own (or failed on a missing one), and the run ended in an
     * internal error. Now it fails before playing, and the run ends with a one-line error.
     */
    @Test
    void tasksThatCannotSeeThePartsFolder_failTheRunWithAOneLineError(@TempDir Path dir) throws Exception {
        Path base = Files.createDirectories(dir.resolve("base"));
        UnitJob job = UnitJob.of(CONFIG, List.of(), 5000, true, true);
        try (SparkExecutor ex = new SparkExecutor(Contexts.get("local[2]"), base.toString(), job, new AtomicBoolean())) {
            try (Stream<Path> made = Files.list(base)) { // as an executor on another machine sees the driver's folder
                for (Path p : made.toList()) {
                    Files.delete(p);
                }
            }
            UserError e = assertThrows(UserError.class, () -> ex.run(0, 8, c -> fail("nothing is committed")));
            assertTrue(e.getMessage().startsWith("an executor cannot see the parts folder (file:" + base), e.getMessage());
            assertTrue(e.getMessage().endsWith("(--spark-parts DIR: hdfs://…, s3a://…, or a shared mount)"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
