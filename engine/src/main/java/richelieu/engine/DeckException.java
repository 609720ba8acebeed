package richelieu.engine;

/** A deck file that cannot be read or breaks a deck rule; the message is one line for the user. */
public final class DeckException extends RuntimeException {
    /** A deck that breaks a deck rule; {@code message} names the card and the problem. */
    public DeckException(String message) {
        super(message);
    }

    /** As {@link #DeckException(String)}, with the underlying cause. */
    public DeckException(String message, Throwable cause) {
        super(message, cause);
    }
}
