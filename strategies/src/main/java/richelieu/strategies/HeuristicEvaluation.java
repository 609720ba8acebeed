package richelieu.strategies;

import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Region;
import richelieu.engine.Rules;
import richelieu.engine.Scoring;
import richelieu.engine.solver.Evaluation;
import richelieu.engine.solver.OpenGame;

import java.util.Arrays;

/**
 * {@code heuristic}'s judgement of a position ({@link HeuristicStrategy#evaluate}), as an
 * {@link Evaluation} of the open two-player game for the solver's depth-limited search: the same
 * terms with the same weights — open majorities at their likely points, the −5 risks, markers as
 * a currency and where they lie — read from the solver's compact state (category counts as
 * lanes, marker importance summed per category instead of per card). In points, scaled to the
 * solver's units; seat 0's value minus seat 1's. Optionally each term times a multiplier
 * ({@link LinearWeights}, {@code eval=linear}): the same for both seats, fitted to game outcomes.
 */
public final class HeuristicEvaluation implements Evaluation {
    /** Terms a seat's value is the sum of, per category: the majority, the absent or present region, the markers' spots. */
    private static final int PER_CATEGORY = 3;
    /** One seat's terms: {@link #PER_CATEGORY} per category, then its spare markers and its cards' cost. */
    public static final int SEAT_TERMS = PER_CATEGORY * Evaluations.CATEGORIES + 2;
    /** What {@link #terms} writes: the judged seat's terms, then the other's. */
    public static final int TERMS = 2 * SEAT_TERMS;

    private final HeuristicStrategy.Weights w;
    private final LinearWeights multipliers;
    private final Rules rules;
    private final Layout layout;
    private final long[] mask = new long[Evaluations.CATEGORIES];
    private final double[] absentRisk = new double[Layout.POSITIONS + 1];
    /** leadWeight / (left + 1), by left: the win chance's slope without a division per category. */
    private final double[] slope = new double[64];
    /** Seat 0's terms then seat 1's, written by {@link #difference} when asked for. */
    private final double[] termScratch = new double[TERMS];

    public HeuristicEvaluation(HeuristicStrategy.Weights weights, Rules rules, Layout layout) {
        this(weights, LinearWeights.HAND, rules, layout);
    }

    /**
     * The same judgement with each term multiplied by {@code multipliers}' factor for it (the same
     * for both seats, chosen by the cards on the table): {@link LinearWeights#HAND}'s ones leave
     * every bit of it as it is.
     */
    public HeuristicEvaluation(HeuristicStrategy.Weights weights, LinearWeights multipliers, Rules rules, Layout layout) {
        if (rules.players() != 2) {
            throw new IllegalArgumentException("the open-game evaluation is for 2 players");
        }
        this.w = weights;
        this.multipliers = multipliers;
        this.rules = rules;
        this.layout = layout;
        for (int c = 0; c < mask.length; c++) {
            mask[c] = Evaluations.categoryMask(layout, c);
        }
        for (int k = 0; k < absentRisk.length; k++) {
            absentRisk[k] = Math.pow(w.absentDecay(), k);
        }
        for (int left = 0; left < slope.length; left++) {
            slope[left] = w.leadWeight() / (left + 1);
        }
    }

    /** The layout this evaluation is for. */
    public Layout layout() {
        return layout;
    }

    /** The rules this evaluation is for. */
    public Rules rules() {
        return rules;
    }

    @Override
    public int evaluate(OpenGame g, int ply) {
        double v = difference(g.table(ply), g.counts(ply, 0), g.counts(ply, 1), g.categoriesHeld(ply, 0),
                g.categoriesHeld(ply, 1), g.markers(ply, 0), g.markers(ply, 1), g.boxed(ply, 0), g.boxed(ply, 1),
                Long.bitCount(g.hand(ply, 0)), Long.bitCount(g.hand(ply, 1)), null);
        return (int) Math.round(v * OpenGame.SCALE);
    }

