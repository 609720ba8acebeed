package richelieu.runner.study;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A run's time is told as wall and CPU time with the threads: wall time alone misleads on a busy machine. */
class RunInProgressTest {

    @Test
    void timeLine_wallCpuAndThreads() {
        // Before: "played 3,000 games in 780.0 s (4 games/s) on 2 threads", no CPU time.
        assertEquals("played 3,000 games in 13.0 min wall, 3.7 min CPU (3.8 games/s) on 2 threads",
                RunInProgress.timeLine(3000, 780, 224, "on 2 threads"));
        assertEquals("played 20 games in 1.5 s wall, 2.9 s CPU (13 games/s) on 2 threads",
                RunInProgress.timeLine(20, 1.5, 2.94, "on 2 threads"));
    }

    @Test
    void timeLine_noCpuTime_wallAlone() {
        assertEquals("played 20 games in 45 s wall (0.44 games/s) on spark spark://h:7077",
                RunInProgress.timeLine(20, 45, Double.NaN, "on spark spark://h:7077"));
    }

    @Test
    void rate_slowRunsKeepTwoDigits_fastRunsWholeGames() {
        // a slow run (an SPRT of pimc plays 0.4 games a second) must not read "0 games/s"
        assertEquals("0.39", RunInProgress.rate(0.3912));
        assertEquals("4.2", RunInProgress.rate(4.21));
        assertEquals("12", RunInProgress.rate(12.4));
        assertEquals("1,235", RunInProgress.rate(1234.6));
        assertEquals("0", RunInProgress.rate(0));
    }
}
