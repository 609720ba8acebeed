package richelieu.runner.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextTest {

    /** A line width just wide enough for {@code fits}. */
    private static double justWide(String fits) {
        return Text.width(fits, Style.AXIS_TITLE) + 0.5;
    }

    @Test
    void aNumberWithAThousandsSeparatorIsNeverBrokenAtItsComma() {
        // "3," fits on the first line and "3,000" does not: the comma must not be a break.
        String s = "10,000 for pimc; 3,000 for ismcts-mast";
        List<String> lines = Text.wrap(s, Style.AXIS_TITLE, justWide("10,000 for pimc; 3,"));
        assertEquals("10,000 for pimc;", lines.get(0));
        assertTrue(lines.get(1).startsWith("3,000 "), lines.toString());
    }

    @Test
    void aBotSpecStillBreaksAfterTheCommaBetweenItsSettings() {
        String spec = "ismcts-mast:iterations=1000,rollout=random";
        List<String> lines = Text.wrap(spec, Style.AXIS_TITLE, justWide("ismcts-mast:iterations=1000,"));
        assertEquals(List.of("ismcts-mast:iterations=1000,", "rollout=random"), lines);
        assertTrue(lines.stream().allMatch(l -> Text.width(l, Style.AXIS_TITLE) <= justWide("ismcts-mast:iterations=1000,")));
    }
}
