package richelieu.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import richelieu.engine.json.Json;
import richelieu.runner.stats.PValue;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The figures a committed page quotes from a result file are the file's: in every table row of
 * results/*.md that names one result file (a link to it, or {@code --json results/NAME.json} in its
 * command), an Elo column's estimate and interval are the file's (pentanomial or trinomial, either
 * orientation) rounded once to the decimals printed — not rounded to one decimal and then again
 * (−207.46 is −207, not −208) — and an SPRT's decision is the one its file records: "H1 accepted"
 * or "H0 accepted" only for ACCEPT_H1 or ACCEPT_H0, and a run its file leaves at CONTINUE says so.
 */
class CommittedFiguresTest {

    private static final Path RESULTS = Path.of("..", "results");
    private static final Pattern FILE = Pattern.compile("\\]\\(([\\w.-]+\\.json)\\)|--json results/([\\w.-]+\\.json)");
    private static final String NUM = "([+\\-−]?[0-9][0-9,]*(?:\\.[0-9]+)?)";
    private static final Pattern ESTIMATE = Pattern.compile(NUM + " \\[" + NUM + ", " + NUM + "\\]");

    /** One table row that quotes a result file, with its page and header. */
    record Row(String page, int line, List<String> header, List<String> cells, String file) {
        String where() {
            return page + ":" + line + " (" + file + ")";
        }
    }

