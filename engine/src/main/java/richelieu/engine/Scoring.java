package richelieu.engine;

/**
 * R18–R24 over position masks. A region's count is {@code bitCount(hand & regionMask) +
 * bitCount(hand & regionDoubleMask)} plus its token; a symbol's is {@code bitCount(hand &
 * symbolMask)} plus its token. Allocation-free.
 */
public final class Scoring {
    private Scoring() {
    }

    /**
     * Every player's total.
     *
     * @param hands  cards per player (position masks)
     * @param tokens held token ids per player (bits 0–13; higher bits are ignored)
     * @param out    receives each player's total
     */
    public static void score(Rules rules, Layout layout, long[] hands, int[] tokens, int players, int[] out) {
        for (int p = 0; p < players; p++) {
            out[p] = 0;
        }
        for (int r = 0; r < Region.COUNT; r++) {
            addRegion(rules, layout, hands, tokens, players, r, out);
        }
        for (int s = 0; s < Symbol.COUNT; s++) {
            addSymbol(rules, layout, hands, tokens, players, s, out);
        }
    }

    /**
     * R18 (2 players) / R22–R23 (3–4 players): adds one region's points to {@code out}: the
     * majority award plus the absent-region penalty or present-region bonus.
     */
    public static void addRegion(Rules rules, Layout layout, long[] hands, int[] tokens, int players, int region,
                                 int[] out) {
        long rm = layout.regionMask[region];
        long dm = layout.regionDoubleMask[region];
        int absent = rules.absentRegionPoints();
        int present = rules.presentRegionPoints();
        int max = 0;
        int atMax = 0;
        for (int p = 0; p < players; p++) {
            long h = hands[p];
            int c = Long.bitCount(h & rm) + Long.bitCount(h & dm) + (tokens[p] >>> region & 1);
            if (c > max) {
                max = c;
                atMax = 1;
            } else if (c == max) {
                atMax++;
            }
            out[p] += (h & rm) == 0 ? absent : present; // a token alone does not count as holding the region
        }
        award(rules, hands, tokens, players, out, max, atMax, rm, dm, region);
    }

    /** R19 (2 players) / R22–R23 (3–4 players): adds one symbol's points to {@code out}. */
    public static void addSymbol(Rules rules, Layout layout, long[] hands, int[] tokens, int players, int symbol,
                                 int[] out) {
        long sm = layout.symbolMask[symbol];
        int t = Token.FIRST_SYMBOL + symbol;
        int absent = rules.absentSymbolPoints();
        int max = 0;
        int atMax = 0;
        for (int p = 0; p < players; p++) {
            long h = hands[p];
            int c = Long.bitCount(h & sm) + (tokens[p] >>> t & 1);
            if (c > max) {
                max = c;
                atMax = 1;
            } else if (c == max) {
                atMax++;
            }
            if ((h & sm) == 0) {
                out[p] += absent;
            }
        }
        award(rules, hands, tokens, players, out, max, atMax, sm, 0L, t);
    }

    /** Gives {@code max} to the holders of the highest count: the unique one (STRICT) or all tied (SHARED). */
    private static void award(Rules rules, long[] hands, int[] tokens, int players, int[] out, int max, int atMax,
                              long m1, long m2, int tokenId) {
        if (max == 0 || (atMax > 1 && rules.majority() == Rules.Majority.STRICT)) {
            return; // R18/R19: a tie scores nothing; R22: a count of 0 scores nothing
        }
        for (int p = 0; p < players; p++) {
            long h = hands[p];
            int c = Long.bitCount(h & m1) + Long.bitCount(h & m2) + (tokens[p] >>> tokenId & 1);
            if (c == max) {
                out[p] += max;
            }
        }
    }

    /** R20 / R24: the seats sharing the win, as a bit mask. */
    public static int winners(Rules rules, int[] scores, long[] hands, int players) {
        int best = Integer.MIN_VALUE;
        for (int p = 0; p < players; p++) {
            best = Math.max(best, scores[p]);
        }
        int mask = 0;
        int fewest = Integer.MAX_VALUE;
        for (int p = 0; p < players; p++) {
            if (scores[p] == best) {
                mask |= 1 << p;
                fewest = Math.min(fewest, Long.bitCount(hands[p]));
            }
        }
        if (!rules.fewerCardsWinTies() || Integer.bitCount(mask) == 1) {
            return mask;
        }
        int result = 0;
        for (int p = 0; p < players; p++) {
            if ((mask >>> p & 1) != 0 && Long.bitCount(hands[p]) == fewest) {
                result |= 1 << p;
            }
        }
        return result;
    }
}