    /**
     * The same judgement of a two-player {@link GameState} whose tokens are all known (a full or
     * determinized state), in points: seat 0's value minus seat 1's, as
     * {@link HeuristicStrategy#evaluate}{@code (s, 0)} gives it, in a fraction of its time (the
     * leaves of {@code ismcts-mast}'s cut-short rollouts).
     */
    public double difference(GameState s) {
        return difference(s, null);
    }

    /**
     * The terms {@link #difference(GameState)} sums, from {@code seat}'s view, into {@code out}
     * from {@code from}: first {@link #SEAT_TERMS} of the seat's own (per category c: {@code 3c}
     * the majority at its likely points, {@code 3c + 1} the absent region's risk or the present
     * region's points, {@code 3c + 2} the markers lying on its cards; then the spare markers and
     * the cards' cost; each times its multiplier), then the other seat's. The seat's terms minus
     * the other's sum to the difference from its view, which it returns (the same bits as
     * {@link #difference(GameState)}, negated for seat 1); a learned evaluation re-weighs them.
     */
    public double terms(GameState s, int seat, float[] out, int from) {
        Arrays.fill(termScratch, 0);
        double d = difference(s, termScratch);
        int mine = seat == 0 ? 0 : SEAT_TERMS;
        int other = SEAT_TERMS - mine;
        for (int k = 0; k < SEAT_TERMS; k++) {
            out[from + k] = (float) termScratch[mine + k];
            out[from + SEAT_TERMS + k] = (float) termScratch[other + k];
        }
        return seat == 0 ? d : -d;
    }

    private double difference(GameState s, double[] terms) {
        long hand0 = s.hand(0);
        long hand1 = s.hand(1);
        long cards0 = Scoring.cardLanes(layout, hand0);
        long cards1 = Scoring.cardLanes(layout, hand1);
        return difference(s.table(), cards0 + Scoring.tokenLanes(s.heldTokens(0)),
                cards1 + Scoring.tokenLanes(s.heldTokens(1)), categories(cards0), categories(cards1),
                s.markers(0), s.markers(1), s.boxed(0), s.boxed(1), Long.bitCount(hand0), Long.bitCount(hand1), terms);
    }

    /** The categories with a non-zero lane, as bit c for lane c. */
    private static int categories(long lanes) {
        long has = Scoring.nonZeroLanes(lanes);
        int bits = 0;
        for (int c = 0; c < Evaluations.CATEGORIES; c++) {
            bits |= (int) (has >>> (Layout.LANE_BITS * c + 4) & 1) << c;
        }
        return bits;
    }

