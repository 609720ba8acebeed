package richelieu.runner.study;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.Main;
import richelieu.runner.resultfile.ResultFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run's result is saved where it can be, never over another run's save, and every failure is said. */
class ResultSaverTest {
    @TempDir
    static Path shared;

    @TempDir
    Path dir;

    private static ResultFile result;

    @BeforeAll
    static void aResult() {
        Path f = shared.resolve("r.json");
        assertEquals(0, Main.run("match", "greedy", "random", "--pairs", "2", "--seed", "1", "--threads", "1", "--json",
                f.toString(), "--no-progress"));
        result = ResultReader.readFile(f);
    }

    private ResultSaver saver(Path asked, Path... folders) {
        return new ResultSaver(asked, result.config(), true, List.of(folders));
    }

    @Test
    void save_noFileNamed_aSecondRunTakesTheNextName_theFirstSaveKept() throws IOException {
        // Before: both runs saved to richelieu-match-1.partial.json, the second over the first.
        Path first = saver(null, dir).save(result);
        assertEquals(dir.resolve("richelieu-match-1.partial.json"), first);
        String kept = Files.readString(first);
        Path second = saver(null, dir).save(result);
        assertEquals(dir.resolve("richelieu-match-1-2.partial.json"), second);
        assertEquals(kept, Files.readString(first));
        assertTrue(Files.readString(second).contains("richelieu-result/1"));
    }

    @Test
    void save_defaultNameIsASymlinkOrAFolder_neitherWrittenThrough_theNextNameTaken() throws IOException {
        // Before: a symlink at the default name was written through to its target.
        Path target = Files.writeString(dir.resolve("precious.txt"), "mine");
        Files.createSymbolicLink(dir.resolve("richelieu-match-1.partial.json"), target);
        Files.createSymbolicLink(dir.resolve("richelieu-match-1-2.partial.json"), dir.resolve("dangling"));
        Files.createDirectory(dir.resolve("richelieu-match-1-3.partial.json"));
        Path saved = saver(null, dir).save(result);
        assertEquals(dir.resolve("richelieu-match-1-4.partial.json"), saved);
        assertEquals("mine", Files.readString(target));
        assertFalse(Files.exists(dir.resolve("dangling"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void save_theNamedFileFails_savedUnderTheDefaultName_andTheReasonKept() throws IOException {
        // Before: an IOException ended the command, nothing saved.
        Path folder = Files.createDirectory(dir.resolve("asked.json"));
        ResultSaver s = saver(folder, dir);
        Path saved = s.save(result);
        assertEquals(dir.resolve("richelieu-match-1.partial.json"), saved);
        assertTrue(s.elsewhere());
        assertEquals(1, s.failures().size(), s.failures()::toString);
        assertTrue(s.failures().get(0).startsWith(folder + ": not a regular file"), s.failures()::toString);
        assertEquals(saved, s.save(result), "later saves of the run go where the first went");
    }

    @Test
    void save_noPlaceTakesIt_null_withEveryReason() throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");
        Path folder = Files.createDirectory(dir.resolve("asked.json"));
        ResultSaver s = saver(folder, notAFolder);
        assertNull(s.save(result));
        assertEquals(2, s.failures().size(), s.failures()::toString);
        assertTrue(s.failures().get(1).startsWith(notAFolder + ": "), s.failures()::toString);
    }
}
