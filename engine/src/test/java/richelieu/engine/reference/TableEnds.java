package richelieu.engine.reference;

import java.util.ArrayList;
import java.util.List;

/**
 * The end cards of a reference game's table — a card at either edge of its row, or next to a
 * place already emptied — worked out from {@link ReferenceGame#table()} alone: the tests' own
 * reading of the rule, not the model's.
 */
public final class TableEnds {
    private TableEnds() {
    }

    /** True if the card at {@code position} (on the table) is an end card. */
    public static boolean isEnd(ReferenceGame g, int position) {
        List<Integer> table = g.table();
        int col = position % ReferenceGame.COLS;
        return col == 0 || col == ReferenceGame.COLS - 1 || !table.contains(position - 1)
                || !table.contains(position + 1);
    }

    /** The end cards on the table, ascending. */
    public static List<Integer> of(ReferenceGame g) {
        List<Integer> ends = new ArrayList<>();
        for (int p : g.table()) {
            if (isEnd(g, p)) {
                ends.add(p);
            }
        }
        return ends;
    }
}
