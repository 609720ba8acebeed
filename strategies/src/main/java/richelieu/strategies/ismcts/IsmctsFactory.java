package richelieu.strategies.ismcts;

import richelieu.engine.Strategy;
import richelieu.strategies.BotParams;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.SearchBotFactory;
import richelieu.strategies.OldName;
import richelieu.strategies.SpecText;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.LinearWeights;
import richelieu.strategies.Presets;
import richelieu.strategies.ShippedBots;
import richelieu.strategies.StrategyFactory;
import richelieu.strategies.TimeBudget;
import richelieu.strategies.learned.LearnedEvaluation;
import richelieu.strategies.learned.ValueNet;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The search bots, found like any plug-in through
 * {@code META-INF/services/richelieu.strategies.StrategyFactory}: one search ({@link
 * IsmctsStrategy}) under several names that differ in which parameters they take and their
 * defaults. Each idea of the search is a parameter here: a new one is its class in this package
 * and its parameter (a rollout policy: a value of {@code rollout}, and {@link #rollout}).
 * <ul>
 * <li>{@code ismcts}: the search as published (budget and {@code c} only);</li>
 * <li>{@code ismcts-mast}: every improvement on, with the hand-set values;</li>
 * <li>{@code ismcts-mast-2p}, {@code -3p}, {@code -4p}: {@code ismcts-mast} with values tuned for 2, 3
 * and 4 players, rows of the presets table ({@link richelieu.strategies.Presets}), not classes;</li>
 * <li>{@code ismcts2}: the older name of {@code ismcts-mast} with MAST off unless {@code mast}
 * &gt; 0 ({@code ismcts2:mast=0.5} is {@code ismcts-mast}), so that the specs of earlier results
 * keep playing the games they were played with.</li>
 * </ul>
 */
public abstract class IsmctsFactory extends SearchBotFactory {
    static final Parameter ITERATIONS = Parameter.integer("iterations", 1000, 1, 100_000_000,
            "iterations per decision (reproducible)");
    static final Parameter MILLIS = millis("instead");
    public static final Parameter C = Parameter.real("c", 0.7, 0, 100, "UCB exploration constant");
    public static final Parameter MARGIN = Parameter.real("margin", 0.2, 0, 1,
            "weight of the squashed score margin in the reward (0: win/loss only)");
    public static final Parameter MARGIN_SCALE = Parameter.real("marginScale", RolloutReward.MARGIN_SCALE, 0.1, 1000,
            "score margin at which the squashed margin is 0.5 + 0.5 tanh(1) = 0.88");
    public static final Parameter REUSE = Parameter.bool("reuse", true,
            "keep the subtree of what was played since the last decision");
    static final Parameter STOP_EARLY = Parameter.bool("stopEarly", false,
            "with an iteration budget: stop a decision's search once the move to play can no longer change "
                    + "(the same move for less CPU)");
    static final Parameter ROLLOUT = Parameter.choice("rollout", "mast", List.of("mast", "random", "cutoff"),
            "the rollout policy: mast (epsilon-greedy on every action's average reward so far this game), "
                    + "random (uniform; the MAST parameters are then unused) or cutoff (mast for a few turns, then "
                    + "the position judged by heuristic-2p's evaluation)");
    public static final Parameter CUTOFF = Parameter.integer("cutoff", 2, 1, 100,
            "rollout=cutoff: turn starts played through before the position is judged");
    public static final Parameter EVAL_SCALE = Parameter.real("evalScale", 10, 0.1, 1000,
            "rollout=cutoff: evaluation points that make a win 73% likely (a logistic curve)");
    public static final Parameter EVAL = Parameter.choice("eval", "heuristic", List.of("heuristic", "learned", "linear"),
            "rollout=cutoff: what judges the position: heuristic (heuristic-2p's evaluation), learned (the value "
                    + "network of docs/learned-eval.md, shipped weights for the game's player count) or linear "
                    + "(2 players: heuristic-2p's terms re-weighted by multipliers fitted to outcomes, docs/pimc.md)");
    public static final Parameter EPSILON = Parameter.real("epsilon", 0.5, 0, 1,
            "MAST: the probability of a uniformly random action, else the action with the best average reward");
    static final Parameter MAST_ON = Parameter.choice("mastOn", "all", List.of("all", "takes"),
            "the rollout decisions MAST chooses: all, or takes (the takes only; the others uniformly random)");
    public static final Parameter MAST_PRIOR = Parameter.real("mastPrior", 1, 0, 100,
            "MAST: half-wins every action's average starts with, as if played that many times");

    /**
     * {@link IsmctsStrategy.Settings} of a spec's budget, {@code c} and, where this bot declares
     * them, {@code reuse} and {@code stopEarly} (off where it does not).
     */
    IsmctsStrategy.Settings settings(BotParams params) {
        return new IsmctsStrategy.Settings(budget(params), params.getDouble(C.name()), flag(params, REUSE),
                flag(params, STOP_EARLY));
    }

    static RolloutReward reward(BotParams params) {
        return new RolloutReward(params.getDouble(MARGIN.name()), params.getDouble(MARGIN_SCALE.name()));
    }

    /** The reward of a spec that declares {@code rollout}: with the leaf judgement when it cuts rollouts short. */
    static RolloutReward rewardOfRollout(BotParams params) {
        if (params.getChoice(ROLLOUT.name()).equals("cutoff")) {
            if (learned(params)) {
                return new RolloutReward(params.getDouble(MARGIN.name()), params.getDouble(MARGIN_SCALE.name()),
                        LearnedEvaluation::shipped, params.getDouble(EVAL_SCALE.name()));
            }
            StrategyFactory heuristic = new ShippedBots.HeuristicFactory();
            HeuristicStrategy judge = new HeuristicStrategy(ShippedBots.HeuristicFactory.weights(
                    BotParams.of(heuristic, Presets.named("heuristic-2p").values())), "heuristic-2p");
            LinearWeights multipliers = params.getChoice(EVAL.name()).equals("linear") ? LinearWeights.shipped()
                    : LinearWeights.HAND;
            return new RolloutReward(params.getDouble(MARGIN.name()), params.getDouble(MARGIN_SCALE.name()), judge,
                    multipliers, params.getDouble(EVAL_SCALE.name()));
        }
        return new RolloutReward(params.getDouble(MARGIN.name()), params.getDouble(MARGIN_SCALE.name()));
    }

    /** Whether cut-short rollouts are judged by the learned evaluation ({@code eval=learned}). */
    public static boolean learned(BotParams params) {
        return params.getChoice(ROLLOUT.name()).equals("cutoff") && params.getChoice(EVAL.name()).equals("learned");
    }

    /**
     * Fails before a run with one line where {@code eval=learned} or {@code eval=linear} cannot
     * work: no weights are shipped for the game's player count, or rollouts are not cut short
     * (without {@code rollout=cutoff} the option would silently change nothing).
     */
    public static void checkLearnedStarts(BotParams params, Strategy.GameStart start) {
        String eval = params.getChoice(EVAL.name());
        if (eval.equals("heuristic")) {
            return;
        }
        if (!params.getChoice(ROLLOUT.name()).equals("cutoff")) {
            throw new BotSpecException(params.spec() + ": eval=" + eval + " judges cut-short rollouts, add rollout=cutoff");
        }
        int players = start.rules().players();
        if (eval.equals("linear")) {
            if (players != 2) {
                throw new BotSpecException(params.spec() + ": eval=linear re-weighs the 2-player evaluation, this game has "
                        + players + " players");
            }
            return;
        }
        if (!ValueNet.hasShipped(players)) {
            throw new BotSpecException(params.spec() + ": eval=learned has no weights for " + players + " players ("
                    + ValueNet.shippedName(players) + " is not shipped)");
        }
    }

    /** The MAST rollout of a spec with MAST's parameters, ε and where it stops ({@link MastRollout#TO_END}) given. */
    static Rollout mast(BotParams params, double epsilon, int turns) {
        return new MastRollout(epsilon, MastScope.valueOf(params.getChoice(MAST_ON.name()).toUpperCase(Locale.ROOT)),
                params.getDouble(MAST_PRIOR.name()), turns);
    }

    /** The rollout policy named by {@code rollout}: where a new policy is registered. */
    static Rollout rollout(BotParams params) {
        return switch (params.getChoice(ROLLOUT.name())) {
            case "mast" -> mast(params, params.getDouble(EPSILON.name()), MastRollout.TO_END);
            case "random" -> new UniformRollout();
            case "cutoff" -> mast(params, params.getDouble(EPSILON.name()), params.getInt(CUTOFF.name()));
            default -> throw new IllegalStateException("rollout " + params.getChoice(ROLLOUT.name())
                    + " is declared but not made here");
        };
    }

    /** CPU µs of one iteration: 1,000 took 3.2 ms with random rollouts, 5.7-8.4 ms with MAST (bot-costs.md). */
    private final double microsPerIteration;

    private IsmctsFactory(String name, String description, double microsPerIteration, List<Parameter> parameters) {
        super(name, description, ITERATIONS, parameters);
        this.microsPerIteration = microsPerIteration;
    }

    @Override
    protected double countedMicros(BotParams params, int iterations) {
        return iterations * microsPerIteration;
    }

    /** {@code ismcts}: the search as published. */
    public static final class Ismcts extends IsmctsFactory {
        public Ismcts() {
            super("ismcts", "single-observer information set MCTS (Cowling, Powley & Whitehouse 2012), random rollouts",
                    3.5, List.of(ITERATIONS, MILLIS, TimeBudget.CLOCK, C));
        }

        @Override
        public Strategy create(BotParams params) {
            return new IsmctsStrategy(settings(params), new RolloutReward(0, RolloutReward.MARGIN_SCALE),
                    new UniformRollout(), params.spec());
        }
    }

    /** {@code ismcts-mast}: every improvement of the search on, with the hand-set values. */
    public static final class IsmctsMast extends IsmctsFactory {
        public IsmctsMast() {
            super("ismcts-mast", "ismcts with a score-margin reward, tree reuse and MAST rollouts, hand-set values "
                    + "(SPRTs in results/search.md)", 8.5, List.of(ITERATIONS, MILLIS, TimeBudget.CLOCK, C, MARGIN, MARGIN_SCALE, REUSE,
                    STOP_EARLY, ROLLOUT, EPSILON, MAST_ON, MAST_PRIOR, CUTOFF, EVAL_SCALE, EVAL));
        }

        @Override
        public Strategy create(BotParams params) {
            return new IsmctsStrategy(settings(params), rewardOfRollout(params), rollout(params), params.spec());
        }

        @Override
        public void checkStarts(BotParams params, Strategy.GameStart start) {
            checkLearnedStarts(params, start);
        }
    }

    /**
     * {@code ismcts2}: {@code ismcts-mast}'s older name, MAST off unless {@code mast} &gt; 0; every
     * spec of it is a spec of {@code ismcts-mast} ({@link #shippedSpec}).
     */
    public static final class Ismcts2 extends IsmctsFactory implements OldName {
        static final Parameter MAST = Parameter.real("mast", 0, 0, 1, "if > 0: MAST rollouts with this epsilon "
                + "(ismcts2:mast=0.5 is ismcts-mast); 0: uniformly random rollouts");

        public Ismcts2() {
            super("ismcts2", "the older name of ismcts-mast, kept so that earlier results replay: the same search with "
                    + "mast=EPSILON for MAST rollouts (ismcts2:mast=0.5 is ismcts-mast), random rollouts by default",
                    8.5, List.of(ITERATIONS, MILLIS, C, MARGIN, MARGIN_SCALE, REUSE, MAST, MAST_ON, MAST_PRIOR));
        }

        @Override
        public Strategy create(BotParams params) {
            double epsilon = params.getDouble(MAST.name());
            return new IsmctsStrategy(settings(params), reward(params),
                    epsilon > 0 ? mast(params, epsilon, MastRollout.TO_END) : new UniformRollout(), params.spec());
        }

        /**
         * The same spec of {@code ismcts-mast}: every parameter of the same name as given, and
         * {@code mast} as the rollout: {@code epsilon=m} for m &gt; 0 (left out at ismcts-mast's
         * default), {@code rollout=random} for 0. {@code ismcts2} has no {@code stopEarly}, and
         * {@code ismcts-mast}'s is off by default, as the rest of the defaults are the same.
         */
        @Override
        public String shippedSpec(Map<String, String> given) {
            Map<String, String> values = new LinkedHashMap<>(given);
            String mast = values.remove(MAST.name());
            double epsilon;
            try {
                epsilon = mast == null ? 0 : Double.parseDouble(mast.trim());
            } catch (NumberFormatException e) {
                return null;
            }
            if (epsilon == 0) {
                values.put(ROLLOUT.name(), "random");
            } else if (epsilon != Double.parseDouble(EPSILON.defaultValue())) {
                values.put(EPSILON.name(), mast.trim());
            }
            return SpecText.write("ismcts-mast", values);
        }
    }
}
