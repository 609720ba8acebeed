package richelieu.runner.play;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * Plays units {@code [from, to)} of a plan on {@code threads} threads and hands the results to
 * a sink <em>in unit order</em>, one at a time. Workers claim units in order from a counter;
 * results that finish early wait in a small reorder buffer (a worker that runs more than
 * {@link #WINDOW} units ahead of the oldest unfinished one waits). So everything downstream —
 * tallies, records, CSV — sees the same sequence at any thread count.
 *
 * <p>Stopping (Ctrl-C) lets running units finish, emits the contiguous prefix of finished units
 * and drops later ones: the run is then exactly "units [from, done)", which a resume continues.
 */
public final class Execution {
    static final long WINDOW = 4096;

    /** Receives results in unit order, never concurrently. */
    public interface Sink {
        void accept(UnitResult result) throws Exception;
    }

    private final Plan plan;
    private final int threads;
    private final boolean keepRecords;
    private final AtomicBoolean stop;
    private final Object lock = new Object();
    private final TreeMap<Long, UnitResult> pending = new TreeMap<>();
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
     * Runs units {@code [from, to)}; returns the end of the emitted prefix ({@code to} unless
     * stopped). A failure in a worker or the sink is rethrown after all threads have stopped.
     */
    public long run(long from, long to, Sink sink) throws Exception {
        emitted = from;
        AtomicLong next = new AtomicLong(from);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> work(next, to, sink), "richelieu-worker-" + t);
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

    private void work(AtomicLong next, long to, Sink sink) {
        try (UnitPlayer player = new UnitPlayer(plan, keepRecords)) {
            while (!stop.get() && failure == null) {
                long u = next.getAndIncrement();
                if (u >= to) {
                    return;
                }
                synchronized (lock) {
                    while (u - emitted > WINDOW && failure == null) {
                        lock.wait();
                    }
                }
                UnitResult r = player.play(u);
                if (player.lastFailure() != null) {
                    lastForfeit = player.lastFailure();
                }
                synchronized (lock) {
                    pending.put(u, r);
                    while (!pending.isEmpty() && pending.firstKey() == emitted) {
                        UnitResult head = pending.pollFirstEntry().getValue();
                        sink.accept(head);
                        gamesDone.addAndGet(head.games().size());
                        emitted++;
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

    /** Games handed to the sink so far (for progress displays). */
    public long gamesDone() {
        return gamesDone.get();
    }

    /** The most recent forfeit message, or null. */
    public String lastForfeit() {
        return lastForfeit;
    }

    /** Adapts a per-unit callback. */
    public static Sink sink(LongConsumer c) {
        return r -> c.accept(r.unit());
    }
}
