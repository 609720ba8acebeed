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

        @Override
        public String description() {
            return "hand-written rules: open majorities, -5 penalties, markers as currency, assumes the worst reply";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of();
        }

        @Override
        public Strategy create(BotParams params) {
            return new HeuristicStrategy();
        }
    }

    /** {@code ismcts}. */
    public static final class IsmctsFactory implements StrategyFactory {
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
            return List.of(
                    new Parameter("iterations", "1000", "iterations per decision (reproducible)"),
                    new Parameter("millis", "0", "if > 0: milliseconds per decision instead (wall clock, not reproducible)"),
                    new Parameter("c", "0.7", "UCB exploration constant"));
        }

        @Override
        public Strategy create(BotParams params) {
            int iterations = params.getInt("iterations", 1, 100_000_000);
            int millis = params.getInt("millis", 0, 3_600_000);
            double c = params.getDouble("c", 0, 100);
            return new IsmctsStrategy(iterations, millis, c, label(params));
        }

        @Override
        public boolean isDeterministic(BotParams params) {
            return params.getInt("millis", 0, 3_600_000) == 0;
        }
    }

    static String label(BotParams params) {
        return params.given().isEmpty() ? "ismcts" : "ismcts:" + String.join(",",
                params.given().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }
}
