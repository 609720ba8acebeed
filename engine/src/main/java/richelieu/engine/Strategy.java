package richelieu.engine;

import java.util.SplittableRandom;

/**
 * A bot. It only ever sees what its seat may know (R25, R26): an {@link Observation} and the
 * legal set of its current decision point.
 *
 * <p>Life cycle of one game, driven by {@link Game}:
 * <ol>
 * <li>{@link #gameStarted} — the seat, the rules, the public layout and a random stream that
 * belongs to this bot alone (derived from the game's seed, so games are reproducible).</li>
 * <li>{@link #chooseAction} — at each decision point of this seat with at least two legal
 * actions (a single legal action is played without asking). Return one of {@code legal}.</li>
 * <li>{@link #actionPlayed} — after every public action of any seat, this one included (the
 * private END_RETURNS is never reported). Override it only if you track the game yourself.</li>
 * <li>{@link #gameEnded} — the result.</li>
 * </ol>
 *
 * <p>A strategy object plays one game at a time; the runner creates one per seat and thread.
 * Example — take the leftmost legal card, never place markers:
 * <pre>{@code
 * public final class Leftmost implements Strategy {
 *     public String name() { return "leftmost"; }
 *     public int chooseAction(Observation obs, LegalActions legal) {
 *         for (int i = 0; i < legal.size(); i++) {
 *             int a = legal.get(i);
 *             if (Action.type(a) == Action.T_TAKE || Action.type(a) == Action.T_SKIP) return a;
 *         }
 *         return legal.get(0);
 *     }
 * }
 * }</pre>
 */
public interface Strategy {

    /** The name shown in tables and records, ideally the spec that recreates it. */
    String name();

    /** A game starts; this bot plays {@code start.seat()}. */
    default void gameStarted(GameStart start) {
    }

    /**
     * Chooses one action of {@code legal} for this seat's current decision point.
     * {@code observation} is refreshed just before the call.
     */
    int chooseAction(Observation observation, LegalActions legal);

    /**
     * Whether {@link #chooseAction} reads its observation. A bot that never does (a uniformly
     * random one) returns false, and the driver then skips refreshing the observation before
     * asking it — a measurable saving in random playouts through the runner. The observation
     * it receives is then stale; it must not read it.
     */
    default boolean readsObservation() {
        return true;
    }

    /**
     * True if this bot plays exactly {@code legal.get(random.nextInt(legal.size()))} at every
     * decision point with a choice, where {@code random} is the stream it got in
     * {@link #gameStarted}. The driver then makes that same draw itself, inside the engine
     * ({@link GameState#playUniform}), without filling a legal set or asking the bot: the very same
     * games, several times faster. {@link #chooseAction} is then never called.
     */
    default boolean isUniformRandom() {
        return false;
    }

    /** A public action was played by {@code seat} (any seat, this one included). */
    default void actionPlayed(int seat, int action) {
    }

    /** The game is over. */
    default void gameEnded(GameResult result) {
    }

    /** What a strategy is told at the start of a game. */
    record GameStart(int seat, Rules rules, Layout layout, SplittableRandom random) {
    }
}
