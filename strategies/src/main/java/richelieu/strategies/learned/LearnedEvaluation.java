package richelieu.strategies.learned;

import richelieu.engine.GameState;
import richelieu.engine.Observation;

/**
 * A learned judgement of a position from one seat's view: {@link SeatFeatures} into a
 * {@link ValueNet}, the seat's expected final margin in points. Allocation-free after the first
 * call of a deal; not thread-safe (its accumulator is per object): one per thread, sharing the
 * net. The net runs incrementally ({@link ValueNet#forward(float[], ValueNet.Accumulator)}): the
 * positions a search judges one after another share most features.
 */
public final class LearnedEvaluation {
    private final ValueNet net;
    private final SeatFeatures features;
    private final float[] x;
    private final ValueNet.Accumulator accumulator;

    public LearnedEvaluation(ValueNet net, int players) {
        this.features = new SeatFeatures(players);
        if (net.inputs() != features.size()) {
            throw new IllegalArgumentException("the net has " + net.inputs() + " inputs, " + players
                    + "-player features are " + features.size());
        }
        this.net = net;
        this.x = new float[features.size()];
        this.accumulator = net.newAccumulator();
    }

    /** A 2-player evaluation on the shipped weights, read and checked once per JVM. */
    public static LearnedEvaluation shipped2p() {
        return new LearnedEvaluation(Shipped.NET, 2);
    }

    /** The shipped 2-player net, loaded at first use. */
    private static final class Shipped {
        static final ValueNet NET = ValueNet.shipped2p();
    }

    /** What {@code s} is worth to {@code seat}, judged only from what the seat may know: points of final margin. */
    public float value(GameState s, int seat) {
        features.encode(s, seat, x);
        return net.forward(x, accumulator);
    }

    /** What the observed position is worth to the observing seat, in points of final margin. */
    public float value(Observation o) {
        features.encode(o, x);
        return net.forward(x, accumulator);
    }
}
