package richelieu.runner.execution;

import richelieu.runner.resultfile.Plan;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The local {@link UnitExecutor}: plays units on {@code threads} threads of this JVM and commits
 * the chunks <em>in unit order</em>.
 *
 * <p>Workers claim contiguous chunks of units from a counter (chunks grow to about 20 ms of
 * work, so cheap games do not pay a lock per game) and play them with their own
 * {@link UnitPlayer} — partial tally, formatted records and CSV rows — outside any lock.
 * Finished chunks wait in a small reorder buffer until every earlier unit is committed; then
 * the sink gets them in order. So everything downstream sees the same sequence at any thread
 * count, and only the cheap merge is serialized.
 *
 * <p>Stopping (Ctrl-C) commits nothing more: chunks still running are dropped, so the run is
 * exactly the committed "units [from, done)", which a resume continues. {@link #run} returns
 * within half a second of the stop even when a worker is stuck (see {@link #awaitWorkers}).
 */
public final class ThreadExecutor implements UnitExecutor {
    /** How far (in units) a worker may run ahead of the oldest uncommitted unit. */
    static final long WINDOW = 1 << 16;
    private static final long TARGET_CHUNK_NANOS = 20_000_000L;
    /** After a stop, how long {@link #run} waits for the workers' chunks in flight (which are dropped anyway). */
    static final long STOP_GRACE_NANOS = 500_000_000L;

    private final Plan plan;
    private final boolean records;
    private final boolean csv;
    private final int threads;
    private final AtomicBoolean stop;
    private final Object lock = new Object();
    private final TreeMap<Long, Chunk> pending = new TreeMap<>();
    private final AtomicLong gamesDone = new AtomicLong();
    private long emitted;
    private volatile Throwable failure;

    public ThreadExecutor(Plan plan, boolean records, boolean csv, int threads, AtomicBoolean stop) {
        this.plan = plan;
        this.records = records;
        this.csv = csv;
        this.threads = threads;
        this.stop = stop;
    }

    @Override
    public long run(long from, long to, ChunkSink sink) throws Exception {
        synchronized (lock) {
            emitted = from;
            failure = null;
            pending.clear();
        }
        AtomicLong next = new AtomicLong(from);
        // Small runs get small chunks, so that every thread has work and a stop is prompt.
        long maxChunk = Math.max(1, Math.min(4096, (to - from) / (threads * 8L)));
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> work(next, to, maxChunk, sink), "richelieu-worker-" + t);
            w.setDaemon(true);
            workers.add(w);
            w.start();
        }
        awaitWorkers(workers);
        // Commits happen under the lock and only before a stop: from here on the committed prefix is final.
        synchronized (lock) {
            if (failure != null) {
                if (failure instanceof Exception e) {
                    throw e;
                }
                throw (Error) failure;
            }
            return emitted;
        }
    }

    /**
     * Waits for the workers to end; after a stop, for at most {@link #STOP_GRACE_NANOS} more. A
     * worker still busy then is left behind (a daemon thread whose chunk is dropped): a bot stuck
     * in a long move, or a plug-in that called {@code System.exit} from its move, must not hold up
     * the saving of the result (shutdown is bounded).
     */
    private void awaitWorkers(List<Thread> workers) throws InterruptedException {
        long graceEnd = 0;
        for (Thread w : workers) {
            while (w.isAlive()) {
                if (!stop.get()) {
                    w.join(50);
                    continue;
                }
                if (graceEnd == 0) {
                    graceEnd = System.nanoTime() + STOP_GRACE_NANOS;
                }
                long left = graceEnd - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                w.join(Math.max(1, left / 1_000_000));
            }
        }
    }

    private void work(AtomicLong next, long to, long maxChunk, ChunkSink sink) {
        long size = 1;
        try (UnitPlayer player = new UnitPlayer(plan, records, csv)) {
            while (!stop.get() && failure == null) {
                long start = next.getAndAdd(size);
                if (start >= to) {
                    return;
                }
                long end = Math.min(to, start + size);
                synchronized (lock) {
                    while (start - emitted > WINDOW && failure == null && !stop.get()) {
                        lock.wait(100); // woken by commits; the timeout notices a stop
                    }
                }
                if (stop.get()) {
                    return;
                }
                long t0 = System.nanoTime();
                Chunk chunk = player.play(start, end);
                long perUnit = Math.max(1, (System.nanoTime() - t0) / (end - start));
                size = Math.max(1, Math.min(maxChunk, TARGET_CHUNK_NANOS / perUnit));
                synchronized (lock) {
                    pending.put(start, chunk);
                    // After a stop nothing more is committed: the run is exactly the prefix committed so far.
                    while (!stop.get() && !pending.isEmpty() && pending.firstKey() == emitted) {
                        Chunk head = pending.pollFirstEntry().getValue();
                        sink.commit(head);
                        gamesDone.addAndGet(head.tally().games());
                        emitted = head.to();
                    }
                    lock.notifyAll();
                }
            }
        } catch (Throwable t) {
            synchronized (lock) {
                if (failure == null) {
                    failure = t;
                }
                lock.notifyAll();
            }
        }
    }

    @Override
    public long gamesDone() {
        return gamesDone.get();
    }
}
