package richelieu.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * No committed result page prints a balance verdict that its own intervals contradict. Every page
 * prints a verdict's intervals in one form ("difference [a, b] pp (C%), TOST [c, d] pp (C%)
 * against ±M pp", {@code Format.verdictIntervals}); each such form must follow a verdict on its line
 * and agree with it: more, less or differently balanced exactly when the difference interval
 * leaves out 0; equally balanced exactly when, besides, the TOST interval lies inside ±M. On a line
 * with a verdict, an interval in percentage points in any other form (an uncorrected one beside a
 * corrected verdict, say) is refused: the reader could not tell which interval goes with it.
 */
class CommittedVerdictsTest {

    private static final Path RESULTS = Path.of("..", "results");

    private static final Pattern VERDICT = Pattern.compile(
            "(equally balanced within ±[0-9.]+ pp|more balanced|less balanced|differently balanced|inconclusive at this sample)",
            Pattern.CASE_INSENSITIVE);
    private static final String NUM = "([+-]?[0-9]+(?:\\.[0-9]+)?)";
    private static final Pattern INTERVALS = Pattern.compile("difference \\[" + NUM + ", " + NUM + "\\] pp \\(([0-9.]+)%\\), "
            + "TOST \\[" + NUM + ", " + NUM + "\\] pp \\(([0-9.]+)%\\) against ±([0-9.]+) pp");
    private static final Pattern PP_INTERVAL = Pattern.compile("pp \\[|\\] pp");

