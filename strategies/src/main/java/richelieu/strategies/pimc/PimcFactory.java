package richelieu.strategies.pimc;

import richelieu.engine.Strategy;
import richelieu.engine.solver.Techniques;
import richelieu.strategies.BotParams;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.Presets;
import richelieu.strategies.ShippedBots;
import richelieu.strategies.SearchBotFactory;
import richelieu.strategies.StrategyFactory;
import richelieu.strategies.TimeBudget;
import richelieu.strategies.ismcts.IsmctsFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code pimc}: {@link PimcStrategy}, with {@code ismcts-mast-2p} (its rollouts cut short and
 * judged: {@code rollout=cutoff}) before the endgame.
 */
public final class PimcFactory extends SearchBotFactory {
    /**
     * The deepest {@code depth}: each turn of depth makes a deal about 25 times dearer (one deal
     * at depth 3 took 3 s of CPU, at 4 it would take more than a minute).
     */
    static final int MAX_DEPTH = 3;
    /** Legal actions of a typical decision, each solved in every deal. */
    private static final int LEGAL_ACTIONS = 8;
    /** Median CPU µs of one win/draw/loss solve by cards left, 0 to 14 (results/solver-frontier.md). */
    private static final double[] SOLVE_MICROS = {1, 1, 5, 10, 21, 31, 56, 114, 210, 1_270, 2_720, 6_440, 46_800,
            120_000, 410_000};
    /**
     * CPU µs of one deal's depth-1 searches of every action, and how many times dearer each further
     * turn makes them (measured: 4.6 ms, 121 ms and 3.0 s a decision of one deal at depths 1 to 3).
     */
    private static final double DEPTH_MICROS = 4_600;
    private static final double DEPTH_GROWTH = 25;

    static final Parameter SAMPLES = Parameter.integer("samples", 20, 1, 1_000_000,
            "token deals solved per decision (reproducible)");
    static final Parameter MILLIS = millis("instead, for the deals and for the mid-game search");
    /** Beyond 14 cards one exact solve takes seconds to minutes (results/solver-frontier.md). */
    static final Parameter EXACT = Parameter.integer("exact", 8, 0, 14,
            "solve exactly once at most this many cards are on the table (either variant)");
    static final Parameter EXACT_MILLIS = Parameter.integer("exactMillis", (long) (ABSURD_MICROS / 1000), 1, 600_000,
            "without millis: the exact phase of a decision stops after this many ms of CPU time, the deals solved by "
                    + "then deciding (a bound for positions the solver cannot finish; not reproducible when it acts)");
    static final Parameter TABLE = table(20, 28, "the solver's");
    static final Parameter DEPTH = Parameter.integer("depth", 0, 0, MAX_DEPTH,
            "before exact reach: if > 0, search each deal this many turns beyond the current one with heuristic-2p's "
                    + "evaluation; 0: ismcts-mast-2p decides");
    static final Parameter ROLLOUT = Parameter.choice("rollout", "cutoff", List.of("mast", "random", "cutoff"),
            "the mid-game search's rollouts (ismcts-mast's rollout parameter)");
    static final Parameter TIES = Parameter.choice("ties", "turn-end", List.of("turn-end", "exact"),
            "of the endgame actions with the most wins over the deals, play the one with the best margin: turn-end, at "
                    + "the end of the current turn in one deal; exact, the exact final margin summed over the same deals "
                    + "(the tied actions solved again for their values; turn-end if not one deal fits)");
    static final Parameter ITERATIONS = Parameter.integer("iterations", 1000, 1, 100_000_000,
            "the mid-game search's iterations per decision (ismcts-mast-2p), when millis is 0");
    /** The preset the mid-game search plays, and the one whose weights the evaluation uses. */
    static final String MID = "ismcts-mast-2p";
    static final String EVALUATION = "heuristic-2p";
    /**
     * The mid-game search's own knobs, under its names, defaulting to {@link #MID}'s values (so that
     * a spec without them plays that preset): they were tuned for full rollouts at an iteration
     * budget, and pimc's cut-off rollouts at a time budget may want others.
     */
    static final List<Parameter> MID_KNOBS = List.of(IsmctsFactory.C, IsmctsFactory.MARGIN,
            IsmctsFactory.MARGIN_SCALE, IsmctsFactory.EPSILON, IsmctsFactory.MAST_PRIOR, IsmctsFactory.REUSE).stream()
            .map(p -> p.withDefault(Presets.named(MID).values().getOrDefault(p.name(), p.defaultValue())))
            .toList();

