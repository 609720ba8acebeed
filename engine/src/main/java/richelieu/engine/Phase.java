package richelieu.engine;

/**
 * The decision points of a turn (see {@code docs/engine.md}). Each has its own small legal set;
 * a phase is entered only when its player has a choice to make there, except that a player with
 * no legal take meets {@link #TAKE_FIRST} with the single action PASS (R14).
 */
public enum Phase {
    /** R8: start of turn, the player holds a return token and has a boxed marker. */
    RETURNS,
    /** R9: take the first card (or PASS when no card can be taken, R14). */
    TAKE_FIRST,
    /** R11: the card just taken carried an opponent's marker; choose which own marker to box. */
    PAY,
    /** R9: take a second card of the same region (both one-shield) or stop. */
    TAKE_SECOND,
    /** R8 with {@link Rules.ReturnTiming#START_AND_AFTER_TAKING}: use return tokens before the marker step. */
    LATE_RETURNS,
    /** R15: place a marker from reserve, or move one when the reserve is empty, or skip. */
    MARKER,
    /** R17: the game has ended. */
    GAME_OVER;

    private static final Phase[] VALUES = values();

    /** The phase with this ordinal. */
    public static Phase of(int id) {
        return VALUES[id];
    }
}
