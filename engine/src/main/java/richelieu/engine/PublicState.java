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
}
