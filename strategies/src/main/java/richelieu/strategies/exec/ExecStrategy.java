package richelieu.strategies.exec;

import richelieu.engine.Action;
import richelieu.engine.BotFailure;
import richelieu.engine.GameResult;
import richelieu.engine.Layout;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Strategy;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code exec:<command>}: a bot in any language, run as a separate process that speaks the
 * JSON-lines protocol {@code richelieu-bot/1} on its stdin and stdout ({@code docs/protocol.md}).
 *
 * <p>Design. The process is started lazily by the first {@link #gameStarted} and kept for the
 * following games, so start-up cost is paid once. Every failure — the process died or closed a
 * pipe (CRASH), no answer within the time limit (TIMEOUT), an answer that is not
 * {@code {"action": <int>}} or output when no answer was due (GARBAGE), an action outside the
 * legal set (ILLEGAL) — throws a {@link BotFailure} that the game driver turns into a forfeit of
 * that game, and kills the process at once (with any children), so that the next game starts a
 * fresh one. Nothing here can block forever: messages go to the bot through a writer thread, its
 * answers come back through a reader thread and a queue polled with the deadline, and its stderr
 * is drained continuously (the last lines are quoted in error messages). See {@link BotProcess}.
 *
 * <p>Messages that need no answer ({@code played}) are buffered and sent together with the next
 * {@code act} or {@code end}, so a game costs one pipe round trip per decision of this bot.
 *
 * <p>Time limits. The per-move limit is, in order of precedence: {@code --move-timeout=MS} in the
 * spec ({@code exec:--move-timeout=300 python3 bot.py}); the run's limit, which travels with the
 * bot's parameters ({@link richelieu.strategies.BotParams#moveTimeoutMillis}: what the runner's
 * {@code --move-timeout} sets); the system property {@value #MOVE_TIMEOUT_PROPERTY}; 5000 ms. The first answer of a new process may instead take
 * the start time-out (default 10000 ms; {@code --start-timeout=MS} or
 * {@value #START_TIMEOUT_PROPERTY}), since it includes the process start-up (a JVM, a model
 * load). The limit runs from sending {@code act} to reading the answer line.
 *
 * <p>Not reproducible by construction (an outside process may use the clock), though a bot that
 * seeds itself from {@code start.seed} replays exactly. Call {@link #close()} when done; every
 * process is also killed when the JVM exits.
 */
public final class ExecStrategy implements Strategy, AutoCloseable {
    public static final long DEFAULT_MOVE_TIMEOUT_MILLIS = Bots.DEFAULT_MOVE_TIMEOUT_MILLIS;
    public static final long DEFAULT_START_TIMEOUT_MILLIS = 10000;
    public static final String MOVE_TIMEOUT_PROPERTY = "richelieu.exec.moveTimeoutMillis";
    public static final String START_TIMEOUT_PROPERTY = "richelieu.exec.startTimeoutMillis";
    /** A process killed by SIGINT: 128 + 2. */
    static final int SIGINT_EXIT_CODE = 130;
    /** How long the crash of a bot killed by SIGINT waits before it is reported (see {@link #exitCode}). */
    static final long SIGINT_PAUSE_MILLIS = 2000;
    /** How long {@link #close()} lets a bot exit by itself after its stdin is closed. */
    private static final long CLOSE_GRACE_MILLIS = 500;

    private static final long defaultStartTimeoutMillis =
            Long.getLong(START_TIMEOUT_PROPERTY, DEFAULT_START_TIMEOUT_MILLIS);

    private final String label;
    private final List<String> argv;
    private final long moveTimeoutNanos;
    private final long startTimeoutNanos;
    private final Protocol protocol = new Protocol();
    /** The most recent processes started (for tests and diagnostics), at most {@link #RECENT}. */
    private final ArrayDeque<ProcessHandle> launched = new ArrayDeque<>();
    private static final int RECENT = 8;

    private BotProcess process;
    /** No answer has been read from this process yet (the start time-out applies). */
    private boolean fresh;
    /** A game was started and has not ended for this bot. */
    private boolean inGame;
    /** A line the bot wrote when no answer was due, to be reported at the next act. */
    private String strayLine;
    private Layout layout;
    private int seat;
    private boolean closed;

    /**
     * @param label             the spec, used as the bot's name and in error messages
     * @param command           the command line and any time limits it sets
     * @param moveTimeoutMillis the per-move limit when the command sets none (the run's)
     */
    public ExecStrategy(String label, ExecCommand command, long moveTimeoutMillis) {
        this.label = label;
        this.argv = command.argv();
        long move = command.moveTimeoutMillis() > 0 ? command.moveTimeoutMillis() : moveTimeoutMillis;
        long start = command.startTimeoutMillis() > 0 ? command.startTimeoutMillis() : defaultStartTimeoutMillis;
        this.moveTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(move);
        this.startTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(start, move));
    }

    /**
     * Parses {@code raw} (the text after {@code exec:}) and makes a bot named {@code exec:<raw>},
     * with the default per-move limit ({@link #defaultMoveTimeoutMillis}) unless {@code raw} sets one.
     */
    public static ExecStrategy of(String raw) {
        return of(raw, defaultMoveTimeoutMillis());
    }

    /** As {@link #of(String)}, with {@code moveTimeoutMillis} per move unless {@code raw} sets a limit. */
    public static ExecStrategy of(String raw, long moveTimeoutMillis) {
        if (moveTimeoutMillis < 1 || moveTimeoutMillis > ExecCommand.MAX_TIMEOUT_MILLIS) {
            throw new IllegalArgumentException("move timeout must be between 1 and "
                    + ExecCommand.MAX_TIMEOUT_MILLIS + " ms, not " + moveTimeoutMillis);
        }
        return new ExecStrategy("exec:" + raw.trim(), ExecCommand.parse(raw), moveTimeoutMillis);
    }

    /**
     * Runs {@code action} when the JVM shuts down (Ctrl-C, a signal, {@code System.exit}), before
     * any exec bot process is killed. A runner sets its stop flag there, so that a game whose bot
     * dies in the shutdown is dropped, never counted as that bot's crash forfeit.
     * Remove it with {@link #removeShutdownAction} when the run is over.
     */
    public static void addShutdownAction(Runnable action) {
        BotProcess.addBeforeKill(action);
    }

    public static void removeShutdownAction(Runnable action) {
        BotProcess.removeBeforeKill(action);
    }

    /**
     * What the JVM's shutdown does to exec bots, now: the shutdown actions, then every bot process
     * killed (with its process group and children), waiting at most 2 s. Unlike a real shutdown,
     * bots may be started again afterwards. For tests of runners.
     */
    public static void shutdownAll() {
        BotProcess.stopAndKillAll();
    }

    /** The per-move limit of a bot made without a run's: the system property {@value #MOVE_TIMEOUT_PROPERTY}, else 5000 ms. */
    public static long defaultMoveTimeoutMillis() {
        return Long.getLong(MOVE_TIMEOUT_PROPERTY, DEFAULT_MOVE_TIMEOUT_MILLIS);
    }

    public long moveTimeoutMillis() {
        return TimeUnit.NANOSECONDS.toMillis(moveTimeoutNanos);
    }

    public long startTimeoutMillis() {
        return TimeUnit.NANOSECONDS.toMillis(startTimeoutNanos);
    }

    public List<String> command() {
        return argv;
    }

    @Override
    public String name() {
        return label;
    }

    // ------------------------------------------------------------------ life cycle

    @Override
    public void gameStarted(GameStart start) {
        if (closed) {
            throw new BotFailure(BotFailure.Reason.CRASH, "bot '" + label + "' was closed");
        }
        // The seed comes from this bot's own stream, so a bot seeding from it replays exactly.
        long seed = start.random().nextLong();
        if (process != null && (inGame || !healthyBetweenGames())) {
            // The previous game never ended for us (we were forfeited without being told), or the
            // process died or broke a pipe after the last game: start afresh, no fault of this game.
            stopProcess();
        }
        if (process == null) {
            process = BotProcess.start(argv, label);
            if (launched.size() == RECENT) {
                launched.removeFirst();
            }
            launched.addLast(process.handle());
            fresh = true;
        }
        inGame = true;
        layout = start.layout();
        seat = start.seat();
        protocol.start(seat, start.rules(), layout, seed);
        process.send(protocol.take()); // sent at once, so the bot can prepare while others move
    }

    /** Reads what arrived since the last game: a dead process means restart, a line is a stray. */
    private boolean healthyBetweenGames() {
        if (!process.isAlive()) {
            return false;
        }
        Object e;
        while ((e = process.pollNow()) != null) {
            if (e instanceof String line) {
                if (strayLine == null) {
                    strayLine = line;
                }
            } else {
                return false; // EOF, an overlong line or a broken pipe
            }
        }
        return true;
    }

    @Override
    public int chooseAction(Observation observation, LegalActions legal) {
        BotProcess p = process;
        if (p == null || !inGame) {
            throw new IllegalStateException(label + ": chooseAction outside a game");
        }
        long waitNanos = fresh ? startTimeoutNanos : moveTimeoutNanos;
        // Anything the bot wrote since its last answer is a protocol error (or it died meanwhile).
        Object e = strayLine;
        if (e == null) {
            e = p.pollNow();
        }
        if (e != null) {
            throw failOn(e, observation, "before its turn");
        }
        protocol.act(observation, legal);
        p.send(protocol.take());
        long deadline = System.nanoTime() + waitNanos;
        try {
            e = p.poll(waitNanos);
            while (e == null && System.nanoTime() - deadline < 0) {
                e = p.poll(deadline - System.nanoTime()); // a spurious early return of poll
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw fail(BotFailure.Reason.CRASH, observation, "interrupted while waiting for an answer");
        }
        if (e == null) {
            throw fail(BotFailure.Reason.TIMEOUT, observation, "gave no answer within "
                    + TimeUnit.NANOSECONDS.toMillis(waitNanos) + " ms" + (fresh ? " of starting" : "")
                    + "; process killed");
        }
        if (!(e instanceof String line)) {
            throw failOn(e, observation, "instead of answering");
        }
        int action;
        try {
            action = Protocol.parseReply(line);
        } catch (Protocol.BadReply bad) {
            throw fail(BotFailure.Reason.GARBAGE, observation, bad.getMessage());
        }
        if (!legal.contains(action)) {
            throw fail(BotFailure.Reason.ILLEGAL, observation, "answered " + action + " ("
                    + Action.toString(action) + "), which is not legal here; legal: " + legalList(legal));
        }
        fresh = false;
        return action;
    }

    @Override
    public void actionPlayed(int seat, int action) {
        if (process != null && inGame) {
            protocol.played(layout, seat, action); // buffered until the next act or end
        }
    }

    @Override
    public void gameEnded(GameResult result) {
        if (process != null && inGame) {
            protocol.end(result);
            process.send(protocol.take());
        }
        inGame = false;
    }

    /**
     * Fails fast, before a run, when this bot cannot start: the program is missing, or the
     * process fails on the {@code start} message of the run's first game. The check starts the
     * bot, sends it {@code start}, closes its stdin (a bot then exits, protocol section 2) and
     * waits up to the start time-out: a non-zero exit throws {@link BotSpecException} with the
     * exit code and the bot's last stderr lines ({@code python3 nosuch.py}: code 2 at once). A
     * clean exit, or a bot still running at the time-out, passes; the process is killed either
     * way. A bot that fails only later shows up as its games' forfeits.
     */
    public void checkStarts(GameStart start) {
        BotProcess p;
        try {
            p = BotProcess.start(argv, label);
        } catch (BotFailure e) {
            throw new BotSpecException(e.getMessage());
        }
        try {
            Protocol probe = new Protocol();
            probe.start(start.seat(), start.rules(), start.layout(), start.random().nextLong());
            p.send(probe.take());
            p.closeStdin();
            Integer code = p.exitCode(TimeUnit.NANOSECONDS.toMillis(startTimeoutNanos));
            if (code != null && code != 0) {
                String tail = p.stderrTail(500);
                throw new BotSpecException("bot '" + label + "' cannot start: it exited with code " + code
                        + " on its first start message" + (tail.isEmpty() ? "" : "; stderr: " + tail));
            }
        } finally {
            p.kill();
        }
    }

    /** Closes the bot's stdin, gives it a moment to exit, then kills it. Safe to call twice. */
    @Override
    public void close() {
        closed = true;
        if (process != null) {
            process.close(CLOSE_GRACE_MILLIS);
            process = null;
        }
        inGame = false;
    }

    // ------------------------------------------------------------------ failures

    /** Turns an unexpected queue event (a stray line, EOF, a broken pipe) into a failure. */
    private BotFailure failOn(Object e, Observation o, String when) {
        if (e instanceof String line) {
            return fail(BotFailure.Reason.GARBAGE, o, "wrote " + Protocol.quote(line) + " when no answer was due "
                    + "(only act messages are answered)");
        }
        if (e == BotProcess.Signal.OVERLONG_LINE) {
            return fail(BotFailure.Reason.GARBAGE, o, "wrote a line longer than " + BotProcess.MAX_LINE_BYTES
                    + " bytes");
        }
        if (e instanceof BotProcess.WriteFailure w) {
            return fail(BotFailure.Reason.CRASH, o, w.message() + " " + when + exitAndStderr());
        }
        // EOF on stdout: the bot exited (or closed stdout).
        Integer code = exitCode(1000);
        String what = code != null ? "exited with code " + code : "closed its stdout";
        return fail(BotFailure.Reason.CRASH, o, what + " " + when + stderr());
    }

    private String exitAndStderr() {
        Integer code = exitCode(200);
        return (code != null ? ", exited with code " + code : "") + stderr();
    }

    /**
     * The dead process's exit code (null if it still runs after {@code millis}). A bot killed by
     * SIGINT (code 130) was most likely hit by the terminal's Ctrl-C together with the runner:
     * where no {@code setsid} is installed (macOS), bots share the runner's process group. The
     * runner is stopping in that same moment, so the crash is reported only after
     * {@link #SIGINT_PAUSE_MILLIS}: by then the runner has set its stop flag and drops the game
     * instead of counting it as this bot's forfeit.
     */
    private Integer exitCode(long millis) {
        Integer code = process.exitCode(millis);
        if (code != null && code == SIGINT_EXIT_CODE) {
            try {
                Thread.sleep(SIGINT_PAUSE_MILLIS);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
        }
        return code;
    }

    private String stderr() {
        String tail = process.stderrTail(500);
        return tail.isEmpty() ? "" : "; stderr: " + tail;
    }

    /** Kills the process and builds the one-line failure "bot 'exec:…' (seat s, turn t, phase): what". */
    private BotFailure fail(BotFailure.Reason reason, Observation o, String what) {
        stopProcess();
        inGame = false;
        return new BotFailure(reason, "bot '" + label + "' (seat " + seat + ", turn " + o.turn() + ", "
                + Protocol.phaseName(o.phase()) + ") " + BotProcess.oneLine(what));
    }

    private void stopProcess() {
        if (process != null) {
            process.kill();
            process = null;
        }
        strayLine = null;
        protocol.take(); // drop unsent messages of the old process
    }

    private static String legalList(LegalActions legal) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < legal.size(); i++) {
            if (sb.length() > 120) {
                sb.append(", … (").append(legal.size()).append(" in all)");
                break;
            }
            sb.append(i == 0 ? "" : ", ").append(legal.get(i)).append(' ').append(Action.toString(legal.get(i)));
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ for tests

    /** The processes this bot has started, oldest first (only the last 8 are kept). */
    List<ProcessHandle> launched() {
        return List.copyOf(launched);
    }

    @Override
    public String toString() {
        return label;
    }
}
