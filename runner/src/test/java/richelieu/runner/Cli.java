package richelieu.runner;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs the command line in-process and captures what it prints. */
final class Cli {
    final int exit;
    final String out;
    final String err;

    private Cli(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    static Cli run(String... args) {
        return run(new ByteArrayOutputStream(), args);
    }

    /** Runs with its stderr into {@code err}, which another thread may read while the command runs. */
    static Cli run(ByteArrayOutputStream err, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = run(out, err, args);
        return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Runs with its standard output into {@code stdout} (e.g. one that fails, as a full disk does);
     * {@link #out} is then empty.
     */
    static Cli runWithStdout(OutputStream stdout, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = run(stdout, err, args);
        return new Cli(code, "", err.toString(StandardCharsets.UTF_8));
    }

    private static synchronized int run(OutputStream out, ByteArrayOutputStream err, String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            return Main.run(args);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /** Two recorded games of random against greedy (one deal, seats swapped), as JSON lines in {@code dir}. */
    static Path twoRecordedGames(Path dir) {
        Path rec = dir.resolve("g.jsonl");
        ok("match", "random", "greedy", "--pairs", "1", "--seed", "3", "--threads", "1", "--records", rec.toString(),
                "--no-progress");
        return rec;
    }

    /** Runs a command that must succeed (exit 0). */
    static Cli ok(String... args) {
        Cli c = run(args);
        assertEquals(0, c.exit, c::toString);
        return c;
    }

    /**
     * Runs a command that must be refused as bad input is: exit 2 and one line "richelieu: …" on
     * stderr that contains {@code expected}; not an internal error (the one message that names an
     * exception), no stack trace.
     */
    static Cli refused(String expected, String... args) {
        return run(args).assertRefused(expected, String.join(" ", args));
    }

    /** This run was refused as {@link #refused} says; {@code command} names it in failure messages. */
    Cli assertRefused(String expected, String command) {
        assertEquals(2, exit, () -> command + "\n" + this);
        String e = err.strip();
        assertTrue(e.startsWith("richelieu: ") && !e.contains("\n"), () -> "one line: " + command + "\n" + this);
        assertFalse(e.contains("internal error") || e.contains("\tat "), () -> command + "\n" + this);
        assertTrue(e.contains(expected), () -> "expected '" + expected + "' in: " + err);
        return this;
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
    }
}
