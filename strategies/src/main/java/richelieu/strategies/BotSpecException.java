package richelieu.strategies;

/** A bot spec that names no known bot or has bad parameters; the message is one line for the user. */
public final class BotSpecException extends RuntimeException {
    /** A refused spec; {@code message} says why in one line. */
    public BotSpecException(String message) {
        super(message);
    }
}
