package richelieu.env;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A few threads that run one piece of work over a range of indices: part 0 on the calling
 * thread, the other parts on daemon threads that wait parked between calls (no spinning: the
 * machine's cores belong to the learner too). Every index is run by exactly one thread and the
 * call returns when all are done, so the result does not depend on the number of threads.
 */
final class Crew implements AutoCloseable {
    /**
     * The work on indices {@code [from, to)}, run by thread part {@code part} (0 … threads-1, each
     * part by one thread at a time): per-thread scratch is indexed by the part, never derived from
     * the range, whose bounds do not map back to one part when the threads do not divide the count.
     */
    interface Work {
        void run(int part, int from, int to);
    }

    private final int threads;
    private final Thread[] workers;
    private final AtomicInteger pending = new AtomicInteger();
    private volatile int generation;
    private volatile Work work;
    private volatile int count;
    private volatile Thread caller;
    private volatile Throwable failure;
    private volatile boolean closed;

    Crew(int threads, String name) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        this.threads = threads;
        this.workers = new Thread[threads - 1];
        for (int k = 1; k < threads; k++) {
            int part = k;
            Thread t = new Thread(() -> loop(part), name + "-" + k);
            t.setDaemon(true);
            workers[k - 1] = t;
            t.start();
        }
    }

    int threads() {
        return threads;
    }

    /** Runs {@code w} over {@code [0, n)}, split into one contiguous part per thread; rethrows a part's failure. */
    void run(int n, Work w) {
        if (threads == 1) {
            w.run(0, 0, n);
            return;
        }
        if (closed) {
            throw new IllegalStateException("closed");
        }
        work = w;
        count = n;
        caller = Thread.currentThread();
        failure = null;
        pending.set(threads - 1);
        generation++; // publishes the work to the workers
        for (Thread t : workers) {
            LockSupport.unpark(t);
        }
        Throwable mine = null;
        try {
            w.run(0, 0, n / threads);
        } catch (Throwable t) {
            mine = t;
        }
        while (pending.get() > 0) {
            LockSupport.park(this);
        }
        work = null;
        Throwable t = mine != null ? mine : failure;
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    private void loop(int part) {
        int seen = 0;
        while (!closed) {
            int g = generation;
            if (g == seen) {
                LockSupport.park(this);
                continue;
            }
            seen = g;
            int n = count;
            try {
                work.run(part, (int) ((long) n * part / threads), (int) ((long) n * (part + 1) / threads));
            } catch (Throwable t) {
                if (failure == null) {
                    failure = t;
                }
            }
            if (pending.decrementAndGet() == 0) {
                LockSupport.unpark(caller);
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        for (Thread t : workers) {
            LockSupport.unpark(t);
        }
    }
}
