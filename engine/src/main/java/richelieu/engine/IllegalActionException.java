package richelieu.engine;

/**
 * An action that breaks a rule. The message starts with the rule id (e.g. "R9: …"); the state
 * the action was applied to is unchanged.
 */
public final class IllegalActionException extends RuntimeException {
    private final int action;

    public IllegalActionException(int action, String message) {
        super(message);
        this.action = action;
    }

    public int action() {
        return action;
    }
}
