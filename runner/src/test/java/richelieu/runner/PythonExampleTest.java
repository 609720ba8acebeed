package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.resultfile.ResultFile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Python example of docs/bots.md (examples/python-bot/my_bot.py on the helper module
 * richelieu_bot.py) plays through the command line as the docs say, and the helper keeps the
 * protocol's promises.
 */
class PythonExampleTest {
    /** The example as a quoted absolute path (the tests run in the runner's folder). */
    private static String example(String file) {
        Path p = Path.of("..", "examples", "python-bot", file).toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(p), p + " is missing");
        return "'" + p + "'";
    }

    @Test
    void myBot_matchAgainstRandom_playsEveryGameAndWinsMost(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("m.json");
        Cli.ok("match", "mine=exec:python3 " + example("my_bot.py"), "random", "--pairs", "10", "--seed", "1",
                "--threads", "1", "--no-progress", "--json", json.toString());
        JsonNode n = ResultFile.MAPPER.readTree(json.toFile());
        JsonNode match = n.get("statistics").get("match");
        assertEquals(20, match.get("games").asInt());
        for (JsonNode count : n.get("statistics").get("forfeits").get("mine")) {
            assertEquals(0, count.asInt(), "no forfeit of the Python bot: " + n.get("statistics").get("forfeits"));
        }
        assertTrue(match.get("trinomial").get("score").asDouble() > 0.6, "my_bot scored " + match);
    }

    @Test
    void helper_ignoresUnknownMessagesAndAnswersOnlyActs() throws Exception {
        Path script = Path.of(example("my_bot.py").replace("'", ""));
        Process p = new ProcessBuilder("python3", script.toString()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String start = Files.readString(Path.of("src/test/resources/protocol/start.json")).strip();
        String act = Files.readString(Path.of("src/test/resources/protocol/act.json")).strip();
        try (OutputStream in = p.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String lines = start + "\n{\"type\":\"news\",\"text\":\"a later protocol revision\"}\n"
                    + "{\"type\":\"played\",\"seat\":1,\"play\":{\"action\":12288,\"text\":\"take r0c0\",\"type\":\"take\",\"card\":21}}\n"
                    + act + "\n";
            in.write(lines.getBytes(StandardCharsets.UTF_8));
            in.flush();
            String answer = out.readLine();
            assertTrue(answer != null && answer.matches("\\{\"action\": \\d+}"), "one answer line: " + answer);
            int action = Integer.parseInt(answer.replaceAll("\\D", ""));
            assertTrue(act.contains("\"action\":" + action + ","), action + " is one of the legal actions");
            in.close();
            assertEquals(null, out.readLine(), "nothing but the one answer");
        }
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "the bot exits when its stdin closes");
        assertEquals(0, p.exitValue());
    }
}
