package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Through the command line: strict JSON input, one line and exit code 2. */
class InputFilesTest {
    @TempDir
    Path dir;

    @Test
    void match_deckNestedTooDeeply_exit2OneLineNotInternalError() throws IOException {
        Path deck = dir.resolve("deep.json");
        Files.writeString(deck, "{\"name\": \"x\", \"cards\": " + "[".repeat(5000) + "]".repeat(5000) + "}");
        Cli.refused("nesting depth", "match", "random", "random", "--pairs", "1", "--deck", deck.toString(), "--no-progress");
    }

    @Test
    void resume_resultFileWithTrailingData_exit2() throws IOException {
        Path json = ResultFiles.smallMatch(dir.resolve("run.json"));
        Files.writeString(json, Files.readString(json) + "{\"format\": \"richelieu-result/1\"}\n");
        Cli.refused("not valid JSON", "match", "random", "random", "--resume", json.toString(), "--no-progress");
    }

    @Test
    void merge_resultFileClaimingAMillionBots_exit2WithoutAllocating() throws IOException {
        Path json = ResultFiles.smallMatch(dir.resolve("run.json"));
        Files.writeString(json, Files.readString(json).replaceFirst("\"bots\" : 2", "\"bots\" : 1000000"));
        Cli.refused("\"bots\" must be between 1 and 256, not 1000000", "merge", json.toString());
    }

    @Test
    void view_seatNameWithHalfACharacter_blamesTheRecord_notTheOutputFile() throws IOException {
        // Before: "cannot write …/game-0.html: Input length = 1", as if the page could not be written.
        Path rec = Cli.twoRecordedGames(dir);
        String line = Files.readAllLines(rec).get(0);
        Files.writeString(rec, line.replaceFirst("\"random\"", "\"rand\\\\ud800om\"") + "\n");
        Cli c = Cli.refused("holds half of a character (an unpaired surrogate)", "view", rec.toString(), "-o",
                dir.resolve("page.html").toString());
        assertTrue(c.err.startsWith("richelieu: " + rec), c::toString);
        assertFalse(Files.exists(dir.resolve("page.html")));
    }

    @Test
    void readers_aLoopOfSymbolicLinks_saySo_notNoSuchFile() throws IOException {
        // Before: merge, chart, ratings and deck said "no such file".
        Path a = Files.createSymbolicLink(dir.resolve("a.json"), dir.resolve("b.json"));
        Files.createSymbolicLink(dir.resolve("b.json"), a);
        for (String[] command : new String[][]{{"merge", a.toString()}, {"chart", a.toString()}, {"ratings", a.toString()},
                {"deck", a.toString()}}) {
            Cli c = Cli.refused(a + ": cannot read it (a loop of symbolic links)", command);
            assertFalse(c.err.contains("no such file"), c::toString);
        }
    }

    @Test
    void deckName_withTerminalEscapes_printedAsDataByDeckAndTheRunHeader() throws IOException {
        // Before: "\u001b[2J" in a deck's name cleared the terminal from `deck` and from every run's header.
        String json = richelieu.engine.Deck.standard().toJson();
        String name = com.fasterxml.jackson.databind.json.JsonMapper.builder().build().readTree(json).get("name").asText();
        Path deck = dir.resolve("evil.json");
        Files.writeString(deck, json.replace(name, "evil\\u001b[2Jdeck\\nsecond line"));
        Cli shown = Cli.run("deck", deck.toString());
        assertEquals(0, shown.exit, shown::toString);
        assertTrue(shown.out.contains("deck: evil\\u001B[2Jdeck\\u000Asecond line"), shown::toString);
        assertFalse(shown.out.contains("\u001b"), "no raw escape character");
        Cli run = Cli.run("match", "random", "greedy", "--pairs", "1", "--deck", deck.toString(), "--no-progress");
        assertEquals(0, run.exit, run::toString);
        assertFalse(run.out.contains("\u001b") || run.out.lines().anyMatch(l -> l.startsWith("second line")), run.out);
    }

    @Test
    void readers_aFolderAsTheFile_oneLineExit2NamingItOnce() throws IOException {
        // Before: solve and replay said "internal error: IOException: Is a directory", exit 1;
        // ratings named the folder twice.
        Path folder = Files.createDirectories(dir.resolve("folder"));
        String f = folder.toString();
        String[][] commands = {{"solve", f, "--step", "1"}, {"replay", f}, {"view", f, "-o", dir.resolve("p.html").toString()},
                {"ratings", f}, {"merge", f}, {"chart", f}, {"deck", f}, {"distance", "--from", f, "--out", dir.resolve("out").toString()},
                {"match", "random", "random", "--resume", f, "--no-progress"},
                {"match", "random", "random", "--deck", f, "--no-progress"}};
        for (String[] command : commands) {
            Cli c = Cli.refused(f, command);
            assertEquals(1, c.err.split(java.util.regex.Pattern.quote(f), -1).length - 1, "the folder once: " + c);
            assertTrue(c.err.contains("folder") || c.err.contains("not a regular file"), c::toString);
        }
    }
}
