package richelieu.strategies.pimc;

import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.Bots;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.Presets;
import richelieu.strategies.ShippedBots;
import richelieu.strategies.StrategyFactory;
import richelieu.strategies.TimeBudget;
import richelieu.strategies.search.SearchFactory;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code pimc}: {@link PimcStrategy}, with {@code ismcts-mast-2p} (its rollouts cut short and
 * judged: {@code rollout=cutoff}) before the endgame.
 */
public final class PimcFactory implements StrategyFactory {
    static final Parameter SAMPLES = Parameter.integer("samples", 20, 1, 1_000_000,
            "token deals solved per decision (reproducible)");
    static final Parameter MILLIS = Parameter.integer(Bots.MOVE_TIME_PARAMETER, 0, 0, 3_600_000,
            "if > 0: milliseconds per decision instead, for the deals and for the mid-game search (wall clock, not "
                    + "reproducible)");
    static final Parameter EXACT = Parameter.integer("exact", 8, 0, 48,
            "solve exactly once at most this many cards are on the table (either variant)");
    static final Parameter TABLE = Parameter.integer("table", 20, 10, 28,
            "the solver's transposition table holds 2^table entries of 16 bytes");
    static final Parameter DEPTH = Parameter.integer("depth", 0, 0, 40,
            "before exact reach: if > 0, search each deal this many turns beyond the current one with heuristic-tuned's "
                    + "evaluation; 0: ismcts-mast-2p decides");
    static final Parameter ROLLOUT = Parameter.choice("rollout", "cutoff", List.of("mast", "random", "cutoff"),
            "the mid-game search's rollouts (ismcts-mast's rollout parameter)");
    static final Parameter CUTOFF = Parameter.integer("cutoff", 2, 1, 100,
            "rollout=cutoff: turn starts played through before the position is judged");
    static final Parameter EVAL_SCALE = Parameter.real("evalScale", 10, 0.1, 1000,
            "rollout=cutoff: evaluation points that make a win 73% likely");
    static final Parameter ITERATIONS = Parameter.integer("iterations", 1000, 1, 100_000_000,
            "the mid-game search's iterations per decision (ismcts-mast-2p), when millis is 0");

    @Override
    public String name() {
        return "pimc";
    }

    @Override
    public String description() {
        return "perfect-information Monte Carlo (2 players): near the end the hidden tokens dealt in many ways and "
                + "each deal solved exactly; before, ismcts-mast-2p with cut-short rollouts judged by heuristic-2p's "
                + "evaluation (docs/pimc.md)";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(SAMPLES, MILLIS, TimeBudget.CLOCK, EXACT, TABLE, DEPTH, ITERATIONS, ROLLOUT, CUTOFF, EVAL_SCALE);
    }

    @Override
    public boolean isDeterministic(BotParams params) {
        return params.getInt(MILLIS.name()) == 0;
    }

    /** The preset the mid-game search plays, and the one whose weights the evaluation uses. */
    static final String MID = "ismcts-mast-2p";
    static final String EVALUATION = "heuristic-2p";

    @Override
    public Strategy create(BotParams params) {
        StrategyFactory midFactory = new SearchFactory.IsmctsMast();
        Map<String, String> midValues = new LinkedHashMap<>(Presets.named(MID).values());
        midValues.put("iterations", Integer.toString(params.getInt(ITERATIONS.name())));
        midValues.put(Bots.MOVE_TIME_PARAMETER, Integer.toString(params.getInt(MILLIS.name())));
        midValues.put(TimeBudget.CLOCK.name(), params.getChoice(TimeBudget.CLOCK.name()));
        midValues.put(ROLLOUT.name(), params.getChoice(ROLLOUT.name()));
        midValues.put(CUTOFF.name(), Integer.toString(params.getInt(CUTOFF.name())));
        midValues.put(EVAL_SCALE.name(), Double.toString(params.getDouble(EVAL_SCALE.name())));
        Strategy mid = midFactory.create(BotParams.of(midFactory, midValues));
        StrategyFactory heuristic = new ShippedBots.HeuristicFactory();
        HeuristicStrategy.Weights weights = ShippedBots.HeuristicFactory.weights(
                BotParams.of(heuristic, Presets.named(EVALUATION).values()));
        return new PimcStrategy(weights, new PimcStrategy.Settings(params.getInt(SAMPLES.name()), params.getInt(MILLIS.name()),
                TimeBudget.clock(params),
                params.getInt(EXACT.name()), params.getInt(TABLE.name()), params.getInt(DEPTH.name())), mid,
                params.spec());
    }
}
