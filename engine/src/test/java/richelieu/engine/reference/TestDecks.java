package richelieu.engine.reference;

import richelieu.engine.Card;
import richelieu.engine.Deck;
import richelieu.engine.Region;
import richelieu.engine.Symbol;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Hand-built layouts of the standard deck for the reference model's tests. */
final class TestDecks {
    static final Deck DECK = Deck.standard();
    /** No return tokens on the table: tokens 0–7 (shield tokens) on places 0–7. */
    static final int[] PLAIN_TOKENS = {0, 1, 2, 3, 4, 5, 6, 7};

    private TestDecks() {
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

    /** A layout builder: fixed cards on chosen positions, every other position filled with the unused cards in deck order. */
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
