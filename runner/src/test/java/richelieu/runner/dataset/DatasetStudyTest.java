package richelieu.runner.dataset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;
import richelieu.engine.solver.OpenGame;
import richelieu.engine.solver.Solver;
import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;
import richelieu.strategies.HeuristicEvaluation;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.LineupGame;
import richelieu.strategies.learned.SeatFeatures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The data set: reproducible chunks at any thread count, and rows whose labels are right. */
class DatasetStudyTest {
    private static DatasetStudy.Settings settings(int games, int perGame) {
        return settings(games, perGame, 0);
    }

    private static DatasetStudy.Settings settings(int games, int perGame, int siblings) {
        Bots bots = Bots.standard();
        return new DatasetStudy.Settings(List.of(bots.parse("greedy"), bots.parse("heuristic")), games, 2, perGame, 10,
                siblings, 7, Rules.standard(2), Deck.standard());
    }

    /**
     * A remote computer of chunks (as the cluster's is) gets the study as a {@link DatasetJob}:
     * rebuilt from it, in any order, the chunks are the local runner's bytes, and only the missing
     * ones are asked for.
     */
    @Test
    void run_onARemote_fromTheJob_sameBytesAsLocally_onlyTheMissingChunks(@TempDir Path dir) throws Exception {
        DatasetStudy.Settings s = new DatasetStudy.Settings(List.of(Bots.standard().parse("greedy"),
                Bots.standard().withMoveTime(7).parse("random")), 6, 2, 2, 8, 1, 11, Rules.standard(2), Deck.standard());
        DatasetStudy study = new DatasetStudy(s);
        Path local = Files.createDirectory(dir.resolve("local"));
        assertEquals(3, study.run(local, 1, c -> { }, () -> false));
        DatasetJob job = DatasetJob.of(s, List.of(), 1000);
        Path remote = Files.createDirectory(dir.resolve("remote"));
        List<List<Integer>> asked = new java.util.ArrayList<>();
        RemoteChunks reversed = (j, chunks, sink) -> {
            asked.add(List.copyOf(chunks));
            DatasetJob copy = j.withPlugins(List.of()); // as an executor has it: an equal job, rebuilt there
            for (int k = chunks.size() - 1; k >= 0; k--) {
                sink.chunk(chunks.get(k), copy.chunkBytes(chunks.get(k)));
            }
        };
        List<Integer> heard = new java.util.ArrayList<>();
        assertEquals(3, study.run(remote, job, reversed, heard::add));
        assertEquals(List.of(2, 1, 0), heard);
        for (int c = 0; c < 3; c++) {
            assertArrayEquals(Files.readAllBytes(DatasetStudy.chunkFile(local, c)),
                    Files.readAllBytes(DatasetStudy.chunkFile(remote, c)), "chunk " + c);
        }
        Files.delete(DatasetStudy.chunkFile(remote, 1));
        assertEquals(1, study.run(remote, job, reversed, c -> { }));
        assertEquals(List.of(List.of(0, 1, 2), List.of(1)), asked);
        assertArrayEquals(Files.readAllBytes(DatasetStudy.chunkFile(local, 1)),
                Files.readAllBytes(DatasetStudy.chunkFile(remote, 1)));
        DatasetJob other = DatasetJob.of(settings(6, 2), List.of(), 1000);
        assertThrows(IllegalArgumentException.class, () -> study.run(remote, other, reversed, c -> { }));
    }

    @Test
    void run_oneThreadOrTwo_sameBytes_andAResumeWritesOnlyWhatIsMissing(@TempDir Path dir) throws Exception {
        DatasetStudy study = new DatasetStudy(settings(4, 3, 2));
        Path one = Files.createDirectory(dir.resolve("one"));
        Path two = Files.createDirectory(dir.resolve("two"));
        assertEquals(2, study.run(one, 1, c -> { }, () -> false));
        assertEquals(2, study.run(two, 2, c -> { }, () -> false));
        for (int c = 0; c < 2; c++) {
            assertArrayEquals(Files.readAllBytes(DatasetStudy.chunkFile(one, c)), Files.readAllBytes(DatasetStudy.chunkFile(two, c)));
        }
        Files.delete(DatasetStudy.chunkFile(two, 1));
        assertEquals(1, study.run(two, 2, c -> assertEquals(1, c), () -> false));
        assertArrayEquals(Files.readAllBytes(DatasetStudy.chunkFile(one, 1)), Files.readAllBytes(DatasetStudy.chunkFile(two, 1)));
        assertEquals(0, new DatasetStudy(settings(4, 3)).run(two, 1, c -> { }, () -> true), "stopped: nothing started");
    }

