package richelieu.runner.studystats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.stats.PValue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A result file never claims p = 0: a p-value below what a double holds is stored as the bound. */
class PValueJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A block of {@code games} games of {@code players} players, unpaired, with these sole wins. */
    private static Tally.SeatBlock block(int players, long games, long... soleWins) {
        ObjectNode t = new Tally(players, 1, 1, 1).toJson(JSON);
        ObjectNode seat = (ObjectNode) t.get("seat").get(0).get(0);
        seat.put("games", games).put("scored", games);
        var sole = seat.putArray("soleWins");
        for (long w : soleWins) {
            sole.add(w);
        }
        t.put("games", games);
        return Tally.fromJson(t).seat(0, 0);
    }

    @Test
    void seat0_exactBinomialBelowSmallestDouble_storedAsFloorNotZero() {
        SeatStats s = SeatStats.of(block(2, 2000, 2000, 0), 2);
        assertEquals(0.0, s.seat0().exactBinomialP(), 0.0, "2·2^-2000 underflows");
        JsonNode stored = StatisticsJson.MAPPER.valueToTree(s).get("seat0").get("exactBinomialP");
        assertTrue(stored.isNumber(), stored.toString());
        assertEquals(PValue.FLOOR, stored.doubleValue(), 0.0);
    }

    @Test
    void chiSquare_pInSubnormalRange_storedAsFloor() {
        SeatStats s = SeatStats.of(block(3, 60000, 23294, 19888, 15779), 3);
        assertTrue(s.chiSquare().p() > 0 && s.chiSquare().p() < PValue.FLOOR, "p " + s.chiSquare().p());
        assertEquals(PValue.FLOOR, StatisticsJson.MAPPER.valueToTree(s).get("chiSquare").get("p").doubleValue(), 0.0);
    }

    @Test
    void pValues_aboveFloorOrUndefined_storedAsComputed() {
        SeatStats s = SeatStats.of(block(2, 100, 60, 40), 2);
        JsonNode seat0 = StatisticsJson.MAPPER.valueToTree(s).get("seat0");
        assertEquals(s.seat0().exactBinomialP(), seat0.get("exactBinomialP").doubleValue(), 0.0);
        SeatStats none = SeatStats.of(block(2, 10, 0, 0), 2);
        assertTrue(Double.isNaN(StatisticsJson.MAPPER.valueToTree(none).get("seat0").get("exactBinomialP").doubleValue()));
    }
}
