package richelieu.engine.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TranspositionTableTest {
    private static final long KEY = 0x1234_5678_9ABC_DEF1L;

    @Test
    void exactResultsOfOnePositionKeepBothBounds() {
        TranspositionTable t = new TranspositionTable(4);
        t.store(KEY, -3, BoundTable.LOWER, BoundTable.EXACT, 7);
        t.store(KEY, 5, BoundTable.UPPER, BoundTable.EXACT, 9);
        long entry = t.probe(KEY);
        assertEquals(-3, BoundTable.lower(entry));
        assertEquals(5, BoundTable.upper(entry));
        assertEquals(9, BoundTable.move(entry));
        assertEquals(BoundTable.EXACT, BoundTable.depth(entry));
        // a tighter bound on either side replaces that side only
        t.store(KEY, 2, BoundTable.LOWER, BoundTable.EXACT, 9);
        entry = t.probe(KEY);
        assertEquals(2, BoundTable.lower(entry));
        assertEquals(5, BoundTable.upper(entry));
        // a looser one changes nothing
        t.store(KEY, 8, BoundTable.UPPER, BoundTable.EXACT, 9);
        assertEquals(5, BoundTable.upper(t.probe(KEY)));
        t.store(KEY, 4, BoundTable.BOTH, BoundTable.EXACT, 9);
        entry = t.probe(KEY);
        assertEquals(4, BoundTable.lower(entry));
        assertEquals(4, BoundTable.upper(entry));
    }

    @Test
    void depthLimitedResultsReplaceAndMissingSidesReadAsNone() {
        TranspositionTable t = new TranspositionTable(4);
        t.store(KEY, -3, BoundTable.LOWER, 4, 7);
        t.store(KEY, 5, BoundTable.UPPER, 4, 9);
        long entry = t.probe(KEY);
        assertEquals(-BoundTable.NONE, BoundTable.lower(entry));
        assertEquals(5, BoundTable.upper(entry));
        t.store(KEY, 0, BoundTable.LOWER, 6, 0);
        entry = t.probe(KEY);
        assertNotEquals(0, entry);
        assertEquals(0, BoundTable.lower(entry));
        assertEquals(BoundTable.NONE, BoundTable.upper(entry));
        // an exact result replaces a depth-limited one whole
        t.store(KEY, 1, BoundTable.UPPER, BoundTable.EXACT, 0);
        entry = t.probe(KEY);
        assertEquals(-BoundTable.NONE, BoundTable.lower(entry));
        assertEquals(1, BoundTable.upper(entry));
    }

    @Test
    void aWordOfZeroesIsStillAnEntry() {
        TranspositionTable t = new TranspositionTable(4);
        t.store(KEY, 0, BoundTable.BOTH, 0, 0);
        long entry = t.probe(KEY);
        assertNotEquals(0, entry);
        assertEquals(0, BoundTable.lower(entry));
        assertEquals(0, BoundTable.upper(entry));
    }

    @Test
    void valuesOutsideSixteenBitsAreRefused() {
        TranspositionTable t = new TranspositionTable(4);
        assertThrows(IllegalArgumentException.class, () -> t.store(KEY, Short.MIN_VALUE, BoundTable.LOWER, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> t.store(KEY, Short.MAX_VALUE, BoundTable.UPPER, 0, 0));
    }
}
