package richelieu.engine;

/**
 * Each rule fact of the engine once: tiny static pure functions over primitives, called by the
 * plain step ({@link GameState}), the fused playout ({@link FusedPlayout}) and the legal-set
 * generator ({@link LegalSets}) alike. Changing a rule means editing one function here; the
 * golden games, perft, differential and fused-vs-plain tests show a path that disagrees.
 *
 * <p>They are small enough that C2 inlines every call: -XX:+PrintInlining on PlayoutBench
 * shows "inline (hot)" for each of them in FusedPlayout.turns and GameState.legalActions;
 * PlayoutBench.randomGame and LegalActionsBench before/after: results/benchmarks/rule-facts-speed/.
 *
 * <p>Public so that the open-game solver ({@code richelieu.engine.solver}), which keeps its own
 * compact state for speed, applies the very same facts.
 */
public final class RuleFacts {
    private RuleFacts() {
    }

    /** R8: the return step exists only when the player holds a return token and has a boxed marker. */
    public static boolean returnStep(int held, int boxed) {
        return (held & Token.RETURN_MASK) != 0 && boxed > 0;
    }

    /** R8: using a return token discards it (the lower held return id). */
    public static int heldAfterReturn(int held) {
        int returns = held & Token.RETURN_MASK;
        return held & ~(returns & -returns);
    }

    /**
     * R11 [choice]: the reserve markers that may pay for an opponent-marked card: all of them,
     * or (freedMarkersPayable = false) all but those freed by R10 this turn.
     */
    public static int payableReserve(int reserve, int freed, boolean freedPayable) {
        return freedPayable ? reserve : reserve - freed;
    }

    /** R11: the player can pay, from the reserve or with an own marker on the table. */
    public static boolean canPay(int payableReserve, long own) {
        return payableReserve > 0 || own != 0;
    }

    /**
     * R9–R11: the end cards that may be taken: unmarked, own-marked, or opponent-marked when the
     * player can pay ({@link #canPay}).
     */
    public static long takeable(long ends, long marked, long own, boolean canPay) {
        return canPay ? ends : ends & ~(marked & ~own);
    }

    /**
     * R9: where a second card may come from: none on the game's first turn; else the ends among
     * {@code secondMask} (Layout.secondMask[first]: the one-shield cards of the first card's
     * region, empty after a double-shield card).
     */
    public static long secondEnds(long ends, long secondMask, int turn) {
        return turn == 0 ? 0 : ends & secondMask;
    }

    /**
     * R13: what taking the card at {@code p} adds to the taker's held-token word: token id t as
     * bit t, an UNKNOWN token (view states) as one count at bit 16 (= 15 + 1); nothing off the
     * token places still carrying a token. Branch-free (placeOf(p) = -1 off places gives a
     * harmless shift that isToken = 0 masks).
     */
    public static int tokenGain(long tokenPlaces, long placeTokens, int p) {
        int isToken = (int) (tokenPlaces >>> p) & 1;
        int t = (int) (placeTokens >>> (4 * Layout.placeOf(p))) & 15;
        return isToken << (t + ((t + 1) >>> 4));
    }

    /** R10: 1 if the card at {@code p} carries the taker's own marker (it goes back to the reserve). */
    public static int ownFreed(long own, int p) {
        return (int) (own >>> p) & 1;
    }

    /** R11: the card at {@code bit} carries an opponent's marker (it goes back to its owner; the taker pays). */
    public static boolean opponentMarked(long marked, long own, long bit) {
        return (marked & ~own & bit) != 0;
    }

    /** R11: the seat whose marker is on {@code bit} (markers of different seats never share a card). */
    public static int markerOwner(long[] markers, long bit) {
        int owner = 0;
        while ((markers[owner] & bit) == 0) {
            owner++;
        }
        return owner;
    }

    /** R17: the game ends when the table is empty, or (three-row variant) when three rows are. */
    public static boolean gameOver(long table, boolean threeRow) {
        return table == 0 || (threeRow && Layout.emptyRows(table) >= 3);
    }

    /**
     * R15, R21: the marker step exists: an unmarked card is left, and the player can place (a
     * reserve marker and fewer than the cap on the table) or, with an empty reserve, move one.
     */
    public static boolean markerStep(long free, int reserve, long own, int maxOnTable) {
        if (free == 0) {
            return false;
        }
        return reserve > 0 ? Long.bitCount(own) < maxOnTable : own != 0;
    }
}