    static List<Row> rows() throws IOException {
        List<Path> pages;
        try (Stream<Path> s = Files.list(RESULTS)) {
            pages = s.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().toList();
        }
        List<Row> out = new ArrayList<>();
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page);
            List<String> header = null;
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                if (!l.startsWith("|")) {
                    header = null;
                    continue;
                }
                if (header == null) {
                    header = cells(l);
                    continue;
                }
                if (l.startsWith("|---")) {
                    continue;
                }
                Set<String> files = new LinkedHashSet<>();
                Matcher m = FILE.matcher(l);
                while (m.find()) {
                    files.add(m.group(1) != null ? m.group(1) : m.group(2));
                }
                if (files.size() == 1 && Files.exists(RESULTS.resolve(files.iterator().next()))) {
                    out.add(new Row(page.getFileName().toString(), i + 1, header, cells(l), files.iterator().next()));
                }
            }
        }
        return out;
    }

    private static List<String> cells(String line) {
        String t = line.strip();
        t = t.substring(1, t.endsWith("|") ? t.length() - 1 : t.length());
        List<String> out = new ArrayList<>();
        for (String c : t.split("\\|", -1)) {
            out.add(c.strip());
        }
        return out;
    }

    private static JsonNode statistics(String file) throws Exception {
        return Json.readTree(Files.readString(RESULTS.resolve(file))).path("statistics");
    }

    @Test
    void committedPages_eloQuotedFromAResultFile_isTheFilesValueRoundedOnce() throws Exception {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Row r : rows()) {
            JsonNode match = statistics(r.file()).path("match");
            if (match.isMissingNode()) {
                continue;
            }
            for (int c = 0; c < Math.min(r.header().size(), r.cells().size()); c++) {
                String head = r.header().get(c);
                Matcher m = ESTIMATE.matcher(r.cells().get(c));
                if (!head.contains("Elo") || head.contains("Bradley") || !m.find()) {
                    continue;
                }
                List<String> kinds = head.contains("pentanomial") ? List.of("pentanomial") : List.of("pentanomial", "trinomial");
                boolean agrees = false;
                for (String kind : kinds) {
                    JsonNode k = match.path(kind);
                    double e = k.path("elo").asDouble(Double.NaN);
                    double lo = k.path("eloInterval").path(0).asDouble(Double.NaN);
                    double hi = k.path("eloInterval").path(1).asDouble(Double.NaN);
                    agrees |= roundedOnce(m, e, lo, hi) || roundedOnce(m, -e, -hi, -lo);
                }
                checked++;
                if (!agrees) {
                    problems.add(r.where() + ": '" + m.group() + "' is not the file's " + kinds + " Elo rounded once");
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(checked >= 10, "only " + checked + " Elo figures quoted from result files were found");
    }

    @Test
    void committedPages_sprtDecision_isTheOneItsFileRecords() throws Exception {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Row r : rows()) {
            JsonNode sprt = statistics(r.file()).path("sprt");
            if (sprt.isMissingNode()) {
                continue;
            }
            String row = String.join(" | ", r.cells());
            String decision = sprt.path("decision").asText();
            boolean h1 = row.contains("H1 accepted") || row.contains("**H1**");
            boolean h0 = row.contains("H0 accepted") || row.contains("**H0**");
            checked++;
            switch (decision) {
                case "ACCEPT_H1" -> {
                    if (!h1 || h0) {
                        problems.add(r.where() + ": the file accepts H1: " + row);
                    }
                }
                case "ACCEPT_H0" -> {
                    if (!h0 || h1) {
                        problems.add(r.where() + ": the file accepts H0: " + row);
                    }
                }
                default -> {
                    if (h0 || h1 || !row.contains("no decision")) {
                        problems.add(r.where() + ": the file records " + decision + " (no decision): " + row);
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(checked >= 4, "only " + checked + " SPRT rows were found");
    }

    /**
     * The distance study's paired table, on its page and in the README: each row's counts, p-values,
     * verdict and differences are the result file's ({@code statistics.pairs}), each figure rounded
     * once; and the In brief's fifth answer quotes the file's cell of its bot.
     */
    @Test
    void committedDistancePairs_areTheFilesValuesRoundedOnce() throws Exception {
        JsonNode stats = Json.readTree(Files.readString(RESULTS.resolve("distance").resolve("distance.json")))
                .path("statistics");
        java.util.Map<String, JsonNode> pairs = new java.util.HashMap<>();
        stats.path("pairs").forEach(n -> pairs.put(n.path("bot").asText(), n));
        assertFalse(pairs.isEmpty(), "distance.json has no pairs");
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Path page : List.of(RESULTS.resolve("README.md"), RESULTS.resolve("distance").resolve("distance.md"))) {
            for (String l : pairRows(Files.readAllLines(page))) {
                List<String> c = cells(l);
                JsonNode f = pairs.get(c.get(0));
                if (f == null) {
                    problems.add(page + ": a row of a bot the file does not compare: " + l);
                    continue;
                }
                checked++;
                boolean better = f.path("holmP").asDouble() < 0.05
                        && f.path("onlyLeaderGivesAway").asLong() < f.path("onlyBotGivesAway").asLong();
                Matcher share = ESTIMATE.matcher(c.get(6).replace(" pp ", " "));
                Matcher points = ESTIMATE.matcher(c.get(7));
                boolean ok = c.get(1).equals(f.path("onlyLeaderGivesAway").asText())
                        && c.get(2).equals(f.path("onlyBotGivesAway").asText())
                        && c.get(3).equals(PValue.value(f.path("mcnemarP").asDouble(), 3))
                        && c.get(4).equals(PValue.value(f.path("holmP").asDouble(), 3))
                        && c.get(5).equals(better ? f.path("leader").asText() + " less often" : "not told apart")
                        && share.find() && roundedOnce(share, 100 * f.path("shareDifference").asDouble(),
                        100 * f.path("shareDifferenceLow").asDouble(), 100 * f.path("shareDifferenceHigh").asDouble())
                        && points.find() && roundedOnce(points, f.path("pointsDifference").asDouble(),
                        f.path("pointsDifferenceLow").asDouble(), f.path("pointsDifferenceHigh").asDouble());
                if (!ok) {
                    problems.add(page + ": not the file's values rounded once: " + l);
                }
            }
        }
        assertEquals(List.of(), problems);
        assertEquals(2 * pairs.size(), checked, "every pair once on the page and once in the README");
        // the In brief's fifth answer: its bot's cell of all numbers of cards
        String brief = Files.readAllLines(RESULTS.resolve("README.md")).stream()
                .filter(l -> l.startsWith("5. *How close to perfect play")).findFirst().orElseThrow();
        Matcher bot = Pattern.compile("`([^`]+)`").matcher(brief);
        assertTrue(bot.find(), brief);
        JsonNode cell = null;
        for (JsonNode n : stats.path("cells")) {
            if (n.path("bot").asText().equals(bot.group(1)) && n.path("cards").asText().equals("all")) {
                cell = n;
            }
        }
        assertTrue(cell != null, "no cell of " + bot.group(1));
        Matcher shares = Pattern.compile(NUM + "% \\[" + NUM + ", " + NUM + "\\]").matcher(brief);
        assertTrue(shares.find() && roundedOnce(shares, 100 * cell.path("givesAwayShare").asDouble(),
                100 * cell.path("givesAwayLow").asDouble(), 100 * cell.path("givesAwayHigh").asDouble()), brief);
        Matcher lost = Pattern.compile("loses " + NUM + " \\[" + NUM + ", " + NUM + "\\]").matcher(brief);
        assertTrue(lost.find() && roundedOnce(lost, cell.path("pointsLost").asDouble(),
                cell.path("pointsLostLow").asDouble(), cell.path("pointsLostHigh").asDouble()), brief);
    }

    /** The rows of the distance study's paired table ("| bot | only … |") among a page's lines. */
    static List<String> pairRows(List<String> lines) {
        List<String> rows = new ArrayList<>();
        boolean inTable = false;
        for (String l : lines) {
            if (l.startsWith("| bot | only ")) {
                inTable = true;
            } else if (!l.startsWith("|")) {
                inTable = false;
            } else if (inTable && !l.startsWith("|---")) {
                rows.add(l);
            }
        }
        return rows;
    }

    @Test
    void roundedOnce_doubleRounding_isRefused() {
        Matcher twice = ESTIMATE.matcher("−208 [−268, −146]");
        assertTrue(twice.find());
        assertFalse(roundedOnce(twice, -207.46217, -268.05120, -145.45315));
        Matcher once = ESTIMATE.matcher("−207 [−268, −145]");
        assertTrue(once.find());
        assertTrue(roundedOnce(once, -207.46217, -268.05120, -145.45315));
        Matcher decimals = ESTIMATE.matcher("+58.7 [+24.9, +92.6]");
        assertTrue(decimals.find());
        assertTrue(roundedOnce(decimals, 58.6543, 24.9499, 92.56));
        assertFalse(roundedOnce(decimals, 58.6543, 24.9499, 92.549), "92.549 is 92.5 at one decimal");
    }

    /** True if the three printed numbers are the values, each rounded once to its printed decimals. */
    private static boolean roundedOnce(Matcher printed, double... values) {
        for (int i = 0; i < 3; i++) {
            String p = printed.group(i + 1).replace(",", "").replace('−', '-').replace("+", "");
            int d = decimals(printed.group(i + 1));
            if (p.matches("-0(\\.0*)?") && values[i] < 0) {
                p = p.substring(1); // a signed format keeps the sign of a small negative value: "-0.00" is -0.002 rounded
            }
            // Java's Formatter rounds the shortest decimal of a double (-0.285 is "-0.29"), exact arithmetic its binary
            // value (-0.28499…): either is one rounding
            if (Double.isNaN(values[i]) || !(p.equals(round(values[i], d)) || p.equals(roundShortest(values[i], d)))) {
                return false;
            }
        }
        return true;
    }

    private static int decimals(String printed) {
        int dot = printed.indexOf('.');
        return dot < 0 ? 0 : printed.length() - dot - 1;
    }

    private static String roundShortest(double value, int decimals) {
        String s = BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
        return s.matches("-0(\\.0*)?") ? s.substring(1) : s;
    }

    private static String round(double value, int decimals) {
        String s = new BigDecimal(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
        return s.matches("-0(\\.0*)?") ? s.substring(1) : s;
    }
}