    @Test
    void chunk_rows_haveBothSeatsAndTheRightLabels() {
        DatasetStudy.Settings s = settings(2, 0);
        ChunkRows rows = new DatasetStudy(s).chunk(0);
        assertTrue(rows.size() > 60, rows.size() + " rows");
        SeatFeatures features = new SeatFeatures(2);
        float[] x = new float[features.size()];
        int solved = 0;
        for (int r = 0; r < rows.size(); r += 2) {
            // rows come in seat pairs of one position: margins opposite
            assertEquals(-rows.margin(r), rows.margin(r + 1));
            assertEquals(-rows.outcome(r), rows.outcome(r + 1));
            assertEquals(rows.solved(r), rows.solved(r + 1));
            assertEquals(rows.solved(r), rows.cards(r) <= s.solveCards(), "solved exactly up to the cut-off");
            if (rows.solved(r)) {
                solved++;
                assertEquals(-rows.solverMargin(r), rows.solverMargin(r + 1));
            }
        }
        assertTrue(solved >= 4, solved + " solved positions");
        // one row recomputed from scratch: game 0 replayed to its step, seat 0's features, the solver's value
        int r = 0;
        while (rows.game(r + 2) == 0) {
            r += 2; // the last position of game 0: solved
        }
        assertTrue(rows.solved(r));
        Deal deal = Seeds.deal(Deck.standard(), 7, 0);
        GameState p = replay(s, deal, rows.step(r));
        features.encode(p, 0, x);
        for (int k = 0; k < x.length; k++) {
            assertEquals(x[k], rows.feature(r, k), "feature " + k);
        }
        Solver solver = new Solver(s.rules(), deal.layout(), 16);
        solver.load(p);
        int v = solver.solve();
        assertEquals(Math.floorDiv(v + OpenGame.SCALE / 2, OpenGame.SCALE), rows.solverMargin(r));
    }

    /** Game 0 of the settings replayed to {@code step}. */
    private static GameState replay(DatasetStudy.Settings s, Deal deal, int step) {
        richelieu.engine.Game game = new richelieu.engine.Game();
        game.play(s.rules(), deal, new richelieu.engine.Strategy[]{s.lineup().get(0).newStrategy(),
                s.lineup().get(1).newStrategy()}, Seeds.botStreams(s.seed(), 0, 0, 2));
        int[] actions = game.lastActions();
        GameState p = new GameState(s.rules(), deal);
        for (int k = 0; k < step; k++) {
            p.apply(actions[k]);
        }
        return p;
    }

