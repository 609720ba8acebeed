package richelieu.engine;

/**
 * The public state of a game (R25), declared once: what every seat may know. {@link GameState}
 * adds the hidden token identities (R26) to it; {@link Observation} adds what one seat knows
 * of its own tokens. Copying a state, observing it and determinizing an observation all go
 * through {@link #copyPublicFrom}, so a field added here is copied, observed and determinized
 * everywhere ({@code StateFieldsTest} checks every field of both classes by reflection).
 */
abstract class PublicState {
    final int players;

    long table;              // positions with a card
    long marked;             // positions with any marker
    long tokenPlaces;        // positions still carrying a token
    final long[] hand;       // cards taken, per player
    final long[] markers;    // positions carrying the player's marker
    final int[] reserve;     // markers in reserve (R4)
    final int[] boxed;       // markers in the box (R11, R12)
    final int[] usedReturns; // return tokens used (public, R8)
    final int[] nonReturnAtLeast; // this many held tokens are known not to be returns (a pass reveals it)
    int toMove;
    int phase;
    int turn;                // completed turns, passes included
    int taken;               // cards taken this turn (0–2)
    int first;               // position of the first card taken this turn, or -1
    int freed;               // own markers freed by R10 this turn
    int returnsThisTurn;     // return tokens used this turn

    PublicState(int players) {
        this.players = players;
        this.hand = new long[players];
        this.markers = new long[players];
        this.reserve = new int[players];
        this.boxed = new int[players];
        this.usedReturns = new int[players];
        this.nonReturnAtLeast = new int[players];
    }

    /** Overwrites every public field with {@code o}'s (same player count). Allocates nothing. */
    final void copyPublicFrom(PublicState o) {
        table = o.table;
        marked = o.marked;
        tokenPlaces = o.tokenPlaces;
        toMove = o.toMove;
        phase = o.phase;
        turn = o.turn;
        taken = o.taken;
        first = o.first;
        freed = o.freed;
        returnsThisTurn = o.returnsThisTurn;
        // One loop over 2-4 seats beats System.arraycopy calls of 2-4 elements
        // (StateBench.copy: 33 ns with arraycopy).
        for (int p = 0; p < players; p++) {
            hand[p] = o.hand[p];
            markers[p] = o.markers[p];
            reserve[p] = o.reserve[p];
            boxed[p] = o.boxed[p];
            usedReturns[p] = o.usedReturns[p];
            nonReturnAtLeast[p] = o.nonReturnAtLeast[p];
        }
    }

    // ------------------------------------------------------------ public queries (R25), once for both

    /** The number of players, 2 to 4. */
    public int players() {
        return players;
    }

    /** The seat whose decision it is (the last mover once the game is over). */
    public int toMove() {
        return toMove;
    }

    /** The current decision point (the public one in another seat's observation). */
    public Phase phase() {
        return Phase.of(phase);
    }

    /** True once the game has ended (R17). */
    public boolean isOver() {
        return phase == GameState.GAME_OVER;
    }

    /** Completed turns, passes included. Turn 0 is seat 0's first turn. */
    public int turn() {
        return turn;
    }

    /** Positions with a card on the table. */
    public long table() {
        return table;
    }

    /** Positions carrying any marker. */
    public long marked() {
        return marked;
    }

    /** Cards taken by a player, as a position mask. */
    public long hand(int player) {
        return hand[player];
    }

    /** Number of cards a player has taken. */
    public int cardCount(int player) {
        return Long.bitCount(hand[player]);
    }

    /** Positions carrying the player's markers. */
    public long markers(int player) {
        return markers[player];
    }

    /** Markers in the player's reserve (R4). */
    public int reserve(int player) {
        return reserve[player];
    }

    /** Markers the player has put in the box (R11, R12). */
    public int boxed(int player) {
        return boxed[player];
    }

    /** Return tokens the player has used (public, R8). */
    public int usedReturns(int player) {
        return usedReturns[player];
    }

    /** At least this many of the player's tokens are known not to be return tokens (from passes). */
    public int nonReturnAtLeast(int player) {
        return nonReturnAtLeast[player];
    }

    /** Positions on the table that still carry a face-down token. */
    public long tokenPlaces() {
        return tokenPlaces;
    }

    /** Cards taken so far this turn (0–2). */
    public int takenThisTurn() {
        return taken;
    }

    /** Position of the first card taken this turn, or -1. */
    public int firstTaken() {
        return first;
    }

    /** Own markers the mover freed by R10 this turn. */
    public int freedThisTurn() {
        return freed;
    }

    /** Return tokens used so far this turn. */
    public int returnsThisTurn() {
        return returnsThisTurn;
    }
}
