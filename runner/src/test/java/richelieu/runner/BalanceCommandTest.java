package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
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

    /**
     * balance answers its own question: the verdict with its intervals and Holm-corrected p-values
     * in the text and the JSON, at the margin --margin gives; the margin is part of the run (stored
     * when it is not the default, taken from the file on --resume, refused when it differs).
     */
    @Test
    void balance_margin_verdictInTextAndJson_resumeKeepsIt(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("b.json");
        Cli c = Cli.run("balance", "random", "greedy", "--pairs", "100", "--seed", "3", "--margin", "25", "--threads", "2",
                "--no-progress", "--json", json.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("is the three-row variant better balanced in greedy's self-play? equally balanced within ±25 pp (difference ["),
                c.out);
        assertTrue(c.out.contains("against ±25 pp; TOST p ") && c.out.contains("both Holm-corrected over the 2 bots "
                + "of this run, each interval at the level of the Holm step that decided its test)"), c.out);
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertEquals("25", root.get("config").get("settings").get("margin").asText());
        JsonNode v = root.get("statistics").get("bots").get("greedy").get("verdict");
        assertEquals("EQUALLY_BALANCED", v.get("kind").asText());
        assertEquals("equally balanced within ±25 pp", v.get("answer").asText());
        assertEquals(0.25, v.get("margin").asDouble(), 0.0);
        assertEquals(2, v.get("holmOver").asInt());
        assertTrue(v.get("pEquivalenceHolm").asDouble() >= v.get("pEquivalence").asDouble(), v.toString());
        double low = v.get("equivalenceInterval").get(0).asDouble();
        double high = v.get("equivalenceInterval").get(1).asDouble();
        assertTrue(-0.25 < low && high < 0.25, v.toString());

        Cli resumed = Cli.run("balance", "random", "greedy", "--resume", json.toString(), "--no-progress");
        assertEquals(0, resumed.exit, resumed.toString());
        assertTrue(resumed.out.contains("equally balanced within ±25 pp"), resumed.out);
        Cli other = Cli.run("balance", "random", "greedy", "--resume", json.toString(), "--margin", "2");
        assertEquals(2, other.exit, other.toString());
        assertTrue(other.err.contains("settings"), other.err);
    }

    @Test
    void balance_defaultMargin_isNotStored_soOlderFilesResume(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("b.json");
        assertEquals(0, Cli.run("balance", "random", "--pairs", "4", "--seed", "3", "--margin", "1.5", "--no-progress",
                "--json", json.toString()).exit);
        assertEquals(0, new ObjectMapper().readTree(json.toFile()).get("config").get("settings").size());
    }

    @Test
    void balance_tamperedMarginSetting_isRefusedNamingTheField(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("b.json");
        assertEquals(0, Cli.run("balance", "random", "--pairs", "4", "--seed", "3", "--margin", "2", "--no-progress",
                "--json", json.toString()).exit);
        for (String bad : new String[]{"abc", "0", "100", "-3"}) {
            java.nio.file.Files.writeString(json, java.nio.file.Files.readString(json)
                    .replaceAll("\"margin\" : \"[^\"]*\"", "\"margin\" : \"" + bad + "\""));
            Cli c = Cli.run("balance", "random", "--resume", json.toString());
            assertEquals(2, c.exit, bad + ": " + c);
            assertTrue(c.err.contains("config.settings.margin") && c.err.contains(json.toString()), bad + ": " + c.err);
        }
    }

    @Test
    void balance_marginOutOfRange_isAOneLineError() {
        for (String m : new String[]{"0", "-1", "100", "NaN"}) {
            Cli c = Cli.run("balance", "random", "--pairs", "4", "--margin", m);
            assertEquals(2, c.exit, m + ": " + c);
            assertTrue(c.err.contains("--margin must lie between 0 and 100 percentage points"), c.err);
        }
    }
}
