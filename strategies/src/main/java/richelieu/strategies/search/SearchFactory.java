package richelieu.strategies.search;

import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.Bots;
import richelieu.strategies.StrategyFactory;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The search bots, found like any plug-in through
 * {@code META-INF/services/richelieu.strategies.StrategyFactory}: one search ({@link
 * IsmctsStrategy}) under several names that differ in which parameters they take and their
 * defaults. Each idea of the search is a parameter here: a new one is its class in this package
 * and its parameter (a rollout policy: a value of {@code rollout}, and {@link #rollout}).
 * <ul>
 * <li>{@code ismcts}: the search as published (budget and {@code c} only);</li>
 * <li>{@code ismcts-mast}: every improvement on, with the hand-set values;</li>
 * <li>{@code ismcts-mast-tuned}: the strongest bot, {@code ismcts-mast} with the values SPSA tuned for 2
 * players; {@code ismcts-mast-3p} and {@code ismcts-mast-4p} the values tuned for 3 and 4 players
 * against {@code ismcts} ({@code ismcts-mast-tuned-3p}: the earlier, self-play values for 3);</li>
 * <li>{@code ismcts2}: the older name of {@code ismcts-mast} with MAST off unless {@code mast}
 * &gt; 0 ({@code ismcts2:mast=0.5} is {@code ismcts-mast}), so that the specs of earlier results
 * keep playing the games they were played with.</li>
 * </ul>
 */
public abstract class SearchFactory implements StrategyFactory {
    static final Parameter ITERATIONS = Parameter.integer("iterations", 1000, 1, 100_000_000,
            "iterations per decision (reproducible)");
    static final Parameter MILLIS = Parameter.integer(Bots.MOVE_TIME_PARAMETER, 0, 0, 3_600_000,
            "if > 0: milliseconds per decision instead (wall clock, not reproducible)");
    static final Parameter C = Parameter.real("c", 0.7, 0, 100, "UCB exploration constant");
    static final Parameter MARGIN = Parameter.real("margin", 0.2, 0, 1,
            "weight of the squashed score margin in the reward (0: win/loss only)");
    static final Parameter MARGIN_SCALE = Parameter.real("marginScale", Reward.MARGIN_SCALE, 0.1, 1000,
            "score margin at which the squashed margin is 0.5 + 0.5 tanh(1) = 0.88");
    static final Parameter REUSE = Parameter.bool("reuse", true,
            "keep the subtree of what was played since the last decision");
    static final Parameter STOP_EARLY = Parameter.bool("stopEarly", false,
            "with an iteration budget: stop a decision's search once the move to play can no longer change "
                    + "(the same move for less CPU)");
    static final Parameter ROLLOUT = Parameter.choice("rollout", "mast", List.of("mast", "random"),
            "the rollout policy: mast (epsilon-greedy on every action's average reward so far this game) or "
                    + "random (uniform; the MAST parameters are then unused)");
    static final Parameter EPSILON = Parameter.real("epsilon", 0.5, 0, 1,
            "MAST: the probability of a uniformly random action, else the action with the best average reward");
    static final Parameter MAST_ON = Parameter.choice("mastOn", "all", List.of("all", "takes"),
            "the rollout decisions MAST chooses: all, or takes (the takes only; the others uniformly random)");
    static final Parameter MAST_PRIOR = Parameter.real("mastPrior", 1, 0, 100,
            "MAST: half-wins every action's average starts with, as if played that many times");

    /**
     * {@link IsmctsStrategy.Settings} of a spec's budget, {@code c} and, where this bot declares
     * them, {@code reuse} and {@code stopEarly} (off where it does not).
     */
    IsmctsStrategy.Settings settings(BotParams params) {
        return new IsmctsStrategy.Settings(params.getInt(ITERATIONS.name()), params.getInt(MILLIS.name()),
                params.getDouble(C.name()), flag(params, REUSE), flag(params, STOP_EARLY));
    }

    private boolean flag(BotParams params, Parameter p) {
        return parameters.stream().anyMatch(q -> q.name().equals(p.name())) && params.getBoolean(p.name());
    }

    static Reward reward(BotParams params) {
        return new Reward(params.getDouble(MARGIN.name()), params.getDouble(MARGIN_SCALE.name()));
    }

    /** The MAST rollout of a spec with MAST's parameters, ε given. */
    static Rollout mast(BotParams params, double epsilon) {
        return new MastRollout(epsilon, MastScope.valueOf(params.getChoice(MAST_ON.name()).toUpperCase(Locale.ROOT)),
                params.getDouble(MAST_PRIOR.name()));
    }

    /** The rollout policy named by {@code rollout}: where a new policy is registered. */
    static Rollout rollout(BotParams params) {
        return switch (params.getChoice(ROLLOUT.name())) {
            case "mast" -> mast(params, params.getDouble(EPSILON.name()));
            case "random" -> new UniformRollout();
            default -> throw new IllegalStateException("rollout " + params.getChoice(ROLLOUT.name())
                    + " is declared but not made here");
        };
    }

    private final String name;
    private final String description;
    private final List<Parameter> parameters;

    private SearchFactory(String name, String description, List<Parameter> parameters) {
        this.name = name;
        this.description = description;
        this.parameters = parameters;
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
        return parameters;
    }

    @Override
    public boolean isDeterministic(BotParams params) {
        return params.getInt(MILLIS.name()) == 0;
    }

    /** {@code ismcts}: the search as published. */
    public static final class Ismcts extends SearchFactory {
        public Ismcts() {
            super("ismcts", "single-observer information set MCTS (Cowling, Powley & Whitehouse 2012), random rollouts",
                    List.of(ITERATIONS, MILLIS, C));
        }

        @Override
        public Strategy create(BotParams params) {
            return new IsmctsStrategy(settings(params), new Reward(0, Reward.MARGIN_SCALE),
                    new UniformRollout(), params.spec());
        }
    }

    /** {@code ismcts-mast}: every improvement of the search on, with the hand-set values. */
    public static class IsmctsMast extends SearchFactory {
        public IsmctsMast() {
            this("ismcts-mast", "ismcts with a score-margin reward, tree reuse and MAST rollouts, hand-set values "
                    + "(SPRTs in results/search.md)");
        }

        /**
         * The same search under another name, {@code defaults} in place of the parameters of the
         * same names (other defaults of the same parameters).
         */
        IsmctsMast(String name, String description, Parameter... defaults) {
            super(name, description, List.of(ITERATIONS, MILLIS, C, MARGIN, MARGIN_SCALE, REUSE, STOP_EARLY, ROLLOUT,
                    EPSILON, MAST_ON, MAST_PRIOR).stream().map(p -> Arrays.stream(defaults)
                    .filter(d -> d.name().equals(p.name())).findFirst().orElse(p)).toList());
        }

        @Override
        public Strategy create(BotParams params) {
            return new IsmctsStrategy(settings(params), reward(params), rollout(params), params.spec());
        }
    }

    /**
     * {@code ismcts-mast-tuned}: {@code ismcts-mast} with the exploration constant, the margin weight
     * and MAST's epsilon that SPSA tuned for 2 players (results/tune.md); a name of its own so that
     * {@code ismcts-mast} keeps meaning the bot its results were played with.
     */
    public static final class IsmctsMastTuned extends IsmctsMast {
        public IsmctsMastTuned() {
            super("ismcts-mast-tuned", "the strongest bot: ismcts-mast with c, margin and epsilon tuned by SPSA for 2 "
                            + "players (results/tune.md; stronger than ismcts-mast at 20 ms a move by SPRT)",
                    C.withDefault("0.39571"), MARGIN.withDefault("0.90952"), EPSILON.withDefault("0.4989"));
        }
    }

    /**
     * {@code ismcts-mast-tuned-3p}: {@code ismcts-mast} with c, margin, marginScale and epsilon that
     * SPSA tuned for 3 players in self-play (results/tune.md); {@code ismcts-mast-3p}, tuned against
     * {@code ismcts}, is stronger.
     */
    public static final class IsmctsMastTuned3p extends IsmctsMast {
        public IsmctsMastTuned3p() {
            super("ismcts-mast-tuned-3p", "ismcts-mast with c, margin, marginScale and epsilon tuned by SPSA for 3 "
                            + "players in self-play (results/tune.md; +51 Elo over ismcts at equal CPU, ismcts-mast +11; "
                            + "ismcts-mast-3p is stronger)",
                    C.withDefault("0.4112"), MARGIN.withDefault("0.71305"), MARGIN_SCALE.withDefault("13.6007"),
                    EPSILON.withDefault("0.3695"));
        }
    }

    /**
     * {@code ismcts-mast-3p}: {@code ismcts-mast} with c, margin, marginScale, epsilon and mastPrior
     * that SPSA tuned for 3 players against {@code ismcts} (results/tune.md), stronger than the
     * self-play values of {@code ismcts-mast-tuned-3p}, which keeps meaning the bot it was.
     */
    public static final class IsmctsMast3p extends IsmctsMast {
        public IsmctsMast3p() {
            super("ismcts-mast-3p", "the strongest bot for 3 players: ismcts-mast with c, margin, marginScale, "
                            + "epsilon and mastPrior tuned by SPSA for 3 players against ismcts (results/tune.md; "
                            + "+75 Elo over ismcts at equal CPU)",
                    C.withDefault("0.25532"), MARGIN.withDefault("0.87209"), MARGIN_SCALE.withDefault("14.5488"),
                    EPSILON.withDefault("0.45976"), MAST_PRIOR.withDefault("2.7914"));
        }
    }

    /**
     * {@code ismcts-mast-4p}: {@code ismcts-mast} with c, margin, marginScale, epsilon and mastPrior
     * that SPSA tuned for 4 players against {@code ismcts}, and {@code stopEarly} on
     * (results/tune.md): tuned in self-play, the 4-player values gained nothing over {@code ismcts}.
     */
    public static final class IsmctsMast4p extends IsmctsMast {
        public IsmctsMast4p() {
            super("ismcts-mast-4p", "the strongest bot for 4 players: ismcts-mast with c, margin, marginScale, "
                            + "epsilon and mastPrior tuned by SPSA for 4 players against ismcts, stopEarly on "
                            + "(results/tune.md; +52 Elo over ismcts at equal CPU)",
                    C.withDefault("0.24681"), MARGIN.withDefault("0.9407"), MARGIN_SCALE.withDefault("14.1007"),
                    EPSILON.withDefault("0.51703"), MAST_PRIOR.withDefault("2.1075"), STOP_EARLY.withDefault("true"));
        }
    }

    /** {@code ismcts2}: {@code ismcts-mast}'s older name, MAST off unless {@code mast} &gt; 0. */
    public static final class Ismcts2 extends SearchFactory {
        static final Parameter MAST = Parameter.real("mast", 0, 0, 1, "if > 0: MAST rollouts with this epsilon "
                + "(ismcts2:mast=0.5 is ismcts-mast); 0: uniformly random rollouts");

        public Ismcts2() {
            super("ismcts2", "the older name of ismcts-mast, kept so that earlier results replay: the same search with "
                    + "mast=EPSILON for MAST rollouts (ismcts2:mast=0.5 is ismcts-mast), random rollouts by default",
                    List.of(ITERATIONS, MILLIS, C, MARGIN, MARGIN_SCALE, REUSE, MAST, MAST_ON, MAST_PRIOR));
        }

        @Override
        public Strategy create(BotParams params) {
            double epsilon = params.getDouble(MAST.name());
            return new IsmctsStrategy(settings(params), reward(params),
                    epsilon > 0 ? mast(params, epsilon) : new UniformRollout(), params.spec());
        }
    }
}
