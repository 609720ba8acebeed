package richelieu.engine;

import java.util.SplittableRandom;

/**
 * A complete set-up (R5, R6): the layout and the hidden tokens, eight on fixed places and six in
 * the box. {@link #generate(Deck, long)} is a pure function of the seed.
 */
public final class Deal {
    /** Tokens returned to the box unseen at set-up (R6): 6. */
    public static final int BOX_TOKENS = Token.COUNT - Layout.TOKEN_PLACES;

    private final long seed;
    private final Layout layout;
    private final int[] placeTokens;
    private final int[] boxTokens;

    /**
     * @param seed        the seed the deal came from (stored in records; any value for hand-made deals)
     * @param placeTokens the token id on each of the eight places (R6)
     */
    public Deal(long seed, Layout layout, int[] placeTokens) {
        if (placeTokens.length != Layout.TOKEN_PLACES) {
            throw new IllegalArgumentException("a deal places " + Layout.TOKEN_PLACES + " tokens");
        }
        int seen = 0;
        for (int t : placeTokens) {
            if (t < 0 || t >= Token.COUNT || (seen >>> t & 1) != 0) {
                throw new IllegalArgumentException("placed tokens must be distinct token ids, got " + t + " twice or out of range");
            }
            seen |= 1 << t;
        }
        this.seed = seed;
        this.layout = layout;
        this.placeTokens = placeTokens.clone();
        this.boxTokens = new int[BOX_TOKENS];
        int b = 0;
        for (int t = 0; t < Token.COUNT; t++) {
            if ((seen >>> t & 1) == 0) {
                boxTokens[b++] = t;
            }
        }
    }

    /**
     * R5–R6 from a seed: shuffle the 48 cards into 4 rows of 12, shuffle the 14 tokens, put the
     * first 8 on the places in place order and the other 6 in the box.
     */
    public static Deal generate(Deck deck, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int[] cards = new int[Layout.POSITIONS];
        for (int i = 0; i < cards.length; i++) {
            cards[i] = i;
        }
        shuffle(cards, rng);
        int[] tokens = new int[Token.COUNT];
        for (int i = 0; i < tokens.length; i++) {
            tokens[i] = i;
        }
        shuffle(tokens, rng);
        int[] placed = new int[Layout.TOKEN_PLACES];
        System.arraycopy(tokens, 0, placed, 0, placed.length);
        return new Deal(seed, new Layout(deck, cards), placed);
    }

    private static void shuffle(int[] a, SplittableRandom rng) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** The seed this deal was generated from. */
    public long seed() {
        return seed;
    }

    /** The public part of the deal: which card lies where. */
    public Layout layout() {
        return layout;
    }

    /** The token id on place {@code place} (0–7). Hidden information: never give it to a bot. */
    public int placeToken(int place) {
        return placeTokens[place];
    }

    /** The six token ids returned to the box unseen. */
    public int[] boxTokens() {
        return boxTokens.clone();
    }
}
