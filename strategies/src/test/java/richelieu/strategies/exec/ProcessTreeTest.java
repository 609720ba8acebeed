package richelieu.strategies.exec;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.BotFailure;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.strategies.RandomStrategy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static richelieu.strategies.exec.ExecTesting.play;
import static richelieu.strategies.exec.ExecTesting.quote;
import static richelieu.strategies.exec.ExecTesting.testBot;

/**
 * Bot processes and their children: every process a bot leaves behind is killed with it, and a bot runs in its own session and process group, so a terminal's Ctrl-C reaches
 * only the runner. Linux: process state is read from /proc.
 */
class ProcessTreeTest {
    @TempDir
    Path tmp;

    /** Grandchildren seen by a test, killed afterwards if a test failed and left them running. */
    private final List<Long> orphans = new ArrayList<>();

    @BeforeAll
    static void python() {
        ExecTesting.requirePython();
    }

    @AfterEach
    void cleanUp() {
        orphans.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    @Test
    void close_botLeftADoubleForkedGrandchild_grandchildIsKilled() throws Exception {
        Path pidFile = tmp.resolve("grandchild.pid");
        ExecStrategy bot = ExecStrategy.of("python3 " + testBot("double_fork_bot.py") + " " + quote(pidFile) + " play");
        try {
            GameResult r = play(new Game(), 1, new RandomStrategy(), bot);
            assertFalse(r.isForfeit());
            long grandchild = readPid(pidFile);
            assertTrue(alive(grandchild), "the grandchild runs while the bot plays");
            assertFalse(bot.launched().get(0).descendants().anyMatch(h -> h.pid() == grandchild),
                    "the grandchild is orphaned: not a descendant of the bot any more");
        } finally {
            bot.close();
        }
        assertGone(readPid(pidFile), "after close()");
    }

    @Test
    void timeout_botLeftADoubleForkedGrandchild_grandchildIsKilled() throws Exception {
        Path pidFile = tmp.resolve("grandchild.pid");
        try (ExecStrategy bot = ExecStrategy.of("--move-timeout=300 python3 " + testBot("double_fork_bot.py") + " "
                + quote(pidFile) + " hang")) {
            Game game = new Game();
            GameResult r = play(game, 1, new RandomStrategy(), bot);
            assertEquals(BotFailure.Reason.TIMEOUT, r.forfeit(), r.failure());
            assertGone(readPid(pidFile), "after the time-out, with the bot object still open");
        }
    }

    @Test
    void start_botLeadsItsOwnSessionAndProcessGroup() throws Exception {
        assertNotNull(BotProcess.SETSID, "util-linux setsid must be installed: bots need their own process group");
        Path pidFile = tmp.resolve("grandchild.pid");
        try (ExecStrategy bot = ExecStrategy.of("python3 " + testBot("double_fork_bot.py") + " " + quote(pidFile) + " play")) {
            assertFalse(play(new Game(), 2, bot, new RandomStrategy()).isForfeit());
            long pid = bot.launched().get(0).pid();
            long[] botIds = groupAndSession(pid);
            long[] ours = groupAndSession(ProcessHandle.current().pid());
            assertEquals(pid, botIds[0], "the bot leads its process group");
            assertEquals(pid, botIds[1], "the bot leads its session (no controlling terminal)");
            assertNotEquals(ours[0], botIds[0], "a signal to the runner's group misses the bot");
            assertNotEquals(ours[1], botIds[1]);
        }
    }

    private long readPid(Path file) throws Exception {
        for (int i = 0; i < 200 && !Files.exists(file); i++) {
            Thread.sleep(25);
        }
        long pid = Long.parseLong(Files.readString(file).strip());
        orphans.add(pid);
        return pid;
    }

    private static void assertGone(long pid, String when) throws InterruptedException {
        for (int i = 0; i < 100 && alive(pid); i++) {
            Thread.sleep(20);
        }
        assertFalse(alive(pid), "grandchild " + pid + " still runs " + when);
    }

    /** Running, not a zombie waiting to be reaped by a container's init. */
    private static boolean alive(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw new AssertionError("cannot read /proc: " + e.getMessage(), e);
        }
    }

    /** {process group id, session id} from /proc/PID/stat (fields 5 and 6). */
    private static long[] groupAndSession(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new long[]{Long.parseLong(f[2]), Long.parseLong(f[3])};
        } catch (IOException e) {
            fail("cannot read /proc/" + pid + "/stat: " + e.getMessage());
            return null;
        }
    }
}