    public PimcFactory() {
        super("pimc", "perfect-information Monte Carlo (2 players): near the end the hidden tokens dealt in many ways "
                + "and each deal solved exactly; before, ismcts-mast-2p with cut-short rollouts judged by heuristic-2p's "
                + "evaluation (docs/pimc.md)", SAMPLES, concat(List.of(SAMPLES, MILLIS, TimeBudget.CLOCK, EXACT, EXACT_MILLIS,
                TABLE, DEPTH, TIES, ITERATIONS, ROLLOUT, IsmctsFactory.CUTOFF, IsmctsFactory.EVAL_SCALE, IsmctsFactory.EVAL),
                MID_KNOBS));
    }

    @Override
    public void checkStarts(BotParams params, Strategy.GameStart start) {
        IsmctsFactory.checkLearnedStarts(params, start);
    }

    /**
     * The dearest phase: the mid-game search's iterations (1,000 with cut-off rollouts: 1.8 ms,
     * results/benchmarks/bot-costs.md), or the deals times about 8 legal actions times one solve:
     * win/draw/loss at {@code exact} cards (results/solver-frontier.md, base game's medians; bounded
     * by {@code exactMillis}), or the deals times a {@code depth}-limited search of each.
     */
    @Override
    protected double countedMicros(BotParams params, int samples) {
        double mid = params.getInt(ITERATIONS.name()) * 1.8;
        double exact = Math.min(params.getInt(EXACT_MILLIS.name()) * 1000.0,
                samples * LEGAL_ACTIONS * SOLVE_MICROS[params.getInt(EXACT.name())]);
        int depth = params.getInt(DEPTH.name());
        double deep = depth == 0 ? 0 : samples * DEPTH_MICROS * Math.pow(DEPTH_GROWTH, depth - 1);
        return Math.max(mid, Math.max(exact, deep));
    }

    @Override
    public Strategy create(BotParams params) {
        return create(params, Techniques.ALL);
    }

    /** The bot of a spec, its exact searches with {@code techniques} (to test that they change no choice). */
    PimcStrategy create(BotParams params, Techniques techniques) {
        StrategyFactory midFactory = new IsmctsFactory.IsmctsMast();
        Map<String, String> midValues = new LinkedHashMap<>(Presets.named(MID).values());
        // the budget and the rollouts are the mid-game search's own parameters, under the same names
        for (Parameter p : concat(List.of(ITERATIONS, MILLIS, TimeBudget.CLOCK, ROLLOUT, IsmctsFactory.CUTOFF,
                IsmctsFactory.EVAL_SCALE, IsmctsFactory.EVAL), MID_KNOBS)) {
            midValues.put(p.name(), params.getString(p.name()));
        }
        Strategy mid = midFactory.create(BotParams.of(midFactory, midValues));
        StrategyFactory heuristic = new ShippedBots.HeuristicFactory();
        HeuristicStrategy.Weights weights = ShippedBots.HeuristicFactory.weights(
                BotParams.of(heuristic, Presets.named(EVALUATION).values()));
        return new PimcStrategy(weights, settings(params, techniques), mid, params.spec());
    }

    private static List<Parameter> concat(List<Parameter> first, List<Parameter> second) {
        List<Parameter> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private PimcStrategy.Settings settings(BotParams params, Techniques techniques) {
        return new PimcStrategy.Settings(budget(params), params.getInt(EXACT.name()), tableBits(params),
                params.getInt(DEPTH.name()), params.getInt(EXACT_MILLIS.name()), techniques, horizonBits(params),
                params.getChoice(TIES.name()).equals("exact") ? PimcStrategy.Ties.EXACT : PimcStrategy.Ties.TURN_END);
    }

    /**
     * The bits of the depth-limited searches' table: {@code table}'s with {@code depth}; without,
     * they only judge each action at the end of the current turn (a few hundred positions, whose
     * entries serve only the other decisions of the same turn), for which 2^16 entries are ample.
     */
    static int horizonBits(BotParams params) {
        return params.getInt(DEPTH.name()) > 0 ? tableBits(params) : Math.min(tableBits(params), TURN_END_BITS);
    }

    private static final int TURN_END_BITS = 16;

    /** Two tables: the exact searches' and the depth-limited searches'. */
    @Override
    public long memoryBytes(BotParams params) {
        long exact = super.memoryBytes(params);
        return exact + (exact >> (tableBits(params) - horizonBits(params)));
    }
}
