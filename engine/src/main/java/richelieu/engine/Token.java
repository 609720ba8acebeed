package richelieu.engine;

/**
 * R3: the 14 tokens, as small int ids so that a set of tokens is an int mask.
 * Ids 0–8 are the shield tokens in region order (R2), 9–11 the symbol tokens (sword, cross,
 * tower), 12 and 13 the two return tokens. {@link #UNKNOWN} stands for a token whose identity
 * a seat does not know; it appears only in view states built from an observation.
 */
public final class Token {
    /** Tokens in the game (R3). */
    public static final int COUNT = 14;
    /** The id of the first symbol token (sword); cross and tower follow. */
    public static final int FIRST_SYMBOL = 9;
    /** The id of the first return token. */
    public static final int RETURN_A = 12;
    /** The id of the second return token. */
    public static final int RETURN_B = 13;
    /** Identity unknown to the viewer (never part of a real game). */
    public static final int UNKNOWN = 15;

    /** Mask of every real token id. */
    public static final int ALL_MASK = (1 << COUNT) - 1;
    /** Mask of the two return tokens. */
    public static final int RETURN_MASK = (1 << RETURN_A) | (1 << RETURN_B);

    private Token() {
    }

    /** The id of a region's shield token. */
    public static int region(Region r) {
        return r.ordinal();
    }

    /** The id of a symbol's token. */
    public static int symbol(Symbol s) {
        return FIRST_SYMBOL + s.ordinal();
    }

    /** True for the two return tokens. */
    public static boolean isReturn(int token) {
        return token == RETURN_A || token == RETURN_B;
    }

    /** The name used in game records: a region name, "sword", "cross", "tower" or "return". */
    public static String name(int token) {
        if (token >= 0 && token < Region.COUNT) {
            return Region.of(token).displayName();
        }
        if (token >= FIRST_SYMBOL && token < RETURN_A) {
            return Symbol.of(token - FIRST_SYMBOL).jsonName();
        }
        if (isReturn(token)) {
            return "return";
        }
        if (token == UNKNOWN) {
            return "?";
        }
        throw new IllegalArgumentException("no token " + token);
    }

    /** A 3-letter name for text renders: the region abbreviation, Swd, Crs, Twr, Ret or "?". */
    public static String shortName(int token) {
        if (token >= 0 && token < Region.COUNT) {
            return Region.of(token).abbreviation();
        }
        switch (token) {
            case FIRST_SYMBOL: return "Swd";
            case FIRST_SYMBOL + 1: return "Crs";
            case FIRST_SYMBOL + 2: return "Twr";
            case RETURN_A: case RETURN_B: return "Ret";
            case UNKNOWN: return "?";
            default: throw new IllegalArgumentException("no token " + token);
        }
    }

    /**
     * Parses a record name. The two return tokens share the name "return"; {@code secondReturn}
     * picks which id to use, so a record with both return tokens maps them to distinct ids.
     * Returns -1 for an unknown name.
     */
    public static int parse(String name, boolean secondReturn) {
        if ("return".equals(name)) {
            return secondReturn ? RETURN_B : RETURN_A;
        }
        Region r = Region.parse(name);
        if (r != null) {
            return region(r);
        }
        Symbol s = Symbol.parse(name);
        return s == null ? -1 : symbol(s);
    }
}
