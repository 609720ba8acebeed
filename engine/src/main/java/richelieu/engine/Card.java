package richelieu.engine;

/**
 * R1: one card of the deck. A card shows 1 or 2 shields of its region; a one-shield card may
 * also show one symbol. {@code symbol} is null for a card without a symbol.
 */
public record Card(Region region, int shields, Symbol symbol) {

    /** Checks the card rules of R1: 1 or 2 shields, a symbol only on a one-shield card. */
    public Card {
        if (region == null) {
            throw new IllegalArgumentException("a card needs a region");
        }
        if (shields != 1 && shields != 2) {
            throw new IllegalArgumentException("a card shows 1 or 2 shields, not " + shields);
        }
        if (symbol != null && shields != 1) {
            throw new IllegalArgumentException("only a one-shield card may show a symbol");
        }
    }

    /** True for a card with two shields. */
    public boolean isDouble() {
        return shields == 2;
    }

    @Override
    public String toString() {
        return region.displayName() + (shields == 2 ? " ##" : " #") + (symbol == null ? "" : " " + symbol);
    }
}
