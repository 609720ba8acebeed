package richelieu.runner;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README says what the commands say, to the digit, about the same result files: the report
 * runs a balance study and a 3-player first-player study, writes each command's own text next to
 * its result file, and the README's figures are read against that text.
 */
class ReportAgreementTest {
    @TempDir
    static Path dir;
    static String readme;
    static String balanceText;
    static String seatsText;

    @BeforeAll
    static void report() throws IOException {
        Path config = dir.resolve("studies.json");
        // seed 4: greedy's three-row margins have their median below 0, a negative fair bonus
        Files.writeString(config, """
                {"seed": 4, "studies": [
                  {"id": "balance", "title": "Three-row", "question": "Balance?",
                   "args": ["balance", "random", "greedy", "--pairs", "300"], "quick": ["balance", "random", "--pairs", "10"]},
                  {"id": "fp3", "title": "Three players", "question": "Seats?",
                   "args": ["first-player", "random", "greedy", "--players", "3", "--games", "300"],
                   "quick": ["first-player", "random", "--players", "3", "--games", "10"]}
                ]}
                """);
        Path out = dir.resolve("out");
        Cli c = Cli.run("report", "--config", config.toString(), "--out", out.toString(), "--threads", "2");
        assertEquals(0, c.exit, c.toString());
        readme = Files.readString(out.resolve("README.md"));
        balanceText = Files.readString(out.resolve("balance.txt"));
        seatsText = Files.readString(out.resolve("fp3.txt"));
    }

    /** The text block of one bot: from its "NAME (self-play" line to the next bot's. */
    private static String block(String text, String bot) {
        int from = text.indexOf(bot + " (self-play");
        assertTrue(from >= 0, text);
        int to = text.indexOf(" (self-play", from + bot.length() + 12);
        return text.substring(from, to < 0 ? text.length() : text.lastIndexOf('\n', to));
    }

    private static List<String> groups(String text, Pattern p) {
        Matcher m = p.matcher(text);
        List<String> out = new ArrayList<>();
        while (m.find()) {
            for (int g = 1; g <= m.groupCount(); g++) {
                out.add(m.group(g));
            }
        }
        return out;
    }

    private static final Pattern TEXT_COMPENSATION = Pattern.compile(
            "compensation for seat 1: (\\S+) points (\\[[^]]+]) \\(.*?\\); seat 0 would then score (\\S+)\n");

    /**
     * Compensation is one figure: {@code balance} once printed the median margin ("+0.0 points [+0.0,
     * +1.0]") where the report printed "the fairest bonus is 1 point" for the same games, and the
     * report never looked below a bonus of 0. Both now give the fair bonus with its interval and seat
     * 0's score with it.
     */
    @Test
    void compensation_balanceTextAndReadme_sameBonusIntervalAndScore() {
        for (String bot : List.of("random", "greedy")) {
            List<String> text = groups(block(balanceText, bot), TEXT_COMPENSATION);
            assertEquals(6, text.size(), block(balanceText, bot));
            for (int v = 0; v < 2; v++) {
                String row = "| " + bot + " | " + List.of("base", "three-row").get(v) + " | " + text.get(3 * v) + " "
                        + text.get(3 * v + 1) + " | " + text.get(3 * v + 2) + " |";
                assertTrue(readme.contains(row), row + "\n" + readme);
            }
        }
        assertTrue(balanceText.contains("compensation for seat 1: -"), "this seed has a negative fair bonus: " + balanceText);
    }

    /** A bot's verdict line, among the answers at the top of the report. */
    private static final Pattern TEXT_VERDICT = Pattern.compile("better balanced in \\S+'s self-play\\? (.+?) \\("
            + "(difference \\[[^]]+] pp \\([0-9.]+%\\), TOST \\[[^]]+] pp \\([0-9.]+%\\) against ±1\\.5 pp); TOST p (\\S+), "
            + "difference p (\\S+), both Holm-corrected over the 2 bots of this run, each interval at the level of the Holm "
            + "step that decided its test\\)");

    /**
     * balance's own verdict (Holm over its bots) is the README's when the README's family is that
     * run's bots: the same words, Holm p-values and intervals at the levels of the Holm steps.
     */
    @Test
    void verdict_balanceTextAndReadme_sameWordsIntervalAndHolmPValues() {
        for (String bot : List.of("random", "greedy")) {
            String line = balanceText.lines().filter(l -> l.startsWith("is the three-row variant better balanced in "
                    + bot + "'s self-play? ")).findFirst().orElseThrow();
            List<String> v = groups(line, TEXT_VERDICT);
            assertEquals(4, v.size(), line);
            String cells = "| " + v.get(2) + " | " + v.get(3) + " | " + v.get(0) + " | " + v.get(1) + " |";
            String row = readme.lines().filter(l -> l.startsWith("| " + bot + " | ") && l.contains("| difference ["))
                    .findFirst().orElseThrow();
            assertTrue(row.contains(cells), cells + "\n" + row);
        }
    }

    private static final Pattern TEXT_SHARES = Pattern.compile("  (\\d): (\\S+) (\\[\\S+%, \\S+%])");

    /**
     * One quantity, one interval kind: the first-player text gave each seat's share of the games
     * won alone with individual Wilson intervals, the README sole wins per game with Goodman's
     * simultaneous ones. Both now give the share with the simultaneous interval.
     */
    @Test
    void threePlayerSeats_textAndReadme_sameShareAndSimultaneousInterval() {
        for (String bot : List.of("random", "greedy")) {
            String block = block(seatsText, bot);
            assertTrue(block.contains("share of the games won alone, by seat (simultaneous 95% intervals)"), block);
            List<String> seats = groups(block, TEXT_SHARES);
            assertEquals(9, seats.size(), block);
            StringBuilder cells = new StringBuilder();
            for (int s = 0; s < 3; s++) {
                String interval = seats.get(3 * s + 2).replace("%", "");
                cells.append(s == 0 ? "" : ", ").append("seat ").append(s).append(": ").append(seats.get(3 * s + 1))
                        .append(' ').append(interval);
            }
            assertTrue(readme.contains("| 3 | " + bot + " | 300 | " + cells + " |"), cells + "\n" + readme);
        }
        assertTrue(readme.contains("share of the games won alone, by seat (simultaneous 95% intervals)"), readme);
    }
}
