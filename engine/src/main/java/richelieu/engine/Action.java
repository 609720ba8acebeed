package richelieu.engine;

/**
 * Actions are packed {@code int}s: {@code type << 12 | a << 6 | b}, where a and b are table
 * positions (see {@link Layout}). Within one decision point the legal set is generated in
 * ascending numeric order, which is also the canonical order used by perft counts and tests.
 *
 * <table>
 * <caption>The action types</caption>
 * <tr><th>type</th><th>phase</th><th>meaning</th><th>rule</th></tr>
 * <tr><td>USE_RETURN</td><td>RETURNS, LATE_RETURNS</td><td>discard a return token, one boxed marker back to reserve</td><td>R8</td></tr>
 * <tr><td>END_RETURNS</td><td>RETURNS, LATE_RETURNS</td><td>use no (more) return tokens; private, never shown to others</td><td>R8</td></tr>
 * <tr><td>TAKE(p)</td><td>TAKE_FIRST, TAKE_SECOND</td><td>take the end card at position p</td><td>R9–R13</td></tr>
 * <tr><td>STOP</td><td>TAKE_SECOND</td><td>take no second card</td><td>R9</td></tr>
 * <tr><td>PAY_RESERVE</td><td>PAY</td><td>box a marker from the reserve</td><td>R11</td></tr>
 * <tr><td>PAY_MARKER(p)</td><td>PAY</td><td>box the own marker on table card p</td><td>R11</td></tr>
 * <tr><td>PLACE(p)</td><td>MARKER</td><td>put a reserve marker on unmarked table card p</td><td>R15</td></tr>
 * <tr><td>MOVE(f, t)</td><td>MARKER</td><td>(reserve empty) move the own marker from f to unmarked t</td><td>R15</td></tr>
 * <tr><td>SKIP</td><td>MARKER</td><td>no marker this turn</td><td>R15</td></tr>
 * <tr><td>PASS</td><td>TAKE_FIRST</td><td>no legal take: skip the whole turn</td><td>R14</td></tr>
 * </table>
 */
public final class Action {
    /** Type of USE_RETURN: discard a return token, a boxed marker back to the reserve (R8). */
    public static final int T_USE_RETURN = 1;
    /** Type of END_RETURNS: use no (more) return tokens; private (R8, R26). */
    public static final int T_END_RETURNS = 2;
    /** Type of TAKE(p): take the end card at position p (R9–R13). */
    public static final int T_TAKE = 3;
    /** Type of STOP: take no second card (R9). */
    public static final int T_STOP = 4;
    /** Type of PAY_RESERVE: box a marker from the reserve (R11). */
    public static final int T_PAY_RESERVE = 5;
    /** Type of PAY_MARKER(p): box the own marker on table card p (R11). */
    public static final int T_PAY_MARKER = 6;
    /** Type of PLACE(p): a reserve marker onto unmarked table card p (R15). */
    public static final int T_PLACE = 7;
    /** Type of MOVE(f, t): with an empty reserve, the own marker on f moves to unmarked t (R15). */
    public static final int T_MOVE = 8;
    /** Type of SKIP: no marker this turn (R15). */
    public static final int T_SKIP = 9;
    /** Type of PASS: no legal take, the whole turn is skipped (R14). */
    public static final int T_PASS = 10;

    /** The USE_RETURN action (it has no operand). */
    public static final int USE_RETURN = T_USE_RETURN << 12;
    /** The END_RETURNS action. */
    public static final int END_RETURNS = T_END_RETURNS << 12;
    /** The STOP action. */
    public static final int STOP = T_STOP << 12;
    /** The PAY_RESERVE action. */
    public static final int PAY_RESERVE = T_PAY_RESERVE << 12;
    /** The SKIP action. */
    public static final int SKIP = T_SKIP << 12;
    /** The PASS action. */
    public static final int PASS = T_PASS << 12;

    /** Enough room for the largest legal set (MOVE: 3 markers x 45 free cards). */
    public static final int MAX_LEGAL = 160;

    private static final String[] TYPE_NAMES = {null, "use-return", "end-returns", "take", "stop", "pay-reserve",
            "pay-marker", "place", "move", "skip", "pass"};

    private Action() {
    }

    /** TAKE of the card at {@code position}. */
    public static int take(int position) {
        return T_TAKE << 12 | position;
    }

    /** PAY_MARKER: box the own marker on the card at {@code position}. */
    public static int payMarker(int position) {
        return T_PAY_MARKER << 12 | position;
    }

    /** PLACE a reserve marker on the card at {@code position}. */
    public static int place(int position) {
        return T_PLACE << 12 | position;
    }

    /** MOVE the own marker from position {@code from} to position {@code to}. */
    public static int move(int from, int to) {
        return T_MOVE << 12 | from << 6 | to;
    }

    /** The type of an action, one of the {@code T_…} constants. */
    public static int type(int action) {
        return action >>> 12;
    }

    /** The position operand of TAKE, PAY_MARKER and PLACE, or the target of MOVE. */
    public static int position(int action) {
        return action & 63;
    }

    /** The source position of MOVE. */
    public static int from(int action) {
        return action >>> 6 & 63;
    }

    /** True for actions every seat sees (R25). END_RETURNS is the only private one: declining to
     * use a return token must not reveal that one is held. */
    public static boolean isPublic(int action) {
        return type(action) != T_END_RETURNS;
    }

    /** The type's name, e.g. "take". */
    public static String typeName(int action) {
        int t = type(action);
        return t > 0 && t < TYPE_NAMES.length ? TYPE_NAMES[t] : "invalid";
    }

    /** True if the int encodes a well-formed action of some type (not necessarily legal). */
    public static boolean isWellFormed(int action) {
        if (action < 0) {
            return false;
        }
        int t = type(action);
        int rest = action & 0xFFF;
        switch (t) {
            case T_USE_RETURN: case T_END_RETURNS: case T_STOP: case T_PAY_RESERVE: case T_SKIP: case T_PASS:
                return rest == 0;
            case T_TAKE: case T_PAY_MARKER: case T_PLACE:
                return (rest >>> 6) == 0 && position(action) < Layout.POSITIONS;
            case T_MOVE:
                return from(action) < Layout.POSITIONS && position(action) < Layout.POSITIONS;
            default:
                return false;
        }
    }

    /** Human text, e.g. "take r1c11", "move r0c3>r2c5", "pass". */
    public static String toString(int action) {
        if (!isWellFormed(action)) {
            return "invalid(" + action + ")";
        }
        switch (type(action)) {
            case T_TAKE: case T_PAY_MARKER: case T_PLACE:
                return typeName(action) + " " + Layout.positionName(position(action));
            case T_MOVE:
                return "move " + Layout.positionName(from(action)) + ">" + Layout.positionName(position(action));
            default:
                return typeName(action);
        }
    }
}