    @Test
    void chunk_siblings_areDifferentTurnsOfTheMoverFromAGameRow_labelledByTheSolver() {
        DatasetStudy.Settings s = settings(2, 0, 3);
        ChunkRows rows = new DatasetStudy(s).chunk(0);
        HeuristicEvaluation heuristic = null;
        Solver solver = null;
        Set<Long> groups = new HashSet<>();
        int siblings = 0;
        int checked = 0;
        for (int r = 0; r < rows.size(); r += 2) {
            assertEquals(rows.group(r) < 0 ? -1 : rows.group(r) + 1, rows.group(r + 1), "seat 1's group follows seat 0's");
            assertEquals(-rows.heuristic(r), rows.heuristic(r + 1), 1e-4, "the heuristic from both seats' views");
            for (int seat = 0; seat < 2; seat++) { // the terms: the seat's own minus the other's sum to its judgement
                double sum = 0;
                for (int k = 0; k < HeuristicEvaluation.SEAT_TERMS; k++) {
                    sum += rows.term(r + seat, k) - rows.term(r + seat, HeuristicEvaluation.SEAT_TERMS + k);
                }
                assertEquals(rows.heuristic(r + seat), sum, 1e-3, "row " + (r + seat) + "'s terms");
            }
            if (rows.group(r) < 0) {
                continue;
            }
            siblings++;
            assertTrue(rows.solved(r));
            assertEquals(rows.solverMargin(r), rows.margin(r), "a sibling's margin is the solver's: the game never went there");
            groups.add((long) rows.game(r) << 32 | rows.group(r));
            if (rows.game(r) != 0 || checked >= 3) {
                continue;
            }
            // a sibling is the position after some turn of the mover of its game row's position
            Deal deal = Seeds.deal(Deck.standard(), 7, 0);
            GameState start = replay(s, deal, rows.step(r));
            if (solver == null) {
                solver = new Solver(s.rules(), deal.layout(), 16);
                heuristic = new HeuristicEvaluation(DatasetStudy.heuristic2p(), s.rules(), deal.layout());
            }
            assertTrue(Long.bitCount(start.table()) <= s.solveCards());
            assertTrue(rows.cards(r) < Long.bitCount(start.table()), "the mover took cards");
            checked++;
        }
        assertTrue(siblings >= 6, siblings + " sibling positions");
        assertTrue(checked > 0);
        // at most K siblings per group, distinct features within a group
        for (long gr : groups) {
            int n = 0;
            Set<String> distinct = new HashSet<>();
            for (int r = 0; r < rows.size(); r++) {
                if (rows.group(r) >= 0 && ((long) rows.game(r) << 32 | rows.group(r)) == gr) {
                    n++;
                    StringBuilder b = new StringBuilder();
                    for (int k = 0; k < SeatFeatures.SIZE_2P; k++) {
                        b.append(rows.feature(r, k)).append(',');
                    }
                    distinct.add(b.toString());
                }
            }
            assertTrue(n >= 1 && n <= 3, n + " siblings in a group");
            assertEquals(n, distinct.size(), "siblings differ");
        }
        // the heuristic column of a game row: heuristic-2p's difference of the real position
        int r = 0;
        while (rows.group(r) >= 0) {
            r++;
        }
        Deal deal = Seeds.deal(Deck.standard(), 7, 0);
        GameState p = replay(s, deal, rows.step(r));
        assertEquals((float) heuristic.difference(p), rows.heuristic(r), 1e-5);
    }

    @Test
    void chunk_perGame_drawsThatManyTurnStartsAGame() {
        ChunkRows rows = new DatasetStudy(settings(2, 5)).chunk(0);
        assertEquals(2 * 5 * 2, rows.size(), "2 games x 5 positions x 2 seats");
    }

    @Test
    void write_isANumpyArchive(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("c.npz");
        new DatasetStudy(settings(2, 2)).write(0, f);
        try (ZipFile zip = new ZipFile(f.toFile())) {
            byte[] head = zip.getInputStream(zip.getEntry("features.npy")).readNBytes(128);
            String header = new String(head, 10, 118, java.nio.charset.StandardCharsets.US_ASCII);
            assertTrue(header.startsWith("{'descr': '<f4', 'fortran_order': False, 'shape': (8, "
                    + SeatFeatures.SIZE_2P + "), }"), header);
            assertEquals((10 + (head[8] & 0xFF)) % 64, 0, "header padded to 64 bytes");
            assertTrue(zip.getEntry("solver_margin.npy") != null);
            assertTrue(zip.getEntry("root_action.npy") != null);
            byte[] terms = zip.getInputStream(zip.getEntry("heuristic_terms.npy")).readNBytes(128);
            assertTrue(new String(terms, 10, 118, java.nio.charset.StandardCharsets.US_ASCII)
                    .startsWith("{'descr': '<f4', 'fortran_order': False, 'shape': (8, " + HeuristicEvaluation.TERMS + "), }"));
        }
        assertFalse(Files.exists(dir.resolve("c.npz.tmp")));
    }

