package richelieu.runner.stats;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A closed interval {@code [low, high]} on the real line, as produced by a confidence-interval
 * computation. Either end may be infinite (an Elo bound of a score at 0 or 1) or NaN (no data).
 *
 * @param low  lower end
 * @param high upper end
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY) // [low, high] in result files
@JsonPropertyOrder({"low", "high"})
public record Interval(double low, double high) {

    /** The interval of no information: both ends NaN (what every estimator returns for n = 0). */
    public static final Interval UNDEFINED = new Interval(Double.NaN, Double.NaN);

    /** {@code high - low}. */
    public double width() {
        return high - low;
    }

    /**
     * Half the width: the "±" figure of a symmetric interval. A degenerate interval (equal ends,
     * including {@code [+∞, +∞]}) has half-width 0 rather than NaN.
     */
    public double halfWidth() {
        return low == high ? 0.0 : (high - low) / 2.0;
    }

    /** True if {@code low <= x <= high}; false whenever an end or {@code x} is NaN. */
    public boolean contains(double x) {
        return low <= x && x <= high;
    }

    @Override
    public String toString() {
        return "[" + low + ", " + high + "]";
    }
}
