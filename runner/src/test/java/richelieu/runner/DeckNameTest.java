package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.Deck;
import richelieu.runner.resultfile.ResultFile;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static richelieu.runner.Cli.ok;

/**
 * A run is identified by its deck's cards, not by the deck's name: result files written while the
 * standard deck had another name (the committed studies were) still resume, merge and pool into
 * ratings with files of today's name.
 */
class DeckNameTest {
    /** Another name for the standard deck, as result files written under an earlier name hold. */
    private static final String EARLIER_NAME = "standard (an earlier name)";

    private static void renameDeck(Path file) throws IOException {
        ResultFiles.edit(file, n -> ((ObjectNode) n.get("config").get("deck")).put("name", EARLIER_NAME));
    }

    private static JsonNode read(Path file) throws IOException {
        return ResultFile.MAPPER.readTree(file.toFile());
    }

    @Test
    void standardDeck_isNamedAfterTheRulesPage() {
        assertEquals("standard (docs/rules.md)", Deck.standard().name());
    }

    @Test
    void resume_fileWithEarlierDeckName_continuesTheSameRun(@TempDir Path dir) throws IOException {
        String[] base = {"match", "greedy", "random", "--pairs", "12", "--seed", "4", "--threads", "1"};
        ok(concat(base, "--json", dir.resolve("full.json").toString()));
        ResultFiles.stopped(5, concat(base, "--json", dir.resolve("part.json").toString()));
        renameDeck(dir.resolve("part.json"));
        ok(concat(base, "--resume", dir.resolve("part.json").toString(), "--json", dir.resolve("part.json").toString()));
        JsonNode full = read(dir.resolve("full.json"));
        JsonNode resumed = read(dir.resolve("part.json"));
        assertTrue(resumed.get("progress").get("complete").asBoolean());
        assertEquals(full.get("tally"), resumed.get("tally"));
        assertEquals(full.get("statistics"), resumed.get("statistics"));
    }

    @Test
    void merge_shardsWithEarlierAndCurrentDeckName_areOneRun(@TempDir Path dir) throws IOException {
        String[] base = {"match", "greedy", "random", "--pairs", "6", "--seed", "9"};
        ok(concat(base, "--json", dir.resolve("full.json").toString()));
        ok(concat(base, "--shard", "0/2", "--json", dir.resolve("s0.json").toString()));
        ok(concat(base, "--shard", "1/2", "--json", dir.resolve("s1.json").toString()));
        renameDeck(dir.resolve("s0.json"));
        Cli m = ok("merge", dir.resolve("s0.json").toString(), dir.resolve("s1.json").toString(), "--json",
                dir.resolve("merged.json").toString());
        assertTrue(m.out.contains("(the whole run)"), m.out);
        assertEquals(read(dir.resolve("full.json")).get("tally"), read(dir.resolve("merged.json")).get("tally"));
    }

    @Test
    void ratings_filesWithEarlierAndCurrentDeckName_arePooled(@TempDir Path dir) throws IOException {
        ok("match", "greedy", "random", "--pairs", "4", "--seed", "2", "--json", dir.resolve("a.json").toString());
        ok("match", "heuristic", "greedy", "--pairs", "4", "--seed", "3", "--json", dir.resolve("b.json").toString());
        renameDeck(dir.resolve("a.json"));
        Cli r = ok("ratings", dir.resolve("a.json").toString(), dir.resolve("b.json").toString());
        assertTrue(r.out.contains("heuristic") && r.out.contains("random"), r.out);
    }

    private static String[] concat(String[] base, String... more) {
        String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }
}
