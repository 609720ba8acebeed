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
}
