package richelieu.runner.study;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The progress line redrawn in place leaves nothing of the line before it. */
class ProgressTest {

    /** What a terminal line shows after {@code output}: a carriage return goes back to column 0, characters overwrite. */
    private static String screen(String output) {
        StringBuilder line = new StringBuilder();
        int column = 0;
        for (char c : output.toCharArray()) {
            if (c == '\r') {
                column = 0;
            } else {
                if (column < line.length()) {
                    line.setCharAt(column, c);
                } else {
                    line.append(c);
                }
                column++;
            }
        }
        return line.toString().stripTrailing();
    }

    @Test
    void redraw_aShorterLineAfterALongerOne_leavesNoResidue() {
        // Before: "\r" + the new line only, so "greedy 99.1%" over "greedy 100.0%" showed "greedy 99.1%%".
        String first = "[====] 10/20 games  greedy 100.0%";
        String second = "[====] 11/20 games  greedy 99.1%";
        String shown = screen(Progress.redraw("", first) + Progress.redraw(Progress.fit(first), second));
        assertEquals(second, shown);
    }

    @Test
    void redraw_aLineWiderThanTheTerminalWidth_isCut_andTheNextOneCoversIt() {
        String wide = "x".repeat(Progress.WIDTH + 40);
        String shown = screen(Progress.redraw("", wide) + Progress.redraw(Progress.fit(wide), "short"));
        assertEquals("short", shown);
        assertEquals(Progress.WIDTH + 1, Progress.redraw("", wide).length(), "cut to the width, after the \\r");
    }

    @Test
    void start_notATerminal_plainLineEveryPeriod_noCarriageReturn() throws InterruptedException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.PrintStream err = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
        java.util.concurrent.atomic.AtomicLong done = new java.util.concurrent.atomic.AtomicLong();
        try (Progress p = Progress.start(1000, done::get, () -> "a 1-0 b", true, false, 40, err)) {
            // Until two lines are out, not for a fixed time: on a loaded machine the progress thread
            // may be scheduled less often than every 40 ms.
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (bytes.toString(java.nio.charset.StandardCharsets.UTF_8).lines().count() < 2
                    && System.nanoTime() < deadline) {
                done.set(Math.min(1000, done.get() + 50));
                Thread.sleep(30);
            }
        }
        String out = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        org.junit.jupiter.api.Assertions.assertFalse(out.contains("\r"), out);
        java.util.List<String> lines = out.lines().toList();
        org.junit.jupiter.api.Assertions.assertTrue(lines.size() >= 2, out);
        for (String l : lines) {
            org.junit.jupiter.api.Assertions.assertTrue(l.matches("progress: [0-9,]+/1,000 games, .* games/s, ETA .*; a 1-0 b"), l);
        }
    }

    @Test
    void start_notATerminal_runShorterThanAPeriod_orDisabled_printsNothing() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.PrintStream err = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
        try (Progress p = Progress.start(10, () -> 10, () -> "", true, false, 60_000, err)) {
            assertEquals("", bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
        }
        try (Progress p = Progress.start(10, () -> 10, () -> "", false, false, 1, err)) {
            assertEquals("", bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
        }
        assertEquals("", bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
}