    static Stream<Path> pages() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(RESULTS)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "no pages under " + RESULTS.toAbsolutePath());
        assertTrue(files.contains(RESULTS.resolve("README.md")), "results/README.md is missing");
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pages")
    void committedPage_everyVerdict_agreesWithTheIntervalsPrintedBesideIt(Path page) throws IOException {
        List<String> problems = new ArrayList<>();
        List<String> lines = Files.readAllLines(page);
        for (int i = 0; i < lines.size(); i++) {
            for (String p : problems(lines.get(i))) {
                problems.add(page.getFileName() + ":" + (i + 1) + ": " + p);
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void problems_inconclusiveBesideAnUncorrectedIntervalThatLeavesOutZero_isFound() {
        // the In brief as it read before: a Holm-corrected verdict beside an uncorrected 95% interval
        String old = "3. *Is the three-row variant better balanced?* **Inconclusive at this sample.** Seat 0 scores 54.3% in "
                + "the base game; the paired difference base − three-row is -0.96 pp [-1.74, -0.17] (90% interval "
                + "[-1.61, -0.30] against the margin ±1.5 pp; TOST p 0.345, difference p 0.152, both Holm-corrected)";
        assertFalse(problems(old).isEmpty());
        assertFalse(problems("inconclusive at this sample (difference [-1.74, -0.17] pp (95%), TOST [-1.61, -0.30] pp "
                + "(90%) against ±1.5 pp)").isEmpty());
        assertFalse(problems("less balanced (difference [-2.06, +0.15] pp (99.44%), TOST [-1.91, +0.00] pp (98.33%) "
                + "against ±1.5 pp)").isEmpty());
        assertFalse(problems("equally balanced within ±1.5 pp (difference [-0.94, +0.17] pp (99.44%), TOST [-1.59, +0.12] "
                + "pp (98.89%) against ±1.5 pp)").isEmpty());
        assertFalse(problems("inconclusive at this sample (difference [-0.94, +0.17] pp (99.44%), TOST [-0.89, +0.12] "
                + "pp (98.89%) against ±1.5 pp)").isEmpty());
        assertFalse(problems("| -0.4 pp | difference [-0.94, +0.17] pp (99.44%), TOST [-0.89, +0.12] pp (98.89%) against "
                + "±1.5 pp |").isEmpty(), "intervals without a verdict before them");
    }

    @Test
    void problems_verdictsThatAgree_areNone() {
        assertEquals(List.of(), problems("**Less balanced:** seat 0 scores 54.3% in the base game, base − three-row -0.96 pp "
                + "(difference [-1.74, -0.17] pp (95%), TOST [-1.61, -0.30] pp (90%) against ±1.5 pp; TOST p 0.086)"));
        assertEquals(List.of(), problems("| pimc | -0.96 pp | 0.345 | 0.152 | inconclusive at this sample | difference "
                + "[-2.06, +0.15] pp (99.44%), TOST [-1.91, +0.00] pp (98.33%) against ±1.5 pp | 17.9% |"));
        assertEquals(List.of(), problems("For **random** …: equally balanced within ±1.5 pp (difference [-0.94, +0.17] pp "
                + "(99.44%), TOST [-0.89, +0.12] pp (98.89%) against ±1.5 pp); for **heuristic** …: less balanced "
                + "(difference [-3.57, -0.52] pp (99.5%), TOST [-3.35, -0.74] pp (98.33%) against ±1.5 pp)."));
    }

    /**
     * The distance study's paired verdicts, on its page and in the README: "less often" only beside
     * a share-difference interval that leaves out 0, "not told apart" only beside one that holds
     * it; "gives away game value least often:" (the unqualified claim) only when no row says "not
     * told apart"; and the In brief's fifth answer names as many bots not told apart as the table.
     */
    @Test
    void committedDistancePages_pairedVerdicts_agreeWithTheirIntervals() throws IOException {
        List<String> problems = new ArrayList<>();
        Pattern interval = Pattern.compile("\\[([+-]?[0-9.]+), ([+-]?[0-9.]+)\\]");
        int level = -1;
        String briefBotVerdict = null;
        String brief = Files.readAllLines(RESULTS.resolve("README.md")).stream()
                .filter(l -> l.startsWith("5. *How close to perfect play")).findFirst().orElse("");
        Matcher named = Pattern.compile("\\?\\* `([^`]+)`").matcher(brief);
        String briefBot = named.find() ? named.group(1) : "";
        for (Path page : List.of(RESULTS.resolve("distance").resolve("distance.md"), RESULTS.resolve("README.md"))) {
            List<String> lines = Files.readAllLines(page);
            int notApart = 0;
            int rows = 0;
            for (String l : CommittedFiguresTest.pairRows(lines)) {
                String[] c = l.split("\\|");
                String verdict = c[6].strip();
                if (page.endsWith("README.md") && c[1].strip().equals(briefBot)) {
                    briefBotVerdict = verdict;
                }
                Matcher m = interval.matcher(c[7]);
                if (!m.find()) {
                    problems.add(page + ": no interval beside its verdict: " + l);
                    continue;
                }
                rows++;
                double lo = Double.parseDouble(m.group(1));
                double hi = Double.parseDouble(m.group(2));
                // a printed end of 0.0 is rounded: either side is possible
                if (verdict.endsWith("less often") && lo <= 0 && hi >= 0 && !(lo == 0 && hi > 0)) {
                    problems.add(page + ": '" + verdict + "' beside an interval that holds 0: " + l);
                }
                if (verdict.equals("not told apart")) {
                    notApart++;
                    if (lo > 0 || hi < 0) {
                        problems.add(page + ": '" + verdict + "' beside an interval that leaves out 0: " + l);
                    }
                }
            }
            if (rows == 0) {
                problems.add(page + ": no paired table");
            }
            String text = String.join("\n", lines);
            if (notApart > 0 && text.contains("gives away game value least often:")) {
                problems.add(page + ": 'least often' claimed, but " + notApart + " bots are not told apart");
            }
            if (notApart > 0 && !text.contains("not told apart from " + (notApart == 1 ? "1 other bot" : notApart
                    + " other bots"))) {
                problems.add(page + ": the sentence does not name the " + notApart + " bots not told apart");
            }
            level = notApart;
        }
        if (briefBotVerdict == null) {
            // the answer's bot is the one that gives away value least often: it names those level with it
            if (level > 0 && !brief.contains(level + (level == 1 ? " is" : " are") + " not told apart")) {
                problems.add("README.md: the In brief's fifth answer does not say " + level + " bots are not told apart: " + brief);
            }
        } else if (briefBotVerdict.equals("not told apart") != brief.contains("it is not told apart from ")) {
            // another bot gives away value least often: the answer says what its paired row says
            problems.add("README.md: the In brief's fifth answer disagrees with " + briefBot + "'s paired verdict '"
                    + briefBotVerdict + "': " + brief);
        }
        assertEquals(List.of(), problems);
    }

    /** What is wrong with one line of a page: a verdict its intervals contradict, or an interval that cannot be read as its. */
    static List<String> problems(String line) {
        List<String> out = new ArrayList<>();
        Matcher verdicts = VERDICT.matcher(line);
        List<int[]> at = new ArrayList<>();
        while (verdicts.find()) {
            at.add(new int[]{verdicts.start(), verdicts.end()});
        }
        Matcher m = INTERVALS.matcher(line);
        List<int[]> forms = new ArrayList<>();
        while (m.find()) {
            forms.add(new int[]{m.start(), m.end()});
            String verdict = null;
            for (int[] v : at) {
                verdict = v[1] <= m.start() ? line.substring(v[0], v[1]).toLowerCase(Locale.ROOT) : verdict;
            }
            if (verdict == null) {
                out.add("intervals without a verdict before them: " + m.group());
                continue;
            }
            double dLo = Double.parseDouble(m.group(1));
            double dHi = Double.parseDouble(m.group(2));
            double tLo = Double.parseDouble(m.group(4));
            double tHi = Double.parseDouble(m.group(5));
            double margin = Double.parseDouble(m.group(7));
            // a printed end that equals the bound is rounded to it: either side is possible
            boolean excludesZero = dLo > 0 || dHi < 0;
            boolean includesZero = dLo < 0 && dHi > 0;
            boolean inside = tLo > -margin && tHi < margin;
            boolean outside = tLo < -margin || tHi > margin;
            boolean directional = verdict.startsWith("more") || verdict.startsWith("less") || verdict.startsWith("differently");
            if (directional && includesZero) {
                out.add("'" + verdict + "' beside a difference interval that holds 0: " + m.group());
            }
            if (!directional && excludesZero) {
                out.add("'" + verdict + "' beside a difference interval that leaves out 0: " + m.group());
            }
            if (verdict.startsWith("equally") && outside) {
                out.add("'" + verdict + "' beside a TOST interval that reaches beyond ±" + margin + ": " + m.group());
            }
            if (verdict.startsWith("inconclusive") && inside) {
                out.add("'" + verdict + "' beside a TOST interval inside ±" + margin + ": " + m.group());
            }
        }
        if (!at.isEmpty()) {
            Matcher pp = PP_INTERVAL.matcher(line);
            while (pp.find()) {
                int where = pp.start();
                if (forms.stream().noneMatch(f -> f[0] <= where && where < f[1])) {
                    out.add("an interval in pp on a verdict's line that is not the verdict's: …"
                            + line.substring(Math.max(0, where - 40), Math.min(line.length(), where + 40)) + "…");
                }
            }
        }
        return out;
    }
}
