package richelieu.runner;

import richelieu.runner.study.OutputFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Output paths are checked before the first game and written safely. */
class OutputPathsTest {
    @TempDir
    Path dir;

    private Cli match(String... extra) {
        String[] args = new String[8 + extra.length];
        String[] base = {"match", "random", "random", "--pairs", "2", "--seed", "5", "--no-progress"};
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return Cli.run(args);
    }

    @Test
    void json_inAFolderThatCannotHoldFiles_exit2BeforeTheFirstGame() {
        Cli c = match("--json", "/proc/x.json");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("--json /proc/x.json: cannot write there"), c::toString);
        assertEquals("", c.out, "nothing is printed or played before the error");
    }

    @Test
    void json_symlink_writesThroughToItsTargetAndKeepsTheLink() throws IOException {
        Path target = dir.resolve("target.json");
        Files.writeString(target, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), target);
        Cli c = match("--json", link.toString());
        assertEquals(0, c.exit, c::toString);
        assertTrue(Files.isSymbolicLink(link), "the link is not replaced by the rename");
        assertTrue(Files.readString(target).contains("\"format\" : \"richelieu-result/1\""));
    }

    @Test
    void json_fifo_refusedAndLeftAsItIs() throws Exception {
        Path fifo = dir.resolve("fifo.json");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, p.waitFor());
        Cli c = match("--json", fifo.toString());
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("not a regular file"), c::toString);
        assertTrue(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(fifo), "still the FIFO");
    }

    @Test
    void csvAndRecords_onePathInTwoSpellings_exit2() throws IOException {
        Path x = dir.resolve("x.txt");
        Cli same = match("--csv", x.toString(), "--records", x.toString());
        assertEquals(2, same.exit, same::toString);
        assertTrue(same.err.contains("--csv and --records name the same file"), same::toString);
        Files.createDirectories(dir.resolve("sub"));
        Cli spelled = match("--csv", dir.resolve("sub/../x.txt").toString(), "--records", dir.resolve("./x.txt").toString());
        assertEquals(2, spelled.exit, spelled::toString);
        Path link = Files.createSymbolicLink(dir.resolve("alias.txt"), x);
        Cli linked = match("--json", link.toString(), "--records", x.toString());
        assertEquals(2, linked.exit, linked::toString);
        assertTrue(linked.err.contains("--json and --records name the same file"), linked::toString);
        assertFalse(Files.exists(x), "nothing was written");
    }

    @Test
    void csv_sameFileAsTheDeck_exit2() throws IOException {
        Path deck = dir.resolve("deck.json");
        Files.writeString(deck, richelieu.engine.Deck.standard().toJson());
        Cli c = match("--deck", deck.toString(), "--csv", deck.toString());
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("--csv and --deck name the same file"), c::toString);
        assertEquals(richelieu.engine.Deck.standard().toJson(), Files.readString(deck), "the deck is untouched");
    }

    @Test
    void outputFileThatCannotBeOpened_isAUserErrorNamingIt() {
        Path csv = Path.of("/proc/richelieu-no-such-folder/games.csv");
        UserError e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
                () -> OutputFiles.open(null, csv, "header", false, 0));
        assertTrue(e.getMessage().startsWith(csv + ": cannot write it ("), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void reportOut_aFolderThatCannotBeMade_exit2BeforeTheFirstGame() throws IOException {
        Path config = dir.resolve("studies.json");
        Files.writeString(config, "{\"seed\": 5, \"studies\": [{\"id\": \"ladder\", \"title\": \"Ladder\", \"question\": \"?\", "
                + "\"args\": [\"tournament\", \"random\", \"greedy\", \"--pairs\", \"2\"], \"quick\": [\"tournament\", "
                + "\"random\", \"greedy\", \"--pairs\", \"2\"]}]}");
        Cli c = Cli.run("report", "--config", config.toString(), "--out", "/proc/richelieu-report");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.startsWith("richelieu: --out /proc/richelieu-report: cannot write there")
                && c.err.strip().lines().count() == 1, c::toString);
        assertEquals("", c.out, "no study was run");
    }
}
