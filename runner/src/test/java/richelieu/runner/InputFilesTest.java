package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Through the command line: strict JSON input, one line and exit code 2. */
class InputFilesTest {
    @TempDir
    Path dir;

    @Test
    void match_deckNestedTooDeeply_exit2OneLineNotInternalError() throws IOException {
        Path deck = dir.resolve("deep.json");
        Files.writeString(deck, "{\"name\": \"x\", \"cards\": " + "[".repeat(5000) + "]".repeat(5000) + "}");
        Cli.refused("nesting depth", "match", "random", "random", "--pairs", "1", "--deck", deck.toString(), "--no-progress");
    }

    @Test
    void resume_resultFileWithTrailingData_exit2() throws IOException {
        Path json = ResultFiles.smallMatch(dir.resolve("run.json"));
        Files.writeString(json, Files.readString(json) + "{\"format\": \"richelieu-result/1\"}\n");
        Cli.refused("not valid JSON", "match", "random", "random", "--resume", json.toString(), "--no-progress");
    }

    @Test
    void merge_resultFileClaimingAMillionBots_exit2WithoutAllocating() throws IOException {
        Path json = ResultFiles.smallMatch(dir.resolve("run.json"));
        Files.writeString(json, Files.readString(json).replaceFirst("\"bots\" : 2", "\"bots\" : 1000000"));
        Cli.refused("\"bots\" must be between 1 and 256, not 1000000", "merge", json.toString());
    }
}
