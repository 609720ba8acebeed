package richelieu.engine.text;

import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Region;
import richelieu.engine.TextRender;
import richelieu.engine.Token;

/**
 * The board as text for people ({@code replay}, {@code play}): fixed column widths whatever the
 * cells hold, so rows line up; optional ANSI colour (region colours for cards, seat colours for
 * markers) for terminals. A cell is a card code, then its face-down token — {@code (Crs)} when
 * the viewer may know it, {@code (?)} when not — then {@code *k} for seat k's marker; {@code .}
 * is an empty place. {@link #LEGEND} explains every abbreviation.
 */
public final class BoardText {
    private BoardText() {
    }

    /** Every abbreviation the board, hands and actions use. */
    public static final String LEGEND = String.join("\n",
            "legend: a card is its region and what it shows: Bou2 = 2 shields of Bourgogne; BouS, BouC, BouT = 1 shield",
            "        with a sword, cross or tower; Bou1 = 1 shield, no symbol.",
            "        regions (R2 order): Bou Bourgogne, Bre Bretagne, Cha Champagne, Nor Normandie, Lan Languedoc,",
            "        Pro Provence, Anj Anjou, Bbn Bourbon, Auv Auvergne. tokens: a region's abbreviation, Swd sword,",
            "        Crs cross, Twr tower, Ret return.",
            "        (Crs) = face-down token on the card (its identity in the all-seeing view), (?) = face-down, unknown",
            "        to the viewer; *k = marker of seat k; . = no card; rRcC = row R, column C (both from 0).");

    // ANSI 256-colour foregrounds per region (R2 order) and per seat
    private static final int[] REGION_COLOUR = {161, 33, 178, 34, 208, 135, 196, 37, 130};
    private static final String[] SEAT_COLOUR = {"1;97;40", "1;30;47", "1;97;45", "1;30;46"};

    /** Width of a cell: card (4) + token "(Crs)" (5) + marker "*k" (2), or with "(?)" tokens only 9. */
    private static int cellWidth(int viewer) {
        return viewer < 0 ? 11 : 9;
    }

