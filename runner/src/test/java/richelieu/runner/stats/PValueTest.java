package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PValueTest {

    @Test
    void text_chiSquareBelowSmallestDouble_printsBound() {
        // first-player random --players 4 --games 40000 --seed 1: sole wins by seat. The upper tail
        // underflows to 0; before, the report printed "p = 0.0e+00".
        double p = SeatWinTest.equalWinRates(12_304, 10_909, 8_609, 6_870).pValue();
        assertEquals(0.0, p, 0.0);
        assertEquals("p < 1e-300", PValue.text(p, 4));
        assertEquals("< 1e-300", PValue.value(p, 3));
    }

    @Test
    void text_ordinaryValues_keepTheirFormat() {
        assertEquals("p = 0.0740", PValue.text(0.074, 4));
        assertEquals("p = 2.5e-05", PValue.text(2.5e-5, 4));
        assertEquals("p = 1.0e-300", PValue.text(1e-300, 4));
        assertEquals("n/a", PValue.value(Double.NaN, 3));
    }
}
