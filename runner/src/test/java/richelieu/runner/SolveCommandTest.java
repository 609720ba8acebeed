package richelieu.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.Observation;
import richelieu.engine.SplitMix;
import richelieu.engine.record.GameRecord;
import richelieu.engine.solver.OpenGame;
import richelieu.engine.solver.Solver;
import richelieu.runner.view.GameView;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code solve} end to end on small recorded games: its exact values equal the solver's own on
 * the same position, its sampled tallies equal the deals it says it drew, its step numbering is
 * {@code view}'s, and every refusal is one line with exit code 2.
 */
class SolveCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Two games of greedy against heuristic (one deal, seats swapped) in {@code variant}. */
    private static Path records(Path dir, String variant) {
        Path rec = dir.resolve(variant + ".jsonl");
        Cli.ok("match", "greedy", "heuristic", "--pairs", "1", "--seed", "11", "--threads", "1", "--variant", variant,
                "--records", rec.toString(), "--no-progress");
        return rec;
    }

    private static GameRecord record(Path rec, int game) throws IOException {
        return GameRecord.parse(Files.readAllLines(rec).get(game));
    }

    /** The position after the first {@code step} actions of the record. */
    private static GameState position(GameRecord rec, int step) {
        GameState driver = new GameState(rec.rules(), rec.deal());
        GameState s = new GameState(rec.rules(), rec.deal());
        int done = 0;
        for (GameRecord.Turn t : rec.turns()) {
            for (int a : GameRecord.applyTurn(driver, t)) {
                if (done++ == step) {
                    return s;
                }
                s.apply(a);
            }
        }
        assertEquals(step, done, "step within the game");
        return s;
    }

    private static JsonNode solveJson(Path dir, String... args) throws IOException {
        Path out = dir.resolve("solve.json");
        String[] all = new String[args.length + 3];
        all[0] = "solve";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--json";
        all[args.length + 2] = out.toString();
        Cli c = Cli.ok(all);
        // the search's own CPU time beside the wall time: a busy machine's wall time alone misleads
        assertTrue(Pattern.compile("(?m)^searched [0-9,]+ positions in [0-9.]+ s \\([0-9]+\\.[0-9]{2} s of CPU\\)$")
                .matcher(c.out).find(), c::toString);
        return JSON.readTree(out.toFile());
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "three-row"})
    void solveOpen_recordedPosition_everyActionsValueEqualsTheSolversOwn(String variant, @TempDir Path dir) throws IOException {
        Path rec = records(dir, variant);
        for (int game = 0; game < 2; game++) {
            JsonNode r = solveJson(dir, rec.toString(), "--game", "" + game, "--cards-left", "9", "--open");
            GameRecord record = record(rec, game);
            GameState s = position(record, r.get("step").asInt());
            assertEquals(Long.bitCount(s.table()), r.get("cardsOnTable").asInt());
            assertTrue(r.get("cardsOnTable").asInt() <= 9);
            assertEquals(s.toMove(), r.get("seat").asInt());
            assertEquals("open", r.get("knowledge").asText());

            Solver solver = new Solver(record.rules(), s.layout(), 18);
            int side = s.toMove() == 0 ? 1 : -1;
            int[] legal = new int[Action.MAX_LEGAL];
            int n = s.legalActions(legal);
            Map<String, Integer> expected = new HashMap<>();
            int best = -Solver.INFINITY;
            for (int i = 0; i < n; i++) {
                solver.load(s);
                int v = side * solver.valueAfter(legal[i]);
                expected.put(Action.toString(legal[i]), v);
                best = Math.max(best, v);
            }
            solver.load(s);
            assertEquals(best, side * solver.solve(), "the best action's value is the position's");
            assertEquals(best, r.get("value").asInt(), variant + " game " + game);
            assertEquals(Math.round(best / (double) OpenGame.SCALE), r.get("margin").asInt());
            assertEquals(best > 0 ? "win" : best < 0 ? "loss" : "draw", r.get("outcome").asText());
            assertEquals(n, r.get("actions").size(), "every legal action");
            int previous = Integer.MAX_VALUE;
            for (JsonNode a : r.get("actions")) {
                int v = a.get("value").asInt();
                assertEquals(expected.get(a.get("action").asText()), v, a.toString());
                assertTrue(v <= previous, "best first");
                previous = v;
                assertEquals(v == best, a.get("best").asBoolean(), a.toString());
                assertEquals(Math.round(v / (double) OpenGame.SCALE), a.get("margin").asInt(), a.toString());
            }
        }
    }

    @Test
    void solveSampled_tallies_areTheDealsDrawnFromTheSeatsObservation(@TempDir Path dir) throws IOException {
        Path rec = records(dir, "base");
        JsonNode r = solveJson(dir, rec.toString(), "--game", "1", "--cards-left", "8", "--samples", "6", "--seed", "42");
        assertEquals("seat", r.get("knowledge").asText());
        assertEquals(42, r.get("seed").asLong());
        assertEquals(6, r.get("samples").asInt());
        assertEquals(6, r.get("deals").asInt());
        GameRecord record = record(rec, 1);
        GameState s = position(record, r.get("step").asInt());
        int side = s.toMove() == 0 ? 1 : -1;
        Observation seen = s.observe(s.toMove());
        GameState deal = seen.newState();
        int[] legal = new int[Action.MAX_LEGAL];
        int n = s.legalActions(legal);
        Map<String, int[]> expected = new HashMap<>(); // wins, draws, losses, margin sum
        Solver solver = new Solver(record.rules(), s.layout(), 18);
        for (int d = 0; d < 6; d++) {
            seen.determinize(new SplittableRandom(SplitMix.mix64(42 + (d + 1) * SplitMix.GOLDEN_GAMMA)), deal);
            for (int i = 0; i < n; i++) {
                solver.load(deal);
                int v = side * solver.valueAfter(legal[i]);
                int[] t = expected.computeIfAbsent(Action.toString(legal[i]), k -> new int[4]);
                t[v > 0 ? 0 : v == 0 ? 1 : 2]++;
                t[3] += Math.round(v / (double) OpenGame.SCALE);
            }
        }
        assertEquals(n, r.get("actions").size());
        double previousScore = Double.MAX_VALUE;
        for (JsonNode a : r.get("actions")) {
            int[] t = expected.get(a.get("action").asText());
            String what = a.toString();
            assertEquals(t[0], a.get("wins").asInt(), what);
            assertEquals(t[1], a.get("draws").asInt(), what);
            assertEquals(t[2], a.get("losses").asInt(), what);
            assertEquals(t[3] / 6.0, a.get("meanMargin").asDouble(), 1e-12, what);
            double score = t[0] + t[1] / 2.0;
            assertTrue(score <= previousScore, "most wins and half draws first");
            previousScore = score;
        }
        assertTrue(r.get("actions").get(0).get("best").asBoolean());
    }

    /** The text output up to the legend: the board and the seats (the legend shows "(?)" whatever the board holds). */
    private static String board(String out) {
        int legend = out.indexOf("legend: ");
        assertTrue(legend > 0, out);
        return out.substring(0, legend);
    }

    @Test
    void solveText_boardNotation_explainedOnceUnderTheBoard_jsonWithoutIt(@TempDir Path dir) throws IOException {
        Path rec = records(dir, "base");
        for (String mode : new String[]{"--open", "--samples"}) {
            String[] args = mode.equals("--open") ? new String[]{"solve", rec.toString(), "--cards-left", "8", "--open"}
                    : new String[]{"solve", rec.toString(), "--cards-left", "8", "--samples", "2"};
            String out = Cli.ok(args).out;
            int legend = out.indexOf("legend: ");
            assertTrue(legend > 0, out);
            assertEquals(legend, out.lastIndexOf("legend: "), "printed once: " + out);
            assertTrue(out.contains("(Crs) = face-down token"), out);
            assertTrue(out.indexOf("seat 0") < legend, "under the board and the seats: " + out);
            assertTrue(legend < out.indexOf("* best"), "before the answer: " + out);
        }
        String json = Cli.ok("solve", rec.toString(), "--cards-left", "8", "--open", "--json", "-").out;
        assertFalse(json.contains("legend"), json);
        JSON.readTree(json);
    }

    @Test
    void solveSampled_defaultSeedPrinted_sameSeedSameBytes_otherSeedOtherDeals(@TempDir Path dir) throws IOException {
        Path rec = records(dir, "base");
        String[] args = {"solve", rec.toString(), "--cards-left", "8", "--samples", "8", "--json", "-"};
        Cli a = Cli.ok(args);
        Cli b = Cli.ok(args);
        assertEquals(a.out, b.out, "no seed given: seed 1, the same bytes");
        assertEquals(1, JSON.readTree(a.out).get("seed").asLong());
        Cli text = Cli.ok("solve", rec.toString(), "--cards-left", "8", "--samples", "8");
        assertTrue(text.out.contains("8 token deals drawn consistent with it (seed 1)"), text.out);
        assertTrue(text.out.contains("what seat "), text.out);
        assertTrue(board(text.out).contains("(?)"), "the board as the seat to move sees it: " + text.out);
        Cli other = Cli.ok("solve", rec.toString(), "--cards-left", "8", "--samples", "8", "--seed", "2", "--json", "-");
        assertEquals(JSON.readTree(a.out).get("step"), JSON.readTree(other.out).get("step"));
        assertEquals(2, JSON.readTree(other.out).get("seed").asLong());
    }

    @Test
    void solve_stepK_isThePositionViewShowsAtStepK(@TempDir Path dir) throws IOException {
        Path rec = records(dir, "base");
        GameRecord record = record(rec, 0);
        GameView view = GameView.of(record, "t", -1);
        int last = view.steps().size() - 1;
        for (int step = last - 1; step >= last - 12; step--) {
            JsonNode r = JSON.readTree(Cli.ok("solve", rec.toString(), "--step", "" + step, "--open", "--json", "-").out);
            GameView.Step shown = view.steps().get(step);
            assertEquals(step, r.get("step").asInt());
            assertEquals(last, r.get("steps").asInt());
            assertEquals(shown.toMove(), r.get("seat").asInt(), "step " + step);
            int onTable = 0;
            for (boolean b : shown.onTable()) {
                onTable += b ? 1 : 0;
            }
            assertEquals(onTable, r.get("cardsOnTable").asInt(), "step " + step);
            assertEquals(record.seats().get(shown.toMove()), r.get("bot").asText());
        }
    }

    @Test
    void solveCardsLeft_isTheStartOfTheFirstTurnWithThatFew(@TempDir Path dir) throws IOException {
        Path rec = records(dir, "base");
        JsonNode r = JSON.readTree(Cli.ok("solve", rec.toString(), "--cards-left", "7", "--open", "--json", "-").out);
        int step = r.get("step").asInt();
        GameState s = position(record(rec, 0), step);
        GameState before = position(record(rec, 0), step - 1);
        assertTrue(Long.bitCount(s.table()) <= 7);
        assertEquals(before.turn() + 1, s.turn(), "a turn starts at the step");
        // every earlier turn started with more cards
        for (int k = 0; k < step; k++) {
            GameState p = position(record(rec, 0), k);
            if (k == 0 || position(record(rec, 0), k - 1).turn() != p.turn()) {
                assertTrue(Long.bitCount(p.table()) > 7, "step " + k);
            }
        }
        Cli text = Cli.ok("solve", rec.toString(), "--cards-left", "7", "--open");
        assertTrue(text.out.startsWith("game 0 of " + rec + ", step " + step + " of "), text.out);
        assertTrue(text.out.contains("every token known (--open)") && text.out.contains("value: seat "), text.out);
        assertTrue(text.out.lines().anyMatch(l -> l.startsWith("  * ")), "the best action marked: " + text.out);
        assertFalse(board(text.out).contains("(?)"), "the all-seeing board");
    }

    @Test
    void solve_badInput_oneLineExit2(@TempDir Path dir) throws IOException {
        Path rec = records(dir, "base");
        String file = rec.toString();
        int steps = JSON.readTree(Cli.ok("solve", file, "--cards-left", "3", "--open", "--json", "-").out).get("steps").asInt();
        Cli.refused("step " + steps + " of " + file + " game 0 is the end of the game: nothing to decide",
                "solve", file, "--step", "" + steps);
        Cli.refused("--step must be between 0 and " + steps, "solve", file, "--step", "" + (steps + 1));
        Cli.refused("--step must be between 0 and " + steps, "solve", file, "--step", "-1");
        Cli.refused("has no turn that starts with at most 0 cards on the table", "solve", file, "--cards-left", "0");
        Cli.refused("--cards-left must be 0 or more", "solve", file, "--cards-left", "-2");
        Cli.refused("--samples must be between 1 and 1000000", "solve", file, "--step", "3", "--samples", "0");
        Cli.refused("--max-seconds must be between 0.001 and 86400", "solve", file, "--step", "3", "--max-seconds", "0");
        Cli.refused("--max-seconds must be between 0.001 and 86400", "solve", file, "--step", "3", "--max-seconds", "NaN");
        Cli.refused("--json and RECORDS name the same file", "solve", file, "--step", "3", "--json", file);
        Cli.refused("there is no game 7", "solve", file, "--game", "7", "--step", "3");
        Cli.refused("no such file", "solve", dir.resolve("none.jsonl").toString(), "--step", "3");
        for (String[] args : new String[][]{{"solve", file}, {"solve", file, "--step", "3", "--cards-left", "3"}}) {
            Cli c = Cli.run(args);
            assertEquals(2, c.exit, c::toString);
            assertTrue(c.err.startsWith("richelieu: Error: ") && c.err.contains("--step=K") && c.err.contains("--cards-left=N"),
                    c::toString);
        }
    }

    @Test
    void solve_positionTooBigForTheTimeLimit_saysSoInOneLine(@TempDir Path dir) {
        Path rec = records(dir, "base");
        Cli.refused("step 2 of " + rec + " game 0 (47 cards on the table) was not solved within --max-seconds 0.2: too big "
                + "for the exact solver", "solve", rec.toString(), "--step", "2", "--open", "--max-seconds", "0.2");
        Cli.refused("was not solved within --max-seconds 0.2", "solve", rec.toString(), "--step", "2", "--max-seconds", "0.2");
    }

    @Test
    void solve_maxSecondsTooSmallToMean_refusedWithoutEchoingItsDigits(@TempDir Path dir) {
        // Before: "not solved within --max-seconds 0.000…0001" with 300 digits.
        String rec = records(dir, "base").toString();
        for (String tiny : new String[]{"1e-300", "4.9e-324", "0.0009"}) {
            Cli c = Cli.refused("--max-seconds must be between 0.001 and 86400", "solve", rec, "--step", "0", "--open",
                    "--max-seconds", tiny);
            assertTrue(c.err.length() < 120, c::toString);
        }
        Cli.refused("was not solved within --max-seconds 0.001:", "solve", rec, "--step", "0", "--open", "--max-seconds",
                "0.001");
        Cli.refused("--max-seconds must be between 0.001 and 86400, not 1.0E300", "solve", rec, "--step", "0",
                "--max-seconds", "1e300");
    }

    @Test
    void solve_threeOrFourPlayers_refused(@TempDir Path dir) {
        for (int players = 3; players <= 4; players++) {
            Path rec = dir.resolve(players + ".jsonl");
            List<String> args = new java.util.ArrayList<>(List.of("tournament", "random", "greedy", "random"));
            if (players == 4) {
                args.add("greedy");
            }
            args.addAll(List.of("--players", "" + players, "--pairs", "1", "--seed", "3", "--threads", "1", "--records",
                    rec.toString()));
            Cli.ok(args.toArray(String[]::new));
            Cli.refused(rec + " game 0 has " + players + " players; the exact solver plays 2-player games only",
                    "solve", rec.toString(), "--step", "40", "--open");
        }
    }

    @Test
    void replayViewAndSolve_resultFile_sayWhatItIs(@TempDir Path dir) {
        Path fp = dir.resolve("fp.json");
        Cli.ok("first-player", "random", "--games", "2", "--seed", "1", "--json", fp.toString(), "--no-progress");
        Cli.refused(fp + " is a result file, not game records (see chart, ratings); replay, view and solve read the "
                + "JSON lines of --records", "solve", fp.toString(), "--step", "3");
    }

    @Test
    void solveText_listsEveryLegalAction(@TempDir Path dir) throws IOException {
        Path rec = records(dir, "base");
        JsonNode r = JSON.readTree(Cli.ok("solve", rec.toString(), "--game", "1", "--cards-left", "6", "--open", "--json", "-").out);
        Cli text = Cli.ok("solve", rec.toString(), "--game", "1", "--cards-left", "6", "--open");
        List<String> lines = text.out.lines().toList();
        int header = lines.indexOf("    outcome margin  action");
        assertTrue(header > 0, text.out);
        for (int i = 0; i < r.get("actions").size(); i++) {
            JsonNode a = r.get("actions").get(i);
            String line = lines.get(header + 1 + i);
            assertTrue(line.endsWith(a.get("text").asText()) && line.contains(a.get("outcome").asText()), line);
            assertEquals(a.get("best").asBoolean(), line.startsWith("  * "), line);
        }
    }
}
