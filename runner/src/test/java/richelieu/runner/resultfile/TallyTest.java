package richelieu.runner.resultfile;

import org.junit.jupiter.api.Test;
import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.runner.execution.UnitPlayer;
import richelieu.strategies.Bots;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TallyTest {
    private static Tally played(Plan plan, long from, long to) {
        try (UnitPlayer p = new UnitPlayer(plan, false, false)) {
            return p.play(from, to).tally();
        }
    }

    private static Plan match() {
        return new RunConfig("match", List.of("greedy", "random"), List.of(Rules.twoPlayer()), Deck.standard(), 7, 20,
                List.<int[]>of(new int[]{0, 1}), RunConfig.Pairing.ROTATE, 0, 20, 0, 1, StudySettings.NONE).plan(Bots.standard());
    }

    @Test
    void json_roundTrip_isTheSameBytes_andConsistent() {
        Plan plan = match();
        Tally t = played(plan, 0, 20);
        String json = t.toJson(ResultFile.MAPPER).toString();
        Tally back = Tally.fromJson(t.toJson(ResultFile.MAPPER));
        assertEquals(json, back.toJson(ResultFile.MAPPER).toString());
        back.checkConsistent(plan.config().lineups(), plan.config().pairing());
    }

    @Test
    void merge_ofParts_equalsTheWhole() {
        Plan plan = match();
        Tally parts = played(plan, 0, 7);
        parts.merge(played(plan, 7, 20));
        assertEquals(played(plan, 0, 20).toJson(ResultFile.MAPPER), parts.toJson(ResultFile.MAPPER));
    }

    @Test
    void pair_mirrored_isTheOtherBotsView() {
        Tally t = played(match(), 0, 20);
        Tally.PairBlock ab = t.pair(0, 0, 1);
        Tally.PairBlock ba = t.pair(0, 1, 0);
        assertEquals(ab.wins(), ba.losses());
        assertEquals(ab.losses(), ba.wins());
        assertEquals(ab.draws(), ba.draws());
        assertEquals(-ab.marginSum(), ba.marginSum());
        long[] p = ab.penta();
        assertArrayEquals(new long[]{p[4], p[3], p[2], p[1], p[0]}, ba.penta());
    }

    @Test
    void checkConsistent_gamesThatDoNotAddUp_refused() {
        Plan plan = match();
        Tally t = played(plan, 0, 20);
        t.games++;
        assertThrows(IllegalArgumentException.class, () -> t.checkConsistent(plan.config().lineups(), plan.config().pairing()));
    }
}
