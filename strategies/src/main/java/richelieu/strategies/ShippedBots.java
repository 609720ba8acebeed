package richelieu.strategies;

import richelieu.engine.Strategy;

import java.util.List;

/**
 * The factories of the shipped bots, found like any plug-in through
 * {@code META-INF/services/richelieu.strategies.StrategyFactory}.
 */
public final class ShippedBots {
    private ShippedBots() {
    }

    /** {@code random}. */
    public static final class RandomFactory implements StrategyFactory {
        @Override
        public String name() {
            return "random";
        }

        @Override
        public String description() {
            return "uniform over the legal set at each decision point";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of();
        }

        @Override
        public Strategy create(BotParams params) {
            return new RandomStrategy();
        }
    }

    /** {@code greedy}. */
    public static final class GreedyFactory implements StrategyFactory {
        @Override
        public String name() {
            return "greedy";
        }

        @Override
        public String description() {
            return "one-turn lookahead: the whole turn that maximises score now plus majority margins";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of();
        }

        @Override
        public Strategy create(BotParams params) {
            return new GreedyStrategy();
        }
    }

    /** {@code heuristic}. */
    public static final class HeuristicFactory implements StrategyFactory {
        @Override
        public String name() {
            return "heuristic";
        }

        /** The weights of {@link HeuristicStrategy.Weights}, defaults {@link HeuristicStrategy.Weights#DEFAULT}. */
        static final List<Parameter> WEIGHTS = weights(HeuristicStrategy.Weights.DEFAULT);

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
            return WEIGHTS;
        }

        @Override
        public Strategy create(BotParams params) {
            return new HeuristicStrategy(new HeuristicStrategy.Weights(params.getDouble("marker"),
                    params.getDouble("cardCost"), params.getDouble("markSpot"), params.getDouble("openSpot"),
                    params.getDouble("lackSpot"), params.getDouble("absentDecay"), params.getDouble("stakeLeft"),
                    params.getDouble("leadWeight"), params.getDouble("minChance"), params.getDouble("winBonus")),
                    label(name(), params));
        }
    }

    /** The budget of both ISMCTS bots: iterations (reproducible) or wall-clock milliseconds, and c. */
    abstract static class SearchFactory implements StrategyFactory {
        static final List<Parameter> BUDGET = List.of(
                Parameter.integer("iterations", 1000, 1, 100_000_000, "iterations per decision (reproducible)"),
                Parameter.integer(Bots.MOVE_TIME_PARAMETER, 0, 0, 3_600_000,
                        "if > 0: milliseconds per decision instead (wall clock, not reproducible)"),
                Parameter.real("c", 0.7, 0, 100, "UCB exploration constant"));

        static IsmctsStrategy.Settings budget(BotParams params) {
            return IsmctsStrategy.Settings.plain(params.getInt("iterations"), params.getInt(Bots.MOVE_TIME_PARAMETER),
                    params.getDouble("c"));
        }

        @Override
        public boolean isDeterministic(BotParams params) {
            return budget(params).millis() == 0;
        }
    }

    /** {@code ismcts}. */
    public static final class IsmctsFactory extends SearchFactory {
        @Override
        public String name() {
            return "ismcts";
        }

        @Override
        public String description() {
            return "single-observer information set MCTS (Cowling, Powley & Whitehouse 2012), random rollouts";
        }

        @Override
        public List<Parameter> parameters() {
            return BUDGET;
        }

        @Override
        public Strategy create(BotParams params) {
            return new IsmctsStrategy(budget(params), label(name(), params));
        }
    }

    /**
     * {@code ismcts2}: {@code ismcts} plus the improvements that passed their SPRTs
     * ({@code results/search.md}); each stays a parameter so that it can be tested off.
     */
    public static final class Ismcts2Factory extends SearchFactory {
        @Override
        public String name() {
            return "ismcts2";
        }

        @Override
        public String description() {
            return "ismcts with the SPRT-tested improvements of results/search.md: score-margin reward, tree reuse "
                    + "and, with mast=0.5, MAST rollouts. The strongest bot is ismcts2:mast=0.5 (2 players, equal time per "
                    + "move: above ismcts2, which is above ismcts; 3-4 players: at least as strong as ismcts); plain "
                    + "ismcts2 keeps mast=0 so that old specs replay";
        }

        @Override
        public List<Parameter> parameters() {
            List<Parameter> all = new java.util.ArrayList<>(BUDGET);
            all.add(Parameter.real("margin", 0.2, 0, 1, "weight of the squashed score margin in the reward (0: "
                    + "win/loss only)"));
            all.add(Parameter.real("marginScale", IsmctsStrategy.MARGIN_SCALE, 0.1, 1000, "score margin at which "
                    + "the squashed margin is 0.5 + 0.5 tanh(1) = 0.88"));
            all.add(Parameter.bool("reuse", true, "keep the subtree of what was played since the last decision"));
            all.add(Parameter.real("mast", 0, 0, 1, "if > 0: MAST rollouts, random with this probability, else the "
                    + "action with the best average reward so far (0: uniformly random rollouts; 0.5: the strongest "
                    + "bot)"));
            all.add(Parameter.choice("mastOn", "all", List.of("all", "takes"), "the rollout decisions MAST chooses: "
                    + "all, or takes (the takes only; the others uniformly random)"));
            all.add(Parameter.real("mastPrior", 1, 0, 100, "MAST: half-wins every action's average starts "
                    + "with, as if played that many times"));
            return List.copyOf(all);
        }

        @Override
        public Strategy create(BotParams params) {
            IsmctsStrategy.Settings b = budget(params);
            return new IsmctsStrategy(new IsmctsStrategy.Settings(b.iterations(), b.millis(), b.c(),
                    params.getDouble("margin"), params.getDouble("marginScale"), params.getBoolean("reuse"),
                    params.getDouble("mast"), IsmctsStrategy.MastScope.valueOf(
                    params.getChoice("mastOn").toUpperCase(java.util.Locale.ROOT)), params.getDouble("mastPrior")),
                    label(name(), params));
        }
    }

    static String label(String name, BotParams params) {
        return params.given().isEmpty() ? name : name + ":" + String.join(",",
                params.given().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }
}
