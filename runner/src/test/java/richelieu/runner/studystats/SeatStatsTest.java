package richelieu.runner.studystats;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import richelieu.runner.resultfile.Tally;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SeatStatsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A 3-player block of 100 deals, each played in all 3 rotations, where one seat wins all three
     * games of a deal: seat 0 in 40 deals, seat 1 and seat 2 in 30 each (sole wins 120, 90, 90).
     */
    private static Tally.SeatBlock rotatedDeals(boolean countedByDeal) {
        ObjectNode t = new Tally(3, 1, 1, 1).toJson(JSON);
        ObjectNode seat = (ObjectNode) t.get("seat").get(0).get(0);
        seat.put("games", 300).put("scored", 300);
        ArrayNode sole = seat.putArray("soleWins").add(120).add(90).add(90);
        assertEquals(3, sole.size());
        if (countedByDeal) {
            seat.put("rotatedDeals", 100);
            seat.putArray("dealWinsCross").add(9 * 40).add(0).add(0).add(0).add(9 * 30).add(0).add(0).add(0).add(9 * 30);
        } else {
            seat.remove("rotatedDeals");
            seat.remove("dealWinsCross");
        }
        t.put("games", 300);
        return Tally.fromJson(t).seat(0, 0);
    }

    @Test
    void chiSquare_rotatedDeals_testedOverDealsNotGames() {
        // Over games the block looks significant (chi-square 6.0 on 2 df, p = 0.0498); but the three games of a
        // deal are one outcome here: over the 100 deals (40, 30, 30) nothing is shown (p about 0.4).
        SeatStats s = SeatStats.of(rotatedDeals(true), 3);
        assertEquals(100L, s.chiSquare().deals());
        assertEquals(2, s.chiSquare().degreesOfFreedom());
        assertTrue(s.chiSquare().p() > 0.3, "p " + s.chiSquare().p());
        assertEquals(Math.exp(-1.8333333333333333 / 2), s.chiSquare().p(), 1e-9);
    }

    @Test
    void chiSquare_fileWithoutDealCounts_staysOverGames() {
        SeatStats s = SeatStats.of(rotatedDeals(false), 3);
        assertNull(s.chiSquare().deals());
        assertEquals(6.0, s.chiSquare().statistic(), 1e-12);
        assertEquals(Math.exp(-3.0), s.chiSquare().p(), 1e-12);
    }
}
