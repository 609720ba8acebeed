package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import richelieu.runner.study.RunBasics;

import java.math.BigInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Run sizes, SPRT bounds and the small CLI defects. */
class CliLimitsTest {

    @Test
    void tournament_pairsOverflowingTheGameCount_exit2BeforePlaying() {
        Cli c = Cli.run("tournament", "random", "greedy", "heuristic", "--pairs", "3074457345618258603", "--no-progress");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("--pairs 3,074,457,345,618,258,603 is too large"), c::toString);
        assertFalse(c.out.contains("games"), "nothing is played or announced: " + c);
    }

    @Test
    void match_pairsOverflowingToANegativeGameCount_exit2() {
        Cli c = Cli.run("match", "random", "random", "--pairs", "4611686018427387904", "--no-progress");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("the limit keeps every count exact"), c::toString);
        Cli games = Cli.run("first-player", "random", "--games", Long.toString(RunBasics.MAX_GAMES + 1), "--no-progress");
        assertEquals(2, games.exit, games::toString);
        assertTrue(games.err.contains("--games"), games::toString);
    }

    @Test
    void shardBound_hugeRun_exactWhereTheProductWouldOverflow() {
        long units = RunBasics.MAX_GAMES;
        for (int n : new int[]{1, 7, 1000, Integer.MAX_VALUE}) {
            for (int k : new int[]{0, 1, n / 2, n - 1, n}) {
                long expected = BigInteger.valueOf(units).multiply(BigInteger.valueOf(k)).divide(BigInteger.valueOf(n))
                        .longValueExact();
                assertEquals(expected, RunBasics.shardBound(units, k, n), units + " * " + k + " / " + n);
            }
        }
    }

    @Test
    void sprt_elo1Of1e308_exit2BeforeAnyGame() {
        Cli c = Cli.run("sprt", "greedy", "random", "--elo1", "1e308", "--max-games", "40", "--no-progress");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("--elo0 and --elo1 must be between -1000 and 1000 (logistic model)"), c::toString);
        assertFalse(c.out.contains("games"), "no game is played: " + c);
    }

    @ParameterizedTest
    @ValueSource(strings = {"logistic:999:1000", "logistic:-1000:-999", "normalized:149:150", "normalized:-150:-149"})
    void sprt_hypothesesAtTheEloLimitOnOneSidedData_decideWithoutError(String hypotheses) {
        String[] h = hypotheses.split(":");
        Cli c = Cli.run("sprt", "greedy", "random", "--elo0", h[1], "--elo1", h[2], "--model", h[0],
                "--max-games", "40", "--batch", "10", "--seed", "3", "--threads", "1", "--no-progress");
        assertEquals(0, c.exit, c::toString);
        assertFalse(c.err.contains("internal error"), c::toString);
    }

    @Test
    void help_ofEveryCommand_exit0WithoutPicocliWarnings() {
        CommandLine cl = new CommandLine(new Main());
        for (String name : cl.getSubcommands().keySet()) {
            if (name.equals("help")) {
                continue;
            }
            Cli c = Cli.run(name, "--help");
            assertEquals(0, c.exit, () -> name + " --help: " + c);
            assertFalse(c.out.contains("WARN") || c.err.contains("WARN"), () -> name + " --help: " + c);
            assertTrue(c.out.contains("Usage: richelieu " + name), () -> name + " --help: " + c);
        }
    }

    @Test
    void threads0_errorBeforeTheHeader() {
        Cli c = Cli.run("match", "random", "random", "--threads", "0", "--pairs", "2", "--no-progress");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("--threads must be between 1 and 1024, not 0"), c::toString);
        assertEquals("", c.out, "nothing before the error");
    }

    /** Standard output on a full disk: every write fails. */
    private static final class FullDisk extends java.io.OutputStream {
        @Override
        public void write(int b) throws java.io.IOException {
            throw new java.io.IOException("No space left on device");
        }
    }

    @Test
    void stdout_writeFails_oneLineAndExit2(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        // Before: exit 0 with nothing written (PrintStream keeps its write errors to itself).
        String rec = Cli.twoRecordedGames(dir).toString();
        String[][] commands = {{"deck", "--json"}, {"replay", rec}, {"solve", rec, "--cards-left", "6", "--open", "--json", "-"},
                {"bots"}, {"version"}, {"match", "random", "random", "--pairs", "1", "--no-progress"}, {"match", "--help"}};
        for (String[] args : commands) {
            Cli c = Cli.runWithStdout(new FullDisk(), args);
            assertEquals(2, c.exit, c::toString);
            // a run's own stderr lines (its timing) come first; the failure is the last line, once
            String last = c.err.strip().substring(c.err.strip().lastIndexOf('\n') + 1);
            assertTrue(last.startsWith("richelieu: could not write to standard output"), c::toString);
            assertEquals(1, c.err.split("standard output", -1).length - 1, c::toString);
        }
    }
}
