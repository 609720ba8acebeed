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

    /** The budget of both ISMCTS bots: iterations (reproducible) or wall-clock milliseconds, and c. */
    abstract static class SearchFactory implements StrategyFactory {
        static final List<Parameter> BUDGET = List.of(
                new Parameter("iterations", "1000", "iterations per decision (reproducible)"),
                new Parameter(Bots.MOVE_TIME_PARAMETER, "0",
                        "if > 0: milliseconds per decision instead (wall clock, not reproducible)"),
                new Parameter("c", "0.7", "UCB exploration constant"));

        static IsmctsStrategy.Settings budget(BotParams params) {
            return IsmctsStrategy.Settings.plain(params.getInt("iterations", 1, 100_000_000),
                    params.getInt(Bots.MOVE_TIME_PARAMETER, 0, 3_600_000), params.getDouble("c", 0, 100));
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
            all.add(new Parameter("margin", "0.2", "weight of the squashed score margin in the reward (0: win/loss only)"));
            all.add(new Parameter("reuse", "true", "keep the subtree of what was played since the last decision"));
            all.add(new Parameter("mast", "0", "if > 0: MAST rollouts, random with this probability, else the action "
                    + "with the best average reward so far (0: uniformly random rollouts; 0.5: the strongest bot)"));
            all.add(new Parameter("mastOn", "all", "the rollout decisions MAST chooses: all, or takes (the takes only; "
                    + "the others uniformly random)"));
            return List.copyOf(all);
        }

        @Override
        public Strategy create(BotParams params) {
            IsmctsStrategy.Settings b = budget(params);
            return new IsmctsStrategy(new IsmctsStrategy.Settings(b.iterations(), b.millis(), b.c(),
                    params.getDouble("margin", 0, 1), params.getBoolean("reuse"), params.getDouble("mast", 0, 1),
                    mastScope(params.getString("mastOn"))), label(name(), params));
        }
    }

    private static IsmctsStrategy.MastScope mastScope(String value) {
        for (IsmctsStrategy.MastScope m : IsmctsStrategy.MastScope.values()) {
            if (m.name().equalsIgnoreCase(value.trim())) {
                return m;
            }
        }
        throw new BotSpecException("bot 'ismcts2': mastOn must be all or takes, not '" + value + "'");
    }

    static String label(String name, BotParams params) {
        return params.given().isEmpty() ? name : name + ":" + String.join(",",
                params.given().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }
}
