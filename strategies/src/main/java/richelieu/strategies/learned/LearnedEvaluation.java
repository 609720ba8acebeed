package richelieu.strategies.learned;

import richelieu.engine.GameState;
import richelieu.engine.Observation;

/**
 * A learned judgement of a position from one seat's view: {@link SeatFeatures} into a
 * {@link ValueNet}, the seat's expected final margin in points. Allocation-free after the first
 * call of a deal; not thread-safe (its scratch is per object): one per thread, sharing the net.
 */
public final class LearnedEvaluation {
    private final ValueNet net;
    private final SeatFeatures features;
    private final float[] x;
    private final ValueNet.Scratch scratch;

    public LearnedEvaluation(ValueNet net, int players) {
        this.features = new SeatFeatures(players);
        if (net.inputs() != features.size()) {
            throw new IllegalArgumentException("the net has " + net.inputs() + " inputs, " + players
                    + "-player features are " + features.size());
        }
        this.net = net;
        this.x = new float[features.size()];
        this.scratch = net.newScratch();
    }

    /** What {@code s} is worth to {@code seat}, judged only from what the seat may know: points of final margin. */
    public float value(GameState s, int seat) {
        features.encode(s, seat, x);
        return net.forward(x, scratch);
    }

    /** What the observed position is worth to the observing seat, in points of final margin. */
    public float value(Observation o) {
        features.encode(o, x);
        return net.forward(x, scratch);
    }
}
