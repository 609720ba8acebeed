package richelieu.strategies.multi;

import richelieu.strategies.BotParams;
import richelieu.strategies.Bots;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.Presets;
import richelieu.strategies.ShippedBots;
import richelieu.strategies.StrategyFactory;
import richelieu.strategies.TimeBudget;
import richelieu.engine.Strategy;

import java.util.List;

/**
 * {@code paranoid} and {@code maxn}: {@link MultiSearchStrategy} under its two rules, one
 * parameter list (docs/multiplayer-search.md).
 */
public abstract class MultiSearchFactory implements StrategyFactory {
    static final Parameter SAMPLES = Parameter.integer("samples", 4, 1, 1000,
            "token deals searched per decision");
    static final Parameter DEPTH = Parameter.integer("depth", 2, 1, MultiSearch.MAX_DEPTH,
            "turn starts searched across (1: the rest of this turn, 2: and the next player's turn, ...); with millis "
                    + "the deepest");
    static final Parameter MILLIS = Parameter.integer(Bots.MOVE_TIME_PARAMETER, 0, 0, 3_600_000,
            "if > 0: milliseconds per decision, deepening turn by turn while time is left (not reproducible)");
    static final Parameter EVAL_SCALE = Parameter.real("evalScale", 10, 0.1, 1000,
            "the leaves' win shares: a softmax of the seats' heuristic values, this many points of lead making a "
                    + "win 73% likely");
    static final Parameter WEIGHTS = Parameter.choice("weights", "heuristic", List.of("heuristic", "heuristic-2p"),
            "whose heuristic values judge the leaves: the hand-set heuristic's or heuristic-2p's tuned weights");
    static final Parameter MARKERS = Parameter.integer("markers", 3, 0, 200,
            "if > 0: below the root, a marker step searches only its this many best choices by the heuristic's marker "
                    + "values (forward pruning); 0: every choice");
    static final Parameter TABLE = Parameter.integer("table", 18, 10, 26,
            "the transposition table holds 2^table entries of 16 bytes");

    private final String name;
    private final MultiSearch.Rule rule;
    private final String description;

    private MultiSearchFactory(String name, MultiSearch.Rule rule, String description) {
        this.name = name;
        this.rule = rule;
        this.description = description;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(SAMPLES, DEPTH, MILLIS, TimeBudget.CLOCK, EVAL_SCALE, WEIGHTS, MARKERS, TABLE);
    }

    @Override
    public boolean isDeterministic(BotParams params) {
        return params.getInt(MILLIS.name()) == 0;
    }

    @Override
    public Strategy create(BotParams params) {
        String weights = params.getChoice(WEIGHTS.name());
        HeuristicStrategy.Weights w = weights.equals("heuristic") ? HeuristicStrategy.Weights.DEFAULT
                : ShippedBots.HeuristicFactory.weights(BotParams.of(new ShippedBots.HeuristicFactory(),
                Presets.named(weights).values()));
        SeatShares shares = new SeatShares(new HeuristicStrategy(w, weights), params.getDouble(EVAL_SCALE.name()));
        return new MultiSearchStrategy(new MultiSearchStrategy.Settings(rule, params.getInt(SAMPLES.name()),
                params.getInt(DEPTH.name()), params.getInt(MILLIS.name()), TimeBudget.clock(params),
                params.getInt(TABLE.name()), params.getInt(MARKERS.name())), shares, params.spec());
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
