package richelieu.strategies.multi;

import richelieu.strategies.BotParams;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.Presets;
import richelieu.strategies.ShippedBots;
import richelieu.strategies.SearchBotFactory;
import richelieu.strategies.TimeBudget;
import richelieu.engine.Strategy;

import java.util.List;

/**
 * {@code paranoid} and {@code maxn}: {@link MultiSearchStrategy} under its two rules, one
 * parameter list (docs/multiplayer-search.md).
 */
public abstract class MultiSearchFactory extends SearchBotFactory {
    static final Parameter SAMPLES = Parameter.integer("samples", 4, 1, 1000,
            "token deals searched per decision");
    static final Parameter DEPTH = Parameter.integer("depth", 2, 1, MultiSearch.MAX_DEPTH,
            "turn starts searched across (1: the rest of this turn, 2: and the next player's turn, ...); with millis "
                    + "the deepest");
    static final Parameter MILLIS = millis("instead, deepening turn by turn while time is left");
    static final Parameter EVAL_SCALE = Parameter.real("evalScale", 10, 0.1, 1000,
            "the leaves' win shares: a softmax of the seats' heuristic values, this many points of lead making a "
                    + "win 73% likely");
    static final Parameter WEIGHTS = Parameter.choice("weights", "heuristic", List.of("heuristic", "heuristic-2p"),
            "whose heuristic values judge the leaves: the hand-set heuristic's or heuristic-2p's tuned weights");
    static final Parameter MARKERS = Parameter.integer("markers", 3, 0, 200,
            "if > 0: below the root, a marker step searches only its this many best choices by the heuristic's marker "
                    + "values (forward pruning); 0: every choice");
    static final Parameter TABLE = table(18, 26, "the");

    /**
     * CPU µs of one deal searched at depth 2, and how many times dearer each further turn makes it
     * (measured at 3 players: 0.9, 7.1, 44 and 107 ms a decision of one deal at depths 1 to 4).
     */
    static final double MICROS_PER_DEAL = 2_000;
    static final double GROWTH_PER_TURN = 6;

    private final MultiSearch.Rule rule;

    private MultiSearchFactory(String name, MultiSearch.Rule rule, String description) {
        super(name, description, SAMPLES, List.of(SAMPLES, DEPTH, MILLIS, TimeBudget.CLOCK, EVAL_SCALE, WEIGHTS,
                MARKERS, TABLE));
        this.rule = rule;
    }

    @Override
    protected double countedMicros(BotParams params, int samples) {
        return samples * MICROS_PER_DEAL * Math.pow(GROWTH_PER_TURN, params.getInt(DEPTH.name()) - 2);
    }

    @Override
    public Strategy create(BotParams params) {
        String weights = params.getChoice(WEIGHTS.name());
        HeuristicStrategy.Weights w = weights.equals("heuristic") ? HeuristicStrategy.Weights.DEFAULT
                : ShippedBots.HeuristicFactory.weights(BotParams.of(new ShippedBots.HeuristicFactory(),
                Presets.named(weights).values()));
        SeatShares shares = new SeatShares(new HeuristicStrategy(w, weights), params.getDouble(EVAL_SCALE.name()));
        return new MultiSearchStrategy(new MultiSearchStrategy.Settings(rule, budget(params),
                params.getInt(DEPTH.name()), tableBits(params), params.getInt(MARKERS.name())), shares, params.spec());
    }

    /** {@code paranoid}. */
    public static final class Paranoid extends MultiSearchFactory {
        public Paranoid() {
            super("paranoid", MultiSearch.Rule.PARANOID, "experimental, 3-4 players: sampled token deals, each searched "
                    + "by alpha-beta with every other seat against this one, leaves judged by the heuristic "
                    + "(docs/multiplayer-search.md)");
        }
    }

    /** {@code maxn}. */
    public static final class Maxn extends MultiSearchFactory {
        public Maxn() {
            super("maxn", MultiSearch.Rule.MAXN, "experimental, 3-4 players: sampled token deals, each searched by "
                    + "max-n (every seat for itself, shallow pruning), leaves judged by the heuristic "
                    + "(docs/multiplayer-search.md)");
        }
    }
}
