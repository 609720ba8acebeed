package richelieu.strategies.exec;

import richelieu.engine.BotFailure;
import richelieu.engine.json.Json;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One running bot process and the three daemon threads that keep it from ever blocking the
 * caller: a writer (messages go through a queue, so a bot that stops reading stdin cannot stall
 * the game), a reader (stdout lines go into a queue that the caller polls with a deadline) and a
 * stderr drain (keeps the last few lines for error messages, so a chatty bot can never fill the
 * pipe and stall). Every live process is killed when the JVM exits.
 *
 * <p>Process tree. Where util-linux {@code setsid} is installed, the bot starts as the leader of
 * a new session and process group (its pid is the group id). So a terminal's Ctrl-C, which goes
 * to the terminal's foreground group, reaches only the runner, which then stops the bots itself;
 * and killing the bot kills the whole group at once ({@code kill -KILL -- -pgid}), including
 * children that double-forked away from the process tree. Children still in the tree
 * ({@link ProcessHandle#descendants()}) are killed as well, in case one left the group. A child
 * that starts a session of its own has left on purpose and is out of reach.
 */
final class BotProcess {
    /** Longest stdout line accepted; a longer one is reported as {@link Signal#OVERLONG_LINE}. */
    static final int MAX_LINE_BYTES = 1 << 20;
    /** Stderr lines kept for error messages, and the length each is cut to. */
    private static final int STDERR_LINES = 5;
    private static final int STDERR_LINE_CHARS = 300;

    /** Non-line events of the reply queue. */
    enum Signal {
        /** The bot closed its stdout (usually: it exited). */
        EOF,
        /** The bot wrote a line longer than {@link #MAX_LINE_BYTES}. */
        OVERLONG_LINE
    }

    /** The writer thread could not write to the bot's stdin (broken pipe: the bot is gone). */
    record WriteFailure(String message) {
    }

    private static final Set<BotProcess> LIVE = ConcurrentHashMap.newKeySet();
    /** util-linux {@code setsid}, or null where it is not installed (bots then share the runner's group). */
    static final String SETSID = onPath("setsid");
    /** A {@code kill} program that signals process groups, or null. */
    private static final String KILL = onPath("kill");
    /** How long a kill waits for the processes to be gone. */
    private static final long KILL_WAIT_MILLIS = 2000;

    /** Run at JVM shutdown before any bot is killed (the runner's stop flag: see {@link #shutdown()}). */
    private static final Set<Runnable> BEFORE_KILL = ConcurrentHashMap.newKeySet();
    /** Set by {@link #shutdown()}: no bot starts after it (nothing would kill it). */
    private static volatile boolean shuttingDown;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(BotProcess::shutdown, "exec-bots-shutdown"));
    }

    /** A message for the writer thread: close stdin after what is queued. */
    private static final String CLOSE_STDIN = new String("close stdin"); // compared by identity

    private final Process process;
    /** The bot leads its own process group (started through setsid). */
    private final boolean ownGroup;
    private final BlockingQueue<Object> replies = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> outbox = new LinkedBlockingQueue<>();
    private final ArrayDeque<String> stderrTail = new ArrayDeque<>();
    private final Thread stderrThread;

    private BotProcess(Process process, boolean ownGroup) {
        this.process = process;
        this.ownGroup = ownGroup;
        long pid = process.pid();
        Thread reader = new Thread(() -> readStdout(process.getInputStream()), "exec-stdout-" + pid);
        Thread writer = new Thread(() -> writeStdin(process.getOutputStream()), "exec-stdin-" + pid);
        stderrThread = new Thread(() -> drainStderr(process.getErrorStream()), "exec-stderr-" + pid);
        for (Thread t : List.of(reader, writer, stderrThread)) {
            t.setDaemon(true);
            t.start();
        }
    }

    /** Starts a bot in the current working directory; a command that cannot run is a CRASH. */
    static BotProcess start(List<String> argv, String label) {
        if (shuttingDown) {
            throw new BotFailure(BotFailure.Reason.CRASH, "bot '" + label + "' cannot be started: the runner is shutting down");
        }
        String missing = missingProgram(argv.get(0));
        if (missing != null) {
            throw new BotFailure(BotFailure.Reason.CRASH, "bot '" + label + "' cannot be started: " + missing);
        }
        Process p;
        List<String> command = argv;
        if (SETSID != null) {
            command = new ArrayList<>(argv.size() + 1);
            command.add(SETSID);
            command.addAll(argv);
        }
        try {
            p = new ProcessBuilder(command).start();
        } catch (IOException | RuntimeException e) {
            throw new BotFailure(BotFailure.Reason.CRASH, "bot '" + label + "' cannot be started: "
                    + oneLine(String.valueOf(e.getMessage())), e);
        }
        BotProcess bp = new BotProcess(p, SETSID != null);
        LIVE.add(bp);
        if (shuttingDown) { // started while killAll took its list: it would outlive the JVM
            bp.kill();
            throw new BotFailure(BotFailure.Reason.CRASH, "bot '" + label + "' cannot be started: the runner is shutting down");
        }
        return bp;
    }

    ProcessHandle handle() {
        return process.toHandle();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Queues text (whole lines) for the bot's stdin; never blocks. */
    void send(String text) {
        outbox.add(text);
    }

    /** The next stdout line, {@link Signal} or {@link WriteFailure}; null if none came in time. */
    Object poll(long timeoutNanos) throws InterruptedException {
        return replies.poll(timeoutNanos, TimeUnit.NANOSECONDS);
    }

    /** The next queued event, or null if there is none right now. */
    Object pollNow() {
        return replies.poll();
    }

    /** Waits up to {@code millis} for the process to exit; its exit code, or null if it still runs. */
    Integer exitCode(long millis) {
        try {
            if (process.waitFor(millis, TimeUnit.MILLISECONDS)) {
                return process.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /**
     * The last stderr lines joined into one line ("" if none). Waits up to {@code millis} for the
     * drain to finish, so that a bot's last words before dying are included.
     */
    String stderrTail(long millis) {
        try {
            stderrThread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (stderrTail) {
            return String.join(" | ", stderrTail);
        }
    }

    /** Kills the process and all its children (see the class comment), and waits briefly until they are gone. */
    void kill() {
        List<ProcessHandle> tree = tree();
        if (groupKillable()) {
            killGroups(List.of(process.pid()));
        }
        destroy(tree);
        waitGone(tree, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KILL_WAIT_MILLIS));
    }

    /** The process and its descendants, taken before the parent dies and they are orphaned; no longer live. */
    private List<ProcessHandle> tree() {
        LIVE.remove(this);
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(process.toHandle());
        process.descendants().forEach(tree::add);
        return tree;
    }

    /**
     * The group id is the bot's pid. Once the bot is gone and reaped, that number may only be
     * signalled while no other process has it (then it can name only the bot's leftover group).
     */
    private boolean groupKillable() {
        return ownGroup && (process.isAlive() || ProcessHandle.of(process.pid()).isEmpty());
    }

    /** SIGKILL to every process of the tree; lets the writer thread end. */
    private void destroy(List<ProcessHandle> tree) {
        for (ProcessHandle h : tree) {
            h.destroyForcibly();
        }
        process.destroyForcibly();
        outbox.add(CLOSE_STDIN);
    }

    private static void waitGone(List<ProcessHandle> handles, long deadline) {
        for (ProcessHandle h : handles) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                h.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException e) {
                return;
            }
        }
    }

    /**
     * The JVM's shutdown (Ctrl-C, a signal, {@code System.exit}): first the {@link #BEFORE_KILL}
     * actions, so that a runner has set its stop flag before any game in flight sees its bot die
     * (the game would otherwise end as a crash forfeit and could be committed); then
     * every live bot is killed.
     */
    static void shutdown() {
        shuttingDown = true;
        stopAndKillAll();
    }

    /** {@link #shutdown()} but for the flag: bots may start again afterwards (for tests). */
    static void stopAndKillAll() {
        for (Runnable r : BEFORE_KILL) {
            try {
                r.run();
            } catch (RuntimeException ignored) {
                // one listener's failure must not keep the bots alive
            }
        }
        killAll();
    }

    static void addBeforeKill(Runnable r) {
        BEFORE_KILL.add(r);
    }

    static void removeBeforeKill(Runnable r) {
        BEFORE_KILL.remove(r);
    }

    /** Kills every live bot: all groups with one {@code kill}, every tree, then one bounded wait (at most 2 s). */
    static void killAll() {
        List<BotProcess> live = new ArrayList<>(LIVE);
        List<List<ProcessHandle>> trees = new ArrayList<>();
        List<Long> groups = new ArrayList<>();
        for (BotProcess p : live) {
            trees.add(p.tree());
            if (p.groupKillable()) {
                groups.add(p.process.pid());
            }
        }
        killGroups(groups);
        List<ProcessHandle> all = new ArrayList<>();
        for (int i = 0; i < live.size(); i++) {
            live.get(i).destroy(trees.get(i));
            all.addAll(trees.get(i));
        }
        waitGone(all, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KILL_WAIT_MILLIS));
    }

    /** {@code kill -KILL -- -pgid…}: every member of the groups at once, so none can fork away meanwhile. */
    private static void killGroups(List<Long> pgids) {
        if (KILL == null || pgids.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of(KILL, "-KILL", "--"));
        for (long g : pgids) {
            command.add("-" + g);
        }
        try {
            Process k = new ProcessBuilder(command)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            k.waitFor(KILL_WAIT_MILLIS, TimeUnit.MILLISECONDS); // exit 1: a group is already empty
        } catch (IOException e) {
            // no kill program after all: the descendants are still killed one by one
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Why {@code program} cannot run (no such file, not executable, not on the PATH), or null.
     * Checked before starting, since through setsid a missing program would only show as exit 127.
     */
    static String missingProgram(String program) {
        if (program.contains("/") || program.contains(File.separator)) {
            Path p = Path.of(program);
            if (!Files.exists(p)) {
                return "no such program " + program;
            }
            return Files.isRegularFile(p) && Files.isExecutable(p) ? null : program + " is not an executable file";
        }
        return onPath(program) != null ? null : "no program " + program + " on the PATH";
    }

    /** The absolute path of an executable on the PATH, or null. */
    private static String onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toAbsolutePath().toString();
            }
        }
        return null;
    }

    /** Closes the bot's stdin after the messages already queued (a well-behaved bot then exits). */
    void closeStdin() {
        outbox.add(CLOSE_STDIN);
    }

    /** Closes the bot's stdin (a well-behaved bot then exits), waits up to {@code graceMillis}, then kills. */
    void close(long graceMillis) {
        closeStdin();
        exitCode(graceMillis);
        kill();
    }

    // ------------------------------------------------------------------ threads

    private void writeStdin(OutputStream stdin) {
        try {
            while (true) {
                String text = outbox.take();
                if (text == CLOSE_STDIN) {
                    break;
                }
                stdin.write(text.getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            }
        } catch (IOException e) {
            replies.add(new WriteFailure("cannot write to its stdin (" + oneLine(String.valueOf(e.getMessage())) + ")"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                stdin.close();
            } catch (IOException ignored) {
                // the pipe is already broken; nothing left to close
            }
        }
    }

    private void readStdout(InputStream stdout) {
        try {
            readLines(stdout, replies::add, () -> replies.add(Signal.OVERLONG_LINE));
        } catch (IOException ignored) {
            // the stream was closed under us (process killed): same as end of stream
        }
        replies.add(Signal.EOF);
    }

    private void drainStderr(InputStream stderr) {
        try {
            readLines(stderr, line -> {
                String l = line.length() > STDERR_LINE_CHARS ? line.substring(0, STDERR_LINE_CHARS) + "…" : line;
                if (l.isBlank()) {
                    return;
                }
                synchronized (stderrTail) {
                    if (stderrTail.size() == STDERR_LINES) {
                        stderrTail.removeFirst();
                    }
                    stderrTail.addLast(l.strip());
                }
            }, () -> { });
        } catch (IOException ignored) {
            // killed: nothing more to drain
        }
    }

    /**
     * Splits a byte stream into UTF-8 lines ending in '\n' (a '\r' before it is dropped). A line
     * longer than {@link #MAX_LINE_BYTES} is skipped and reported through {@code overlong}; a last
     * line without '\n' is delivered at the end of the stream.
     */
    static void readLines(InputStream in, Consumer<String> line, Runnable overlong) throws IOException {
        byte[] buf = new byte[8192];
        byte[] acc = new byte[256];
        int len = 0;
        boolean skipping = false;
        int n;
        while ((n = in.read(buf)) > 0) {
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (buf[i] != '\n') {
                    continue;
                }
                if (!skipping) {
                    acc = append(acc, len, buf, start, i - start);
                    len += i - start;
                    if (len <= MAX_LINE_BYTES) {
                        line.accept(decode(acc, len));
                    } else {
                        overlong.run();
                    }
                }
                len = 0;
                skipping = false;
                start = i + 1;
            }
            if (!skipping && start < n) {
                acc = append(acc, len, buf, start, n - start);
                len += n - start;
                if (len > MAX_LINE_BYTES) {
                    overlong.run();
                    skipping = true;
                    len = 0;
                    acc = new byte[256];
                }
            }
        }
        if (!skipping && len > 0) {
            line.accept(decode(acc, len));
        }
    }

    private static byte[] append(byte[] acc, int len, byte[] src, int from, int count) {
        if (len + count > acc.length) {
            acc = Arrays.copyOf(acc, Math.max(acc.length * 2, len + count));
        }
        System.arraycopy(src, from, acc, len, count);
        return acc;
    }

    private static String decode(byte[] acc, int len) {
        if (len > 0 && acc[len - 1] == '\r') {
            len--;
        }
        return new String(acc, 0, len, StandardCharsets.UTF_8);
    }

    /** Line breaks become spaces, other control characters (e.g. a bot's colour codes) are escaped. */
    static String oneLine(String s) {
        return Json.brief(s.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip(), Integer.MAX_VALUE);
    }
}
