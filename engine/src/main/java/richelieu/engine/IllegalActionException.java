package richelieu.engine;

/**
 * An action that breaks a rule. The message starts with the rule id (e.g. "R9: …"); the state
 * the action was applied to is unchanged.
 */
public final class IllegalActionException extends RuntimeException {
    /** The refused action. */
    private final int action;

    /** The refusal of {@code action}, for the one-line reason {@code message} (it starts with the rule id). */
    public IllegalActionException(int action, String message) {
        super(message);
        this.action = action;
    }

    /** The refused action. */
    public int action() {
        return action;
    }
}