    /**
     * With 3 players: a row per seat of each turn start, features of 3 players, the margin against
     * the best other seat, the outcome 1 / 0 (shared) / −1, and the heuristic column what
     * {@code rollout=cutoff} judges with; game g's seats are the lineup rotated by g.
     */
    @Test
    void chunk_threePlayers_aRowPerSeat_labelledAgainstTheBestOther() {
        Bots bots = Bots.standard();
        List<BotSpec> lineup = List.of(bots.parse("greedy"), bots.parse("heuristic"), bots.parse("random"));
        Rules rules = Rules.standard(3);
        DatasetStudy.Settings s = new DatasetStudy.Settings(lineup, 3, 3, 0, 0, 0, 7, rules, Deck.standard());
        ChunkRows rows = new DatasetStudy(s).chunk(0);
        SeatFeatures features = new SeatFeatures(3);
        float[] x = new float[features.size()];
        HeuristicStrategy judge = new HeuristicStrategy(DatasetStudy.heuristic2p(), "heuristic-2p");
        Set<Integer> games = new HashSet<>();
        for (int g = 0; g < 3; g++) {
            LineupGame played = LineupGame.play(lineup, rules, Deck.standard(), 7, g);
            assertEquals(lineup.get(g % 3), played.seats().get(0), "game " + g + " rotates the lineup");
            GameState end = new GameState(rules, played.deal());
            for (int a : played.actions()) {
                end.apply(a);
            }
            int[] scores = new int[3];
            end.scores(scores);
            int winners = end.winners(scores);
            int checked = 0;
            for (int r = 0; r < rows.size(); r += 3) {
                if (rows.game(r) != g) {
                    continue;
                }
                games.add(g);
                GameState p = new GameState(rules, played.deal());
                for (int k = 0; k < rows.step(r); k++) {
                    p.apply(played.actions()[k]);
                }
                for (int seat = 0; seat < 3; seat++) {
                    assertEquals(g, rows.game(r + seat));
                    assertEquals(rows.step(r), rows.step(r + seat), "a position's rows together");
                    int best = Integer.MIN_VALUE;
                    for (int q = 0; q < 3; q++) {
                        best = q == seat ? best : Math.max(best, scores[q]);
                    }
                    assertEquals(scores[seat] - best, rows.margin(r + seat));
                    int expected = (winners >>> seat & 1) == 0 ? -1 : Integer.bitCount(winners) == 1 ? 1 : 0;
                    assertEquals(expected, rows.outcome(r + seat));
                    assertFalse(rows.solved(r + seat), "no solver with 3 players");
                    if (checked++ < 6) {
                        features.encode(p, seat, x);
                        for (int k = 0; k < x.length; k++) {
                            assertEquals(x[k], rows.feature(r + seat, k), "feature " + k);
                        }
                        assertEquals((float) judge.evaluate(p, seat), rows.heuristic(r + seat), 1e-5);
                    }
                }
            }
        }
        assertEquals(Set.of(0, 1, 2), games);
    }

    @Test
    void settings_threePlayers_noSolverAndOneBotPerSeat() {
        Bots bots = Bots.standard();
        List<BotSpec> three = List.of(bots.parse("greedy"), bots.parse("greedy"), bots.parse("random"));
        assertThrows(IllegalArgumentException.class, () -> new DatasetStudy.Settings(three, 3, 3, 0, 10, 0, 7,
                Rules.standard(3), Deck.standard()));
        assertThrows(IllegalArgumentException.class, () -> new DatasetStudy.Settings(three, 3, 3, 0, 0, 2, 7,
                Rules.standard(3), Deck.standard()));
        assertThrows(IllegalArgumentException.class, () -> new DatasetStudy.Settings(three.subList(0, 2), 3, 3, 0, 0, 0, 7,
                Rules.standard(3), Deck.standard()));
    }

    @Test
    void settings_notWholeChunks_areRejected() {
        assertThrows(IllegalArgumentException.class, () -> settings(3, 1));
    }

    private static DatasetStudy.Settings cutoffSettings() {
        BotSpec pimc = Bots.standard().parse("pimc:iterations=60");
        return new DatasetStudy.Settings(List.of(pimc, pimc), 2, 2, 0, 9, 0, 7, Rules.standard(2), Deck.standard(), 3);
    }

