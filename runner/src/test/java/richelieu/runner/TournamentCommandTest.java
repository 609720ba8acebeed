package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.stats.BradleyTerry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TournamentCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void ratings_threePlayers_countEachPairwiseGameOnce(@TempDir Path dir) throws IOException {
        // Before, each pairwise result of a 3-4 player game entered the fit as a doubled pair (2
        // games), so one virtual draw of the prior weighed half of what BradleyTerry documents.
        Path out = dir.resolve("t.json");
        Cli c = Cli.run("tournament", "random", "greedy", "random", "--players", "3", "--pairs", "8", "--seed", "2",
                "--bootstrap", "50", "--json", out.toString());
        assertEquals(0, c.exit, c.toString());
        JsonNode r = JSON.readTree(out.toFile());
        List<BradleyTerry.DealGroup> games = new ArrayList<>();
        for (JsonNode p : r.get("tally").get("pairs")) {
            games.add(new BradleyTerry.DealGroup(List.of(new BradleyTerry.Meeting(p.get("a").asInt(), p.get("b").asInt(), 1)),
                    List.of(new BradleyTerry.Outcome(p.get("losses").asLong(), new int[]{0}),
                            new BradleyTerry.Outcome(p.get("draws").asLong(), new int[]{1}),
                            new BradleyTerry.Outcome(p.get("wins").asLong(), new int[]{2}))));
        }
        BradleyTerry.Fit once = BradleyTerry.fitDeals(3, games, 1.0, new BradleyTerry.MeanZero());
        List<Double> expected = new ArrayList<>(once.elo());
        expected.sort(java.util.Comparator.reverseOrder()); // the report lists bots by rank
        JsonNode ratings = r.get("statistics").get("ratings");
        assertEquals(3, ratings.size());
        for (int i = 0; i < 3; i++) {
            assertEquals(expected.get(i), ratings.get(i).get("elo").asDouble(), 1e-6, ratings.toString());
        }
        // every deal's outcome is kept for the deal bootstrap
        long deals = 0;
        for (JsonNode n : r.get("tally").get("dealOutcomes").get(0).get(0)) {
            deals += n.asLong();
        }
        assertEquals(8, deals);
        assertTrue(c.out.contains("bootstrap interval over whole deals"), c.out);
    }

    @Test
    @Tag("slow")
    void ratings_cleanSweep_saysNotIdentifiedInsteadOfZeroWidth(@TempDir Path dir) throws IOException {
        // Before: Elo ±0 for every bot.
        Path out = dir.resolve("t.json");
        Cli c = Cli.run("tournament", "random", "greedy", "heuristic", "--pairs", "2", "--seed", "1", "--json", out.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("ratings: not identified by these games (random scored no points against greedy, heuristic)"),
                c.out);
        JsonNode stats = JSON.readTree(out.toFile()).get("statistics");
        assertFalse(stats.has("ratings"));
        assertEquals("random scored no points against greedy, heuristic", stats.get("ratingsNotIdentified").asText());
    }

    @org.junit.jupiter.api.Test
    void tournament_withoutBots_playsWhatTheReadmeSays_theLaddersTopTwoAmongThem() throws Exception {
        // Before: the README said "a round robin of the shipped bots", and the ladder's top two were left out.
        String readme = java.nio.file.Files.readString(java.nio.file.Path.of("..", "README.md"));
        String said = readme.substring(readme.indexOf("With no bots named, `tournament` plays"));
        said = said.substring(0, said.indexOf("\n\n")).replaceAll("\\s+", " ").replace("`", "");
        for (String bot : richelieu.runner.study.TournamentStudy.DEFAULT_BOTS) {
            org.junit.jupiter.api.Assertions.assertTrue(said.contains(bot), bot + " in: " + said);
        }
        for (String strongest : new String[]{"heuristic-2p", "ismcts-mast-2p"}) {
            org.junit.jupiter.api.Assertions.assertTrue(richelieu.runner.study.TournamentStudy.DEFAULT_BOTS.stream()
                    .anyMatch(b -> b.split(":")[0].equals(strongest)), strongest);
        }
        org.junit.jupiter.api.Assertions.assertTrue(said.contains(String.format("%,d games",
                15 * 100 * 2)), "six bots: 15 pairings x 100 deals x 2 seatings: " + said);
        org.junit.jupiter.api.Assertions.assertEquals(6, richelieu.runner.study.TournamentStudy.DEFAULT_BOTS.size());
    }
}
