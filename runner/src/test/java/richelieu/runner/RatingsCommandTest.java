package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static richelieu.runner.Cli.ok;

/** {@code ratings}: one Bradley–Terry list pooled from several result files. */
class RatingsCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

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
    @Tag("slow")
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

    /**
     * The fit of two bots solved by hand, independently of BradleyTerry: with the fit's prior (each
     * bot one virtual draw against a pseudo-opponent of rating 0), the score equations
     * {@code W_A + 1/2 = N·σ(x−y) + σ(x)} and {@code W_B + 1/2 = N·σ(y−x) + σ(y)} add up to
     * σ(x) + σ(y) = 1, so y = −x (mean 0 already), and A's equation {@code N·σ(2x) + σ(x) = W_A + 1/2}
     * increases in x: bisection. Returns A's Elo, 400·x/ln 10.
     *
     * @param games  games between them, each counted once
     * @param points A's points (a draw is half a point)
     */
    static double twoBotElo(long games, double points) {
        double lo = -40;
        double hi = 40;
        for (int i = 0; i < 200; i++) {
            double x = (lo + hi) / 2;
            if (games * sigma(2 * x) + sigma(x) > points + 0.5) {
                hi = x;
            } else {
                lo = x;
            }
        }
        return 400 / Math.log(10) * (lo + hi) / 2;
    }

    private static double sigma(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    private static Map<String, JsonNode> byBot(JsonNode list) {
        Map<String, JsonNode> m = new HashMap<>();
        list.forEach(o -> m.put(o.get("bot").asText(), o));
        return m;
    }

    @Test
    void ratings_pairedMatch_equalsTheHandSolvedTwoBotFit(@TempDir Path dir) throws IOException {
        Path m = ResultFiles.resourceIn("samples/match.json", dir); // greedy 193 wins, 2 draws, 5 losses against random, 100 pairs
        Path r = dir.resolve("r.json");
        ok("ratings", m.toString(), "--json", r.toString(), "--bootstrap", "200");
        Map<String, JsonNode> got = byBot(JSON.readTree(r.toFile()).get("ratings"));
        double greedy = twoBotElo(200, 194);
        assertTrue(greedy > 250 && greedy < 350, "half the gap of 194 points in 200 games, about 600 Elo: " + greedy);
        assertEquals(greedy, got.get("greedy").get("elo").asDouble(), 1e-6);
        assertEquals(-greedy, got.get("random").get("elo").asDouble(), 1e-6);
        JsonNode interval = got.get("greedy").get("interval");
        assertTrue(interval.get(0).asDouble() < greedy && greedy < interval.get(1).asDouble(), interval.toString());
    }

    @Test
    void ratings_unpairedMatch_countsEachGameOnce_notAsADoubledPair(@TempDir Path dir) throws IOException {
        Path m = dir.resolve("m.json");
        ok("match", "random", "r2=random", "--games", "40", "--unpaired", "--seed", "5", "--threads", "1", "--json", m.toString());
        JsonNode pair = JSON.readTree(m.toFile()).get("tally").get("pairs").get(0);
        double points = pair.get("wins").asLong() + pair.get("draws").asLong() / 2.0;
        assertTrue(points > 0 && points < 40, "both bots scored: " + pair);
        Cli c = Cli.run("ratings", m.toString(), "--json", dir.resolve("r.json").toString(), "--bootstrap", "200");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("bootstrap interval over whole deals"), c.out);
        Map<String, JsonNode> got = byBot(JSON.readTree(dir.resolve("r.json").toFile()).get("ratings"));
        assertEquals(twoBotElo(40, points), got.get("random").get("elo").asDouble(), 1e-6);
    }

    @Test
    void ratings_threePlayerTournament_reproducesItsDealLevelRatings(@TempDir Path dir) throws IOException {
        Path t = dir.resolve("t.json");
        ok("tournament", "random", "r2=random", "r3=random", "--players", "3", "--pairs", "8", "--seed", "6", "--threads", "1",
                "--json", t.toString());
        JsonNode own = JSON.readTree(t.toFile()).get("statistics").get("ratings");
        assertEquals(3, own.size(), "the tournament rates its bots: " + JSON.readTree(t.toFile()).get("statistics"));
        Path r = dir.resolve("r.json");
        ok("ratings", t.toString(), "--json", r.toString(), "--bootstrap", "50");
        Map<String, JsonNode> pooled = byBot(JSON.readTree(r.toFile()).get("ratings"));
        for (JsonNode o : own) {
            assertEquals(o.get("elo").asDouble(), pooled.get(o.get("bot").asText()).get("elo").asDouble(), 1e-6, o.toString());
            // Before: 48, a game counted once per other bot at the table.
            assertEquals(24, pooled.get(o.get("bot").asText()).get("games").asLong(), "each game once: 8 deals x 3 seatings");
            assertEquals(o.get("games").asLong(), pooled.get(o.get("bot").asText()).get("games").asLong());
        }
    }

    @Test
    void ratings_cleanSweep_saysNotIdentified_insteadOfZeroWidthIntervals(@TempDir Path dir) throws IOException {
        Path m = ResultFiles.resourceIn("golden/match-unpaired/result.json", dir); // heuristic won all 15 games against random
        Path r = dir.resolve("r.json");
        Path csv = dir.resolve("r.csv");
        Cli c = Cli.run("ratings", m.toString(), "--json", r.toString(), "--csv", csv.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("ratings: not identified by these games (random scored no points against heuristic)"), c.out);
        assertFalse(c.out.contains("Bradley-Terry ratings") || c.out.contains("±"), c.out);
        JsonNode json = JSON.readTree(r.toFile());
        assertEquals("random scored no points against heuristic", json.get("ratingsNotIdentified").asText());
        assertFalse(json.has("ratings"));
        assertEquals(1.0, byBot(json.get("bots")).get("heuristic").get("score").asDouble());
        assertEquals(List.of("rank,bot,elo,low,high,games,score", ",heuristic,,,,15,1.0000", ",random,,,,15,0.0000"),
                Files.readAllLines(csv));

        // 3 players, the same label at two seats (pooled as one bot; its meetings with itself left out)
        Path t = ResultFiles.resourceIn("golden/tournament-3p/result.json", dir);
        Cli three = Cli.run("ratings", t.toString());
        assertEquals(0, three.exit, three.toString());
        assertTrue(three.out.contains("3 bots") && three.out.contains("(random scored no points against greedy, heuristic)"),
                three.out);
    }

    @Test
    void ratings_twoSweepsInAChain_namesOnlyTheMeetingsPlayed(@TempDir Path dir) throws IOException {
        // heuristic won all 15 games against random; the same file relabelled: greedy won all 15 against heuristic.
        // Before: "heuristic, random scored no points against greedy", though random never met greedy.
        Path a = ResultFiles.resourceIn("golden/match-unpaired/result.json", dir);
        Path b = dir.resolve("b.json");
        Files.copy(a, b);
        ResultFiles.edit(b, n -> {
            com.fasterxml.jackson.databind.node.ArrayNode bots = (com.fasterxml.jackson.databind.node.ArrayNode) n.get("config").get("bots");
            bots.removeAll();
            bots.add("greedy").add("heuristic");
        });
        Path r = dir.resolve("r.json");
        Cli c = Cli.run("ratings", a.toString(), b.toString(), "--json", r.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("(heuristic scored no points against greedy)"), c.out);
        assertFalse(c.out.contains("random scored no points against greedy"), c.out);
        assertEquals("heuristic scored no points against greedy", JSON.readTree(r.toFile()).get("ratingsNotIdentified").asText());
    }

    @Test
    void ratings_sameGamesTwice_refusedHoweverTheFileIsNamed(@TempDir Path dir) throws IOException {
        // Before: `ratings a.json a.json` reported twice the games and a narrower interval.
        Path a = dir.resolve("a.json");
        Cli.ok("match", "greedy", "random", "--pairs", "6", "--seed", "8", "--json", a.toString(), "--no-progress");
        Path copy = Files.copy(a, dir.resolve("copy.json"));
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), a);
        Path shard = dir.resolve("shard.json");
        Cli.ok("match", "greedy", "random", "--pairs", "6", "--seed", "8", "--shard", "1/3", "--json", shard.toString(),
                "--no-progress");
        for (Path twice : List.of(a, copy, link, dir.resolve(".").resolve("a.json"), shard)) {
            Cli c = Cli.run("ratings", a.toString(), twice.toString());
            assertEquals(2, c.exit, c::toString);
            assertTrue(c.err.contains("holds games that " + a + " holds too"), c::toString);
            assertEquals(1, c.err.strip().lines().count(), c::toString);
        }
        // another run of the same bots (another seed) is new games, and pools
        Path other = dir.resolve("other.json");
        Cli.ok("match", "greedy", "random", "--pairs", "6", "--seed", "9", "--json", other.toString(), "--no-progress");
        assertEquals(0, Cli.run("ratings", a.toString(), other.toString()).exit);
    }
}
