package richelieu.engine.solver;

/**
 * An estimate of a position's value where a depth-limited search stops: seat 0's side, in the
 * units of {@link OpenGame#value} ({@link OpenGame#SCALE} per point of score margin). It must
 * stay within the position's {@link OpenGame#lowerBound lower} and {@link OpenGame#upperBound
 * upper} bound; the solver clamps it there.
 */
@FunctionalInterface
public interface Evaluation {
    /** The estimate of the position at {@code ply} of {@code game} (not over). */
    int evaluate(OpenGame game, int ply);

    /** The score as it stands: what the game would give if it ended now. */
    Evaluation STANDING = OpenGame::value;
}
