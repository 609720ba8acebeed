package richelieu.strategies.learned;

import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Observation;
import richelieu.engine.Phase;
import richelieu.engine.Region;
import richelieu.engine.Rules;
import richelieu.engine.Scoring;
import richelieu.engine.Symbol;
import richelieu.engine.Token;

import java.util.Arrays;

/**
 * A position as one seat sees it (R25, R26), as a fixed-length vector of floats for a learned
 * evaluation ({@link ValueNet}).
 *
 * <h2>Only what the seat may know</h2>
 * Every feature is read from an {@link Observation}: the public state plus this seat's own
 * tokens. A {@link GameState} (a determinization at a rollout's cut-off) is encoded by observing
 * it from the seat first ({@link #encode(GameState, int, float[])}), so the identities of other
 * seats' tokens, of the tokens on the table and of the box cannot reach a feature by
 * construction ({@code SeatFeaturesTest} checks states that differ only there).
 *
 * <h2>Seat-relative</h2>
 * Players appear in the order "this seat, the next, …" (relative seat {@code (p - seat) mod
 * players}), so one network serves every seat and the layout grows with the player count
 * (2–4) by repeating the per-player parts; the 2-player layout is {@value #SIZE_2P} floats.
 *
 * <h2>Layout (P players)</h2>
 * <ol>
 * <li><b>global</b> ({@code 25 + P}): three-row variant; cards on the table / 48; cards per row
 * / 12 (4); the 8 token places still carrying a token; the mover (one-hot over relative seats);
 * the public phase (one-hot, 7); cards taken this turn / 2, markers freed this turn / 3, return
 * tokens used this turn / 2; own return tokens held / 2;</li>
 * <li><b>row ends</b> ({@code 8 × (14 + P)}): for each row its left then right end card (the same
 * card twice when one is left, zeros when none): region (one-hot, 9), double shield, symbol
 * (one-hot, 3), whose marker lies on it (one-hot over relative seats), a token on it;</li>
 * <li><b>categories</b> ({@code 12 × (4 + 3P)}), the 9 regions in R2 order then the 3 symbols:
 * count still on the table / 10 (shields for a region, cards for a symbol); own token of the
 * category; majority secured (no count the seat can see, the unseen token included, can reach
 * it); majority lost (another seat's cards already out of reach); then per relative seat: count /
 * 10 (cards, plus the category's token for this seat only), holds a card of it (R18, R19, R23),
 * markers on its table cards / 3;</li>
 * <li><b>players</b> ({@code 8 × P}), per relative seat: reserve / 3, boxed / 3, markers on the
 * table / 3, tokens held / 8, return tokens used / 2, tokens known not to be returns / 8, cards
 * taken / 24, score as it stands / 50 (R18–R24 with the tokens this seat knows; others' unseen
 * tokens count nothing).</li>
 * </ol>
 * Counts are scaled to about [0, 1] (scores to about [−1.2, 1.5]) so that one learning rate fits
 * every input.
 *
 * <p>Allocation-free after the first call of a deal and seat (an observation per seat is kept to
 * read {@link GameState}s through, made again when the deal changes); not thread-safe: one
 * encoder per thread.
 */
public final class SeatFeatures {
    /** Version of the layout above; a weights file names the version it was trained on. */
    public static final int VERSION = 1;
    /** Features of one row end, besides the marker owner's P. */
    private static final int END_BASE = Region.COUNT + 1 + Symbol.COUNT + 1;
    private static final int CATEGORIES = Region.COUNT + Symbol.COUNT;
    private static final int PHASES = Phase.values().length;
    /** The 2-player size. */
    public static final int SIZE_2P = size(2);

    private final int players;
    private final int size;
    private final int endsAt;
    private final int categoriesAt;
    private final int playersAt;
    private final long[] hands;
    private final int[] tokens;
    private final int[] scores;
    /** Per seat, the observation a GameState is read through (made again when the deal changes). */
    private final Observation[] views;

    public SeatFeatures(int players) {
        if (players < 2 || players > 4) {
            throw new IllegalArgumentException("players must be 2 to 4, not " + players);
        }
        this.players = players;
        this.size = size(players);
        this.endsAt = globalSize(players);
        this.categoriesAt = endsAt + 2 * Layout.ROWS * (END_BASE + players);
        this.playersAt = categoriesAt + CATEGORIES * (4 + 3 * players);
        this.hands = new long[players];
        this.tokens = new int[players];
        this.scores = new int[players];
        this.views = new Observation[players];
    }

    private static int globalSize(int players) {
        return 1 + 1 + Layout.ROWS + Layout.TOKEN_PLACES + players + PHASES + 3 + 1;
    }

    /** The number of features with {@code players} players. */
    public static int size(int players) {
        return globalSize(players) + 2 * Layout.ROWS * (END_BASE + players) + CATEGORIES * (4 + 3 * players)
                + 8 * players;
    }

    /** The number of features of this encoder. */
    public int size() {
        return size;
    }

    /** The player count this encoder is for. */
    public int players() {
        return players;
    }

    /** Offset of the row-end features. */
    public int endsAt() {
        return endsAt;
    }

    /** Offset of the category features. */
    public int categoriesAt() {
        return categoriesAt;
    }

    /** Offset of the per-player features. */
    public int playersAt() {
        return playersAt;
    }

    /**
     * Writes what {@code seat} may know of {@code s} into {@code out[0, size())}: {@code s} is
     * observed from the seat first, so hidden tokens cannot reach the features.
     */
    public void encode(GameState s, int seat, float[] out) {
        Observation o = views[seat];
        if (o == null || o.layout() != s.layout() || !o.rules().equals(s.rules())) {
            o = new Observation(s.rules(), s.layout(), seat);
            views[seat] = o;
        }
        s.observe(seat, o);
        encode(o, out);
    }

