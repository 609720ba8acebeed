package richelieu.env;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import richelieu.engine.Action;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EnvBatchTest {
    /** A batch with its buffer, as Python holds them. */
    private record Batch(EnvBatch env, ByteBuffer b, Fields f) {
        static Batch of(int n, int players, String opponent, String dtype, String autoreset, int threads) {
            return of(n, players, opponent, "win", dtype, autoreset, threads);
        }

        static Batch of(int n, int players, String opponent, String reward, String dtype, String autoreset,
                        int threads) {
            String[] seats = new String[n * players];
            for (int i = 0; opponent != null && i < n; i++) {
                for (int p = 1; p < players; p++) {
                    seats[i * players + p] = opponent;
                }
            }
            EnvBatch env = batch(n, players, "base", seats, reward, dtype, autoreset, threads, false);
            ByteBuffer b = ByteBuffer.allocateDirect(env.fields().bytes()).order(ByteOrder.nativeOrder());
            env.attach(b);
            return new Batch(env, b, env.fields());
        }

        void resetAll(long seed) {
            int n = env.numEnvs();
            long[] masters = new long[n];
            boolean[] seeded = new boolean[n];
            for (int i = 0; i < n; i++) {
                b.put(f.offset("reset_mask") + i, (byte) 1);
                masters[i] = seed + i;
                seeded[i] = true;
            }
            env.reset(masters, seeded);
        }

        int count(int i) {
            return b.getInt(f.offset("legal_count") + 4 * i);
        }

        int legal(int i, int k) {
            return b.getInt(f.offset("legal") + 4 * (i * Action.MAX_LEGAL + k));
        }

        /** Every game plays a random legal action of its list (0 where it has none). */
        void stepRandom(SplittableRandom rng) {
            for (int i = 0; i < env.numEnvs(); i++) {
                int n = count(i);
                b.putInt(f.offset("action") + 4 * i, n == 0 ? 0 : legal(i, rng.nextInt(n)));
            }
            env.step();
        }

        /** Runs {@code step} (given the step's number) until every game of this batch has ended at least once. */
        void stepUntilEveryGameEnded(IntConsumer step) {
            int n = env.numEnvs();
            boolean[] ended = new boolean[n];
            int endedGames = 0;
            for (int k = 0; k < 400 && endedGames < n; k++) {
                step.accept(k);
                for (int i = 0; i < n; i++) {
                    if (!ended[i] && b.get(f.offset("terminated") + i) != 0) {
                        ended[i] = true;
                        endedGames++;
                    }
                }
            }
            assertEquals(n, endedGames, "every game ended");
        }

        byte[] bytes() {
            byte[] all = new byte[f.bytes()];
            b.get(0, all);
            return all;
        }

        /** {@link #bytes}, the legal lists past their counts zeroed (what is there is left from longer lists before). */
        byte[] shown() {
            byte[] all = bytes();
            for (int i = 0; i < env.numEnvs(); i++) {
                int from = f.offset("legal") + 4 * (i * Action.MAX_LEGAL + count(i));
                Arrays.fill(all, from, f.offset("legal") + 4 * (i + 1) * Action.MAX_LEGAL, (byte) 0);
            }
            return all;
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void step_selfPlay_sameObservationsMasksAndRewardsAsEnvCore(int players) {
        int n = 3;
        Batch batch = Batch.of(n, players, null, "float32", "SameStep", 1);
        batch.resetAll(20);
        EnvCore[] cores = new EnvCore[n];
        ByteBuffer[] buffers = new ByteBuffer[n];
        for (int i = 0; i < n; i++) {
            cores[i] = new EnvCore(players, "base", null, new String[players], new String[0], false, "win");
            buffers[i] = ByteBuffer.allocateDirect(cores[i].fields().bytes()).order(ByteOrder.nativeOrder());
            cores[i].attach(buffers[i]);
            cores[i].reset(20 + i, 0);
        }
        int size = ObservationVector.size(players);
        SplittableRandom rng = new SplittableRandom(6);
        int ends = 0;
        for (int step = 0; step < 400; step++) {
            for (int i = 0; i < n; i++) {
                Fields cf = cores[i].fields();
                assertEquals(buffers[i].getInt(cf.offset("mover")), batch.b.getInt(batch.f.offset("seat") + 4 * i));
                for (int v = 0; v < size; v++) {
                    assertEquals(buffers[i].getFloat(cf.offset("observation") + 4 * v),
                            batch.b.getFloat(batch.f.offset("observation") + 4 * (i * size + v)), "value " + v);
                }
                for (int a = 0; a < ActionIndex.COUNT; a++) {
                    assertEquals(buffers[i].get(cf.offset("action_mask") + a), batch.b.get(batch.f.offset("action_mask")
                            + i * ActionIndex.COUNT + a));
                }
            }
            batch.stepRandom(rng);
            for (int i = 0; i < n; i++) {
                int mover = cores[i].step(batch.b.getInt(batch.f.offset("action") + 4 * i));
                boolean ended = batch.b.get(batch.f.offset("terminated") + i) != 0;
                assertEquals(mover < 0, ended);
                if (ended) {
                    ends++;
                    int actor = batch.b.getInt(batch.f.offset("actor") + 4 * i);
                    float reward = buffers[i].getFloat(cores[i].fields().offset("seat_rewards") + 4 * actor);
                    assertEquals(reward, batch.b.getFloat(batch.f.offset("reward") + 4 * i), "the actor's reward");
                    cores[i].resetNext(); // same-step: the batch started the next game at once
                }
            }
        }
        assertTrue(ends >= 2 * n, "games ended and the next ones went on the same way: " + ends);
        batch.env.close();
    }

    @Test
    void step_anyNumberOfThreads_sameBytes() {
        byte[][] out = new byte[2][];
        int t = 0;
        for (int threads : new int[]{1, 3}) {
            Batch batch = Batch.of(10, 2, "greedy", "uint8", "NextStep", threads);
            batch.resetAll(3);
            SplittableRandom rng = new SplittableRandom(8);
            for (int step = 0; step < 150; step++) {
                batch.stepRandom(rng);
            }
            out[t++] = batch.bytes();
            batch.env.close();
        }
        assertArrayEquals(out[0], out[1]);
    }

    /**
     * Layouts where the thread count does not divide the game count, so the parts differ in size
     * and the boundaries fall between rows; self-play ends many games in the same step on every
     * thread at once, each with its own margin, so a part that read another part's rewards would
     * show it in the bytes.
     */
    @ParameterizedTest
    @CsvSource({"10, 3", "7, 4", "1024, 3", "3, 5", "13, 5", "11, 2"})
    void step_unevenLayouts_sameRewardsAndObservationsAsOneThread(int n, int threads) {
        Batch one = Batch.of(n, 2, null, "margin", "float32", "SameStep", 1);
        Batch many = Batch.of(n, 2, null, "margin", "float32", "SameStep", threads);
        one.resetAll(11);
        many.resetAll(11);
        SplittableRandom rngOne = new SplittableRandom(4);
        SplittableRandom rngMany = new SplittableRandom(4);
        one.stepUntilEveryGameEnded(step -> {
            one.stepRandom(rngOne);
            many.stepRandom(rngMany);
            assertArrayEquals(one.bytes(), many.bytes(), "step " + step + " of " + n + " games on " + threads + " threads");
        });
        one.env.close();
        many.env.close();
    }

    /**
     * Threads do not always collide when they share a reward row, so the comparison above may pass
     * by luck; this checks the sharing itself: once every game has ended, every thread part that
     * holds games has written a row of its own (as many rows written as parts with games).
     */
    @ParameterizedTest
    @CsvSource({"10, 3", "7, 4", "1024, 3", "3, 5", "13, 5", "11, 2", "12, 3"})
    void step_unevenLayouts_eachThreadPartWritesItsOwnRewardRow(int n, int threads) {
        Batch batch = Batch.of(n, 2, null, "margin", "float32", "SameStep", threads);
        float[][] rows = batch.env.rewardRows();
        for (float[] row : rows) {
            Arrays.fill(row, Float.NaN);
        }
        batch.resetAll(11);
        SplittableRandom rng = new SplittableRandom(4);
        batch.stepUntilEveryGameEnded(step -> batch.stepRandom(rng));
        int partsWithGames = 0;
        for (int part = 0; part < threads; part++) {
            partsWithGames += (long) n * part / threads < (long) n * (part + 1) / threads ? 1 : 0;
        }
        int written = 0;
        for (float[] row : rows) {
            written += Float.isNaN(row[0]) ? 0 : 1;
        }
        assertEquals(partsWithGames, written, n + " games on " + threads + " threads: reward rows written");
        batch.env.close();
    }

    /**
     * A snapshot's games, restored, step on to the very bytes the original steps wrote (every
     * field of every row, step after step; of the legal lists, the entries up to their counts), and a restore writes the rows exactly as restoring
     * the same states from bytes does; self-play games are copied (the engine's state), games
     * with bots replayed. Checked at two
     * points: a few steps in, and later, when games have ended, restarted and just ended.
     */
    @ParameterizedTest
    @CsvSource({"2,,float32", "3,,float32", "4,,uint8", "2,random,float32", "3,greedy,uint8"})
    void snapshot_restoredGamesStepOnByteForByte_rowsAsRestoredFromBytes(int players, String opponent, String dtype) {
        Batch a = Batch.of(16, players, opponent, dtype, "NextStep", 2);
        a.resetAll(7);
        SplittableRandom rng = new SplittableRandom(11);
        EnvBatch.Snapshot snap = null;
        for (int point = 0; point < 2; point++) {
            for (int k = 0; k < (point == 0 ? 12 : 77); k++) {
                a.stepRandom(rng);
            }
            if (snap == null) {
                snap = a.env.snapshot();
            } else {
                a.env.snapshotInto(snap);
            }
            byte[][] blobs = a.env.saveStates();
            List<byte[]> original = playOn(a, 90);
            for (int round = 0; round < 3; round++) {
                // twice from the snapshot (the second time over rows its first restore wrote), once from bytes
                if (round < 2) {
                    a.env.restore(snap);
                } else {
                    a.env.restoreStates(blobs);
                }
                byte[] restored = a.shown();
                if (round == 0) {
                    a.env.restoreStates(blobs);
                    assertArrayEquals(a.shown(), restored, "point " + point + ": rows restored from the snapshot and from bytes");
                    a.env.restore(snap);
                }
                List<byte[]> again = playOn(a, 90);
                for (int k = 0; k < original.size(); k++) {
                    assertArrayEquals(original.get(k), again.get(k), "point " + point + ", round " + round + ", step " + k);
                }
            }
        }
    }

    /** The buffer after each of {@code steps} random steps (a fixed seed: the same rows give the same actions). */
    private static List<byte[]> playOn(Batch a, int steps) {
        SplittableRandom rng = new SplittableRandom(5);
        List<byte[]> out = new java.util.ArrayList<>();
        for (int k = 0; k < steps; k++) {
            a.stepRandom(rng);
            out.add(a.shown());
        }
        return out;
    }

    @Test
    void step_nextStep_afterTheEndIgnoresTheActionAndStartsTheNextGame() {
        Batch batch = Batch.of(1, 2, "random", "float32", "NextStep", 1);
        batch.resetAll(5);
        SplittableRandom rng = new SplittableRandom(1);
        while (batch.b.get(batch.f.offset("terminated")) == 0) {
            batch.stepRandom(rng);
        }
        assertEquals(0, batch.count(0), "no legal action once the game is over");
        float reward = batch.b.getFloat(batch.f.offset("reward"));
        assertTrue(reward == 1 || reward == -1 || reward == 0);
        assertEquals(0, batch.b.getLong(batch.f.offset("game")));
        batch.b.putInt(batch.f.offset("action"), 12345); // not even an action: ignored
        batch.env.step();
        assertEquals(1, batch.b.getLong(batch.f.offset("game")), "the next game of the master seed");
        assertEquals(0, batch.b.get(batch.f.offset("terminated")));
        assertEquals(0f, batch.b.getFloat(batch.f.offset("reward")));
        assertEquals(-1, batch.b.getInt(batch.f.offset("actor")));
        assertTrue(batch.count(0) > 0);
        batch.env.close();
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void write_incremental_sameBytesAsAFreshVector(int players) {
        ObservationVector[] vectors = {new ObservationVector(players, ObservationVector.Dtype.FLOAT32),
                new ObservationVector(players, ObservationVector.Dtype.UINT8)};
        Rules rules = Rules.standard(players);
        SplittableRandom rng = new SplittableRandom(2);
        int[] legal = new int[Action.MAX_LEGAL];
        for (ObservationVector v : vectors) {
            ByteBuffer kept = ByteBuffer.allocateDirect(v.bytes()).order(ByteOrder.nativeOrder());
            long[] cache = new long[ObservationVector.CACHED];
            for (int game = 0; game < 3; game++) {
                GameState s = new GameState(rules, Seeds.deal(Deck.standard(), 7, game));
                v.writeLayout(s.layout(), kept, 0, cache, 0);
                while (true) {
                    for (int seat = 0; seat < players; seat++) { // every seat's view in turn, as self-play shows them
                        Observation o = s.observe(seat);
                        v.write(o, kept, 0, cache, 0);
                        ByteBuffer fresh = ByteBuffer.allocateDirect(v.bytes()).order(ByteOrder.nativeOrder());
                        long[] none = new long[ObservationVector.CACHED];
                        v.writeLayout(s.layout(), fresh, 0, none, 0);
                        v.write(o, fresh, 0, none, 0);
                        assertEquals(fresh.rewind(), kept.rewind(), "turn " + s.turn() + ", seat " + seat);
                    }
                    if (s.isOver()) {
                        break;
                    }
                    int n = s.legalActions(legal);
                    s.play(legal[rng.nextInt(n)]);
                }
            }
        }
    }

    @Test
    void observationVector_uint8_holdsTheFloat32Values() {
        ObservationVector f = new ObservationVector(3, ObservationVector.Dtype.FLOAT32);
        ObservationVector u = new ObservationVector(3, ObservationVector.Dtype.UINT8);
        GameState s = new GameState(Rules.standard(3), Seeds.deal(Deck.standard(), 4, 0));
        int[] legal = new int[Action.MAX_LEGAL];
        for (int i = 0; i < 60; i++) {
            s.play(legal[s.legalActions(legal) - 1]);
        }
        ByteBuffer fb = ByteBuffer.allocateDirect(f.bytes()).order(ByteOrder.nativeOrder());
        ByteBuffer ub = ByteBuffer.allocateDirect(u.bytes()).order(ByteOrder.nativeOrder());
        long[] c1 = new long[ObservationVector.CACHED];
        long[] c2 = new long[ObservationVector.CACHED];
        f.writeLayout(s.layout(), fb, 0, c1, 0);
        u.writeLayout(s.layout(), ub, 0, c2, 0);
        f.write(s.observe(1), fb, 0, c1, 0);
        u.write(s.observe(1), ub, 0, c2, 0);
        float[] high = f.high();
        int nonZero = 0;
        for (int v = 0; v < f.size(); v++) {
            float x = fb.getFloat(4 * v);
            assertEquals(x, ub.get(v) & 0xFF, "value " + v);
            assertTrue(high[v] <= 255 && x <= high[v], "value " + v + " fits a byte and its bound");
            nonZero += x != 0 ? 1 : 0;
        }
        assertTrue(nonZero > 100);
    }

    @Test
    void startRunGame_rotationZeroIsGameKOfTheSeed_otherRotationsCannotBeSaved_badUnitChangesNothing() {
        Batch one = Batch.of(2, 2, "random", "float32", "NextStep", 1);
        one.resetAll(7);
        Batch two = Batch.of(2, 2, "random", "float32", "NextStep", 1);
        two.resetAll(7);
        for (int k = 0; k < 3; k++) {
            two.b().put(two.f().offset("reset_mask"), (byte) 1).put(two.f().offset("reset_mask") + 1, (byte) 0);
            two.env().reset(new long[]{0, 0}, new boolean[]{false, false});
        }
        one.env().startRunGame(0, 7, 3, 0);
        assertArrayEquals(two.env().saveState(0), one.env().saveState(0), "game 3 of seed 7, as three resets reach it");
        assertEquals(3, one.b().getLong(one.f().offset("game")));

        one.env().startRunGame(1, 7, 3, 1);
        assertThrows(IllegalStateException.class, () -> one.env().saveState(1));

        byte[] before = new byte[one.f().bytes()];
        one.b().get(0, before);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> one.env().startRunGame(0, 7, -1, 0));
        assertTrue(e.getMessage().contains("at least 0"), e.getMessage());
        byte[] after = new byte[one.f().bytes()];
        one.b().get(0, after);
        assertArrayEquals(before, after);
        one.env().close();
        two.env().close();
    }

    @Test
    void step_illegalActionWhenRaising_noGameMoves() {
        String[] seats = {null, "random", null, "random"};
        EnvBatch env = batch(2, 2, "base", seats, "win", "float32", "NextStep", 1, true);
        ByteBuffer b = ByteBuffer.allocateDirect(env.fields().bytes()).order(ByteOrder.nativeOrder());
        env.attach(b);
        Fields f = env.fields();
        b.put(f.offset("reset_mask"), (byte) 1).put(f.offset("reset_mask") + 1, (byte) 1);
        env.reset(new long[]{1, 2}, new boolean[]{true, true});
        byte[] before = new byte[f.bytes()];
        b.get(0, before);
        b.putInt(f.offset("action"), b.getInt(f.offset("legal")));
        b.putInt(f.offset("action") + 4, ActionIndex.of(Action.SKIP));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, env::step);
        assertTrue(e.getMessage().startsWith("environment 1: action 4 (skip) is not legal"), e.getMessage());
        assertEquals(0, env.actions(0).length, "environment 0 did not move either");
        byte[] after = new byte[f.bytes()];
        b.get(0, after);
        for (int k = 0; k < 8; k++) { // but for the actions written above
            after[f.offset("action") + k] = before[f.offset("action") + k];
        }
        assertArrayEquals(before, after);
        env.close();
    }

    @Test
    void constructor_badArguments_oneLineErrors() {
        String[] two = new String[2];
        for (Runnable bad : new Runnable[]{
                () -> batch(0, 2, "base", new String[0], "win", "float32", "NextStep", 1, false),
                () -> batch(1, 2, "threerow", two, "win", "float32", "NextStep", 1, false),
                () -> batch(1, 2, "base", two, "points", "float32", "NextStep", 1, false),
                () -> batch(1, 2, "base", two, "win", "float64", "NextStep", 1, false),
                () -> batch(1, 2, "base", two, "win", "float32", "Later", 1, false),
                () -> batch(1, 2, "base", new String[]{"random", "random"}, "win", "float32", "NextStep", 1, false),
                () -> batch(1, 2, "base", new String[]{null, "nosuchbot"}, "win", "float32", "NextStep", 1, false)}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::run);
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        assertTrue(Arrays.asList(Reward.values()).contains(Reward.parse("margin")));
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                () -> BatchOptions.of(1_000_000, 2).checkAllocatable());
        assertTrue(tooMany.getMessage().startsWith("num_envs=1000000 is too many: the shared arrays would take 7108 MiB"),
                tooMany.getMessage());
        IllegalArgumentException noHeap = assertThrows(IllegalArgumentException.class,
                () -> BatchOptions.of(1_000, 2).checkAllocatable(new Fields(1_000), 1_000 * BatchOptions.HEAP_PER_GAME - 1));
        assertTrue(noHeap.getMessage().contains("at most 999 games here"), noHeap.getMessage());
    }

    /** The fields both cores have carry one name, dtype and width: a learner moving from one to the other reads the same keys. */
    @Test
    void fieldVocabulary_sharedFieldsAlikeInBothCores() {
        Fields single;
        try (EnvCore core = new EnvCore(3, "base", null, new String[3], new String[0], false, "win")) {
            single = core.fields();
        }
        Fields batch = BatchOptions.of(2, 3).layout();
        List<String> singleNames = List.of(single.names());
        List<String> batchNames = List.of(batch.names());
        for (String name : List.of("seat", "observation", "action_mask", "legal", "legal_count", "seat_rewards", "scores",
                "winners", "forfeit")) {
            int a = singleNames.indexOf(name);
            int b = batchNames.indexOf(name);
            assertTrue(a >= 0 && b >= 0, name + " in both: " + singleNames + " " + batchNames);
            assertEquals(single.dtypes()[a], batch.dtypes()[b], name);
            assertEquals(single.widths()[a], batch.widths()[b], name);
        }
        for (String old : List.of("observed", "mask", "rewards")) {
            assertFalse(singleNames.contains(old) || batchNames.contains(old), old);
        }
    }

    /** A batch made from the arguments as Python passes them (strings parsed by the options' types). */
    static EnvBatch batch(int n, int players, String variant, String[] seats, String reward, String dtype,
                          String autoreset, int threads, boolean illegalRaises) {
        return new EnvBatch(new BatchOptions(n, players, variant, null, new String[0], false, Reward.parse(reward),
                ObservationVector.Dtype.parse(dtype), EnvBatch.Autoreset.parse(autoreset), threads, illegalRaises), seats);
    }
}
