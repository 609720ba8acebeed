package richelieu.strategies;

import richelieu.engine.Strategy;

import java.util.List;
import java.util.function.Supplier;

/**
 * The factories of the shipped bots without search, found like any plug-in through
 * {@code META-INF/services/richelieu.strategies.StrategyFactory}; the search bots' are
 * {@link richelieu.strategies.ismcts.IsmctsFactory}.
 */
public final class ShippedBots {
    private ShippedBots() {
    }

    /** A shipped bot without parameters: its name, what it does, and how one is made. */
    abstract static class WithoutParameters implements StrategyFactory {
        private final String name;
        private final String description;
        private final Supplier<Strategy> make;

        WithoutParameters(String name, String description, Supplier<Strategy> make) {
            this.name = name;
            this.description = description;
            this.make = make;
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
            return List.of();
        }

        @Override
        public Strategy create(BotParams params) {
            return make.get();
        }
    }

    /** {@code random}. */
    public static final class RandomFactory extends WithoutParameters {
        public RandomFactory() {
            super("random", "uniform over the legal set at each decision point", RandomStrategy::new);
        }
    }

    /** {@code greedy}. */
    public static final class GreedyFactory extends WithoutParameters {
        public GreedyFactory() {
            super("greedy", "one-turn lookahead: the whole turn that maximises score now plus majority margins",
                    GreedyStrategy::new);
        }
    }

    /**
     * {@code heuristic}: the hand-set weights and thresholds, each a parameter (the presets tuned
     * from them are rows of the presets table, {@link Presets}).
     */
    public static final class HeuristicFactory implements StrategyFactory {
        private final List<Parameter> weights = weights(HeuristicStrategy.Weights.DEFAULT);

        @Override
        public String name() {
            return "heuristic";
        }

        private static List<Parameter> weights(HeuristicStrategy.Weights d) {
            return List.of(
                    Parameter.real("marker", d.marker(), 0, 10, "points per marker in reserve or on the table"),
                    Parameter.real("cardCost", d.cardCost(), 0, 1, "points each card held costs (fewer cards break "
                            + "ties)"),
                    Parameter.real("markSpot", d.markSpot(), 0, 5, "points per unit of importance of a card one's "
                            + "marker lies on"),
                    Parameter.real("openSpot", d.openSpot(), 0, 10, "importance per shield of a card of an open "
                            + "majority"),
                    Parameter.real("lackSpot", d.lackSpot(), 0, 50, "importance spread over the cards left of a "
                            + "region or symbol someone lacks"),
                    Parameter.real("absentDecay", d.absentDecay(), 0, 1, "risk of ending without a region or symbol "
                            + "= absentDecay^(its cards left)"),
                    Parameter.real("stakeLeft", d.stakeLeft(), 0, 1, "share of what is left on the table counted in "
                            + "an open majority's stake"),
                    Parameter.real("leadWeight", d.leadWeight(), 0, 5, "an open majority's win chance is 0.5 + "
                            + "leadWeight * lead / (left + 1)"),
                    Parameter.real("minChance", d.minChance(), 0, 0.5, "that chance is kept within [minChance, "
                            + "1 - minChance]; beyond, the majority is decided"),
                    Parameter.real("winBonus", d.winBonus(), 0, 1000, "at the end: points added for a win, taken for "
                            + "a loss"));
        }

        @Override
        public String description() {
            return "hand-written rules: open majorities, -5 penalties, markers as currency, assumes the worst reply";
        }

        @Override
        public List<Parameter> parameters() {
            return weights;
        }

        @Override
        public Strategy create(BotParams params) {
            return new HeuristicStrategy(weights(params), params.spec());
        }

        /** The weights of a spec of this bot (or of a preset based on it). */
        public static HeuristicStrategy.Weights weights(BotParams params) {
            return new HeuristicStrategy.Weights(params.getDouble("marker"),
                    params.getDouble("cardCost"), params.getDouble("markSpot"), params.getDouble("openSpot"),
                    params.getDouble("lackSpot"), params.getDouble("absentDecay"), params.getDouble("stakeLeft"),
                    params.getDouble("leadWeight"), params.getDouble("minChance"), params.getDouble("winBonus"));
        }
    }
}
