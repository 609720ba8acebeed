package richelieu.runner.study;

import java.io.PrintStream;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Progress of a long run on stderr — games done, games/s, ETA, the current score line: on a
 * terminal one line redrawn twice a second; otherwise (a log, a pipe, a file) a plain line every
 * {@value #LOG_SECONDS} seconds, so a run whose output goes to a file does not look hung and its log
 * gets no carriage returns. {@code --no-progress} silences both.
 */
final class Progress implements AutoCloseable {
    /** Seconds between two progress lines when stderr is not a terminal. */
    static final int LOG_SECONDS = 10;

    private final Thread thread;
    private final boolean terminal;
    private final PrintStream err;
    private volatile boolean running = true;

    private Progress(Thread thread, boolean terminal, PrintStream err) {
        this.thread = thread;
        this.terminal = terminal;
        this.err = err;
    }

    /** Starts the progress of a run: a redrawn line on a terminal, else a line every {@value #LOG_SECONDS} s. */
    static Progress start(long totalGames, LongSupplier done, Supplier<String> scoreLine, boolean enabled) {
        boolean terminal = System.console() != null;
        return start(totalGames, done, scoreLine, enabled, terminal, terminal ? 500 : LOG_SECONDS * 1000L, System.err);
    }

    /** {@link #start} on {@code err}, a redrawn line when {@code terminal}, every {@code periodMillis}. */
    static Progress start(long totalGames, LongSupplier done, Supplier<String> scoreLine, boolean enabled, boolean terminal,
                          long periodMillis, PrintStream err) {
        if (!enabled) {
            return new Progress(null, terminal, err);
        }
        long t0 = System.nanoTime();
        Progress[] self = new Progress[1];
        Thread t = new Thread(() -> {
            String shown = "";
            while (self[0] == null || self[0].running) {
                if (!terminal) { // a log: the first line after a period, not at once
                    try {
                        Thread.sleep(periodMillis);
                    } catch (InterruptedException e) {
                        break;
                    }
                }
                long n = done.getAsLong();
                double secs = (System.nanoTime() - t0) / 1e9;
                double rate = n / Math.max(secs, 1e-9);
                long left = Math.max(0, totalGames - n);
                String eta = rate > 0 ? clock(left / rate) : "?";
                if (terminal) {
                    int width = 24;
                    int filled = totalGames <= 0 ? 0 : (int) Math.min(width, width * n / totalGames);
                    String line = String.format("[%s%s] %,d/%,d games  %s games/s  ETA %s  %s", "=".repeat(filled),
                            " ".repeat(width - filled), n, totalGames, RunInProgress.rate(rate), eta, scoreLine.get());
                    err.print(redraw(shown, line));
                    shown = fit(line);
                } else {
                    err.printf("progress: %,d/%,d games, %s games/s, ETA %s; %s%n", n, totalGames, RunInProgress.rate(rate), eta, scoreLine.get());
                }
                err.flush();
                if (terminal) {
                    try {
                        Thread.sleep(periodMillis);
                    } catch (InterruptedException e) {
                        break;
                    }
                }
            }
        }, "richelieu-progress");
        t.setDaemon(true);
        Progress p = new Progress(t, terminal, err);
        self[0] = p;
        t.start();
        return p;
    }

    /** The widest line drawn (a terminal of 150 columns or more shows it on one line). */
    static final int WIDTH = 150;

    /** {@code line} cut to {@link #WIDTH} characters. */
    static String fit(String line) {
        return line.length() > WIDTH ? line.substring(0, WIDTH) : line;
    }

    /**
     * What replaces {@code shown} by {@code line} on the same terminal line: back to its start,
     * the new line, and blanks over whatever of the old one it does not cover (a shorter line,
     * "99.1%" after "100.0%", would otherwise leave the old line's end behind: "99.1%%").
     */
    static String redraw(String shown, String line) {
        String next = fit(line);
        return "\r" + next + " ".repeat(Math.max(0, shown.length() - next.length()));
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String.format("%d:%02d", s / 60, s % 60);
    }

    @Override
    public void close() {
        running = false;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(1000);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            if (terminal) {
                err.print("\r" + " ".repeat(WIDTH) + "\r");
                err.flush();
            }
        }
    }
}
