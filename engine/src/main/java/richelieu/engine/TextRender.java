package richelieu.engine;

/**
 * Plain-text pictures of a state: the four rows (with markers and face-down tokens), each
 * player's cards, markers, tokens and current score. Used by {@code toString}, the demo and
 * {@code replay}.
 *
 * <p>A card is written as its region's 3-letter abbreviation ({@link Region#abbreviation()}), then {@code 2} for a double-shield card,
 * {@code S}/{@code C}/{@code T} for a one-shield card with sword/cross/tower, or {@code 1} for a
 * plain one-shield card; {@code o} marks a face-down token (in the full view its identity in
 * brackets, e.g. {@code (Swd)}), {@code *k} seat k's marker.
 */
public final class TextRender {
    private TextRender() {
    }

    /** Short card code, e.g. "Bou2", "BreS". */
    public static String cardCode(Card c) {
        String r = c.region().abbreviation();
        if (c.isDouble()) {
            return r + "2";
        }
        if (c.symbol() == null) {
            return r + "1";
        }
        return r + Character.toUpperCase(c.symbol().jsonName().charAt(0));
    }

    /**
     * @param viewer the seat whose knowledge to show, or -1 for everything (tokens included)
     */
    public static String render(GameState s, int viewer) {
        StringBuilder sb = new StringBuilder();
        Layout layout = s.layout();
        for (int r = 0; r < Layout.ROWS; r++) {
            sb.append("row ").append(r).append(": ");
            for (int c = 0; c < Layout.COLS; c++) {
                int p = Layout.position(r, c);
                long bit = 1L << p;
                String cell;
                if ((s.table() & bit) == 0) {
                    cell = "  .";
                } else {
                    cell = cardCode(layout.card(p));
                    if ((s.tokenPlaces() & bit) != 0) {
                        cell += viewer < 0 ? "(" + Token.shortName(s.placeToken(Layout.placeOf(p))) + ")" : "o";
                    }
                    for (int q = 0; q < s.players(); q++) {
                        if ((s.markers(q) & bit) != 0) {
                            cell += "*" + q;
                        }
                    }
                }
                sb.append(String.format("%-10s", cell));
            }
            sb.append('\n');
        }
        int[] scores = new int[s.players()];
        s.scores(scores);
        for (int q = 0; q < s.players(); q++) {
            sb.append("seat ").append(q).append(q == s.toMove() && !s.isOver() ? " (to move)" : "").append(": ");
            sb.append(Long.bitCount(s.hand(q))).append(" cards [").append(handText(layout, s.hand(q))).append("]");
            sb.append(", markers reserve ").append(s.reserve(q)).append(" table ").append(Long.bitCount(s.markers(q)))
                    .append(" box ").append(s.boxed(q));
            sb.append(", tokens ");
            if (viewer < 0 || viewer == q) {
                sb.append(tokenText(s.heldTokens(q)));
            } else {
                sb.append(s.tokenCount(q)).append(" hidden");
            }
            if (s.usedReturns(q) > 0) {
                sb.append(" (").append(s.usedReturns(q)).append(" return used)");
            }
            if (viewer < 0) {
                sb.append(", score ").append(scores[q]);
            }
            sb.append('\n');
        }
        sb.append(s.isOver() ? "game over" : "phase " + s.phase()).append(", turn ").append(s.turn());
        return sb.toString();
    }

    /** Cards of a hand grouped by region in R2 order, e.g. "Bou2 BouS Bre1". */
    public static String handText(Layout layout, long hand) {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < Region.COUNT; r++) {
            for (long m = hand & layout.regionMask(r); m != 0; m &= m - 1) {
                if (sb.length() > 0) {
                    sb.append(' ');
                }
                sb.append(cardCode(layout.card(Long.numberOfTrailingZeros(m))));
            }
        }
        return sb.toString();
    }

    /** Token names of a mask, e.g. "{Bourgogne, sword}". */
    public static String tokenText(int tokens) {
        StringBuilder sb = new StringBuilder("{");
        for (int m = tokens & Token.ALL_MASK; m != 0; m &= m - 1) {
            if (sb.length() > 1) {
                sb.append(", ");
            }
            sb.append(Token.name(Integer.numberOfTrailingZeros(m)));
        }
        return sb.append('}').toString();
    }
}
