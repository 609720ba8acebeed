package richelieu.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What a bot's time budget ({@code millis}) is measured on: the wall clock, or the CPU time of
 * the thread that decides. On a machine busy with other work the wall clock gives a bot only
 * the share of a core it happens to get, so two bots with equal wall-clock budgets may get very
 * different CPU; budgets in CPU time stay equal (and a match on a loaded machine stays fair).
 * Reading the CPU clock costs about 0.3 µs (against about 25 ns for the wall clock), so a loop
 * that checks it often should check every few steps.
 */
public enum BudgetClock {
    /** {@link System#nanoTime}. */
    WALL {
        @Override
        public long now() {
            return System.nanoTime();
        }
    },
    /** The calling thread's CPU time, in nanoseconds. */
    CPU {
        @Override
        public long now() {
            return THREADS.getCurrentThreadCpuTime();
        }
    };

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Nanoseconds on this clock, from an arbitrary origin (compare, subtract; never read alone). */
    public abstract long now();
}
