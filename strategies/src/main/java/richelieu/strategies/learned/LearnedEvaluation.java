package richelieu.strategies.learned;

import richelieu.engine.GameState;
import richelieu.engine.Observation;
import richelieu.strategies.BotParams;
import richelieu.strategies.HeuristicEvaluation;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.Presets;
import richelieu.strategies.ShippedBots;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A learned judgement of a position from one seat's view: {@link SeatFeatures} into a
 * {@link ValueNet}, the seat's expected final margin in points. Allocation-free after the first
 * call of a deal; not thread-safe (its accumulator is per object): one per thread, sharing the
 * net. The net runs incrementally ({@link ValueNet#forward(float[], ValueNet.Accumulator)}): the
 * positions a search judges one after another share most features.
 *
 * <p>A net trained over heuristic-2p ({@link ValueNet#overHeuristic}) learned what that
 * judgement misses: its value is the net's output plus {@link HeuristicEvaluation#difference} of
 * the same state from the seat's view; a net that also reads that judgement's terms
 * ({@link ValueNet#heuristicTerms}) gets them after the seat's features, to re-weigh them. With
 * more cards on the table than the net's {@link ValueNet#correctCards} (beyond its exact labels)
 * the judgement alone counts. A search's cut-off hands it a determinization, whose
 * guessed tokens that judgement reads as {@code rollout=cutoff} with {@code eval=heuristic} does.
 */
public final class LearnedEvaluation {
    private final ValueNet net;
    private final SeatFeatures features;
    private final float[] x;
    private final ValueNet.Accumulator accumulator;
    private final HeuristicStrategy.Weights heuristicWeights;
    /** Above this many cards on the table, a net over heuristic-2p leaves the judgement alone ({@link ValueNet#correctCards}). */
    private final int correctCards;
    /** heuristic-2p's judgement for the layout of the last state, made again when the deal changes. */
    private HeuristicEvaluation heuristic;

    public LearnedEvaluation(ValueNet net, int players) {
        this.features = new SeatFeatures(players);
        int inputs = features.size() + (net.heuristicTerms() ? HeuristicEvaluation.TERMS : 0);
        if (net.inputs() != inputs) {
            throw new IllegalArgumentException("the net has " + net.inputs() + " inputs, " + players
                    + "-player features are " + inputs);
        }
        if (net.overHeuristic() && players != 2) {
            throw new IllegalArgumentException("a net over heuristic-2p's difference judges 2-player games only, not "
                    + players);
        }
        this.net = net;
        this.x = new float[inputs];
        this.accumulator = net.newAccumulator();
        this.heuristicWeights = net.overHeuristic() ? heuristic2p() : null;
        this.correctCards = net.correctCards();
    }

    /** heuristic-2p's weights, the judgement a net {@link ValueNet#overHeuristic} adds to. */
    public static HeuristicStrategy.Weights heuristic2p() {
        return ShippedBots.HeuristicFactory.weights(
                BotParams.of(new ShippedBots.HeuristicFactory(), Presets.named("heuristic-2p").values()));
    }

    /** A 2-player evaluation on the shipped weights, read and checked once per JVM. */
    public static LearnedEvaluation shipped2p() {
        return shipped(2);
    }

    /**
     * An evaluation for {@code players} players on the shipped weights ({@link ValueNet#shipped}),
     * read and checked once per JVM.
     */
    public static LearnedEvaluation shipped(int players) {
        return new LearnedEvaluation(SHIPPED.computeIfAbsent(players, ValueNet::shipped), players);
    }

    /** The shipped nets by player count, each loaded at first use. */
    private static final Map<Integer, ValueNet> SHIPPED = new ConcurrentHashMap<>();

    /** Above how many cards on the table this evaluation is heuristic-2p's judgement alone ({@link ValueNet#correctCards}). */
    public int correctCards() {
        return correctCards;
    }

    /** What {@code s} is worth to {@code seat}, judged only from what the seat may know: points of final margin. */
    public float value(GameState s, int seat) {
        if (heuristicWeights == null) {
            features.encode(s, seat, x);
            return net.forward(x, accumulator);
        }
        if (Long.bitCount(s.table()) > correctCards) {
            return judgement(s, seat);
        }
        HeuristicEvaluation judge = heuristicFor(s);
        double mine;
        features.encode(s, seat, x);
        if (net.heuristicTerms()) {
            mine = judge.terms(s, seat, x, features.size());
        } else {
            double d = judge.difference(s);
            mine = seat == 0 ? d : -d;
        }
        return (float) (net.forward(x, accumulator) + mine);
    }

    /** heuristic-2p's judgement for {@code s}'s layout and rules, made again only when the deal changes. */
    private HeuristicEvaluation heuristicFor(GameState s) {
        if (heuristic == null || heuristic.layout() != s.layout() || !heuristic.rules().equals(s.rules())) {
            heuristic = new HeuristicEvaluation(heuristicWeights, s.rules(), s.layout());
        }
        return heuristic;
    }

    /**
     * heuristic-2p's judgement alone of what {@code s} is worth to {@code seat}, in points: what
     * {@link #value(GameState, int)} gives above {@link #correctCards}. Only for a net over heuristic-2p.
     */
    public float judgement(GameState s, int seat) {
        if (heuristicWeights == null) {
            throw new IllegalStateException("this net is not over heuristic-2p's judgement");
        }
        double d = heuristicFor(s).difference(s);
        return (float) (seat == 0 ? d : -d);
    }

    /**
     * What the observed position is worth to the observing seat, in points of final margin. Not
     * for a net over heuristic-2p, whose judgement needs a whole state.
     */
    public float value(Observation o) {
        if (heuristicWeights != null) {
            throw new IllegalStateException("a net over heuristic-2p judges a whole state, not an observation");
        }
        features.encode(o, x);
        return net.forward(x, accumulator);
    }
}
