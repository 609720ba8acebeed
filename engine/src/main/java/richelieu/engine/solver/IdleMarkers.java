package richelieu.engine.solver;

import richelieu.engine.Layout;
import richelieu.engine.Rules;
import richelieu.engine.SplitMix;

import static richelieu.engine.solver.OpenWords.*;

/**
 * When markers no longer matter in an {@link OpenGame} position, and its key without them.
 *
 * <p>Markers can no longer keep either seat from any card in any continuation: then every take is
 * open to its seat whatever the markers, so the cards each seat ends with — and the value — do
 * not depend on any marker decision (where a marker goes, what pays, whether a return token is
 * used), and searching one of them is enough.
 *
 * <p>Markers restrict the cards only by R11: a seat with no marker left to pay with (all its
 * markers boxed) cannot take a card the other marked. A seat boxes a marker only by taking a
 * card the other marked (R11), and a return token only gives one back (R8), so a seat that is
 * ever kept from such a card has first taken as many marked cards as it has markers now in its
 * reserve and on the table — and there was still a card left for it. Hence it never is when it
 * has at least as many markers as cards left on the table, or at least as many as the cards the
 * other can still mark: those marked now plus one per marker step the other has yet to play (one
 * per turn of its own that leaves a card on the table; each turn takes a card, since no seat
 * passes before it is first kept from one, R14). Only where a marker freed this turn pays as any
 * other (R11's default): else a seat's only payer can be one it may not use.
 */
final class IdleMarkers {
    /** The MISC bits of markers: each seat's reserve, boxed markers and return tokens, the freed markers. */
    private static final long MARKER_BITS = 0x3FL | 0x3FL << 8 | 3L << FREED;
    /** Tells the keys of positions whose markers no longer matter from whole keys (a bit the MISC mask never keeps). */
    private static final long IDLE_TAG = 1L << 62;

    private final boolean freedPayable;
    private final long[] st;
    private final long[] markKey;

    /**
     * @param st      the game's ply stack ({@link OpenWords})
     * @param markKey the game's marker keys, per seat and position (filled by the game)
     */
    IdleMarkers(Rules rules, long[] st, long[] markKey) {
        this.freedPayable = rules.freedMarkersPayable();
        this.st = st;
        this.markKey = markKey;
    }

    /** True if markers no longer matter in the position at {@code b} of the stack. */
    boolean test(int b) {
        if (!freedPayable) {
            return false;
        }
        int cards = Long.bitCount(st[b + TABLE]);
        if (cards > 2 * Rules.MARKERS) {
            // the seat to move can still mark more cards than the other has markers (checked
            // first: most positions of a search are here)
            return false;
        }
        long misc = st[b + MISC];
        int me = OpenWords.toMove(misc);
        boolean paying = OpenWords.phase(misc) == PAY;
        for (int x = 0; x < 2; x++) {
            int y = 1 - x;
            // (a seat paying now has one marker fewer already)
            int left = field(misc, 8 * x + RES) + Long.bitCount(st[b + MK0 + x]) - (paying && x == me ? 1 : 0);
            // the other's marker steps: this turn's and one per later turn of its own with a card
            // left after it (the seats' turns alternate, each taking a card)
            int steps = y == me ? 1 + (cards - 1) / 2 : cards / 2;
            if (left < Math.min(cards, Long.bitCount(st[b + MK0 + y]) + steps)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The key of a position where {@link #test} holds, before any partition hash: the markers,
     * reserves, boxes, return tokens and freed markers no longer change the exact value, so
     * positions that differ only in them share an entry (under their own tag, so that no whole
     * key can be one of these). A depth-limited entry is shared too, as the heuristic it is: the
     * quick bounds that clamp it count boxed markers.
     */
    long key(int b) {
        long k = st[b + KEY];
        for (int seat = 0; seat < 2; seat++) {
            for (long m = st[b + MK0 + seat]; m != 0; m &= m - 1) {
                k ^= markKey[seat * Layout.POSITIONS + Long.numberOfTrailingZeros(m)];
            }
        }
        return k ^ SplitMix.mix64(st[b + MISC] & STATE_BITS & ~MARKER_BITS ^ IDLE_TAG);
    }
}
