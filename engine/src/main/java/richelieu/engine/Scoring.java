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
     * @param hands  cards per player (position masks)
     * @param tokens held token ids per player (bits 0–13; higher bits are ignored)
     * @param out    receives each player's total
     */
    public static void score(Rules rules, Layout layout, long[] hands, int[] tokens, int players, int[] out) {
        boolean shared = rules.majority() == Rules.Majority.SHARED;
        int absentRegion = rules.absentRegionPoints();
        int presentRegion = rules.presentRegionPoints();
        int absentSymbol = rules.absentSymbolPoints();
        for (int p = 0; p < players; p++) {
            out[p] = 0;
        }
        // R18 / R22 / R23: regions in R2 order.
        for (int r = 0; r < Region.COUNT; r++) {
            long rm = layout.regionMask[r];
            long dm = layout.regionDoubleMask[r];
            int max = 0;
            int maxCount = 0;
            for (int p = 0; p < players; p++) {
                long h = hands[p];
                int c = Long.bitCount(h & rm) + Long.bitCount(h & dm) + (tokens[p] >>> r & 1);
                if (c > max) {
                    max = c;
                    maxCount = 1;
                } else if (c == max) {
                    maxCount++;
                }
                out[p] += (h & rm) == 0 ? absentRegion : presentRegion;
            }
            award(hands, tokens, players, out, max, maxCount, shared, rm, dm, r);
        }
        // R19 / R22: symbols.
        for (int s = 0; s < Symbol.COUNT; s++) {
            long sm = layout.symbolMask[s];
            int t = Token.FIRST_SYMBOL + s;
            int max = 0;
            int maxCount = 0;
            for (int p = 0; p < players; p++) {
                long h = hands[p];
                int c = Long.bitCount(h & sm) + (tokens[p] >>> t & 1);
                if (c > max) {
                    max = c;
                    maxCount = 1;
                } else if (c == max) {
                    maxCount++;
                }
                if ((h & sm) == 0) {
                    out[p] += absentSymbol;
                }
            }
            award(hands, tokens, players, out, max, maxCount, shared, sm, 0L, t);
        }
    }

    /** Gives {@code max} to the holders of the highest count: the unique one (STRICT) or all tied (SHARED). */
    private static void award(long[] hands, int[] tokens, int players, int[] out, int max, int maxCount,
                              boolean shared, long m1, long m2, int tokenId) {
        if (max == 0 || (!shared && maxCount > 1)) {
            return;
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