    /**
     * {@code cutoffs}: the rows are the positions the searches judged (copies, at most K a decision,
     * at most {@code solveCards} cards), one row each from the searching seat, labelled by the
     * solver, a decision's cut-offs one group; the same rows again from the same settings.
     */
    @Test
    void chunk_cutoffs_areTheSearchesOwnPositions_labelledByTheSolver() {
        DatasetStudy.Settings s = cutoffSettings();
        ChunkRows rows = new DatasetStudy(s).chunk(0);
        // the same games again, watched by a sampler of the same stream: the rows' positions
        List<CutoffSampler.Cutoff> expected = new java.util.ArrayList<>();
        for (int g = 0; g < 2; g++) {
            CutoffSampler sampler = new CutoffSampler(3, 9, new java.util.SplittableRandom(
                    richelieu.runner.stats.DerivedSeeds.datasetCutoffs(7, g)));
            LineupGame.play(s.lineup(), s.rules(), s.deck(), s.seed(), g, sampler::seat);
            expected.addAll(sampler.cutoffs());
        }
        assertEquals(expected.size(), rows.size());
        assertTrue(rows.size() >= 12, rows.size() + " rows");
        Set<GameState> distinct = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        Set<Long> tables = new HashSet<>();
        java.util.Map<Long, Integer> perGroup = new java.util.HashMap<>();
        Solver solver = null;
        for (int r = 0; r < rows.size(); r++) {
            CutoffSampler.Cutoff c = expected.get(r);
            GameState q = c.state();
            assertFalse(q.isOver());
            assertTrue(distinct.add(q), "a copy per cut-off, not the search's scratch");
            tables.add(q.table());
            assertEquals(Long.bitCount(q.table()), rows.cards(r));
            assertTrue(rows.cards(r) <= 9 && rows.solved(r), "solvable and solved: " + rows.cards(r));
            assertEquals(c.seat(), rows.seat(r));
            assertEquals(c.decision(), rows.group(r));
            assertEquals(c.rootAction(), rows.rootAction(r));
            assertTrue(c.rootAction() >= 0, "row " + r);
            long key = (long) rows.game(r) << 32 | rows.group(r);
            perGroup.merge(key, 1, Integer::sum);
            if (solver == null || r == 0 || rows.game(r) != rows.game(r - 1)) {
                solver = new Solver(s.rules(), q.layout(), 16);
            }
            solver.load(q);
            int sign = c.seat() == 0 ? 1 : -1;
            int margin = Math.floorDiv(sign * solver.solve() + OpenGame.SCALE / 2, OpenGame.SCALE);
            assertEquals(margin, rows.solverMargin(r), "row " + r);
            assertEquals(margin, rows.margin(r));
            HeuristicEvaluation h = new HeuristicEvaluation(DatasetStudy.heuristic2p(), s.rules(), q.layout());
            assertEquals((float) (sign * h.difference(q)), rows.heuristic(r));
        }
        assertTrue(tables.size() > rows.size() / 2, tables.size() + " tables of " + rows.size() + " rows");
        assertTrue(perGroup.values().stream().allMatch(k -> k <= 3), perGroup.toString());
        assertTrue(perGroup.values().stream().anyMatch(k -> k == 3), perGroup.toString());
    }

    @Test
    void settings_cutoffs_needTwoPlayersTheSolverAndNoSiblings_andASearchLineup() {
        List<BotSpec> pimc = cutoffSettings().lineup();
        assertThrows(IllegalArgumentException.class, () -> new DatasetStudy.Settings(pimc, 2, 2, 0, 0, 0, 7,
                Rules.standard(2), Deck.standard(), 3));
        assertThrows(IllegalArgumentException.class, () -> new DatasetStudy.Settings(pimc, 2, 2, 0, 9, 2, 7,
                Rules.standard(2), Deck.standard(), 3));
        assertThrows(IllegalArgumentException.class, () -> new DatasetStudy.Settings(pimc, 2, 2, 0, 9, 0, 7,
                Rules.standard(2), Deck.standard(), DatasetStudy.MAX_CUTOFFS + 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DatasetStudy.checkCutoffLineup(
                List.of(Bots.standard().parse("greedy"), pimc.get(0))));
        assertTrue(e.getMessage().startsWith("greedy is not a search whose cut-offs can be recorded"), e.getMessage());
        DatasetStudy.checkCutoffLineup(pimc);
    }
}
