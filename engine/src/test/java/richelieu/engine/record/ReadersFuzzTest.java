package richelieu.engine.record;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import richelieu.engine.Deck;
import richelieu.engine.DeckException;

/**
 * Property-based fuzz tests of the deck reader and the game-record reader (with replay).
 * Each generates 10,400 variants of a valid input ({@link Malformed}); every one must be read
 * or refused with the reader's own one-line error, never another exception, and at least
 * 10,000 of them must be refused (so at least 10,000 malformed inputs were tried). Fixed seeds:
 * the same inputs every run.
 */
@Tag("slow")
class ReadersFuzzTest {
    private static final String DECK = Deck.standard().toJson();
    private static final String RECORD = StrictJsonTest.recordLine();
    static final int TRIES = 10_400;
    static final int MIN_REFUSED = 10_000;

    @Provide
    Arbitrary<Malformed.Mutation> mutations() {
        return Malformed.mutations();
    }

    @Property(tries = TRIES, seed = "9010", shrinking = net.jqwik.api.ShrinkingMode.BOUNDED)
    void deckParse_malformed_refusedWithOneLineDeckError(@ForAll("mutations") Malformed.Mutation m) {
        String text = m.apply(DECK);
        boolean refused = false;
        try {
            Deck.parse(text);
        } catch (DeckException e) {
            Malformed.assertOneLine(e.getMessage());
            refused = true;
        }
        countRefused(refused);
    }

    @Property(tries = TRIES, seed = "9010", shrinking = net.jqwik.api.ShrinkingMode.BOUNDED)
    void recordParseAndReplay_malformed_refusedWithOneLineRecordError(@ForAll("mutations") Malformed.Mutation m) {
        String text = m.apply(RECORD);
        boolean refused = false;
        try {
            GameRecord.parse(text).replay();
        } catch (RecordException e) {
            Malformed.assertOneLine(e.getMessage());
            refused = true;
        }
        countRefused(refused);
    }

    private static void countRefused(boolean refused) {
        Malformed.countRefused(refused, MIN_REFUSED);
    }
}
