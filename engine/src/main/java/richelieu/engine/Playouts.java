package richelieu.engine;

import java.util.SplittableRandom;

/**
 * Playouts straight on a {@link GameState}, allocation-free, by the engine's fused whole-turn
 * loop ({@link FusedPlayout}): uniformly random (the {@code random} bot's policy), or
 * ε-greedy on a per-seat table of action values that the caller keeps ({@link
 * #epsilonGreedyToEnd}, {@link #valueIndex}: the engine reads the table, what fills it is the
 * search's business). Used by Monte Carlo search and benchmarks.
 */
public final class Playouts {
    private Playouts() {
    }

    /**
     * Plays uniformly random legal actions until the game is over: at every decision point the
     * action {@code buf[rng.nextInt(n)]} of the legal set as {@link GameState#legalActions} writes
     * it (no draw when n = 1). The engine plays this fused, without writing the legal sets out;
     * the game, the draws and the final state are exactly those of the plain loop
     * ({@code PlayoutsTest}).
     *
     * @param buf unused (the fused playout needs no buffer); kept so callers need not change
     * @return the number of actions played
     */
    public static int randomToEnd(GameState s, SplittableRandom rng, int[] buf) {
        return FusedPlayout.toEnd(s, null, rng, null);
    }

    /** {@link #randomToEnd} without a buffer. */
    public static int randomToEnd(GameState s, SplittableRandom rng) {
        return FusedPlayout.toEnd(s, null, rng, null);
    }

    /** Entries of an action-value table: 1,024 per seat, for up to four seats. */
    public static final int VALUE_TABLE_SIZE = 4 << 10;

    /**
     * Room for every step of any game, with margin: at most 48 turns take a card (R9), each of at
     * most 21 steps (up to 8 USE_RETURNs, as many tokens lie on the table (R6), an END_RETURNS,
     * two takes, two payments, a STOP, a marker step, and the late returns of R8's variant);
     * a turn without a take is a pass (R14), one step plus any USE_RETURNs (8 in a game at most),
     * and at most players − 1 passes in a row change nothing (a whole round would repeat forever).
     * So a game has fewer than 48·21 + 3·57 + 8 ≈ 1,190 steps.
     */
    public static final int MAX_STEPS = 2048;

    /**
     * Where {@code seat}'s value of {@code action} lives in a value table: the seat, the action's
     * type and its (target) position. A position is one card for the whole game (R5), so the
     * value of TAKE(p) means "get this card", of PLACE(p) and MOVE(·, p) "mark this card".
     */
    public static int valueIndex(int seat, int action) {
        return seat << 10 | LegalSets.valueKey(action);
    }

    /**
     * A value as the ε-greedy playouts read it: a long that orders as the double does ({@code <},
     * {@code ==}; −0.0 equals 0.0), for any value but NaN. The caller keeps its table of values
     * in this form, converting each value once when it changes.
     */
    public static long orderKey(double value) {
        return LegalSets.order(value);
    }

    /** Every phase: ε-greedy at every decision ({@link #epsilonGreedyToEnd}'s {@code greedyPhases}). */
    public static final int ALL_PHASES = (1 << Phase.GAME_OVER.ordinal()) - 1;

    /** The bit mask of the given phases, for {@link #epsilonGreedyToEnd}'s {@code greedyPhases}. */
    public static int phaseMask(Phase... phases) {
        int mask = 0;
        for (Phase p : phases) {
            mask |= 1 << p.ordinal();
        }
        return mask;
    }

    /**
     * Plays to the end by the ε-greedy policy on {@code values} at the decisions of the phases in
     * {@code greedyPhases} ({@link #phaseMask}, {@link #ALL_PHASES}): there (forced decisions
     * too) {@code explore = rng.nextDouble() < epsilon}; then, when the legal set has n &gt; 1
     * actions, {@code k = rng.nextInt(n)}; exploring plays the k-th action of the set in the order
     * {@link GameState#legalActions} writes it, else the action with the highest
     * {@code values[valueIndex(mover, action)]}, the first such scanning the set cyclically from
     * index k (ties are broken at random). At the decisions of other phases it plays uniformly
     * ({@code k} drawn, no explore draw). The fused form of that plain loop (same draws, same
     * actions: {@code PlayoutsTest}).
     *
     * @param values {@link #VALUE_TABLE_SIZE} values as {@link #orderKey}s, read only
     * @param buf    room for {@link Action#MAX_LEGAL} actions
     * @param moves  receives {@code seat << 16 | action} per step ({@link #seatOf}, {@link #actionOf});
     *               room for {@link #MAX_STEPS}
     * @return the number of actions played
     */
    public static int epsilonGreedyToEnd(GameState s, SplittableRandom rng, double epsilon, long[] values,
                                         int greedyPhases, int[] buf, int[] moves) {
        return FusedPlayout.toEnd(s, null, rng, moves, epsilon, values, greedyPhases, buf);
    }

    /**
     * {@link #epsilonGreedyToEnd}'s policy, step by step, until {@code turns} more turns have
     * started (the first change of mover counts one) or the game is over: the playout of a search
     * that evaluates where it stops rather than playing to the end. Step by step: a turn limit in
     * the fused loop would buy pimc's mid-game search about 1.4% and cost the uniform playout
     * (plain ISMCTS) about 1% (results/search.md).
     *
     * @return the number of actions played
     */
    public static int epsilonGreedyTurns(GameState s, SplittableRandom rng, double epsilon, long[] values,
                                         int greedyPhases, int[] buf, int[] moves, int turns) {
        int steps = 0;
        int left = turns;
        while (s.phase != GameState.GAME_OVER && left > 0) {
            int me = s.toMove;
            int a = FusedPlayout.epsilonGreedyStep(s, rng, epsilon, values, greedyPhases, buf);
            moves[steps++] = me << 16 | a;
            if (s.toMove != me) {
                left--;
            }
        }
        return steps;
    }

    /** The seat of a move recorded by {@link #epsilonGreedyToEnd}. */
    public static int seatOf(int move) {
        return move >>> 16;
    }

    /** The action of a move recorded by {@link #epsilonGreedyToEnd}. */
    public static int actionOf(int move) {
        return move & 0xFFFF;
    }
}
