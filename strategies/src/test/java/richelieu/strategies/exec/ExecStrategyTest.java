package richelieu.strategies.exec;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.BotFailure;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.engine.TestBots;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.RandomStrategy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static richelieu.strategies.exec.ExecTesting.exampleBot;
import static richelieu.strategies.exec.ExecTesting.play;
import static richelieu.strategies.exec.ExecTesting.quote;
import static richelieu.strategies.exec.ExecTesting.testBot;

/**
 * Out-of-process bots through the real game driver: full games with the Python examples, and
 * one test per failure showing that a misbehaving bot forfeits that game only, its process is
 * gone, and the same strategy object plays the next game with a fresh process.
 */
class ExecStrategyTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void python() {
        ExecTesting.requirePython();
    }

    // ------------------------------------------------------------------ full games

    @Test
    void play_pythonRandomVsJavaRandom_completesWithoutForfeitInOneProcess() {
        try (ExecStrategy py = ExecStrategy.of("python3 " + exampleBot("random_bot.py"))) {
            Game game = new Game();
            for (int g = 0; g < 12; g++) {
                Strategy java = new RandomStrategy();
                boolean pyFirst = g % 2 == 0;
                GameResult r = pyFirst ? play(game, g, py, java) : play(game, g, java, py);
                int seed = g;
                assertFalse(r.isForfeit(), () -> "game " + seed + " forfeited: " + r.failure());
                assertNull(r.failure());
                assertTrue(r.turns() >= 24, "a base game takes at least 24 turns (48 cards, at most 2 a turn)");
                assertEquals(48, r.cards()[0] + r.cards()[1], "every card is taken in the base game");
            }
            assertEquals(1, py.launched().size(), "the process is kept across games");
            assertTrue(py.launched().get(0).isAlive());
        }
    }

    @Test
    void play_pythonBotsInEveryPlayerCountAndVariant_completeWithoutForfeit() {
        Game game = new Game();
        for (int players = 2; players <= 4; players++) {
            for (Rules.Variant v : Rules.Variant.values()) {
                Rules rules = Rules.standard(players).withVariant(v)
                        .withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING);
                Strategy[] bots = new Strategy[players];
                for (int p = 0; p < players; p++) {
                    bots[p] = p == 1 ? new RandomStrategy()
                            : ExecStrategy.of("python3 " + exampleBot(p == 0 ? "random_bot.py" : "greedy_bot.py"));
                }
                try {
                    GameResult r = play(game, rules, players * 10L + v.ordinal(), 5, bots);
                    assertFalse(r.isForfeit(), () -> rules.describe() + ": " + r.failure());
                    assertEquals(players, r.players());
                } finally {
                    for (Strategy b : bots) {
                        if (b instanceof ExecStrategy e) {
                            e.close();
                        }
                    }
                }
            }
        }
    }

    @Test
    void play_pythonGreedyVsJavaRandom_completesWithoutForfeit() {
        try (ExecStrategy py = ExecStrategy.of("python3 " + exampleBot("greedy_bot.py"))) {
            Game game = new Game();
            for (int g = 0; g < 4; g++) {
                GameResult r = play(game, 100 + g, new RandomStrategy(), py);
                assertFalse(r.isForfeit(), r::failure);
            }
        }
    }

    @Test
    void play_sameSeeds_sameGameWithFreshProcessesAndAcrossGames() {
        int[][] first = new int[3][];
        try (ExecStrategy a = ExecStrategy.of("python3 " + exampleBot("random_bot.py"))) {
            Game game = new Game();
            for (int g = 0; g < 3; g++) {
                play(game, 40 + g, a, new RandomStrategy());
                first[g] = game.lastActions();
            }
            // The same process replays the first seed exactly: its randomness comes from start.seed.
            play(game, 40, a, new RandomStrategy());
            assertArrayEquals(first[0], game.lastActions(), "same seed later in the same process");
        }
        try (ExecStrategy b = ExecStrategy.of("python3 " + exampleBot("random_bot.py"))) {
            Game game = new Game();
            for (int g = 0; g < 3; g++) {
                play(game, 40 + g, b, new RandomStrategy());
                assertArrayEquals(first[g], game.lastActions(), "seed " + (40 + g) + " in a fresh process");
            }
            // Same deal, other bot streams: the python bot's choices change, so it does use the seed.
            play(game, Rules.twoPlayer(), 40, 999, b, new TestBots.First());
            assertFalse(Arrays.equals(first[0], game.lastActions()), "the bot's seed must matter");
        }
    }

    // ------------------------------------------------------------------ failures

    @Test
    void play_botCrashesMidGame_forfeitsWithCrashAndNextGameRestarts() {
        String failure = failsOnceThenRecovers("", "crash_bot.py", BotFailure.Reason.CRASH);
        assertTrue(failure.contains("exited with code 3"), failure);
        assertTrue(failure.contains("boom: deliberate crash at decision 3"), "stderr is quoted: " + failure);
    }

    @Test
    void play_botHangsPastTimeLimit_forfeitsWithTimeoutKillsAndRestarts() {
        long t0 = System.nanoTime();
        String failure = failsOnceThenRecovers("--move-timeout=300 ", "hang_bot.py", BotFailure.Reason.TIMEOUT);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(failure.contains("no answer within 300 ms"), failure);
        assertTrue(millis >= 300 && millis < 10_000, "two games with one 300 ms time-out took " + millis + " ms");
    }

    @Test
    void play_botAnswersIllegalAction_forfeitsWithIllegalAndRestarts() {
        String failure = failsOnceThenRecovers("", "illegal_bot.py", BotFailure.Reason.ILLEGAL);
        assertTrue(failure.contains("answered 36864 (skip), which is not legal here"), failure);
        assertTrue(failure.contains("take-first"), failure);
    }

    @Test
    void play_botPrintsGarbage_forfeitsWithGarbageAndRestarts() {
        String failure = failsOnceThenRecovers("", "garbage_bot.py", BotFailure.Reason.GARBAGE);
        assertTrue(failure.contains("'I think I will take the Bourgogne card', which is not valid JSON"), failure);
    }

    @Test
    void play_botWritesWhenNoAnswerIsDue_forfeitsWithGarbageAndRestarts() {
        String failure = failsOnceThenRecovers("", "chatty_bot.py", BotFailure.Reason.GARBAGE);
        // Seen before the first act was sent, or read as the answer to it: GARBAGE either way.
        assertTrue(failure.contains("wrote '{\"ready\": true}' when no answer was due")
                || failure.contains("answered '{\"ready\": true}', which has no \"action\" field"), failure);
    }

    @Test
    void play_botExitsAtStart_forfeitsWithCrashAndRestarts() {
        String failure = failsOnceThenRecovers("", "exit_bot.py", BotFailure.Reason.CRASH);
        assertTrue(failure.contains("exited with code 7"), failure);
        assertTrue(failure.contains("cannot load model weights"), failure);
    }

    @Test
    void play_commandNotFound_forfeitsWithCrashNamingTheCommand() {
        try (ExecStrategy bot = ExecStrategy.of("no-such-richelieu-bot-program --x")) {
            Game game = new Game();
            GameResult r = play(game, 1, new RandomStrategy(), bot);
            assertEquals(BotFailure.Reason.CRASH, r.forfeit());
            assertEquals(1, r.forfeitSeat());
            assertTrue(r.failure().contains("bot 'exec:no-such-richelieu-bot-program --x' cannot be started"),
                    r.failure());
            assertTrue(bot.launched().isEmpty());
        }
    }

    @Test
    void play_slowStartWithinStartTimeout_noForfeit() {
        try (ExecStrategy bot = ExecStrategy.of("--move-timeout=200 python3 " + testBot("slow_start_bot.py"))) {
            Game game = new Game();
            GameResult r = play(game, 3, bot, new RandomStrategy());
            assertFalse(r.isForfeit(), "the first answer may take the start time-out: " + r.failure());
            assertEquals(200, bot.moveTimeoutMillis());
        }
    }

    @Test
    void play_slowStartPastStartTimeout_forfeitsWithTimeout() {
        try (ExecStrategy bot = ExecStrategy.of("--move-timeout=200 --start-timeout=300 python3 "
                + testBot("slow_start_bot.py"))) {
            Game game = new Game();
            GameResult r = play(game, 3, bot, new RandomStrategy());
            assertEquals(BotFailure.Reason.TIMEOUT, r.forfeit(), r.failure());
            assertTrue(r.failure().contains("no answer within 300 ms of starting"), r.failure());
            assertFalse(bot.launched().get(0).isAlive());
        }
    }

    @Test
    void close_afterGames_killsProcessAndRefusesNewGames() {
        ExecStrategy bot = ExecStrategy.of("python3 " + exampleBot("random_bot.py"));
        Game game = new Game();
        assertFalse(play(game, 7, bot, new RandomStrategy()).isForfeit());
        ProcessHandle p = bot.launched().get(0);
        assertTrue(p.isAlive());
        bot.close();
        assertFalse(p.isAlive(), "close() ends the process");
        bot.close(); // idempotent
        GameResult r = play(game, 8, bot, new RandomStrategy());
        assertEquals(BotFailure.Reason.CRASH, r.forfeit());
        assertTrue(r.failure().contains("was closed"), r.failure());
        assertEquals(1, bot.launched().size());
    }

    /**
     * Plays a game where the bot (seat 1) misbehaves, checks the forfeit, the one-line message
     * naming the bot, that its process is gone, and that the next game starts a fresh process
     * and completes. Returns the failure message.
     */
    private String failsOnceThenRecovers(String options, String script, BotFailure.Reason reason) {
        Path marker = tmp.resolve(script + ".first-game");
        String raw = options + "python3 " + testBot(script) + " " + quote(marker);
        ExecStrategy bot = ExecStrategy.of(raw);
        try {
            Game game = new Game();
            GameResult r = play(game, 1, new RandomStrategy(), bot);
            String failure = r.failure();
            assertEquals(reason, r.forfeit(), () -> "expected " + reason + ", got " + r + ": " + failure);
            assertEquals(1, r.forfeitSeat());
            assertEquals(0b01, r.winners(), "the other seat wins a forfeit");
            assertTrue(failure.contains("bot 'exec:" + raw + "' (seat 1, turn "), failure);
            assertFalse(failure.contains("\n") || failure.contains("\r"), "one line: " + failure);
            List<ProcessHandle> first = bot.launched();
            assertEquals(1, first.size());
            assertFalse(first.get(0).isAlive(), "the failed process must be gone at once");

            GameResult next = play(game, 2, new RandomStrategy(), bot);
            assertFalse(next.isForfeit(), () -> "the next game must work: " + next.failure());
            List<ProcessHandle> both = bot.launched();
            assertEquals(2, both.size(), "a fresh process for the next game");
            assertNotEquals(both.get(0).pid(), both.get(1).pid());
            assertTrue(both.get(1).isAlive(), "a healthy process is kept for further games");
            bot.close();
            assertFalse(both.get(1).isAlive(), "close() ends it");
            return failure;
        } finally {
            bot.close();
        }
    }

    @Test
    void checkStarts_scriptMissing_failsAtOnceWithExitCodeAndStderr() {
        ExecStrategy bot = ExecStrategy.of("python3 " + quote(tmp.resolve("nosuch.py")));
        long t0 = System.nanoTime();
        var e = assertThrows(BotSpecException.class, () -> bot.checkStarts(firstGame()));
        assertTrue(e.getMessage().startsWith("bot 'exec:python3 '" + tmp.resolve("nosuch.py")
                + "'' cannot start: it exited with code 2"), e.getMessage());
        assertTrue(e.getMessage().contains("No such file"), "python's stderr is quoted: " + e.getMessage());
        assertTrue((System.nanoTime() - t0) / 1_000_000 < ExecStrategy.DEFAULT_START_TIMEOUT_MILLIS,
                "fails before the start time-out");
        assertEquals(0, pythonChildren(), "the checking process is gone");
    }

    @Test
    void checkStarts_botFailsOnItsStart_failsWithItsExitCode() {
        ExecStrategy bot = ExecStrategy.of("python3 " + testBot("exit_bot.py") + " " + quote(tmp.resolve("exit.marker")));
        var e = assertThrows(BotSpecException.class, () -> bot.checkStarts(firstGame()));
        assertTrue(e.getMessage().contains("exited with code 7"), e.getMessage());
        assertTrue(e.getMessage().contains("cannot load model weights"), e.getMessage());
    }

    @Test
    void checkStarts_programMissing_failsNamingIt() {
        var e = assertThrows(BotSpecException.class,
                () -> ExecStrategy.of("no-such-richelieu-bot-program --x").checkStarts(firstGame()));
        assertTrue(e.getMessage().contains("cannot be started: no program no-such-richelieu-bot-program on the PATH"),
                e.getMessage());
        Path missing = tmp.resolve("missing-bot");
        var f = assertThrows(BotSpecException.class, () -> ExecStrategy.of(quote(missing)).checkStarts(firstGame()));
        assertTrue(f.getMessage().contains("no such program " + missing), f.getMessage());
    }

    @Test
    void checkStarts_workingBot_passesQuicklyAndStopsTheCheckingProcess() {
        ExecStrategy bot = ExecStrategy.of("python3 " + exampleBot("random_bot.py"));
        long t0 = System.nanoTime();
        bot.checkStarts(firstGame());
        assertTrue((System.nanoTime() - t0) / 1_000_000 < ExecStrategy.DEFAULT_START_TIMEOUT_MILLIS,
                "the bot exits when its stdin closes; the check does not wait for the time-out");
        assertEquals(0, pythonChildren(), "the checking process is gone");
        assertTrue(bot.launched().isEmpty(), "checking starts no game process");
    }

    private static Strategy.GameStart firstGame() {
        return new Strategy.GameStart(0, Rules.twoPlayer(), ExecTesting.deal(1).layout(), new SplittableRandom(1));
    }

    private static long pythonChildren() {
        return ProcessHandle.current().children().filter(h -> h.info().command().orElse("").contains("python")).count();
    }

    @Test
    void of_malformedCommand_throwsNamingTheProblem() {
        var e = assertThrows(richelieu.strategies.BotSpecException.class, () -> ExecStrategy.of("python3 'bot.py"));
        assertTrue(e.getMessage().contains("unterminated '"), e.getMessage());
    }
}
