package richelieu.engine;

/**
 * A bot failed to produce a legal action; the game driver turns it into a forfeit of that game.
 * Out-of-process bots throw it for crashes, time-outs and unreadable answers; the driver itself
 * raises {@link Reason#ILLEGAL} for an action outside the legal set.
 */
public final class BotFailure extends RuntimeException {
    /** Why a bot forfeited. */
    public enum Reason {
        /** The bot process died or a Java bot threw. */
        CRASH,
        /** No answer within the per-move time limit. */
        TIMEOUT,
        /** An answer that is not one of the legal actions. */
        ILLEGAL,
        /** An answer that could not be parsed. */
        GARBAGE;

        public String jsonName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Reason reason;

    public BotFailure(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public BotFailure(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
