package richelieu.runner;

/** A problem with the user's input (flags, files, bot specs): reported as one line, exit code 2. */
public final class UserError extends RuntimeException {
    public UserError(String message) {
        super(message);
    }

    public UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
