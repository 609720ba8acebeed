package richelieu.engine.solver;

import richelieu.engine.Phase;

/**
 * How {@link OpenGame} packs a position into {@link #WORDS} longs per ply: which word holds what,
 * and the bit fields of the {@link #MISC} word (small counts, the seat to move, the decision
 * point, what the current take step took). Constants and one-line readers only, shared by the
 * state ({@link OpenGame}), the move generator ({@link OpenMoves}) and the scoring
 * ({@link OpenScore}); the JIT folds them all.
 */
final class OpenWords {
    private OpenWords() {
    }

    static final int WORDS = 8;
    static final int TABLE = 0;
    static final int HAND0 = 1;
    static final int MK0 = 2;  // seat 0's markers; seat 1's at MK0 + 1
    static final int LANES0 = 4; // seat 0's category counts with tokens; seat 1's at LANES0 + 1
    static final int KEY = 6;
    static final int MISC = 7;

    // MISC: seat p's byte at bit 8p holds reserve, boxed and held return tokens (2 bits each)
    static final int RES = 0;
    static final int BOX = 2;
    static final int RET = 4;
    static final int TO_MOVE = 16;
    static final int PHASE = 17;  // 3 bits, Phase ordinals
    static final int TAKEN = 20;  // 2 bits
    static final int FIRST = 22;  // 6 bits
    static final int FREED = 28;  // 2 bits
    static final int TURN0 = 30;  // the game's first turn (R9: one card)
    static final int PRES = 32;   // seat p's 12 bits at PRES + 12p: categories it holds a card of
    /** The MISC bits the key covers; the rest follow from the hands. */
    static final long STATE_BITS = (1L << PRES) - 1;

    static final int RETURNS = Phase.RETURNS.ordinal();
    static final int TAKE_FIRST = Phase.TAKE_FIRST.ordinal();
    static final int PAY = Phase.PAY.ordinal();
    static final int TAKE_SECOND = Phase.TAKE_SECOND.ordinal();
    static final int LATE_RETURNS = Phase.LATE_RETURNS.ordinal();
    static final int MARKER = Phase.MARKER.ordinal();
    static final int GAME_OVER = Phase.GAME_OVER.ordinal();

    /** A 2-bit count of MISC at bit {@code at} (a seat's reserve, boxed or return tokens). */
    static int field(long misc, int at) {
        return (int) (misc >>> at) & 3;
    }

    /** The decision point ({@link Phase} ordinal). */
    static int phase(long misc) {
        return (int) (misc >>> PHASE) & 7;
    }

    /** The seat to move. */
    static int toMove(long misc) {
        return (int) (misc >>> TO_MOVE) & 1;
    }

    /** The categories (bit c as in {@link richelieu.engine.Scoring}'s lanes) a seat holds a card of. */
    static int categoriesHeld(long misc, int seat) {
        return (int) (misc >>> (PRES + 12 * seat)) & 0xFFF;
    }

    static long withPhase(long misc, int phase) {
        return misc & ~(7L << PHASE) | (long) phase << PHASE;
    }
}
