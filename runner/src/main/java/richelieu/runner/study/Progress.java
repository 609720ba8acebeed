package richelieu.runner.study;

import java.io.PrintStream;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A progress line on stderr for long runs — games done, games/s, ETA, the current score line —
 * redrawn twice a second, only when stderr is a terminal (so logs and pipes stay clean).
 */
final class Progress implements AutoCloseable {
    private final Thread thread;
    private volatile boolean running = true;

    private Progress(Thread thread) {
        this.thread = thread;
    }

    /** Starts a progress line if attached to a terminal, else a no-op. */
    static Progress start(long totalGames, LongSupplier done, Supplier<String> scoreLine, boolean enabled) {
        if (!enabled || System.console() == null) {
            return new Progress(null);
        }
        PrintStream err = System.err;
        long t0 = System.nanoTime();
        Progress[] self = new Progress[1];
        Thread t = new Thread(() -> {
            String shown = "";
            while (self[0] == null || self[0].running) {
                long n = done.getAsLong();
                double secs = (System.nanoTime() - t0) / 1e9;
                double rate = n / Math.max(secs, 1e-9);
                long left = Math.max(0, totalGames - n);
                int width = 24;
                int filled = totalGames <= 0 ? 0 : (int) Math.min(width, width * n / totalGames);
                String eta = rate > 0 ? clock(left / rate) : "?";
                String line = String.format("[%s%s] %,d/%,d games  %,.0f games/s  ETA %s  %s", "=".repeat(filled),
                        " ".repeat(width - filled), n, totalGames, rate, eta, scoreLine.get());
                err.print(redraw(shown, line));
                err.flush();
                shown = fit(line);
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    break;
                }
            }
        }, "richelieu-progress");
        t.setDaemon(true);
        Progress p = new Progress(t);
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
            System.err.print("\r" + " ".repeat(WIDTH) + "\r");
            System.err.flush();
        }
    }
}
