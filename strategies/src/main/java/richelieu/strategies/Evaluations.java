package richelieu.strategies;

import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Region;
import richelieu.engine.Symbol;
import richelieu.engine.Token;

/** Counting helpers shared by the evaluating bots. */
final class Evaluations {
    private Evaluations() {
    }

    /** A player's count in a category: regions 0–8 (shields + token), then symbols 9–11 (cards + token). */
    static int count(GameState s, int player, int category) {
        Layout l = s.layout();
        long h = s.hand(player);
        int tokens = s.heldTokens(player);
        if (category < Region.COUNT) {
            return l.shields(h, category) + (tokens >>> category & 1);
        }
        int sym = category - Region.COUNT;
        return Long.bitCount(h & l.symbolMask(sym)) + (tokens >>> (Token.FIRST_SYMBOL + sym) & 1);
    }

    /** Cards of a category: positions of the region's cards, or of the cards showing the symbol. */
    static long categoryMask(Layout l, int category) {
        return category < Region.COUNT ? l.regionMask(category) : l.symbolMask(category - Region.COUNT);
    }

    /** Count still obtainable from the table in a category (shields, or symbols). */
    static int onTable(GameState s, int category) {
        Layout l = s.layout();
        long t = s.table();
        if (category < Region.COUNT) {
            return l.shields(t, category);
        }
        return Long.bitCount(t & l.symbolMask(category - Region.COUNT));
    }

    static final int CATEGORIES = Region.COUNT + Symbol.COUNT;
}
