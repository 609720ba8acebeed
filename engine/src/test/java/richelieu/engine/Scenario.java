package richelieu.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds hand-made positions for rule tests, e.g.
 * <pre>{@code
 * GameState s = Scenario.of(Rules.twoPlayer())
 *         .row(0, 0, "BouS BouC Bou2")   // row 0, from column 0
 *         .marker(1, "BouC")             // seat 1's marker on that card
 *         .turn(3).toMove(0).build();
 * }</pre>
 * Cards are written as in {@link TextRender#cardCode}: region prefix plus 2 (double), S/C/T
 * (symbol) or 1 (plain). Each code takes the next unused matching card of the standard deck;
 * the unnamed cards fill the other positions but are neither on the table nor in a hand.
 */
final class Scenario {
    private final Rules rules;
    private final int[] cardAt = new int[Layout.POSITIONS];
    private final boolean[] used = new boolean[Deck.SIZE];
    private final List<String> names = new ArrayList<>();
    private long table;
    private final long[] hands;
    private final long[] markers;
    private final int[] reserve;
    private final int[] boxed;
    private final int[] held;
    private final int[] placeTokens = {0, 1, 2, 3, 4, 5, 6, 7};
    private long tokenPlaces;
    private int turn = 1;
    private int toMove;
    private Layout layout;

    private Scenario(Rules rules) {
        this.rules = rules;
        Arrays.fill(cardAt, -1);
        int n = rules.players();
        hands = new long[n];
        markers = new long[n];
        reserve = new int[n];
        boxed = new int[n];
        held = new int[n];
        Arrays.fill(reserve, Rules.MARKERS);
    }

    static Scenario of(Rules rules) {
        return new Scenario(rules);
    }

    /** The standard-deck index of the next unused card matching a code like "BouS" or "Nor2". */
    int takeCard(String code) {
        Deck deck = Deck.standard();
        for (int i = 0; i < Deck.SIZE; i++) {
            if (!used[i] && TextRender.cardCode(deck.card(i)).equals(code)) {
                used[i] = true;
                return i;
            }
        }
        throw new IllegalArgumentException("no unused card " + code);
    }

    /** Puts cards on the table in a row, starting at a column. */
    Scenario row(int row, int column, String codes) {
        for (String code : codes.trim().split("\\s+")) {
            int p = Layout.position(row, column++);
            cardAt[p] = takeCard(code);
            names.add(code + "@" + p);
            table |= 1L << p;
        }
        return this;
    }

    /** Gives cards to a player's hand (placed off-table in the layout). */
    Scenario hand(int player, String codes) {
        for (String code : codes.trim().split("\\s+")) {
            int c = takeCard(code);
            int p = freePosition();
            cardAt[p] = c;
            hands[player] |= 1L << p;
        }
        return this;
    }

    private int freePosition() {
        for (int p = Layout.POSITIONS - 1; p >= 0; p--) {
            if (cardAt[p] < 0 && Layout.placeOf(p) < 0) {
                return p;
            }
        }
        throw new IllegalStateException("no free position");
    }

    /** Puts a player's marker on the table card at (row, column), taking it from the reserve. */
    Scenario marker(int player, int row, int column) {
        markers[player] |= 1L << Layout.position(row, column);
        reserve[player]--;
        return this;
    }

    /** Moves markers of a player from the reserve to the box. */
    Scenario boxed(int player, int n) {
        boxed[player] += n;
        reserve[player] -= n;
        return this;
    }

    /** Gives a player tokens. */
    Scenario tokens(int player, int... ids) {
        for (int t : ids) {
            held[player] |= 1 << t;
        }
        return this;
    }

    /** Puts a token on the token place at a position (which must be a token place and on the table). */
    Scenario token(int row, int column, int id) {
        int p = Layout.position(row, column);
        int place = Layout.placeOf(p);
        if (place < 0) {
            throw new IllegalArgumentException(Layout.positionName(p) + " is not a token place");
        }
        // keep the 8 placed ids distinct: swap with whichever place had this id
        for (int i = 0; i < placeTokens.length; i++) {
            if (placeTokens[i] == id) {
                placeTokens[i] = placeTokens[place];
            }
        }
        placeTokens[place] = id;
        tokenPlaces |= 1L << p;
        return this;
    }

    Scenario turn(int t) {
        turn = t;
        return this;
    }

    Scenario toMove(int seat) {
        toMove = seat;
        return this;
    }

    Layout layout() {
        if (layout == null) {
            int next = 0;
            int[] full = cardAt.clone();
            for (int p = 0; p < Layout.POSITIONS; p++) {
                if (full[p] < 0) {
                    while (used[next]) {
                        next++;
                    }
                    used[next] = true;
                    full[p] = next;
                }
            }
            layout = new Layout(Deck.standard(), full);
        }
        return layout;
    }

    GameState build() {
        Deal deal = new Deal(0, layout(), placeTokens);
        GameState s = new GameState(rules, deal);
        s.table = table;
        s.tokenPlaces = tokenPlaces & table;
        long marked = 0;
        for (int p = 0; p < rules.players(); p++) {
            s.hand[p] = hands[p];
            s.markers[p] = markers[p];
            marked |= markers[p];
            s.reserve[p] = reserve[p];
            s.boxed[p] = boxed[p];
            s.held[p] = held[p];
            if (reserve[p] < 0) {
                throw new IllegalStateException("seat " + p + " has more than 3 markers");
            }
        }
        s.marked = marked;
        s.turn = turn;
        s.toMove = toMove;
        s.startTurn();
        return s;
    }

    /** Position of a table card put there by {@link #row}. */
    static int pos(int row, int column) {
        return Layout.position(row, column);
    }
}
