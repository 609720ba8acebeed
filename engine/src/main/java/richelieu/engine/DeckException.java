package richelieu.engine;

/** A deck file that cannot be read or breaks a deck rule; the message is one line for the user. */
public final class DeckException extends RuntimeException {
    public DeckException(String message) {
        super(message);
    }

    public DeckException(String message, Throwable cause) {
        super(message, cause);
    }
}
