package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code demo} draws its deal and each player's moves from the streams every run derives from --seed. */
class DemoCommandTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 7, -3})
    void demo_seed_playsGameZeroOfTheMatchOfTwoRandomBots(long seed, @TempDir Path dir) throws IOException {
        Cli demo = Cli.ok("demo", "--seed", Long.toString(seed));
        Path records = dir.resolve("r.jsonl");
        Cli.ok("match", "random", "random", "--pairs", "1", "--seed", Long.toString(seed), "--threads", "1",
                "--records", records.toString(), "--no-progress");
        JsonNode game = new ObjectMapper().readTree(Files.readAllLines(records).get(0));
        Matcher end = Pattern.compile("game over, turn (\\d+)").matcher(demo.out);
        assertTrue(end.find(), demo.out);
        assertEquals(game.get("turns").size(), Integer.parseInt(end.group(1)), demo.out);
        for (int seat = 0; seat < 2; seat++) {
            // the last position printed is the final one
            Matcher score = Pattern.compile("(?m)^seat " + seat + ": .* score (-?\\d+)$").matcher(demo.out);
            String last = null;
            while (score.find()) {
                last = score.group(1);
            }
            assertEquals(Integer.toString(game.get("scores").get(seat).asInt()), last, "seat " + seat);
        }
    }
}
