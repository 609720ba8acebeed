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
        if (players == 2) {
            if (layout.lanes != null) {
                scoreLanes2(rules, layout.lanes, hands[0], hands[1], tokens[0], tokens[1], out);
            } else {
                score2(rules, layout, hands[0], hands[1], tokens[0], tokens[1], out);
            }
        } else {
            score4(rules, layout, hands, tokens, players, out);
        }
    }

    // 12 lanes of 5 bits: lane j holds the count of category j (regions 0-8, symbols 9-11,
    // the same numbering as token ids, so token bit j adds 1 to lane j).
    private static final long LANE_ONES = laneOnes();                  // bit 0 of each of the 12 lanes
    private static final long LANE_GUARDS = LANE_ONES << 4;            // bit 4 of each lane
    private static final long LANE_VALUES = LANE_ONES * 0xF;           // bits 0-3 of each lane
    private static final long REGION_GUARDS = LANE_GUARDS & ((1L << Layout.LANE_BITS * Region.COUNT) - 1);
    /** Token bits 0-5 and 6-11 spread to the low bit of their lanes. */
    private static final long[] TOKEN_LANES_LO = new long[64];
    private static final long[] TOKEN_LANES_HI = new long[64];

    static {
        for (int v = 0; v < 64; v++) {
            long lo = 0;
            long hi = 0;
            for (int b = 0; b < 6; b++) {
                if ((v >>> b & 1) != 0) {
                    lo |= 1L << (Layout.LANE_BITS * b);
                    hi |= 1L << (Layout.LANE_BITS * (b + 6));
                }
            }
            TOKEN_LANES_LO[v] = lo;
            TOKEN_LANES_HI[v] = hi;
        }
    }

    private static long laneOnes() {
        long ones = 0;
        for (int j = 0; j < Region.COUNT + Symbol.COUNT; j++) {
            ones |= 1L << (Layout.LANE_BITS * j);
        }
        return ones;
    }

    /**
     * The 12 category counts of the cards in {@code hand} (tokens not included) as 5-bit lanes;
     * the layout must have {@link Layout#hasScoringLanes lanes}.
     */
    public static long cardLanes(Layout layout, long hand) {
        return lanes(layout.lanes, hand);
    }

    /** The lanes of {@code lanes} that are not zero, as each lane's bit 4 (for {@link #laneTotals}). */
    public static long nonZeroLanes(long lanes) {
        return (lanes + LANE_VALUES) & LANE_GUARDS;
    }

    /**
     * The categories whose majority {@code mine} holds whoever takes the {@code left} still in
     * play (R18, R19: more than {@code theirs + left}), as each lane's bit 4. Every lane of
     * {@code theirs + left} must be at most 15 (a category's whole count: true of every deck with
     * {@link Layout#hasScoringLanes lanes}).
     */
    public static long majorityDecided(long mine, long theirs, long left) {
        return ((mine | LANE_GUARDS) - (theirs + left + LANE_ONES)) & LANE_GUARDS;
    }

    /** Lanes given as each lane's bit 4 ({@code guards}) widened to their 4 value bits. */
    public static long laneValueMask(long guards) {
        return guards - (guards >>> 4);
    }

    /** A hand's 12 category counts as lanes, from 12 nibble lookups. */
    private static long lanes(long[] t, long h) {
        // Unrolled, summed as a tree: 12 independent loads, a 4-deep chain of adds.
        int x = (int) h;
        int y = (int) (h >>> 24);
        // constant + index (not |) so the table offset folds into the load's displacement
        long a = t[x & 15] + t[16 + (x >>> 4 & 15)];
        long b = t[32 + (x >>> 8 & 15)] + t[48 + (x >>> 12 & 15)];
        long c = t[64 + (x >>> 16 & 15)] + t[80 + (x >>> 20 & 15)];
        long d = t[96 + (y & 15)] + t[112 + (y >>> 4 & 15)];
        long e = t[128 + (y >>> 8 & 15)] + t[144 + (y >>> 12 & 15)];
        long f = t[160 + (y >>> 16 & 15)] + t[176 + (y >>> 20 & 15)];
        return (a + b) + (c + d) + (e + f);
    }

    /** Sum of the 12 lanes of x (each at most 15). */
    private static int laneSum(long x) {
        long pairs = (x & EVEN) + (x >>> Layout.LANE_BITS & EVEN); // 6 fields of 10 bits, each <= 30
        return (int) ((pairs * TEN_ONES) >>> 50) & 0x3FF;           // field 5 gathers all six (<= 180)
    }

    private static final long EVEN;
    private static final long TEN_ONES;

    static {
        long even = 0;
        long ten = 0;
        for (int k = 0; k < 6; k++) {
            even |= 0x1FL << (10 * k);
            ten |= 1L << (10 * k);
        }
        EVEN = even;
        TEN_ONES = ten;
    }

    /**
     * Two players in SWAR over 5-bit lanes: each hand's 12 category counts from nibble tables
     * ({@link Layout#lanes}), tokens added as lane bits, all 12 majorities decided at once by
     * guard-bit subtraction, points summed by a multiply. About 90 instructions, no branches.
     */
    private static void scoreLanes2(Rules rules, long[] t, long h0, long h1, int t0, int t1, int[] out) {
        long p0 = lanes(t, h0); // cards only: a lane is 0 iff no card of the category (R18/R19)
        long p1 = lanes(t, h1);
        long totals = laneTotals(rules, p0 + tokenLanes(t0), p1 + tokenLanes(t1), nonZeroLanes(p0), nonZeroLanes(p1));
        out[0] = (int) (totals >> 32);
        out[1] = (int) totals;
    }

    /** Token ids 0–11 held (bit t) as one count in lane t; higher bits are ignored. */
    public static long tokenLanes(int tokens) {
        return TOKEN_LANES_LO[tokens & 63] + TOKEN_LANES_HI[tokens >>> 6 & 63];
    }

    /**
     * R18–R23 for two players over lanes, all 12 majorities decided at once by guard-bit
     * subtraction and the points summed by a multiply (about 60 instructions, no branches).
     *
     * @param v0   seat 0's 12 category counts (tokens included) in 5-bit lanes
     * @param v1   seat 1's
     * @param has0 the lanes in which seat 0 holds a card, as each lane's bit 4 (a token alone does
     *             not count: R18, R19, R23)
     * @param has1 seat 1's
     * @return seat 0's total in the high 32 bits, seat 1's in the low 32 bits (as an int)
     */
    public static long laneTotals(Rules rules, long v0, long v1, long has0, long has1) {
        long ge = ((v0 | LANE_GUARDS) - v1) & LANE_GUARDS; // guard set iff count0 >= count1
        long le = ((v1 | LANE_GUARDS) - v0) & LANE_GUARDS; // guard set iff count1 >= count0
        long tie = rules.majority() == Rules.Majority.STRICT ? 0 : ge & le; // R18 vs R22 (a 0 tie adds 0)
        long win0 = ge & ~le | tie; // guard bits of the lanes seat 0 scores
        long win1 = le & ~ge | tie;
        // guard 16 minus 1 = 15: a 4-bit lane mask per won lane, in two single-cycle ops
        int s0 = laneSum(v0 & win0 - (win0 >>> 4));
        int s1 = laneSum(v1 & win1 - (win1 >>> 4));
        int regions0 = Long.bitCount(has0 & REGION_GUARDS);
        int regions1 = Long.bitCount(has1 & REGION_GUARDS);
        int symbols0 = Long.bitCount(has0) - regions0;
        int symbols1 = Long.bitCount(has1) - regions1;
        int present = rules.presentRegionPoints();
        int absentRegion = rules.absentRegionPoints();
        int absentSymbol = rules.absentSymbolPoints();
        s0 += regions0 * present + (Region.COUNT - regions0) * absentRegion + (Symbol.COUNT - symbols0) * absentSymbol;
        s1 += regions1 * present + (Region.COUNT - regions1) * absentRegion + (Symbol.COUNT - symbols1) * absentSymbol;
        return (long) s0 << 32 | (s1 & 0xFFFFFFFFL);
    }

    /**
     * Two players, branch-free: one pass per region and symbol with both counts in registers;
     * with d = c0 - c1, seat 0 gets c0 iff d > 0, seat 1 gets c1 iff d < 0, and under SHARED
     * both get their (equal) count iff d = 0 (R22: a count of 0 adds 0 anyway).
     * StateBench.scores: 87 ns for the generic per-category loops before.
     */
    private static void score2(Rules rules, Layout layout, long h0, long h1, int t0, int t1, int[] out) {
        int shared = rules.majority() == Rules.Majority.STRICT ? 0 : -1; // R18 vs R22
        int absentRegion = rules.absentRegionPoints();
        int presentRegion = rules.presentRegionPoints();
        int absentSymbol = rules.absentSymbolPoints();
        long[] regionMask = layout.regionMask;
        long[] regionDoubleMask = layout.regionDoubleMask;
        long[] symbolMask = layout.symbolMask;
        int s0 = 0;
        int s1 = 0;
        int held0 = 0;
        int held1 = 0;
        int shown0 = 0;
        int shown1 = 0;
        for (int r = 0; r < Region.COUNT; r++) {
            long m = regionMask[r];
            long dm = regionDoubleMask[r];
            long a0 = h0 & m;
            long a1 = h1 & m;
            int c0 = Long.bitCount(a0) + Long.bitCount(h0 & dm) + (t0 >>> r & 1);
            int c1 = Long.bitCount(a1) + Long.bitCount(h1 & dm) + (t1 >>> r & 1);
            int d = c0 - c1;
            int tie = shared & ((d | -d) >> 31 ^ -1); // -1 iff d == 0 and ties score
            s0 += c0 & (-d >> 31 | tie);
            s1 += c1 & (d >> 31 | tie);
            // regions held (a token alone does not count), as 0/1 without a branch
            held0 += (int) ((a0 | -a0) >>> 63);
            held1 += (int) ((a1 | -a1) >>> 63);
        }
        s0 += held0 * presentRegion + (Region.COUNT - held0) * absentRegion;
        s1 += held1 * presentRegion + (Region.COUNT - held1) * absentRegion;
        for (int sym = 0; sym < Symbol.COUNT; sym++) {
            long m = symbolMask[sym];
            long a0 = h0 & m;
            long a1 = h1 & m;
            int t = Token.FIRST_SYMBOL + sym;
            int c0 = Long.bitCount(a0) + (t0 >>> t & 1);
            int c1 = Long.bitCount(a1) + (t1 >>> t & 1);
            int d = c0 - c1;
            int tie = shared & ((d | -d) >> 31 ^ -1);
            s0 += c0 & (-d >> 31 | tie);
            s1 += c1 & (d >> 31 | tie);
            shown0 += (int) ((a0 | -a0) >>> 63);
            shown1 += (int) ((a1 | -a1) >>> 63);
        }
        s0 += (Symbol.COUNT - shown0) * absentSymbol;
        s1 += (Symbol.COUNT - shown1) * absentSymbol;
        out[0] = s0;
        out[1] = s1;
    }

    /**
     * Three or four players (any rules): counts of absent seats are 0, which never changes a
     * positive maximum, and a maximum of 0 scores nothing; so one 4-wide pass fits 3 and 4.
     */
    private static void score4(Rules rules, Layout layout, long[] hands, int[] tokens, int players, int[] out) {
        boolean strict = rules.majority() == Rules.Majority.STRICT;
        int absentRegion = rules.absentRegionPoints();
        int presentRegion = rules.presentRegionPoints();
        int absentSymbol = rules.absentSymbolPoints();
        long h0 = hands[0];
        long h1 = hands[1];
        long h2 = players > 2 ? hands[2] : 0;
        long h3 = players > 3 ? hands[3] : 0;
        int t0 = tokens[0] & Token.ALL_MASK;
        int t1 = tokens[1] & Token.ALL_MASK;
        int t2 = players > 2 ? tokens[2] & Token.ALL_MASK : 0;
        int t3 = players > 3 ? tokens[3] & Token.ALL_MASK : 0;
        int s0 = 0;
        int s1 = 0;
        int s2 = 0;
        int s3 = 0;
        for (int cat = 0; cat < Region.COUNT + Symbol.COUNT; cat++) {
            boolean region = cat < Region.COUNT;
            long m = region ? layout.regionMask[cat] : layout.symbolMask[cat - Region.COUNT];
            long d = region ? layout.regionDoubleMask[cat] : 0L;
            int absent = region ? absentRegion : absentSymbol;
            int present = region ? presentRegion : 0;
            int c0 = Long.bitCount(h0 & m) + Long.bitCount(h0 & d) + (t0 >>> cat & 1);
            int c1 = Long.bitCount(h1 & m) + Long.bitCount(h1 & d) + (t1 >>> cat & 1);
            int c2 = Long.bitCount(h2 & m) + Long.bitCount(h2 & d) + (t2 >>> cat & 1);
            int c3 = Long.bitCount(h3 & m) + Long.bitCount(h3 & d) + (t3 >>> cat & 1);
            int max = Math.max(Math.max(c0, c1), Math.max(c2, c3));
            int atMax = (c0 == max ? 1 : 0) + (c1 == max ? 1 : 0) + (c2 == max ? 1 : 0) + (c3 == max ? 1 : 0);
            // R18/R19: a tie scores nothing (STRICT); R22: a count of 0 scores nothing
            int award = max == 0 || (atMax > 1 && strict) ? 0 : max;
            s0 += ((h0 & m) == 0 ? absent : present) + (c0 == max ? award : 0);
            s1 += ((h1 & m) == 0 ? absent : present) + (c1 == max ? award : 0);
            s2 += ((h2 & m) == 0 ? absent : present) + (c2 == max ? award : 0);
            s3 += ((h3 & m) == 0 ? absent : present) + (c3 == max ? award : 0);
        }
        out[0] = s0;
        out[1] = s1;
        if (players > 2) {
            out[2] = s2;
        }
        if (players > 3) {
            out[3] = s3;
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
