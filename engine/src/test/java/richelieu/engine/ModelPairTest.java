package richelieu.engine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The comparison glue itself: a snapshot's diff names what differs, readably. */
class ModelPairTest {
    @Test
    void snapshotDiff_afterOneAction_namesTheChangedFields_masksInHex_actionsByName() {
        Rules rules = Rules.twoPlayer();
        Deal deal = Deal.generate(Deck.standard(), 1);
        int[] buf = new int[Action.MAX_LEGAL];
        GameState s = new GameState(rules, deal);
        ModelPair.Snapshot before = ModelPair.Snapshot.of(s, buf);
        assertEquals("", before.diff(ModelPair.Snapshot.of(ModelPair.reference(rules, deal))), "the two models agree");
        s.play(before.legal().get(0));
        ModelPair.Snapshot after = ModelPair.Snapshot.of(s, buf);
        String diff = before.diff(after);
        assertTrue(diff.contains(" table " + Long.toHexString(before.table()) + " vs " + Long.toHexString(after.table())),
                diff);
        assertTrue(diff.contains(" legal " + ModelPair.names(before.legal()) + " vs "), diff);
        assertTrue(diff.contains(" hands "), "the card taken is in a hand: " + diff);
        assertFalse(diff.contains(" over "), diff);
    }
}
