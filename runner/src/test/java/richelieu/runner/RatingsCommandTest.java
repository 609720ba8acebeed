package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code ratings}: one Bradley–Terry list pooled from several result files (issue 13, item 5). */
class RatingsCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static void ok(String... args) {
        Cli c = Cli.run(args);
        assertEquals(0, c.exit, c.toString());
    }

    @Test
    void ratings_oneTournamentFile_reproducesTheTournamentsOwnRatings(@TempDir Path dir) throws IOException {
        Path t = dir.resolve("t.json");
        ok("tournament", "random", "r2=random", "r3=random", "--pairs", "12", "--seed", "4", "--threads", "1", "--json", t.toString());
        Path r = dir.resolve("r.json");
        ok("ratings", t.toString(), "--json", r.toString(), "--bootstrap", "50");
        Map<String, Double> own = new HashMap<>();
        for (JsonNode o : JSON.readTree(t.toFile()).get("statistics").get("ratings")) {
            own.put(o.get("bot").asText(), o.get("elo").asDouble());
        }
        JsonNode pooled = JSON.readTree(r.toFile()).get("ratings");
        assertEquals(3, pooled.size());
        for (JsonNode o : pooled) {
            assertEquals(own.get(o.get("bot").asText()), o.get("elo").asDouble(), 1e-6, o.toString());
        }
    }

    @Test
    void ratings_poolsMatchesAndTournament_andRefusesOtherRulesDecksAndCommands(@TempDir Path dir) throws IOException {
        Path t = dir.resolve("t.json");
        Path m = dir.resolve("m.json");
        ok("tournament", "random", "greedy", "--pairs", "10", "--seed", "1", "--threads", "1", "--json", t.toString());
        ok("match", "heuristic", "greedy", "--pairs", "10", "--seed", "2", "--threads", "1", "--json", m.toString());
        Path csv = dir.resolve("r.csv");
        Cli c = Cli.run("ratings", t.toString(), m.toString(), "--csv", csv.toString(), "--bootstrap", "50");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("2 result file(s) (1 tournament, 1 match)") && c.out.contains("3 bots, 2 pairings"), c.out);
        List<String> rows = Files.readAllLines(csv);
        assertEquals("rank,bot,elo,low,high,games,score", rows.get(0));
        assertEquals(4, rows.size());
        long greedyGames = rows.stream().filter(x -> x.split(",")[1].equals("greedy")).mapToLong(x -> Long.parseLong(x.split(",")[5]))
                .sum();
        assertEquals(40, greedyGames, "greedy's games of both files are pooled");

        Path three = dir.resolve("three.json");
        ok("match", "heuristic", "random", "--pairs", "2", "--seed", "3", "--variant", "three-row", "--json", three.toString());
        Cli rules = Cli.run("ratings", t.toString(), three.toString());
        assertEquals(2, rules.exit);
        assertTrue(rules.err.contains("other rules"), rules.err);

        Path deck = Path.of("..", "results", "decks", "flat.json");
        Path other = dir.resolve("deck.json");
        ok("match", "heuristic", "random", "--pairs", "2", "--seed", "3", "--deck", deck.toString(), "--json", other.toString());
        Cli decks = Cli.run("ratings", t.toString(), other.toString());
        assertEquals(2, decks.exit);
        assertTrue(decks.err.contains("another deck"), decks.err);

        Path fp = dir.resolve("fp.json");
        ok("first-player", "random", "--games", "20", "--seed", "3", "--json", fp.toString());
        Cli self = Cli.run("ratings", fp.toString());
        assertEquals(2, self.exit);
        assertTrue(self.err.contains("no games between different bots"), self.err);
    }
}
