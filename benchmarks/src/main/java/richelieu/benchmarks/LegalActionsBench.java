package richelieu.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import richelieu.engine.Action;
import richelieu.engine.GameState;


/**
 * Legal-action generation ({@link GameState#legalActions}) at each kind of decision point, over
 * 1024 positions of that kind from seeded 2-player games, cycled {@code i++ & MASK}.
 * Target: at most 20 ns and 0 B/op.
 */
@State(Scope.Thread)
public class LegalActionsBench extends JmhDefaults {
    @Param({"TAKE_FIRST", "TAKE_SECOND", "PAY", "MARKER_PLACE", "MARKER_MOVE", "RETURNS"})
    public Positions.Kind kind;

    private GameState[] states;
    private int[] buf;
    private int i;

    @Setup
    public void setup() {
        states = Positions.of(kind, 2, 0xB0A7L);
        buf = new int[Action.MAX_LEGAL];
    }

    @Benchmark
    public int legalActions() {
        // buf is a field of the state object, so the writes escape; the count is returned.
        return states[i++ & Positions.MASK].legalActions(buf);
    }
}
