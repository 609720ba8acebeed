package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.record.GameRecord;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code play}, driven through standard input. */
class HumanPlayCommandTest {

    private static Cli withInput(String input, String... args) {
        InputStream old = System.in;
        try {
            System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
            return Cli.run(args);
        } finally {
            System.setIn(old);
        }
    }

    @Test
    void play_wholeGameFromStdin_reasksBadInput_showsBreakdown_savesReplayableRecord(@TempDir Path dir) throws IOException {
        Path rec = dir.resolve("mine.jsonl");
        String answers = "nonsense\n0\n\nhelp\n" + "1\n".repeat(400);
        Cli c = withInput(answers, "play", "greedy", "--seat", "1", "--seed", "11", "--records", rec.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("'nonsense' is not one of your moves"), c.out);
        assertTrue(c.out.contains("'0' is not one of your moves"), c.out);
        assertTrue(c.out.contains("legend:"), "help prints the legend");
        assertTrue(c.out.contains("seat 0 (greedy) takes"), "the bot's moves are shown");
        assertTrue(c.out.contains("=== game over ===") && c.out.contains("score by category"), c.out);
        assertFalse(c.out.contains("\u001b["), "no colour codes when the output is not a terminal");
        List<String> lines = Files.readAllLines(rec);
        assertEquals(1, lines.size());
        GameRecord g = GameRecord.parse(lines.get(0));
        assertEquals(List.of("greedy", "human"), g.seats());
        g.replay(); // the saved game replays through the engine to its recorded scores
        assertTrue(c.out.contains(String.format("%-14s  %3d", "total (cards)", g.result().cards()[0])), c.out);

        // same seed, same answers: the same game
        Path rec2 = dir.resolve("again.jsonl");
        assertEquals(0, withInput(answers, "play", "greedy", "--seat", "1", "--seed", "11", "--records", rec2.toString()).exit);
        assertEquals(lines, Files.readAllLines(rec2));
    }

    @Test
    void play_endOfInputOrQuit_endsCleanly_savesTheGameSoFarAsYourForfeit_numbered(@TempDir Path dir) throws IOException {
        // Before: "nothing saved" of the game so far, and "saved to … --game N" with N left for the reader.
        Path rec = dir.resolve("mine.jsonl");
        Cli c = withInput("1\n", "play", "random", "--seed", "2", "--records", rec.toString(), "--color", "always");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("end of input: game abandoned after"), c.out);
        assertTrue(c.out.contains("saved as your forfeit to " + rec + " (./richelieu view " + rec + " --game 0)"), c.out);
        assertTrue(c.out.contains("\u001b["), "--color always draws with ANSI colours");
        assertTrue(c.err.isEmpty(), c.err);
        Cli q = withInput("1\nquit\n", "play", "random", "--seed", "3", "--records", rec.toString());
        assertTrue(q.out.contains("quit: game abandoned after") && q.out.contains("--game 1)"), q.out);
        Cli whole = withInput("1\n".repeat(400), "play", "random", "--seed", "4", "--records", rec.toString());
        assertTrue(whole.out.contains("saved to " + rec + " (./richelieu view " + rec + " --game 2)"), whole.out);
        List<String> lines = Files.readAllLines(rec);
        assertEquals(3, lines.size());
        GameRecord quit = GameRecord.parse(lines.get(1));
        assertEquals(0, quit.result().forfeitSeat(), "the person's forfeit");
        quit.replay(); // the game so far replays through the engine
        Cli.ok("view", rec.toString(), "--game", "1", "-o", dir.resolve("q.html").toString());
    }

    @Test
    void play_threePlayers_quit_andBadOptionsAreOneLineErrors() {
        Cli q = withInput("quit\n", "play", "greedy", "--players", "3", "--seat", "2", "--seed", "4");
        assertEquals(0, q.exit, q.toString());
        assertTrue(q.out.contains("seat 1 (greedy)") && q.out.contains("quit: game abandoned"), q.out);
        for (String[] bad : new String[][]{{"play", "greedy", "--seat", "2"}, {"play", "greedy", "--players", "5"},
                {"play", "nosuchbot"}, {"play", "greedy", "--variant", "x"}}) {
            Cli c = withInput("", bad);
            assertEquals(2, c.exit, c.toString());
            assertFalse(c.err.contains("Exception"), c.err);
        }
    }

    @Test
    void play_inputWithoutEnd_refusedAtTheBoundWithoutEchoingIt() {
        // Before: `play random < /dev/zero` read one endless line until OutOfMemoryError; a long line was echoed whole.
        String zeros = "\0".repeat(10 << 20);
        Cli c = withInput(zeros, "play", "random", "--seed", "2");
        assertEquals(2, c.exit, () -> c.err);
        assertTrue(c.err.contains("standard input line 1: longer than"), c.err);
        assertTrue(c.out.length() < 100_000, "nothing echoed: " + c.out.length() + " characters");
    }

    @Test
    void play_badLine_echoedShortAndAsData() {
        String garbage = "ab\u001b[2J" + "x".repeat(300);
        Cli c = withInput(garbage + "\nquit\n", "play", "random", "--seed", "2");
        assertEquals(0, c.exit, c.toString());
        assertFalse(c.out.contains("\u001b"), "no raw escape character");
        assertTrue(c.out.contains("'ab\\u001B[2Jxxx"), c.out);
        assertFalse(c.out.contains("x".repeat(100)), "a long line is not echoed whole");
    }
}
