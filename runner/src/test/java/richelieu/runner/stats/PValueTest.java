package richelieu.runner.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PValueTest {

    @Test
    void text_chiSquareBelowSmallestDouble_printsBound() {
        // first-player random --players 4 --games 40000 --seed 1: sole wins by seat. The upper tail
        // underflows to 0; before, the report printed "p = 0.0e+00".
        double p = SeatWinChiSquare.equalWinRates(12_304, 10_909, 8_609, 6_870).pValue();
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

    /**
     * A p-value that rounds to zero at the decimals asked for is written in scientific notation:
     * balance printed "difference p 0.000" for heuristic's p of 0.0003, as if it were 0.
     */
    @Test
    void value_belowItsLastDecimal_scientificNotZero() {
        assertEquals("3.2e-04", PValue.value(3.2e-4, 3));
        assertEquals("p = 9.9e-04", PValue.text(9.9e-4, 3));
        assertEquals("0.001", PValue.value(1e-3, 3));
        assertEquals("0.0003", PValue.value(3e-4, 4));
        assertEquals("0.05", PValue.value(0.049, 2));
        assertEquals("4.9e-03", PValue.value(0.0049, 2));
    }
}
