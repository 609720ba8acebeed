package richelieu.runner.resultfile;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnitRangesTest {
    @Test
    void union_adjacentRangesJoin_gapsStay() {
        UnitRanges r = UnitRanges.of(0, 10).union(UnitRanges.of(20, 30)).union(UnitRanges.of(10, 15));
        assertEquals("0..14, 20..29", r.toString());
        assertEquals(25, r.count());
        assertEquals(UnitRanges.of(15, 20), r.missing(0, 30));
        assertTrue(r.union(UnitRanges.of(15, 20)).isPrefixOf(0, 30));
    }

    @Test
    void union_overlap_refusedNamingTheUnits() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> UnitRanges.of(0, 10).union(UnitRanges.of(8, 12)));
        assertEquals("units 8..9 appear twice", e.getMessage());
    }

    @Test
    void missing_ofEmpty_isTheWholeRange_andCountByResidue() {
        assertEquals(UnitRanges.of(3, 9), UnitRanges.empty().missing(3, 9));
        assertTrue(UnitRanges.of(3, 9).missing(3, 9).isEmpty());
        // units 0..9 and 20..29 of a run with 3 lineups: lineup 1 is units 1, 4, 7, 22, 25, 28
        UnitRanges r = UnitRanges.of(0, 10).union(UnitRanges.of(20, 30));
        assertEquals(6, r.count(3, 1));
        assertEquals(r.count(), r.count(3, 0) + r.count(3, 1) + r.count(3, 2));
    }

    @Test
    void json_roundTrip_andBadRangesRefused() throws Exception {
        UnitRanges r = UnitRanges.of(0, 10).union(UnitRanges.of(20, 30));
        assertEquals(r, UnitRanges.fromJson(r.toJson(ResultFile.MAPPER), "units", 30));
        for (String bad : new String[]{"[[5,3]]", "[[0,10],[5,20]]", "[[0,10],[10,20]]", "[[0,40]]", "[[0,1.5]]", "[0,1]"}) {
            assertThrows(IllegalArgumentException.class,
                    () -> UnitRanges.fromJson(ResultFile.MAPPER.readTree(bad), "units", 30), bad);
        }
    }
}
