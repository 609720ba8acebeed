package richelieu.engine.record;

/** A game record that cannot be read or does not replay; the message is one line for the user. */
public final class RecordException extends RuntimeException {
    public RecordException(String message) {
        super(message);
    }
}
