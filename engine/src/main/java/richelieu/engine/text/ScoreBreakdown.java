package richelieu.engine.text;

import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Region;
import richelieu.engine.Rules;
import richelieu.engine.Scoring;
import richelieu.engine.Symbol;
import richelieu.engine.Token;

import java.util.ArrayList;
import java.util.List;

/**
 * A score split by category, for people: each region (R18 / R22) and symbol (R19 / R22) with
 * every seat's count, majority points and penalty or bonus (R18/R19: -5 without a card, R23: +2
 * per region held), and the winner rule (R20 / R24). The points come from the engine's
 * {@link Scoring#addRegion} / {@link Scoring#addSymbol}; only the split of a category's points
 * into majority and penalty is done here, and the totals are checked against
 * {@link GameState#scores}.
 *
 * @param categories the 9 regions in R2 order, then sword, cross, tower
 * @param totals     every seat's total (equal to the engine's score)
 * @param cards      every seat's card count (R20's first tie-break)
 * @param winners    mask of the seats sharing the win when the game is over, else 0
 */
public record ScoreBreakdown(List<Category> categories, int[] totals, int[] cards, int winners) {

    /**
     * One region or symbol.
     *
     * @param name     "Bourgogne" … or "sword", "cross", "tower"
     * @param code     3-letter abbreviation (Bou, …, Swd, Crs, Twr)
     * @param region   true for a region
     * @param counts   each seat's count (shields or symbols on cards, +1 for the token the scorer holds)
     * @param majority each seat's majority points
     * @param presence each seat's penalty (R18/R19: no card) or bonus (R23: a card of the region)
     * @param tie      the highest count (above 0) is shared by several seats
     */
    public record Category(String name, String code, boolean region, int[] counts, int[] majority, int[] presence,
                           boolean tie) {
    }

    /**
     * The breakdown of {@code s}. {@code tokens} are the token masks to count, one per seat
     * (the real ones for the full view, or a seat's knowledge: unknown tokens count nothing).
     */
    public static ScoreBreakdown of(GameState s, int[] tokens) {
        Rules rules = s.rules();
        Layout layout = s.layout();
        int players = s.players();
        long[] hands = new long[players];
        for (int p = 0; p < players; p++) {
            hands[p] = s.hand(p);
        }
        List<Category> cats = new ArrayList<>();
        int[] totals = new int[players];
        for (int r = 0; r < Region.COUNT; r++) {
            int[] pts = new int[players];
            Scoring.addRegion(rules, layout, hands, tokens, players, r, pts);
            int[] counts = new int[players];
            int[] presence = new int[players];
            for (int p = 0; p < players; p++) {
                counts[p] = layout.shields(hands[p], r) + (tokens[p] >>> r & 1);
                // R18 / R23: a token alone does not count as holding the region
                presence[p] = (hands[p] & layout.regionMask(r)) == 0 ? rules.absentRegionPoints()
                        : rules.presentRegionPoints();
            }
            cats.add(category(Region.of(r).displayName(), Region.of(r).abbreviation(), true, counts, pts, presence, totals));
        }
        for (int sym = 0; sym < Symbol.COUNT; sym++) {
            int[] pts = new int[players];
            Scoring.addSymbol(rules, layout, hands, tokens, players, sym, pts);
            int[] counts = new int[players];
            int[] presence = new int[players];
            int t = Token.FIRST_SYMBOL + sym;
            for (int p = 0; p < players; p++) {
                counts[p] = Long.bitCount(hands[p] & layout.symbolMask(sym)) + (tokens[p] >>> t & 1);
                presence[p] = (hands[p] & layout.symbolMask(sym)) == 0 ? rules.absentSymbolPoints() : 0; // R19
            }
            cats.add(category(Symbol.of(sym).jsonName(), Token.shortName(t), false, counts, pts, presence, totals));
        }
        int[] cards = new int[players];
        for (int p = 0; p < players; p++) {
            cards[p] = s.cardCount(p);
        }
        return new ScoreBreakdown(List.copyOf(cats), totals, cards,
                s.isOver() ? Scoring.winners(rules, totals, hands, players) : 0);
    }

    /** The breakdown with every seat's real tokens (the all-seeing view; the final scores). */
    public static ScoreBreakdown of(GameState s) {
        int[] tokens = new int[s.players()];
        for (int p = 0; p < tokens.length; p++) {
            tokens[p] = s.heldTokens(p);
        }
        ScoreBreakdown b = of(s, tokens);
        int[] engine = new int[s.players()];
        s.scores(engine);
        if (!java.util.Arrays.equals(engine, b.totals)) {
            throw new IllegalStateException("breakdown " + java.util.Arrays.toString(b.totals)
                    + " differs from the engine's scores " + java.util.Arrays.toString(engine));
        }
        return b;
    }

    private static Category category(String name, String code, boolean region, int[] counts, int[] pts,
                                     int[] presence, int[] totals) {
        int players = counts.length;
        int[] majority = new int[players];
        int max = 0;
        int atMax = 0;
        for (int p = 0; p < players; p++) {
            majority[p] = pts[p] - presence[p];
            totals[p] += pts[p];
            if (counts[p] > max) {
                max = counts[p];
                atMax = 1;
            } else if (counts[p] == max) {
                atMax++;
            }
        }
        return new Category(name, code, region, counts, majority, presence, max > 0 && atMax > 1);
    }

    /** True when the top score is shared and R20/R24's fewer-cards rule decided (or left a draw). */
    public boolean decidedByCards() {
        int best = Integer.MIN_VALUE;
        int atBest = 0;
        for (int t : totals) {
            if (t > best) {
                best = t;
                atBest = 1;
            } else if (t == best) {
                atBest++;
            }
        }
        return winners != 0 && atBest > 1;
    }
}
