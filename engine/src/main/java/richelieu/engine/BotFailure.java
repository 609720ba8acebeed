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

        /** The reason as result files and protocol messages write it, e.g. "timeout". */
        public String jsonName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Why the bot forfeits. */
    private final Reason reason;

    /** A failure for {@code reason}, described in one line by {@code message}. */
    public BotFailure(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** A failure for {@code reason} caused by {@code cause}. */
    public BotFailure(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    /** Why the bot forfeits. */
    public Reason reason() {
        return reason;
    }
}