    /** Writes the observation's features into {@code out[0, size())}. */
    public void encode(Observation o, float[] out) {
        if (o.players() != players) {
            throw new IllegalArgumentException("encoder for " + players + " players, observation of " + o.players());
        }
        Arrays.fill(out, 0, size, 0f);
        Layout layout = o.layout();
        Rules rules = o.rules();
        int seat = o.seat();
        long table = o.table();
        int own = o.ownTokens();

        // ---- global
        int i = 0;
        out[i++] = rules.variant() == Rules.Variant.THREE_ROW ? 1 : 0;
        out[i++] = Long.bitCount(table) / 48f;
        for (int r = 0; r < Layout.ROWS; r++) {
            out[i++] = Long.bitCount(table & Layout.rowMask(r)) / 12f;
        }
        long places = o.tokenPlaces();
        for (int k = 0; k < Layout.TOKEN_PLACES; k++) {
            out[i++] = (float) (places >>> Layout.placePosition(k) & 1);
        }
        out[i + rel(o.toMove(), seat)] = 1;
        i += players;
        out[i + o.phase().ordinal()] = 1;
        i += PHASES;
        out[i++] = o.takenThisTurn() / 2f;
        out[i++] = o.freedThisTurn() / 3f;
        out[i++] = o.returnsThisTurn() / 2f;
        out[i++] = Integer.bitCount(own & Token.RETURN_MASK) / 2f;
        assert i == endsAt;

        // ---- row ends
        int stride = END_BASE + players;
        for (int r = 0; r < Layout.ROWS; r++) {
            long row = table & Layout.rowMask(r);
            if (row == 0) {
                i += 2 * stride;
                continue;
            }
            end(o, layout, Long.numberOfTrailingZeros(row), seat, out, i);
            end(o, layout, 63 - Long.numberOfLeadingZeros(row), seat, out, i + stride);
            i += 2 * stride;
        }
        assert i == categoriesAt;

        // ---- categories
        boolean shared = rules.majority() == Rules.Majority.SHARED;
        for (int c = 0; c < CATEGORIES; c++) {
            int left = count(layout, table, c);
            int mineToken = own >>> c & 1;
            int mine = count(layout, o.hand(seat), c) + mineToken;
            int others = 0;
            for (int p = 0; p < players; p++) {
                if (p != seat) {
                    others = Math.max(others, count(layout, o.hand(p), c));
                }
            }
            int unseen = 1 - mineToken; // the category's token may still go to another seat
            out[i] = left / 10f;
            out[i + 1] = mineToken;
            // R18/R19 strict majorities, R22 shared ones: what no visible count can change
            out[i + 2] = (shared ? mine >= others + left + unseen : mine > others + left + unseen) && mine > 0 ? 1 : 0;
            out[i + 3] = (shared ? others > mine + left : others >= mine + left) && others > 0 ? 1 : 0;
            int j = i + 4;
            long catMask = mask(layout, c);
            for (int p = 0; p < players; p++) {
                int k = j + 3 * rel(p, seat);
                long hand = o.hand(p);
                out[k] = (count(layout, hand, c) + (p == seat ? mineToken : 0)) / 10f;
                out[k + 1] = (hand & catMask) != 0 ? 1 : 0;
                out[k + 2] = Long.bitCount(o.markers(p) & table & catMask) / 3f;
            }
            i += 4 + 3 * players;
        }
        assert i == playersAt;

        // ---- players
        for (int p = 0; p < players; p++) {
            hands[p] = o.hand(p);
            tokens[p] = p == seat ? own : 0;
        }
        Scoring.score(rules, layout, hands, tokens, players, scores);
        for (int p = 0; p < players; p++) {
            int k = i + 8 * rel(p, seat);
            out[k] = o.reserve(p) / 3f;
            out[k + 1] = o.boxed(p) / 3f;
            out[k + 2] = Long.bitCount(o.markers(p)) / 3f;
            out[k + 3] = o.tokenCount(p) / 8f;
            out[k + 4] = o.usedReturns(p) / 2f;
            out[k + 5] = o.nonReturnAtLeast(p) / 8f;
            out[k + 6] = o.cardCount(p) / 24f;
            out[k + 7] = scores[p] / 50f;
        }
    }

    /** One end card's features at {@code at}. */
    private void end(Observation o, Layout layout, int position, int seat, float[] out, int at) {
        out[at + layout.regionAt(position)] = 1;
        out[at + Region.COUNT] = layout.isDouble(position) ? 1 : 0;
        int symbol = layout.symbolAt(position);
        if (symbol >= 0) {
            out[at + Region.COUNT + 1 + symbol] = 1;
        }
        out[at + Region.COUNT + 1 + Symbol.COUNT] = (float) (o.tokenPlaces() >>> position & 1);
        for (int p = 0; p < players; p++) {
            if ((o.markers(p) >>> position & 1) != 0) {
                out[at + END_BASE + rel(p, seat)] = 1;
            }
        }
    }

    /** The relative seat of {@code p}: 0 for {@code seat}, then in seat order. */
    private int rel(int p, int seat) {
        int r = p - seat;
        return r < 0 ? r + players : r;
    }

    /** Category {@code c}'s count among {@code cards} (R18, R19; tokens not included). */
    private static int count(Layout layout, long cards, int c) {
        return c < Region.COUNT ? layout.shields(cards, c) : Long.bitCount(cards & layout.symbolMask(c - Region.COUNT));
    }

    /** The positions of category {@code c}'s cards. */
    private static long mask(Layout layout, int c) {
        return c < Region.COUNT ? layout.regionMask(c) : layout.symbolMask(c - Region.COUNT);
    }
}