    /**
     * The judgement from the position's parts: seat 0's value minus seat 1's, in points. With
     * {@code terms} (zeroed, seat 0's then seat 1's) it also records the terms it sums; the sums
     * are computed the same way with or without, so the judgement does not change by a bit.
     */
    private double difference(long table, long counts0, long counts1, int held0, int held1, long markers0,
                              long markers1, int boxed0, int boxed1, int cards0, int cards1, double[] terms) {
        long onTableLanes = Scoring.cardLanes(layout, table);
        boolean shared = rules.majority() == Rules.Majority.SHARED;
        boolean penalties = rules.absentRegionPoints() < 0;
        // a term times its multiplier: times 1 (the hand weights) a double is the same bits
        double[] m = multipliers.at(Long.bitCount(table));
        double v0 = 0;
        double v1 = 0;
        double spots0 = 0; // importance of the cards each seat's markers lie on
        double spots1 = 0;
        for (int c = 0; c < Evaluations.CATEGORIES; c++) {
            boolean region = c < Region.COUNT;
            long cards = table & mask[c];
            int cardsLeft = Long.bitCount(cards);
            int left = (int) (onTableLanes >>> (Layout.LANE_BITS * c)) & 31;
            int a = (int) (counts0 >>> (Layout.LANE_BITS * c)) & 31;
            int b = (int) (counts1 >>> (Layout.LANE_BITS * c)) & 31;
            double p0 = winChance(a - b, left, shared);
            double p1 = winChance(b - a, left, shared);
            boolean open = p0 > w.minChance() && p0 < 1 - w.minChance() || p1 > w.minChance() && p1 < 1 - w.minChance();
            double stake = Math.max(a, b) + left * w.stakeLeft();
            int t = PER_CATEGORY * c;
            v0 += p0 * stake * m[t];
            v1 += p1 * stake * m[t];
            if (terms != null) {
                terms[t] = p0 * stake * m[t];
                terms[SEAT_TERMS + t] = p1 * stake * m[t];
            }
            boolean has0 = (held0 >>> c & 1) != 0;
            boolean has1 = (held1 >>> c & 1) != 0;
            double risk0 = has0 ? 0 : absentRisk[cardsLeft];
            double risk1 = has1 ? 0 : absentRisk[cardsLeft];
            if (penalties) {
                int absent = region ? rules.absentRegionPoints() : rules.absentSymbolPoints();
                v0 += absent * risk0 * m[t + 1];
                v1 += absent * risk1 * m[t + 1];
                if (terms != null) {
                    terms[t + 1] = absent * risk0 * m[t + 1];
                    terms[SEAT_TERMS + t + 1] = absent * risk1 * m[t + 1];
                }
            } else if (region) {
                v0 += rules.presentRegionPoints() * (1 - risk0) * m[t + 1];
                v1 += rules.presentRegionPoints() * (1 - risk1) * m[t + 1];
                if (terms != null) {
                    terms[t + 1] = rules.presentRegionPoints() * (1 - risk0) * m[t + 1];
                    terms[SEAT_TERMS + t + 1] = rules.presentRegionPoints() * (1 - risk1) * m[t + 1];
                }
            }
            if (cardsLeft == 0) {
                continue;
            }
            // every card of the category gets the same importance, and doubles of an open region more
            double each = ((has0 ? 0 : 1) + (has1 ? 0 : 1)) * w.lackSpot() / cardsLeft + (open ? w.openSpot() : 0);
            double extra = open && region ? w.openSpot() : 0;
            long doubles = cards & layout.doubleMask();
            double here0 = (each * Long.bitCount(markers0 & cards) + extra * Long.bitCount(markers0 & doubles)) * m[t + 2];
            double here1 = (each * Long.bitCount(markers1 & cards) + extra * Long.bitCount(markers1 & doubles)) * m[t + 2];
            spots0 += here0;
            spots1 += here1;
            if (terms != null) {
                terms[t + 2] = w.markSpot() * here0;
                terms[SEAT_TERMS + t + 2] = w.markSpot() * here1;
            }
        }
        int last = PER_CATEGORY * Evaluations.CATEGORIES;
        v0 += w.marker() * (Rules.MARKERS - boxed0) * m[last] - w.cardCost() * cards0 * m[last + 1] + w.markSpot() * spots0;
        v1 += w.marker() * (Rules.MARKERS - boxed1) * m[last] - w.cardCost() * cards1 * m[last + 1] + w.markSpot() * spots1;
        if (terms != null) {
            terms[last] = w.marker() * (Rules.MARKERS - boxed0) * m[last];
            terms[SEAT_TERMS + last] = w.marker() * (Rules.MARKERS - boxed1) * m[last];
            terms[last + 1] = -w.cardCost() * cards0 * m[last + 1];
            terms[SEAT_TERMS + last + 1] = -w.cardCost() * cards1 * m[last + 1];
        }
        return v0 - v1;
    }

    /** {@link HeuristicStrategy#winChance} with the slope looked up (equal up to the last bit). */
    private double winChance(int d, int left, boolean sharedCounts) {
        double decided = HeuristicStrategy.decidedChance(d, left, sharedCounts);
        if (decided != HeuristicStrategy.UNDECIDED) {
            return decided;
        }
        double p = 0.5 + slope[left] * d;
        return Math.max(w.minChance(), Math.min(1 - w.minChance(), p));
    }
}
