package richelieu.runner.play;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Plays units {@code [from, to)} of a plan on {@code threads} threads and commits the results
 * <em>in unit order</em>, one chunk at a time.
 *
 * <p>Workers claim contiguous chunks of units from a counter (chunks grow to about 20 ms of
 * work, so cheap games do not pay a lock per game), play them, and {@link Sink#prepare prepare}
 * them on their own thread — a partial tally, formatted records — outside any lock. Prepared
 * chunks wait in a small reorder buffer until every earlier unit is committed; then
 * {@link Sink#commit} merges and writes them in order. So everything downstream sees the same
 * sequence at any thread count, and only the cheap merge is serialized.
 *
 * <p>Stopping (Ctrl-C) lets running chunks finish, commits the contiguous prefix of finished
 * units and drops later ones: the run is then exactly "units [from, done)", which a resume
 * continues.
 */
public final class Execution {
    /** How far (in units) a worker may run ahead of the oldest uncommitted unit. */
    static final long WINDOW = 1 << 16;
    private static final long TARGET_CHUNK_NANOS = 20_000_000L;

    /**
     * Turns played units into a chunk (on the worker's thread, concurrently) and commits chunks
     * in unit order (one at a time).
     */
    public interface Sink<C> {
        C prepare(List<UnitResult> units) throws Exception;

        void commit(C chunk, long endUnit) throws Exception;
    }

    private final Plan plan;
    private final int threads;
    private final boolean keepRecords;
    private final AtomicBoolean stop;
    private final Object lock = new Object();
    private final TreeMap<Long, Object[]> pending = new TreeMap<>();
    private long emitted;
    private final AtomicLong gamesDone = new AtomicLong();
    private volatile Throwable failure;
    private volatile String lastForfeit;

    public Execution(Plan plan, int threads, boolean keepRecords, AtomicBoolean stop) {
        this.plan = plan;
        this.threads = threads;
        this.keepRecords = keepRecords;
        this.stop = stop;
    }

    /**
     * Runs units {@code [from, to)}; returns the end of the committed prefix ({@code to} unless
     * stopped). A failure in a worker or the sink is rethrown after all threads have stopped.
     */
    public <C> long run(long from, long to, Sink<C> sink) throws Exception {
        emitted = from;
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
        for (Thread w : workers) {
            w.join();
        }
        if (failure != null) {
            if (failure instanceof Exception e) {
                throw e;
            }
            throw (Error) failure;
        }
        return emitted;
    }

    @SuppressWarnings("unchecked")
    private <C> void work(AtomicLong next, long to, long maxChunk, Sink<C> sink) {
        long chunk = 1;
        try (UnitPlayer player = new UnitPlayer(plan, keepRecords)) {
            while (!stop.get() && failure == null) {
                long start = next.getAndAdd(chunk);
                if (start >= to) {
                    return;
                }
                long end = Math.min(to, start + chunk);
                synchronized (lock) {
                    while (start - emitted > WINDOW && failure == null) {
                        lock.wait();
                    }
                }
                long t0 = System.nanoTime();
                List<UnitResult> results = new ArrayList<>((int) (end - start));
                int games = 0;
                for (long u = start; u < end; u++) {
                    UnitResult r = player.play(u);
                    results.add(r);
                    games += r.games().size();
                }
                if (player.lastFailure() != null) {
                    lastForfeit = player.lastFailure();
                }
                C prepared = sink.prepare(results);
                long perUnit = Math.max(1, (System.nanoTime() - t0) / (end - start));
                chunk = Math.max(1, Math.min(maxChunk, TARGET_CHUNK_NANOS / perUnit));
                synchronized (lock) {
                    pending.put(start, new Object[]{end, prepared, games});
                    while (!pending.isEmpty() && pending.firstKey() == emitted) {
                        Object[] head = pending.pollFirstEntry().getValue();
                        long headEnd = (Long) head[0];
                        sink.commit((C) head[1], headEnd);
                        gamesDone.addAndGet((Integer) head[2]);
                        emitted = headEnd;
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

    /** Games committed so far (for progress displays). */
    public long gamesDone() {
        return gamesDone.get();
    }

    /** The most recent forfeit message, or null. */
    public String lastForfeit() {
        return lastForfeit;
    }
}
