package richelieu.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A finished run grows to more deals without replaying its games: {@code --resume FILE --pairs N}
 * plays only the new units, and {@code merge} takes the smaller run as the first part of the
 * larger one beside that run's shards; either way the result is the larger run's, byte for byte.
 */
class ExtendRunTest {

    private static final String SEED = "20261121";

    private static String[] balance(Path json, String pairs, String... more) {
        List<String> a = new ArrayList<>(List.of("balance", "random", "greedy", "--pairs", pairs, "--seed", SEED,
                "--threads", "2", "--no-progress", "--json", json.toString()));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /** Merges {@code first} with shards 1/4 to 3/4 of the 40-deal run (K counts from 0) into dir/merged.json. */
    private static Cli mergeWithShards(Path first, Path dir) {
        List<String> merge = new ArrayList<>(List.of("merge", first.toString()));
        for (int k = 1; k < 4; k++) {
            // shard k/4 of 40 deals x 2 bots: units 20k..20k+19, deals 10k..10k+9
            Path shard = dir.resolve("s" + k + ".json");
            Cli.ok(balance(shard, "40", "--shard", k + "/4"));
            merge.add(shard.toString());
        }
        merge.addAll(List.of("--json", dir.resolve("merged.json").toString()));
        return Cli.ok(merge.toArray(String[]::new));
    }

    @Test
    void resumeWithMorePairs_finishedRun_equalsTheUninterruptedLargerRunByteForByte(@TempDir Path dir) throws IOException {
        Path ten = dir.resolve("ten.json");
        Path extended = dir.resolve("extended.json");
        Path full = dir.resolve("full.json");
        Cli.ok(balance(ten, "10"));
        byte[] before = Files.readAllBytes(ten);
        Cli.ok("balance", "random", "greedy", "--resume", ten.toString(), "--pairs", "40", "--threads", "1", "--no-progress",
                "--json", extended.toString());
        Cli.ok(balance(full, "40"));
        assertArrayEquals(Files.readAllBytes(full), Files.readAllBytes(extended));
        assertArrayEquals(before, Files.readAllBytes(ten), "--json named another file: the finished run stays as it was");
    }

    @Test
    void resumeWithMorePairs_threeRowMatch_takesTheFilesVariant(@TempDir Path dir) throws IOException {
        // --variant left out on resuming: the file's variant is the run's, as for every other setting
        Path four = dir.resolve("four.json");
        Path full = dir.resolve("full.json");
        Cli.ok("match", "random", "greedy", "--pairs", "4", "--variant", "three-row", "--seed", "5", "--threads", "1",
                "--no-progress", "--json", four.toString(), "--records", dir.resolve("four.jsonl").toString());
        Cli.ok("match", "random", "greedy", "--resume", four.toString(), "--pairs", "6", "--threads", "1", "--no-progress");
        Cli.ok("match", "random", "greedy", "--pairs", "6", "--variant", "three-row", "--seed", "5", "--threads", "1",
                "--no-progress", "--json", full.toString(), "--records", dir.resolve("full.jsonl").toString());
        assertArrayEquals(Files.readAllBytes(dir.resolve("full.jsonl")), Files.readAllBytes(dir.resolve("four.jsonl")));
        String extended = Files.readString(four);
        String uninterrupted = Files.readString(full);
        assertEquals(uninterrupted.substring(0, uninterrupted.indexOf("\"outputs\"")),
                extended.substring(0, extended.indexOf("\"outputs\"")), "the same three-row run");
    }

    @Test
    void resumeWithMorePairs_playsOnlyTheNewUnits(@TempDir Path dir) throws IOException {
        // the records of the run are continued: a replayed unit would appear twice
        Path ten = dir.resolve("ten.json");
        Path full = dir.resolve("full.json");
        Cli.ok("match", "greedy", "random", "--pairs", "10", "--seed", "5", "--no-progress", "--json", ten.toString(),
                "--records", dir.resolve("ten.jsonl").toString());
        Cli.ok("match", "greedy", "random", "--resume", ten.toString(), "--pairs", "40", "--no-progress");
        Cli.ok("match", "greedy", "random", "--pairs", "40", "--seed", "5", "--no-progress", "--json", full.toString(),
                "--records", dir.resolve("full.jsonl").toString());
        assertArrayEquals(Files.readAllBytes(dir.resolve("full.jsonl")), Files.readAllBytes(dir.resolve("ten.jsonl")));
        String extended = Files.readString(ten);
        String uninterrupted = Files.readString(full);
        assertEquals(uninterrupted.substring(0, uninterrupted.indexOf("\"outputs\"")),
                extended.substring(0, extended.indexOf("\"outputs\"")), "the same run, apart from the records' path");
    }

    @Test
    void merge_smallerRunOrItsExtension_withTheLargerRunsShards_equalsTheLargerRunByteForByte(@TempDir Path dir)
            throws IOException {
        Path ten = dir.resolve("ten.json");
        Path full = dir.resolve("full.json");
        Cli.ok(balance(ten, "10"));
        Cli.ok(balance(full, "40"));
        Cli m = mergeWithShards(ten, dir);
        assertTrue(m.out.contains("(the whole run)"), m.out);
        assertArrayEquals(Files.readAllBytes(full), Files.readAllBytes(dir.resolve("merged.json")));
        // an extension stopped before it played a unit: range [0, 80) with units [0, 20) held
        Path extended = dir.resolve("extended.json");
        richelieu.runner.resultfile.ResultFile r = richelieu.runner.study.ResultReader.readFile(ten).extendedTo(40);
        assertEquals(80, r.config().to());
        assertFalse(r.complete());
        r.write(extended);
        Files.delete(dir.resolve("merged.json"));
        mergeWithShards(extended, dir);
        assertArrayEquals(Files.readAllBytes(full), Files.readAllBytes(dir.resolve("merged.json")));
    }

    private static String[] sprt(Path json, String maxGames) {
        // random against itself: no decision within these caps (checked below), so the cap stops it
        return new String[]{"sprt", "random", "random", "--elo0", "0", "--elo1", "10", "--max-games", maxGames, "--batch",
                "7", "--seed", SEED, "--no-progress", "--json", json.toString()};
    }

    @Test
    void resumeWithLargerCap_sprtUndecidedAtItsCap_equalsTheUninterruptedRunWithThatCap(@TempDir Path dir)
            throws IOException {
        Path capped = dir.resolve("capped.json");
        Path full = dir.resolve("full.json");
        // 30 games = 15 pairs: the cap is no whole batch of 7, so the capped run looked at 7, 14 and 15 pairs
        Cli first = Cli.ok(sprt(capped, "30"));
        assertTrue(first.out.contains("no decision yet"), first.out);
        Cli resumed = Cli.ok("sprt", "random", "random", "--resume", capped.toString(), "--max-games", "60",
                "--no-progress");
        assertTrue(resumed.out.contains("at most 60 games"), resumed.out);
        Cli.ok(sprt(full, "60"));
        assertArrayEquals(Files.readAllBytes(full), Files.readAllBytes(capped));
    }

    @Test
    void resumeWithLargerCap_decidedSprt_playsNoMoreGames(@TempDir Path dir) throws IOException {
        Path sprt = dir.resolve("sprt.json");
        Cli.ok("sprt", "greedy", "random", "--elo0", "0", "--elo1", "400", "--max-games", "400", "--batch", "10", "--seed",
                "1", "--no-progress", "--json", sprt.toString());
        long games = richelieu.runner.resultfile.ResultFile.MAPPER.readTree(sprt.toFile()).path("tally").path("games").asLong();
        assertTrue(games < 400, "greedy decides against random before the cap: " + games + " games");
        Cli.ok("sprt", "greedy", "random", "--resume", sprt.toString(), "--max-games", "800", "--no-progress");
        assertEquals(games, richelieu.runner.resultfile.ResultFile.MAPPER.readTree(sprt.toFile()).path("tally").path("games").asLong());
    }

    @Test
    void extension_refused_forAShardOrFewerDeals(@TempDir Path dir) {
        Path shard = dir.resolve("shard.json");
        Cli.ok(balance(shard, "8", "--shard", "1/2"));
        Cli.refused("not a whole run; merge its shards first", "balance", "random", "greedy", "--resume", shard.toString(),
                "--pairs", "16", "--no-progress");
        Path ten = dir.resolve("ten.json");
        Cli.ok(balance(ten, "10"));
        Cli.refused("deals: 5 vs 10", "balance", "random", "greedy", "--resume", ten.toString(), "--pairs", "5",
                "--no-progress");
    }
}
