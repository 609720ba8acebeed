package richelieu.runner;

import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@code balance} prints, at the extremes of sample size. */
class BalanceCommandTest {
    private static final Pattern DIFFERENCE = Pattern.compile(
            "seat 0 score base − three-row \\(paired by deal\\): (\\S+) \\[(\\S+), (\\S+)] percentage points");

    /** Two deals: t on 1 df is 12.7, and the uncut interval of a score difference reached ±600 percentage points. */
    @Test
    void balance_twoDeals_pairedDifferenceIntervalStaysWithinTheBounds() {
        Cli c = Cli.run("balance", "random", "--games", "4", "--seed", "1", "--threads", "1", "--no-progress");
        assertEquals(0, c.exit, c.toString());
        Matcher m = DIFFERENCE.matcher(c.out);
        assertTrue(m.find(), c.out);
        double mean = Double.parseDouble(m.group(1));
        double low = Double.parseDouble(m.group(2));
        double high = Double.parseDouble(m.group(3));
        assertTrue(-100 <= low && low <= mean && mean <= high && high <= 100, m.group());
    }
}
