package richelieu.runner.execution;

import org.junit.jupiter.api.Test;
import richelieu.engine.Deck;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.runner.resultfile.Plan;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.runner.resultfile.Tally;
import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;
import richelieu.strategies.FixtureFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The executor seam: chunks tile the range in unit order, and a job rebuilt from its data plays the same games. */
class ThreadExecutorTest {
    private static final RunConfig CONFIG = new RunConfig("match", List.of("greedy", "random"), List.of(Rules.twoPlayer()),
            Deck.standard(), 99, 40, List.<int[]>of(new int[]{0, 1}), RunConfig.Pairing.ROTATE, 0, 40, 0, 1, StudySettings.NONE);

    private static String text(Tally t) {
        return t.toJson(ResultFile.MAPPER).toString();
    }

    @Test
    void run_threeThreads_commitsContiguousChunksInUnitOrder_sameAsOneChunk() throws Exception {
        Plan plan = CONFIG.plan(Bots.standard());
        List<Chunk> committed = new ArrayList<>();
        long end;
        try (ThreadExecutor ex = new ThreadExecutor(plan, true, true, 3, new AtomicBoolean())) {
            end = ex.run(5, 37, committed::add);
            assertEquals(64, ex.gamesDone());
        }
        assertEquals(37, end);
        long next = 5;
        Tally sum = Tally.forConfig(CONFIG);
        StringBuilder records = new StringBuilder();
        StringBuilder csv = new StringBuilder();
        for (Chunk c : committed) {
            assertEquals(next, c.from(), "chunks tile the range in order");
            next = c.to();
            sum.merge(c.tally());
            records.append(c.records());
            csv.append(c.csv());
        }
        assertEquals(37, next);
        Chunk whole;
        try (UnitPlayer p = new UnitPlayer(plan, true, true)) {
            whole = p.play(5, 37);
        }
        assertEquals(text(whole.tally()), text(sum));
        assertEquals(whole.records(), records.toString());
        assertEquals(whole.csv(), csv.toString());
    }

    @Test
    void unitJob_serializedAndRebuilt_playsTheSameChunk() throws Exception {
        UnitJob job = UnitJob.of(CONFIG, List.of(), 5000, true, false);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(job);
        }
        UnitJob copy;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            copy = (UnitJob) in.readObject();
        }
        Chunk here;
        Chunk there;
        try (UnitPlayer a = new UnitPlayer(CONFIG.plan(Bots.standard()), true, false);
             UnitPlayer b = new UnitPlayer(copy.plan(), true, false)) {
            here = a.play(3, 9);
            there = b.play(3, 9);
        }
        assertNotNull(there.records());
        assertEquals(here.records(), there.records());
        assertEquals(text(here.tally()), text(there.tally()));
        // the chunk itself travels back
        ByteArrayOutputStream back = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(back)) {
            out.writeObject(there);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(back.toByteArray()))) {
            Chunk c = (Chunk) in.readObject();
            assertEquals(text(here.tally()), text(c.tally()));
        }
    }

    /**
     * A stop returns the committed prefix within about half a second even while a
     * worker is stuck in a bot's move (a plug-in that calls System.exit blocks its thread for good;
     * on the old main, run() joined it for ever and the shutdown waited its full 120 s).
     */
    @Test
    void run_stoppedWhileAWorkerIsStuckInAMove_returnsTheCommittedPrefixPromptly() throws Exception {
        CountDownLatch stuck = new CountDownLatch(1);
        AtomicInteger moves = new AtomicInteger();
        BotSpec stuckBot = new FixtureFactory("stuck", "first legal action; blocks for good from its 300th move") {
            @Override
            protected int choose(Observation o, LegalActions legal) {
                if (moves.incrementAndGet() >= 300) {
                    stuck.countDown();
                    while (true) {
                        LockSupport.park(); // never unparked
                    }
                }
                return legal.get(0);
            }
        }.spec();
        Plan plan = new Plan(CONFIG.withBots(List.of(stuckBot.label(), "random")),
                List.of(stuckBot, Bots.standard().parse("random")));
        AtomicBoolean stop = new AtomicBoolean();
        List<Chunk> committed = new ArrayList<>();
        ThreadExecutor ex = new ThreadExecutor(plan, false, false, 1, stop);
        long[] end = {-1};
        Thread runner = new Thread(() -> {
            try {
                end[0] = ex.run(0, 40, committed::add);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        runner.setDaemon(true);
        runner.start();
        assertTrue(stuck.await(60, TimeUnit.SECONDS), "the bot never got stuck");
        stop.set(true);
        runner.join(5_000);
        assertFalse(runner.isAlive(), "run() did not return after the stop");
        long committedTo = committed.isEmpty() ? 0 : committed.get(committed.size() - 1).to();
        assertEquals(committedTo, end[0], "run() returns the end of the committed prefix");
        assertTrue(end[0] < 40, "the unit in flight is not committed");
    }
}