    /**
     * The four rows with a column header.
     *
     * @param s      the real state (tokens are hidden here according to {@code viewer})
     * @param viewer the seat whose knowledge to show, or -1 for everything
     */
    public static String rows(GameState s, int viewer, boolean colour) {
        int w = cellWidth(viewer);
        StringBuilder sb = new StringBuilder("       ");
        for (int c = 0; c < Layout.COLS; c++) {
            sb.append(pad("c" + c, w + 1));
        }
        sb.setLength(sb.toString().stripTrailing().length());
        sb.append('\n');
        Layout layout = s.layout();
        for (int r = 0; r < Layout.ROWS; r++) {
            StringBuilder line = new StringBuilder("row " + r + ": ");
            for (int c = 0; c < Layout.COLS; c++) {
                int p = Layout.position(r, c);
                long bit = 1L << p;
                String plain;
                String shown;
                if ((s.table() & bit) == 0) {
                    plain = ".";
                    shown = ".";
                } else {
                    String code = TextRender.cardCode(layout.card(p));
                    String tok = "";
                    if ((s.tokenPlaces() & bit) != 0) {
                        tok = viewer < 0 ? "(" + Token.shortName(s.placeToken(Layout.placeOf(p))) + ")" : "(?)";
                    }
                    String mark = "";
                    for (int q = 0; q < s.players(); q++) {
                        if ((s.markers(q) & bit) != 0) {
                            mark = "*" + q;
                        }
                    }
                    plain = code + tok + mark;
                    shown = colour ? regionColour(layout.regionAt(p), code) + tok
                            + (mark.isEmpty() ? "" : seatColour(mark.charAt(1) - '0', mark)) : plain;
                }
                line.append(shown).append(" ".repeat(w + 1 - plain.length()));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    /**
     * One line per seat: cards by region, markers, tokens (names only where the viewer may know
     * them), used return tokens and, with {@code score}, the score so far.
     */
    public static String seats(GameState s, int viewer, boolean colour, java.util.List<String> names, boolean score) {
        StringBuilder sb = new StringBuilder();
        int[] scores = new int[s.players()];
        s.scores(scores);
        for (int q = 0; q < s.players(); q++) {
            String who = "seat " + q + (names == null ? "" : " (" + names.get(q) + ")");
            sb.append(colour ? seatColour(q, who) : who).append(q == s.toMove() && !s.isOver() ? ", to move" : "").append('\n');
            sb.append("    ").append(String.format("%2d", s.cardCount(q))).append(" cards: ")
                    .append(hand(s.layout(), s.hand(q), colour)).append('\n');
            sb.append("    markers: reserve ").append(s.reserve(q)).append(", table ").append(Long.bitCount(s.markers(q)))
                    .append(", boxed ").append(s.boxed(q)).append("; tokens: ");
            if (viewer < 0 || viewer == q) {
                sb.append(tokens(s.heldTokens(q)));
            } else {
                sb.append(s.tokenCount(q)).append(" face down");
            }
            if (s.usedReturns(q) > 0) {
                sb.append("; return tokens used: ").append(s.usedReturns(q));
            }
            if (score && viewer < 0) {
                sb.append("; score ").append(scores[q]);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** Cards of a hand in R2 region order, regions separated by " | ". */
    public static String hand(Layout layout, long hand, boolean colour) {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < Region.COUNT; r++) {
            long m = hand & layout.regionMask(r);
            if (m == 0) {
                continue;
            }
            if (sb.length() > 0) {
                sb.append(" | ");
            }
            boolean first = true;
            for (; m != 0; m &= m - 1) {
                String code = TextRender.cardCode(layout.card(Long.numberOfTrailingZeros(m)));
                sb.append(first ? "" : " ").append(colour ? regionColour(r, code) : code);
                first = false;
            }
        }
        return sb.length() == 0 ? "-" : sb.toString();
    }

    /** Short token names, e.g. "Bou Swd", or "none". */
    public static String tokens(int mask) {
        StringBuilder sb = new StringBuilder();
        for (int m = mask & Token.ALL_MASK; m != 0; m &= m - 1) {
            sb.append(sb.length() == 0 ? "" : " ").append(Token.shortName(Integer.numberOfTrailingZeros(m)));
        }
        return sb.length() == 0 ? "none" : sb.toString();
    }

    /**
     * The score by category as a table: each region and symbol with every seat's count, majority
     * points, penalty or bonus and points, "tie" where the highest count is shared, and the totals.
     */
    public static String breakdown(ScoreBreakdown b) {
        int players = b.totals().length;
        StringBuilder h1 = new StringBuilder(" ".repeat(14));
        StringBuilder h2 = new StringBuilder(String.format("%-14s", "category"));
        for (int p = 0; p < players; p++) {
            h1.append(String.format("  %-16s", "seat " + p));
            h2.append("  cnt maj pen pts");
        }
        StringBuilder sb = new StringBuilder(h1.toString().stripTrailing()).append('\n').append(h2).append('\n');
        for (ScoreBreakdown.Category c : b.categories()) {
            sb.append(String.format("%-14s", c.name()));
            for (int p = 0; p < players; p++) {
                sb.append(String.format("  %3d %3d %3d %3d", c.counts()[p], c.majority()[p], c.presence()[p],
                        c.majority()[p] + c.presence()[p]));
            }
            sb.append(c.tie() ? "  tie" : "").append('\n');
        }
        sb.append(String.format("%-14s", "total (cards)"));
        for (int p = 0; p < players; p++) {
            sb.append(String.format("  %3d         %3d", b.cards()[p], b.totals()[p]));
        }
        sb.append("\ncnt = shields or symbols incl. the token held, maj = majority points, pen = penalty (-) or bonus (+)\n");
        return sb.toString();
    }

    private static String regionColour(int region, String text) {
        return "\u001b[1;38;5;" + REGION_COLOUR[region] + "m" + text + "\u001b[0m";
    }

    private static String seatColour(int seat, String text) {
        return "\u001b[" + SEAT_COLOUR[seat % SEAT_COLOUR.length] + "m" + text + "\u001b[0m";
    }

    private static String pad(String s, int w) {
        return s.length() >= w ? s : s + " ".repeat(w - s.length());
    }
}
