package richelieu.runner.study;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A run's time is told as wall and CPU time with the threads: wall time alone misleads on a busy machine. */
class RunInProgressTest {

    @Test
    void timeLine_wallCpuAndThreads() {
        // Before: "played 3,000 games in 780.0 s (4 games/s) on 2 threads", no CPU time.
        assertEquals("played 3,000 games in 13.0 min wall, 3.7 min CPU (4 games/s) on 2 threads",
                RunInProgress.timeLine(3000, 780, 224, "on 2 threads"));
        assertEquals("played 20 games in 1.5 s wall, 2.9 s CPU (13 games/s) on 2 threads",
                RunInProgress.timeLine(20, 1.5, 2.94, "on 2 threads"));
    }

    @Test
    void timeLine_noCpuTime_wallAlone() {
        assertEquals("played 20 games in 45 s wall (0 games/s) on spark spark://h:7077",
                RunInProgress.timeLine(20, 45, Double.NaN, "on spark spark://h:7077"));
    }
}
