package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A consistent, forgiving command line. */
class CliComfortTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void unknownOptionOrCommand_suggestsTheNearest() {
        Cli o = Cli.run("match", "greedy", "random", "--pair", "3");
        assertEquals(2, o.exit);
        assertTrue(o.err.contains("did you mean --pairs?"), o.err);
        Cli c = Cli.run("tournamnet");
        assertEquals(2, c.exit);
        assertTrue(c.err.contains("did you mean tournament"), c.err);
    }

    @Test
    void unknownCommandWithHelp_saysUnknownAndSuggestsTheNearest() {
        // Before: the main help and exit 0, as if the command existed.
        Cli c = Cli.run("ratingz", "--help");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("unknown command 'ratingz'") && c.err.contains("(did you mean ratings"), c::toString);
        assertEquals("", c.out, c::toString);
        Cli far = Cli.run("frobnicate", "-h");
        assertEquals(2, far.exit, far::toString);
        assertTrue(far.err.contains("unknown command 'frobnicate'"), far::toString);
        assertEquals(0, Cli.run("--help").exit, "the main help itself stays");
        assertEquals(0, Cli.run("help", "match").exit, "and the help command");
    }

    @Test
    void versionOption_onEverySubcommand_printsTheVersion() {
        // Before: "match -V" printed nothing, though every subcommand's help lists -V.
        int checked = 0;
        for (var e : Main.commandLine().getSubcommands().entrySet()) {
            if (!e.getValue().getCommandSpec().optionsMap().containsKey("-V")) {
                continue;
            }
            Cli c = Cli.run(e.getKey(), "-V");
            assertEquals(0, c.exit, e.getKey() + ": " + c);
            assertTrue(c.out.startsWith("richelieu " + Version.VERSION), e.getKey() + " -V printed: " + c);
            checked++;
        }
        assertTrue(checked >= 15, "subcommands with -V: " + checked);
        assertTrue(Cli.run("demo", "--version").out.startsWith("richelieu " + Version.VERSION));
    }

    /** Seeds come from the user or a printed constant, never from the clock: two runs, same bytes. */
    @Test
    void noSeedGiven_defaultSeedOnePrinted_twoRunsIdentical() {
        Cli a = Cli.run("match", "greedy", "random", "--pairs", "3", "--threads", "1", "--no-progress");
        Cli b = Cli.run("match", "greedy", "random", "--pairs", "3", "--threads", "2", "--no-progress");
        assertEquals(0, a.exit, a.toString());
        assertTrue(a.out.contains("master seed: 1\n"), a.out);
        assertEquals(a.out.replaceAll("(?m)^.*games/s.*$", ""), b.out.replaceAll("(?m)^.*games/s.*$", ""));
        Cli seeded = Cli.run("match", "greedy", "random", "--pairs", "3", "--threads", "1", "--no-progress",
                "--seed", "1");
        assertEquals(a.out.replaceAll("(?m)^.*games/s.*$", ""), seeded.out.replaceAll("(?m)^.*games/s.*$", ""),
                "no --seed is --seed 1");
    }

    @Test
    void balanceHelp_listsOnlyItsOptions_andRejectsVariant() {
        Cli h = Cli.run("balance", "--help");
        assertEquals(0, h.exit);
        assertFalse(h.out.contains("--variant"), h.out);
        assertTrue(h.out.contains("--pairs") && h.out.contains("--games"), h.out);
        Cli v = Cli.run("balance", "random", "--variant", "three-row");
        assertEquals(2, v.exit);
        assertTrue(v.err.contains("Unknown option: '--variant'"), v.err);
    }

    @Test
    void pairsAndGames_meanDealsAndGamesInEveryPlayingCommand(@TempDir Path dir) throws IOException {
        String[][] same = {
                {"balance", "random", "--seed", "5", "--threads", "1", "--pairs", "40"},
                {"balance", "random", "--seed", "5", "--threads", "1", "--games", "80"},
                {"tournament", "random", "greedy", "--seed", "5", "--threads", "1", "--pairs", "10"},
                {"tournament", "random", "greedy", "--seed", "5", "--threads", "1", "--games", "20"},
                {"match", "random", "greedy", "--seed", "5", "--threads", "1", "--pairs", "10"},
                {"match", "random", "greedy", "--seed", "5", "--threads", "1", "--games", "20"}};
        for (int i = 0; i < same.length; i += 2) {
            JsonNode a = run(dir.resolve(i + "a.json"), same[i]);
            JsonNode b = run(dir.resolve(i + "b.json"), same[i + 1]);
            assertEquals(a.get("config").get("deals"), b.get("config").get("deals"), same[i][0]);
            assertEquals(a.get("tally"), b.get("tally"), same[i][0] + ": --pairs N and --games (N x games per deal) play the same games");
        }
        Cli odd = Cli.run("balance", "random", "--games", "81");
        assertEquals(2, odd.exit);
        assertTrue(odd.err.contains("--games must be a positive multiple of 2"), odd.err);
    }

    @Test
    void unknownBot_pointsToPluginAndThePluginsFolder() {
        Cli c = Cli.run("match", "nosuchbot", "random", "--pairs", "1");
        assertEquals(2, c.exit);
        assertTrue(c.err.contains("unknown bot 'nosuchbot'") && c.err.contains("--plugin") && c.err.contains("plugins/"), c.err);
        assertEquals(1, c.err.strip().lines().count(), c.err);
    }

    @Test
    void labels_nameEqualsSpec_showEverywhere_recordsKeepLabelAndSpec(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("l.json");
        Path csv = dir.resolve("l.csv");
        Path rec = dir.resolve("l.jsonl");
        Cli c = Cli.run("tournament", "fast=ismcts:iterations=20", "ismcts:iterations=30", "g.1=greedy", "--pairs", "2",
                "--seed", "3", "--threads", "1", "--json", json.toString(), "--csv", csv.toString(), "--records", rec.toString());
        assertEquals(0, c.exit, c.toString());
        // the table's rows are ranked, so any number goes with a name
        for (String shown : List.of("fast", "ismcts:iterations=30", "g.1")) {
            assertTrue(Pattern.compile("\\([1-3]\\) " + Pattern.quote(shown) + " ").matcher(c.out).find(),
                    "tables show labels (and plain specs) in full:\n" + c.out);
        }
        JsonNode root = JSON.readTree(json.toFile());
        assertEquals("fast=ismcts:iterations=20", root.get("config").get("bots").get(0).asText(), "the result file keeps the spec");
        java.util.Set<String> rated = new java.util.HashSet<>();
        root.get("statistics").get("ratings").forEach(r -> rated.add(r.get("bot").asText()));
        assertEquals(java.util.Set.of("fast", "ismcts:iterations=30", "g.1"), rated);
        String firstGame = java.nio.file.Files.readAllLines(rec).get(0);
        assertTrue(firstGame.contains("\"seats\":[\"fast=ismcts:iterations=20\",\"ismcts:iterations=30\"]"), firstGame);
        String table = java.nio.file.Files.readString(csv);
        assertTrue(table.contains("fast") && !table.contains("fast=ismcts"), table);
        Cli bad = Cli.run("match", "my bot=greedy", "random");
        assertEquals(2, bad.exit);
        assertTrue(bad.err.contains("a label (NAME=SPEC) is letters, digits"), bad.err);
    }

    @Test
    void sprtPrintsItsPlanNotTheCap_andChartAcceptsMatchResults(@TempDir Path dir) {
        Cli s = Cli.run("sprt", "greedy", "random", "--elo0", "0", "--elo1", "200", "--seed", "1", "--threads", "1");
        assertEquals(0, s.exit, s.toString());
        assertTrue(s.out.contains("sequential test: each deal played twice with seats swapped, until the test accepts H0 or H1; "
                + "at most 100,000 games (50,000 deals)"), s.out);
        assertFalse(s.out.contains("50,000 deals x"), "the cap is not announced as the plan");
        Path m = dir.resolve("m.json");
        assertEquals(0, Cli.run("match", "greedy", "random", "--pairs", "5", "--seed", "1", "--json", m.toString()).exit);
        Cli c = Cli.run("chart", m.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(java.nio.file.Files.exists(dir.resolve("m-margins.png")), c.out);
    }

    private static JsonNode run(Path json, String... args) throws IOException {
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--json";
        all[args.length + 1] = json.toString();
        Cli c = Cli.run(all);
        assertEquals(0, c.exit, c.toString());
        return JSON.readTree(json.toFile());
    }
}
