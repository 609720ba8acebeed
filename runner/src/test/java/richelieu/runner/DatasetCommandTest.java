package richelieu.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.strategies.learned.SeatFeatures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code richelieu dataset}: the same files at any thread count, a resume, and one-line errors. */
class DatasetCommandTest {
    /** The command with these options over the defaults of the test (pairs of option and value). */
    private static Cli run(Path out, String... more) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("--out", out.toString());
        options.put("--lineup", "greedy,random");
        options.put("--games", "4");
        options.put("--chunk", "2");
        options.put("--per-game", "2");
        options.put("--solve-cards", "6");
        options.put("--seed", "5");
        for (int k = 0; k < more.length; k += 2) {
            options.put(more[k], more[k + 1]);
        }
        List<String> args = new ArrayList<>(List.of("dataset"));
        options.forEach((k, v) -> {
            args.add(k);
            args.add(v);
        });
        return Cli.run(args.toArray(new String[0]));
    }

    @Test
    void dataset_oneThreadOrTwo_sameFiles_thenAResumeComputesNothing(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Cli one = run(a, "--threads", "1");
        assertEquals(0, one.exit, one::toString);
        assertTrue(one.out.contains("2 of 2 chunks to compute"), one::toString);
        assertEquals(0, run(b, "--threads", "2").exit);
        for (String f : new String[]{"chunk-00000.npz", "chunk-00001.npz"}) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f);
        }
        Cli again = run(a, "--threads", "1");
        assertEquals(0, again.exit, again::toString);
        assertTrue(again.out.contains("0 of 2 chunks to compute"), again::toString);
        assertTrue(Files.readString(a.resolve("dataset.json")).contains("\"command\" : \"./richelieu dataset --out "));
    }

    @Test
    void dataset_otherSettingsIntoAFolder_oneLineError(@TempDir Path dir) {
        Path a = dir.resolve("a");
        assertEquals(0, run(a, "--threads", "1").exit);
        Cli c = run(a, "--threads", "1", "--per-game", "3");
        assertEquals(2, c.exit, c::toString);
        assertTrue(c.err.contains("holds a data set of other settings"), c::toString);
    }

    @Test
    void dataset_siblings_inTheCommandAndTheFiles(@TempDir Path dir) throws IOException {
        Cli c = run(dir.resolve("s"), "--siblings", "2", "--per-game", "0", "--threads", "1");
        assertEquals(0, c.exit, c::toString);
        assertTrue(c.out.contains("and 2 siblings each"), c::toString);
        assertTrue(Files.readString(dir.resolve("s").resolve("dataset.json")).contains("--siblings 2"));
        // another number of siblings is another data set
        Cli other = run(dir.resolve("s"), "--siblings", "3", "--per-game", "0", "--threads", "1");
        assertEquals(2, other.exit, other::toString);
        assertTrue(other.err.contains("holds a data set of other settings"), other::toString);
    }

    /** --cutoffs: the rows of a search's cut-offs; the command that makes the data set again says so. */
    @Test
    void dataset_cutoffs_inTheCommandAndTheFiles(@TempDir Path dir) throws IOException {
        Cli c = run(dir.resolve("c"), "--lineup", "pimc:iterations=40,pimc:iterations=40", "--cutoffs", "2",
                "--solve-cards", "8", "--threads", "1");
        assertEquals(0, c.exit, c::toString);
        assertTrue(c.out.contains("rows: up to 2 search cut-offs a decision"), c::toString);
        String manifest = Files.readString(dir.resolve("c").resolve("dataset.json"));
        assertTrue(manifest.contains("--solve-cards 8 --cutoffs 2 --seed"), manifest);
        assertTrue(manifest.contains("\"cutoffs\" : 2"), manifest);
    }

    /** With 3 players: a row per seat of 3 players' features, outcome labels only, the same bytes at any thread count. */
    @Test
    void dataset_threePlayers_featuresOfThreeAndTheCommandSaysSo(@TempDir Path dir) throws IOException {
        String[] three = {"--players", "3", "--lineup", "greedy,random,greedy", "--games", "3", "--chunk", "3",
                "--solve-cards", "0"};
        Cli c = run(dir.resolve("a"), concat(three, "--threads", "1"));
        assertEquals(0, c.exit, c::toString);
        assertTrue(c.out.contains("greedy vs random vs greedy"), c::toString);
        String manifest = Files.readString(dir.resolve("a").resolve("dataset.json"));
        assertTrue(manifest.contains("\"players\" : 3"), manifest);
        assertTrue(manifest.contains("\"featureCount\" : " + SeatFeatures.size(3)), manifest);
        assertTrue(manifest.contains("dataset --out " + dir.resolve("a") + " --players 3 --lineup greedy,random,greedy"),
                manifest);
        assertEquals(0, run(dir.resolve("b"), concat(three, "--threads", "2")).exit);
        assertArrayEquals(Files.readAllBytes(dir.resolve("a").resolve("chunk-00000.npz")),
                Files.readAllBytes(dir.resolve("b").resolve("chunk-00000.npz")));
        Cli again = run(dir.resolve("a"), concat(three, "--threads", "1"));
        assertEquals(0, again.exit, again::toString);
        assertTrue(again.out.contains("0 of 1 chunks to compute"), again::toString);
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void evalRanking_badFlagsAndFiles_oneLineErrorsExit2(@TempDir Path dir) throws IOException {
        Path garbage = Files.writeString(dir.resolve("garbage.net"), "not a net\n---\n");
        String[][] cases = {{"--max-cards", "3"}, {"--positions", "0"}, {"--weights", dir.resolve("none.net").toString()},
                {"--weights", garbage.toString()}};
        String[] expected = {"--max-cards must be between 6 and 14", "--positions must be between", "no such file",
                "does not start with"};
        for (int k = 0; k < cases.length; k++) {
            Cli c = Cli.run("eval-ranking", cases[k][0], cases[k][1]);
            assertEquals(2, c.exit, c::toString);
            assertTrue(c.err.contains(expected[k]), c::toString);
            assertEquals(1, c.err.strip().split("\n").length, c::toString);
        }
    }

    @Test
    void dataset_badFlags_oneLineErrorsExit2(@TempDir Path dir) {
        String[][] cases = {{"--games", "3"}, {"--solve-cards", "20"}, {"--lineup", "greedy"}, {"--lineup", "greedy,nosuchbot"},
                {"--per-game", "-1"}, {"--chunk", "0"}, {"--siblings", "17"}, {"--players", "5"},
                {"--players", "3", "--solve-cards", "0"},
                {"--players", "3", "--lineup", "greedy,greedy,random"},
                {"--players", "4", "--lineup", "greedy,greedy,random,random", "--solve-cards", "0", "--siblings", "2"},
                {"--cutoffs", "65"}, {"--cutoffs", "2", "--siblings", "2"}, {"--cutoffs", "2", "--lineup", "greedy,pimc"},
                {"--spark", "local[2]", "--threads", "2"}, {"--spark", "local[2]"}};
        String[] expected = {"--games must be a whole number of --chunk", "--solve-cards must be between 0 and 14",
                "--lineup needs exactly 2 bots, one per seat, not 1", "nosuchbot", "--per-game must be between",
                "--chunk must be between", "--siblings must be between 0 and 16", "--players must be 2, 3 or 4, not 5",
                "--lineup needs exactly 3 bots, one per seat, not 2",
                "--solve-cards and --siblings need the exact solver, which is for 2 players: with --players 3 leave them out",
                "--solve-cards and --siblings need the exact solver, which is for 2 players: with --players 4 leave them out",
                "--cutoffs must be between 0 and 64, not 65",
                "--cutoffs needs 2 players and --solve-cards > 0, without --siblings",
                "--cutoffs: greedy is not a search whose cut-offs can be recorded",
                "--threads does not apply with --spark", "--spark needs the cluster module on the class path"};
        for (int k = 0; k < cases.length; k++) {
            Cli c = run(dir.resolve("x" + k), cases[k]);
            assertEquals(2, c.exit, c::toString);
            assertTrue(c.err.contains(expected[k]), c::toString);
            assertEquals(1, c.err.strip().split("\n").length, c::toString);
            assertFalse(Files.exists(dir.resolve("x" + k).resolve("dataset.json")), c::toString);
        }
    }
}
