package richelieu.env;

import richelieu.engine.Action;
import richelieu.engine.Layout;

/**
 * The fixed action space of the environments: every packed action ({@link Action}) of every
 * decision kind has one index in {@code 0…}{@link #COUNT}{@code −1}, the same at every decision
 * point, so a learner sees one discrete space with a mask of the legal indices.
 *
 * <pre>
 *   0  use-return      1  end-returns     2  stop     3  pay-reserve     4  skip     5  pass
 *   6 + p              take the end card at position p            (p = row * 12 + column, 0–47)
 *   54 + p             pay-marker: box the own marker on card p
 *   102 + p            place a reserve marker on card p
 *   150 + 48 * f + t   move the own marker from card f to card t  (f ≠ t)
 * </pre>
 *
 * The 48 indices 150 + 49 * p (a move from a card to itself) never name an action and are never
 * legal. The Python package mirrors these numbers ({@code richelieu.actions}); a test pins both.
 */
public final class ActionIndex {
    public static final int USE_RETURN = 0;
    public static final int END_RETURNS = 1;
    public static final int STOP = 2;
    public static final int PAY_RESERVE = 3;
    public static final int SKIP = 4;
    public static final int PASS = 5;
    public static final int TAKE = 6;
    public static final int PAY_MARKER = TAKE + Layout.POSITIONS;
    public static final int PLACE = PAY_MARKER + Layout.POSITIONS;
    public static final int MOVE = PLACE + Layout.POSITIONS;
    /** Size of the action space: 2,454. */
    public static final int COUNT = MOVE + Layout.POSITIONS * Layout.POSITIONS;

    private ActionIndex() {
    }

    /** The index of a well-formed packed action. */
    public static int of(int action) {
        switch (Action.type(action)) {
            case Action.T_USE_RETURN: return USE_RETURN;
            case Action.T_END_RETURNS: return END_RETURNS;
            case Action.T_STOP: return STOP;
            case Action.T_PAY_RESERVE: return PAY_RESERVE;
            case Action.T_SKIP: return SKIP;
            case Action.T_PASS: return PASS;
            case Action.T_TAKE: return TAKE + Action.position(action);
            case Action.T_PAY_MARKER: return PAY_MARKER + Action.position(action);
            case Action.T_PLACE: return PLACE + Action.position(action);
            case Action.T_MOVE: return MOVE + Layout.POSITIONS * Action.from(action) + Action.position(action);
            default: throw new IllegalArgumentException("not an action: " + action);
        }
    }

    /** The packed action of an index, or -1 when the index names no action (out of range, or a move onto its own card). */
    public static int action(int index) {
        if (index < 0 || index >= COUNT) {
            return -1;
        }
        if (index >= MOVE) {
            int from = (index - MOVE) / Layout.POSITIONS;
            int to = (index - MOVE) % Layout.POSITIONS;
            return from == to ? -1 : Action.move(from, to);
        }
        if (index >= PLACE) {
            return Action.place(index - PLACE);
        }
        if (index >= PAY_MARKER) {
            return Action.payMarker(index - PAY_MARKER);
        }
        if (index >= TAKE) {
            return Action.take(index - TAKE);
        }
        return switch (index) {
            case USE_RETURN -> Action.USE_RETURN;
            case END_RETURNS -> Action.END_RETURNS;
            case STOP -> Action.STOP;
            case PAY_RESERVE -> Action.PAY_RESERVE;
            case SKIP -> Action.SKIP;
            default -> Action.PASS;
        };
    }

    /** Human text of an index, e.g. "take r1c11", or "no action" for an index that names none. */
    public static String text(int index) {
        int a = action(index);
        return a < 0 ? "no action (" + index + ")" : Action.toString(a);
    }
}
