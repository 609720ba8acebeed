package richelieu.engine.reference;

import richelieu.engine.Card;
import richelieu.engine.Deck;
import richelieu.engine.Region;
import richelieu.engine.Symbol;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Hand-built layouts of the standard deck for the reference model's tests (and the scripted differential lines). */
public final class TestDecks {
    static final Deck DECK = Deck.standard();
    /** No return tokens on the table: tokens 0–7 (shield tokens) on places 0–7. */
    public static final int[] PLAIN_TOKENS = {0, 1, 2, 3, 4, 5, 6, 7};
    /** A return token (12) on place 1, position 7. */
    public static final int[] RETURN_ON_7 = {0, 12, 1, 2, 3, 4, 5, 6};

    private TestDecks() {
    }

    /**
     * The layout most reference tests use; its row ends are fixed:
     * <pre>
     * row 0:  0 Bourgogne ##        …  11 Bretagne # sword
     * row 1: 12 Bretagne # cross    …  23 Champagne ##
     * row 2: 24 Bourgogne # sword   …  35 Normandie ##
     * row 3: 36 Bourgogne # cross, 37 Bourgogne # tower … 47 Bourgogne # (plain)
     * </pre>
     * The other positions hold the remaining cards in deck order (so 10 is a Champagne double, 7,
     * 8, 9 Champagne sword, cross, tower, 22 a Languedoc double, 34 an Anjou tower).
     */
    public static int[] standardTestLayout() {
        return new Layout()
                .put(0, doubleCard(Region.BOURGOGNE, 0))
                .put(11, symbolCard(Region.BRETAGNE, Symbol.SWORD))
                .put(12, symbolCard(Region.BRETAGNE, Symbol.CROSS))
                .put(23, doubleCard(Region.CHAMPAGNE, 0))
                .put(24, symbolCard(Region.BOURGOGNE, Symbol.SWORD))
                .put(35, doubleCard(Region.NORMANDIE, 0))
                .put(36, symbolCard(Region.BOURGOGNE, Symbol.CROSS))
                .put(37, symbolCard(Region.BOURGOGNE, Symbol.TOWER))
                .put(47, plainCard(Region.BOURGOGNE))
                .build();
    }

    /** The deck index of the n-th (0-based) card of a region with that many shields and that symbol (null: none). */
    static int card(Region region, int shields, Symbol symbol, int n) {
        int seen = 0;
        for (int i = 0; i < DECK.cards().size(); i++) {
            Card c = DECK.card(i);
            if (c.region() == region && c.shields() == shields && c.symbol() == symbol) {
                if (seen == n) {
                    return i;
                }
                seen++;
            }
        }
        throw new IllegalArgumentException("no card " + region + " " + shields + " " + symbol + " #" + n);
    }

    static int symbolCard(Region region, Symbol symbol) {
        return card(region, 1, symbol, 0);
    }

    static int doubleCard(Region region, int n) {
        return card(region, 2, null, n);
    }

    static int plainCard(Region region) {
        return card(region, 1, null, 0);
    }

    /** All deck indices of a region. */
    static List<Integer> regionCards(Region region) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < DECK.cards().size(); i++) {
            if (DECK.card(i).region() == region) {
                out.add(i);
            }
        }
        return out;
    }

    /** All deck indices showing a symbol, in region order. */
    static List<Integer> symbolCards(Symbol symbol) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < DECK.cards().size(); i++) {
            if (DECK.card(i).symbol() == symbol) {
                out.add(i);
            }
        }
        return out;
    }

    /** A layout builder: fixed cards on chosen positions, the other positions get the unused cards in deck order. */
    static final class Layout {
        private final int[] cardAt = new int[ReferenceGame.POSITIONS];

        Layout() {
            Arrays.fill(cardAt, -1);
        }

        Layout put(int position, int deckIndex) {
            for (int c : cardAt) {
                if (c == deckIndex) {
                    throw new IllegalArgumentException("card " + deckIndex + " placed twice");
                }
            }
            cardAt[position] = deckIndex;
            return this;
        }

        int[] build() {
            boolean[] used = new boolean[DECK.cards().size()];
            for (int c : cardAt) {
                if (c >= 0) {
                    used[c] = true;
                }
            }
            int[] out = cardAt.clone();
            int next = 0;
            for (int p = 0; p < out.length; p++) {
                if (out[p] >= 0) {
                    continue;
                }
                while (used[next]) {
                    next++;
                }
                out[p] = next;
                used[next] = true;
            }
            return out;
        }
    }
}
